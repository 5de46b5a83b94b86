import { describe, expect, it } from 'vitest';
import { CsvError, guessShape, parseTimingCsv } from '../src/data/csvParse';

const enc = (s: string) => new TextEncoder().encode(s);

describe('timing CSV parser', () => {
  it('parses rows, keeps file order in seq and ranks per id by t_ns (stable on ties)', () => {
    const p = parseTimingCsv(enc('t_ns,id,duration_ns\n30,a,1\n10,b,2\n10,a,3\n10,a,4\n20,b,5\n'));
    expect(p.rows).toBe(5);
    expect(p.ids).toEqual(['a', 'b']);
    expect([...p.seq]).toEqual([1, 2, 3, 4, 5]);
    expect([...p.idIndex]).toEqual([0, 1, 0, 0, 1]);
    expect([...p.durationNs]).toEqual([1, 2, 3, 4, 5]);
    // a: rows (30,seq1) (10,seq3) (10,seq4) -> ranks 3,1,2 ; b: (10) (20) -> 1,2
    expect([...p.k]).toEqual([3, 1, 1, 2, 2]);
  });
  it('accepts CRLF, a BOM, quoted ids, blank lines and no final newline', () => {
    const p = parseTimingCsv(enc('\uFEFFt_ns,id,duration_ns\r\n1,"step.x",2\r\n\r\n3,step.x,4'));
    expect(p.rows).toBe(2);
    expect(p.ids).toEqual(['step.x']);
    expect([...p.k]).toEqual([1, 2]);
  });
  it('accepts quoted integers, as spreadsheets write them; a quote left open is an error', () => {
    const p = parseTimingCsv(enc('t_ns,id,duration_ns\n"1","a","20"\n"2",a,"0"\n'));
    expect([...p.durationNs]).toEqual([20, 0]);
    expect([...p.tNs]).toEqual([1, 2]);
    expect(() => parseTimingCsv(enc('t_ns,id,duration_ns\n"1,a,2\n'))).toThrow(/line 2: t_ns is not an integer/);
  });
  it('keeps negative rows with k = 0 when negatives are allowed (published data, reference method)', () => {
    const p = parseTimingCsv(enc('t_ns,id,duration_ns\n1,a,5\n2,a,-1\n3,a,6\n'), { rejectNegative: false });
    expect([...p.k]).toEqual([1, 0, 2]);
  });
  it.each([
    ['t_ns,id\n1,a\n', /wrong columns/],
    ['t_ns,id,duration_ns\n', /no data rows/],
    ['t_ns,id,duration_ns\n1,a,2\n2,a\n', /line 3: expected 3 values.*found fewer/],
    ['t_ns,id,duration_ns\n1,a,2,3\n', /line 2: expected 3 values.*found more/],
    ['t_ns,id,duration_ns\n1,a,2.5\n', /line 2: duration_ns is not an integer \("2.5"\)/],
    ['t_ns,id,duration_ns\nabc,a,2\n', /line 2: t_ns is not an integer \("abc"\)/],
    ['t_ns,id,duration_ns\n1,a,-2\n', /line 2: duration_ns is negative/],
    ['t_ns,id,duration_ns\n1,,2\n', /line 2: id is empty/],
    ['t_ns,id,duration_ns\n1,a,12345678901234567\n', /more than 15 digits/],
  ])('rejects %j', (text, re) => {
    expect(() => parseTimingCsv(enc(text))).toThrow(CsvError);
    expect(() => parseTimingCsv(enc(text))).toThrow(re);
  });
  it('guesses side and platform from the ids', () => {
    expect(guessShape(['step.service', 'step.compute'])).toEqual({ side: 'backend', platform: 'desktop' });
    expect(guessShape(['step.web.e2e'])).toEqual({ side: 'frontend', platform: 'web' });
    expect(guessShape(['floor.web.ws.echo'])).toEqual({ side: 'floor', platform: 'web' });
  });
  it('parses a million rows quickly', () => {
    const lines = ['t_ns,id,duration_ns'];
    for (let i = 0; i < 1_000_000; i++) lines.push(`${i * 1000},step.web.e2e,${100000 + (i % 1000)}`);
    const bytes = enc(lines.join('\n'));
    const t0 = performance.now();
    const p = parseTimingCsv(bytes);
    const ms = performance.now() - t0;
    expect(p.rows).toBe(1_000_000);
    expect(p.k[999_999]).toBe(1_000_000);
    expect(ms).toBeLessThan(3000);
  });
});
