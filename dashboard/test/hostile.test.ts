// Hostile uploads (docs/testing.md, "Hostile input"): a 1 GB file is refused from its size before a byte of it is
// read, and a name made of SQL is stored as text.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ingestUpload, type UploadSource } from '../src/data/ingest';
import type { Connector } from '../src/db/connector';
import { rowsOf } from '../src/model/arrow';
import { loadedDb, referenceRunDir } from './support/nodeConnector';

let db: Connector;
beforeAll(async () => { ({ db } = await loadedDb([referenceRunDir])); });
afterAll(async () => { await db.close(); });

it('a 1 GB upload is refused with the limit named, reading only its first 64 KiB', async () => {
  const head = new TextEncoder().encode('t_ns,id,duration_ns\n1,step.compute,5\n');
  let read = 0;
  const huge: UploadSource = {
    name: 'huge.csv', size: 1 << 30,
    slice: (s, e) => ({ arrayBuffer: async () => { read += e - s; return head.slice().buffer; } }),
    arrayBuffer: async () => { throw new Error('the whole file was read'); },
  };
  const r = await ingestUpload(db, huge);
  expect(r.ok).toBe(false);
  expect(!r.ok && r.error).toMatch(/huge\.csv: the file is too large \(1024 MB; limit 256 MB\)/);
  expect(read).toBeLessThanOrEqual(65536);
});

it('a file name made of SQL and markup is stored as text', async () => {
  const name = "x'); DROP TABLE files; --<script>alert(1)</script>.csv";
  const bytes = new TextEncoder().encode('t_ns,id,duration_ns\n1,step.web.e2e,5\n2,step.web.e2e,6\n');
  const r = await ingestUpload(db, { name, size: bytes.length, slice: (s, e) => ({ arrayBuffer: async () => bytes.slice(s, e).buffer }), arrayBuffer: async () => bytes.slice().buffer });
  expect(r.ok).toBe(true);
  const rows = rowsOf(await db.query(`SELECT count(*) AS n FROM files WHERE file = '${name.replaceAll("'", "''")}'`));
  expect(Number(rows[0].n)).toBe(1);
  expect(Number(rowsOf(await db.query('SELECT count(*) AS n FROM samples_raw'))[0].n)).toBeGreaterThan(2);
});
