/**
 * Fuzz target of the dashboard's upload path (docs/testing.md, "Fuzzing"): one input is one uploaded file, checked,
 * parsed and appended by the page's own code (ingest.ts ingestUpload) to DuckDB-Wasm's Node build, the engine the
 * page runs. Bundled and driven by scripts/fuzz/dashboard-upload.fuzz.mjs (V8 block coverage of this bundle).
 * Input: byte 0 picks the file name (bits 0–2) and what the visitor declares (bit 3: N = 100, bit 4: pacing fixed);
 * the rest is the file. A finding (thrown): an exception instead of a result; a refusal without a message naming
 * the file, or one that changed the database; an accepted file whose rows in the database are not the parser's
 * (count and sum of durations, through SQL); the parser and its own output disagreeing (rows written back as a
 * plain CSV parse to the same rows); the page's summary query failing afterwards.
 */
import { createTables, ingestUpload, type UploadSource } from '../../src/data/ingest';
import { CsvError, parseTimingCsv, type ParsedSamples } from '../../src/data/csvParse';
import type { Connector } from '../../src/db/connector';
import { rowsOf } from '../../src/model/arrow';
import { summarySql } from '../../src/sql/analysis';
import { createNodeConnector } from '../support/nodeConnector';

/** File names a visitor may upload: the published files' and the Live view's, and hostile ones (SQL, markup, long). */
export const NAMES = [
  'native.csv', 'unity_socket.csv', 'web_websocket_n100_free.csv', 'web_wasm.csv', 'mine.csv',
  "x'); DROP TABLE files; --<img src=x onerror=alert(1)>.csv", `${'n10_free_'.repeat(40)}.csv`, 'ws n1000 frame.csv',
];

/** A file of `bytes` as the page's File. */
const source = (name: string, bytes: Uint8Array): UploadSource => ({
  name, size: bytes.length,
  slice: (s, e) => ({ arrayBuffer: async () => bytes.slice(s, e).buffer as ArrayBuffer }),
  arrayBuffer: async () => bytes.slice().buffer as ArrayBuffer,
});

const num = (v: unknown) => Number(v);
const COUNTS = `SELECT (SELECT count(*) FROM runs) AS runs, (SELECT count(*) FROM configs) AS configs, (SELECT count(*) FROM files) AS files,
  (SELECT count(*) FROM samples_raw) AS samples`;

/** The rows as the reference CSV writes them (ids quoted when they hold a comma, quote-free otherwise). */
function rewrite(p: ParsedSamples): Uint8Array | null {
  const lines = ['t_ns,id,duration_ns'];
  for (let i = 0; i < p.rows; i++) {
    const id = p.ids[p.idIndex[i]];
    if (id.includes('"')) return null; // the format has no escape for a quote inside a quoted id
    lines.push(`${p.tNs[i]},${id.includes(',') || id.includes('\n') || id !== id.trim() ? `"${id}"` : id},${p.durationNs[i]}`);
  }
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

function sameRows(a: ParsedSamples, b: ParsedSamples): string | null {
  if (a.rows !== b.rows) return `${a.rows} rows, written back and parsed again ${b.rows}`;
  for (let i = 0; i < a.rows; i++) {
    if (a.tNs[i] !== b.tNs[i] || a.durationNs[i] !== b.durationNs[i] || a.ids[a.idIndex[i]] !== b.ids[b.idIndex[i]] || a.k[i] !== b.k[i]) {
      return `row ${i + 1} differs once written back: ${a.tNs[i]},${JSON.stringify(a.ids[a.idIndex[i]])},${a.durationNs[i]} k ${a.k[i]} vs `
        + `${b.tNs[i]},${JSON.stringify(b.ids[b.idIndex[i]])},${b.durationNs[i]} k ${b.k[i]}`;
    }
  }
  return null;
}

export interface UploadTarget { fuzz(input: Uint8Array): Promise<void>; close(): Promise<void> }

export async function createUploadTarget(): Promise<UploadTarget> {
  let db: Connector = await createNodeConnector();
  await createTables(db);
  let uses = 0;
  let batch = 0;
  return {
    async fuzz(input: Uint8Array) {
      // A fresh database now and then: accepted uploads accumulate.
      if (++uses % 400 === 0) { await db.close(); db = await createNodeConnector(); await createTables(db); }
      const flags = input[0] ?? 0;
      const name = NAMES[flags & 7];
      const bytes = input.subarray(1);
      const declared = { n: flags & 8 ? 100 : null, pacing: flags & 16 ? 'fixed' as const : null };
      let parsed: ParsedSamples | null = null;
      try { parsed = parseTimingCsv(bytes, { rejectNegative: true }); } catch (e) { if (!(e instanceof CsvError)) throw new Error(`the parser threw ${String(e)}`); }
      if (parsed) {
        for (let i = 0; i < parsed.rows; i++) {
          const t = parsed.tNs[i]; const d = parsed.durationNs[i];
          if (!Number.isSafeInteger(t) || !Number.isSafeInteger(d) || t < 0 || d < 0) throw new Error(`row ${i + 1}: t ${t}, duration ${d} accepted`);
          if (parsed.ids[parsed.idIndex[i]] === undefined || parsed.ids[parsed.idIndex[i]].trim() === '') throw new Error(`row ${i + 1}: no id`);
        }
        const again = rewrite(parsed);
        if (again) {
          const problem = sameRows(parsed, parseTimingCsv(again, { rejectNegative: true }));
          if (problem) throw new Error(problem);
        }
      }
      const before = JSON.stringify(rowsOf(await db.query(COUNTS)));
      const r = await ingestUpload(db, source(name, bytes), { ...declared, batch: ++batch, seen: new Map() });
      if (!r.ok) {
        if (!r.error.startsWith(`${name}: `) || r.error.length <= name.length + 2) throw new Error(`a refusal without a message naming the file: ${r.error}`);
        const after = JSON.stringify(rowsOf(await db.query(COUNTS)));
        if (after !== before) throw new Error(`a refused file changed the database: ${before} → ${after}`);
        // Accepted by the parser yet refused: only the first look's stricter rules may do that (NUL bytes).
        if (parsed && !bytes.subarray(0, 65536).includes(0)) throw new Error(`parsed (${parsed.rows} rows) but refused: ${r.error}`);
      } else {
        if (!parsed) throw new Error('accepted a file the parser refuses');
        const got = rowsOf(await db.query(`SELECT count(*) AS n, coalesce(sum(s.duration_ns), 0)::DOUBLE AS total FROM samples_raw s
          JOIN files f USING (file_key) WHERE f.run = 'uploads' AND f.config = '${r.config.replaceAll("'", "''")}'`))[0];
        let total = 0;
        for (let i = 0; i < parsed.rows; i++) total += parsed.durationNs[i];
        if (num(got.n) !== parsed.rows || (total <= Number.MAX_SAFE_INTEGER && num(got.total) !== total)) throw new Error(`accepted ${parsed.rows} rows summing ${total} ns; the database holds ${got.n} summing ${got.total}`);
      }
      await db.query(summarySql(30));
    },
    close: () => db.close(),
  };
}
