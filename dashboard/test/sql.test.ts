// SQL builders are pure: checked as text, no database.
import { describe, expect, it } from 'vitest';
import { blockMeansSql, filterSql, keptCtes, mannWhitneySql, OVERHEAD_ID, summarySql, valuesSql } from '../src/sql/analysis';
import { inInts, inList, int, num, str } from '../src/sql/literals';
import { CREATE_TABLES, insertRunOnce, deleteFile, timingIdKey } from '../src/sql/schema';
import { TIMING_IDS } from '../../measurement/src/catalogue.mjs';

describe('literals', () => {
  it('escapes single quotes in strings', () => expect(str("it's")).toBe("'it''s'"));
  it('refuses non-finite numbers and negative or fractional integers', () => {
    expect(() => num(NaN)).toThrow(/finite/);
    expect(() => num(Infinity)).toThrow();
    expect(() => int(-1)).toThrow(/non-negative/);
    expect(() => int(1.5)).toThrow();
    expect(int(30)).toBe('30');
  });
  it('turns lists into IN clauses, undefined into TRUE and empty into FALSE', () => {
    expect(inList('x', undefined)).toBe('TRUE');
    expect(inList('x', [])).toBe('FALSE');
    expect(inList('x', ['a', "b'c"])).toBe("x IN ('a', 'b''c')");
    expect(inInts('n', [10, 100])).toBe('n IN (10, 100)');
  });
});

describe('analysis SQL', () => {
  it('keeps valid rows (k > 0) and drops the warm-up by rank', () => {
    const s = keptCtes(30);
    expect(s).toContain('s.k > 0');
    expect(s).toContain('s.k > 30');
  });
  it('pairs service and compute by rank inside the same file for the overhead', () => {
    const s = keptCtes(0);
    expect(s).toMatch(/sv\.k = cp\.k/);
    expect(s).toContain("sv.id = 'step.service' AND cp.id = 'step.compute'");
    expect(s).toContain(`'${OVERHEAD_ID}' AS id`);
  });
  it('uses quantile_cont and the sample standard deviation', () => {
    const s = summarySql(30);
    expect(s).toContain('quantile_cont(k.duration_ns, [0.5, 0.95, 0.99])');
    expect(s).toContain('q[1] AS median');
    expect(s).toContain('stddev_samp(k.duration_ns)');
    expect(s).not.toContain('stddev_pop');
  });
  it('builds filters from the selection', () => {
    expect(filterSql({})).toBe('TRUE');
    const f = filterSql({ runs: ['r1'], transports: ['native'], nodeCounts: [10] });
    expect(f).toContain("s.run IN ('r1')");
    expect(f).toContain("s.transport IN ('native')");
    expect(f).toContain('c.n IN (10)');
  });
  it('drops the overhead series when ids exclude it, keeps it when they include it', () => {
    expect(keptCtes(0, { ids: ['step.service'] })).toContain('AND FALSE');
    expect(keptCtes(0, { ids: [OVERHEAD_ID] })).not.toContain('AND FALSE');
  });
  it('rejects a warm-up that is not a non-negative integer', () => {
    expect(() => summarySql(-1)).toThrow();
    expect(() => valuesSql(2.5, {})).toThrow();
  });
  it('quotes series keys of the Mann–Whitney query', () => {
    const s = mannWhitneySql(0, { run: "a'b", config: 'c', file: 'f.csv', id: 'x' }, { run: 'r', config: 'c', file: 'g.csv', id: 'x' });
    expect(s).toContain("'a''b'");
    expect(s).toContain('rank() OVER (ORDER BY x)');
  });
  it('averages complete blocks of K samples by rank after warm-up, then takes the median', () => {
    const s = blockMeansSql(30, [{ run: "a'b", config: 'c', file: 'f.csv', id: 'step.unity.e2e', blockSteps: 100 }]);
    expect(s).toContain("VALUES ('a''b', 'c', 'f.csv', 'step.unity.e2e', 100)");
    expect(s).toContain('WHERE s.k > 30');
    expect(s).toContain('(s.k - 30 - 1) // t.block_steps');
    expect(s).toContain('HAVING count(*) = block_steps');
    expect(s).toContain('quantile_cont(mean_ns, 0.5) AS median');
    expect(blockMeansSql(0, [])).toContain('WHERE FALSE');
    expect(() => blockMeansSql(0, [{ run: 'r', config: 'c', file: 'f.csv', id: 'x', blockSteps: 0 }])).toThrow(/integer >= 1/);
    expect(() => blockMeansSql(-1, [{ run: 'r', config: 'c', file: 'f.csv', id: 'x', blockSteps: 2 }])).toThrow();
  });
});

describe('schema SQL', () => {
  it('keys timing ids by a 32-bit hash: every catalogued id has its own key, the same in any thread', () => {
    const ids = Object.keys(TIMING_IDS);
    expect(ids.length).toBeGreaterThan(20);
    expect(new Set(ids.map(timingIdKey)).size).toBe(ids.length);
    for (const id of ids) expect(Number.isInteger(timingIdKey(id)) && Math.abs(timingIdKey(id)) < 2 ** 31).toBe(true);
    // FNV-1a's published test vector (32-bit, as a signed integer): "a" → 0xe40c292c.
    expect(timingIdKey('a')).toBe(0xe40c292c | 0);
  });
  it('derives the transport from the id when the file declares none (floors)', () => {
    expect(CREATE_TABLES).toContain("WHEN f.transport IS NOT NULL THEN f.transport");
    expect(CREATE_TABLES).toContain("WHEN i.id LIKE '%.web.wasm.%' THEN 'wasm'");
  });
  it('deletes a failed upload completely', () => {
    expect(deleteFile(7, 'uploads', "a'b")).toMatch(/file_key = 7.*file_key = 7.*config = 'a''b'/s);
  });
  it('inserts the uploads run only once', () => {
    expect(insertRunOnce({ run: 'u', kind: 'upload', title: 't', createdAt: null, timerResolutionNs: null, source: 's' }))
      .toMatch(/^INSERT INTO runs SELECT .* WHERE NOT EXISTS \(SELECT 1 FROM runs WHERE run = 'u'\)$/s);
  });
});
