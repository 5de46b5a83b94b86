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
  // Line breaks (docs/testing.md, "Fuzzing": a lone CR once ended a row the row count did not see, and the rows
  // past the count were accepted with t_ns and duration_ns undefined).
  const rows = (p: ReturnType<typeof parseTimingCsv>) =>
    Array.from({ length: p.rows }, (_, i) => [p.tNs[i], p.ids[p.idIndex[i]], p.durationNs[i], p.seq[i], p.k[i]]);
  const expected = [[1, 'a', 10, 1, 1], [2, 'b', 20, 2, 1], [3, 'a', 30, 3, 2]];
  it.each([
    ['LF', 't_ns,id,duration_ns\n1,a,10\n2,b,20\n3,a,30\n'],
    ['CRLF', 't_ns,id,duration_ns\r\n1,a,10\r\n2,b,20\r\n3,a,30\r\n'],
    ['lone CR', 't_ns,id,duration_ns\r1,a,10\r2,b,20\r3,a,30\r'],
    ['mixed', 't_ns,id,duration_ns\r\n1,a,10\r2,b,20\n3,a,30\r\n'],
    ['a last line without a break', 't_ns,id,duration_ns\n1,a,10\r2,b,20\r\n3,a,30'],
    ['an empty last line', 't_ns,id,duration_ns\r1,a,10\r2,b,20\r3,a,30\r\r'],
  ])('reads every row of a file whose lines end with %s', (_, text) => {
    const p = parseTimingCsv(enc(text));
    expect(p.rows).toBe(3);
    expect(rows(p)).toEqual(expected);
    expect(p.tNs).toHaveLength(3);
  });
  it('reads more rows than LFs when lone CRs end most of them (the fuzzer\'s find)', () => {
    const text = `t_ns,id,duration_ns\n${Array.from({ length: 50 }, (_, i) => `${i},step.web.e2e,${100 + i}`).join('\r')}\n`;
    const p = parseTimingCsv(enc(text));
    expect(p.rows).toBe(50);
    expect([...p.tNs]).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect([...p.durationNs]).toEqual(Array.from({ length: 50 }, (_, i) => 100 + i));
  });
  it.each([
    ['a lone CR inside a row', 't_ns,id,duration_ns\n1,a,10\r2,b\n', /^line 3: expected 3 values.*found fewer/],
    ['a lone CR before the id', 't_ns,id,duration_ns\r1,a,10\r2,\rb,20\r', /^line 3: expected 3 values.*found fewer/],
    ['a quoted id holding a line break', 't_ns,id,duration_ns\r\n1,a,10\r\n2,"b\r3",20\r\n', /^line 3: id holds a line break/],
    ['a quote left open', 't_ns,id,duration_ns\n1,"a,10\n2,b,20\n', /^line 2: id holds a line break/],
    ['a lone CR in the header', 't_ns,id\rduration_ns\n1,a,10\n', /wrong columns: found "t_ns,id"/],
  ])('refuses %s, naming the line', (_, text, re) => {
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
