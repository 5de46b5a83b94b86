// Seed inputs of the dashboard's upload target (dashboard-upload.fuzz.mjs; docs/testing.md, "Fuzzing"): the start of
// published timing CSVs of every kind (reference study, desktop, web, floors, invocations) and the shapes the upload
// tests name (BOM, CRLF, lone CR and mixed line breaks, quoted integers and ids, blank lines, negative values, a header
// only, NUL bytes).
// `node scripts/fuzz/upload-seeds.mjs` writes them to the corpus (idempotent: files are named by their content's hash).
// Input format: byte 0 picks the file name and the declaration (uploadTarget.ts), the rest is the file.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../conformance/servers.mjs';

export const UPLOAD_CORPUS = join(root, 'scripts', 'fuzz', 'corpus', 'dashboard-upload');

const input = (flags, body) => Buffer.concat([Buffer.from([flags]), Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8')]);
/** The header and the first `lines` rows of a published file. */
const head = (path, lines = 12) => readFileSync(join(root, 'public', 'data', 'runs', path), 'utf8').split('\n').slice(0, lines + 1).join('\n') + '\n';

export const UPLOAD_DICTIONARY = ['t_ns', 'id', 'duration_ns', 't_ns,id,duration_ns', ',', '\n', '\r\n', '\r', '"', '\uFEFF', '-', '0',
  '999999999999999', '9999999999999999', 'step.web.e2e', 'step.web.e2e.block', 'step.service', 'step.compute', 'step.unity.e2e',
  'floor.os.tcp', 'floor.web.ws.echo', "'", ';', '\u0000', ' '];

export function uploadSeeds() {
  const published = ['reference-study/native-scene/native.csv', 'reference-study/socket-scene/unity_socket.csv',
    'reference-study/socket-scene/socket.csv', '2026-11-27-web-24d69f0-183158-f122-b/n10-free/floors.csv',
    '2026-11-27-web-24d69f0-183158-f122-b/n10-free/web_websocket.csv', '2026-11-27-web-24d69f0-183158-f122-b/n10-free/wasm.csv']
    .filter((p) => existsSync(join(root, 'public', 'data', 'runs', p)));
  const out = published.map((p, i) => input(i, head(p)));
  const csv = (rows) => `t_ns,id,duration_ns\n${rows.join('\n')}\n`;
  out.push(
    input(2, csv(['1,step.web.e2e,5', '2,step.web.ws.wait,300', '3,floor.web.ws.echo,180', '4,step.web.e2e.block,6'])),
    input(4, `\uFEFFt_ns,id,duration_ns\r\n1,step.service,10\r\n2,step.compute,4\r\n`),
    // Lone CRs end lines too (docs/testing.md, "Fuzzing": the fuzzer's first find).
    input(2, 't_ns,id,duration_ns\r1,step.web.e2e,5\r2,step.web.e2e,6\r3,step.web.e2e,7'),
    input(4, 't_ns,id,duration_ns\n1,step.service,10\r2,step.compute,4\r\n3,step.service,11\n\r'),
    input(0, 't_ns,id,duration_ns\n"1","step.unity.e2e","7"\n\n2,"a,b",8\n'),
    input(1, csv(['5,step.socket.wait,3', '4,step.socket.wait,2', '4,step.socket.wait,1'])),
    input(8, csv(['1,x,-5'])),
    input(16, 't_ns,id,duration_ns\n'),
    input(5, 't_ns, id ,"duration_ns"\n1, spaced id ,2\n'),
    input(6, csv(['1,step.native.e2e,\u00002'])),
    input(7, 'id,t_ns,duration_ns\n1,2,3\n'),
    input(3, csv(['999999999999999,floor.os.shm,999999999999999', '1,floor.os.uds,9999999999999999'])),
  );
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(UPLOAD_CORPUS, { recursive: true });
  const all = uploadSeeds();
  for (const s of all) writeFileSync(join(UPLOAD_CORPUS, `seed-${createHash('sha1').update(s).digest('hex').slice(0, 16)}`), s);
  console.log(`${all.length} seeds written to ${UPLOAD_CORPUS}`);
}
