// Parses large request texts off the event loop (src/parser.mjs): JSON.parse of a multi-megabyte `positions`
// message takes 60–260 ms on a loaded 2-core machine, longer than the ~100 ms any session may hold the others up.
// Long arrays of numbers come back as Float64Arrays, transferred without a copy; everything else is cloned.
import { parentPort } from 'node:worker_threads';

const PACK_MIN = 1024;

/** Replaces long all-number arrays by Float64Arrays (collected in `transfer`); others are left as parsed. */
function pack(value, transfer) {
  if (Array.isArray(value)) {
    if (value.length >= PACK_MIN && value.every((v) => typeof v === 'number')) {
      const doubles = Float64Array.from(value);
      transfer.push(doubles.buffer);
      return doubles;
    }
    for (let i = 0; i < value.length; i++) value[i] = pack(value[i], transfer);
    return value;
  }
  if (value !== null && typeof value === 'object') {
    for (const k of Object.keys(value)) value[k] = pack(value[k], transfer);
  }
  return value;
}

parentPort.on('message', ({ id, text }) => {
  let msg;
  try {
    msg = JSON.parse(text);
  } catch (e) {
    parentPort.postMessage({ id, error: e.message });
    return;
  }
  const transfer = [];
  parentPort.postMessage({ id, msg: pack(msg, transfer) }, transfer);
});
