// Back-end timing samples streamed to a file as the long-format CSV of docs/measurements.md
// (`t_ns,id,duration_ns`, t_ns relative to the logger's start). Rows are buffered up to a small chunk and written
// synchronously, so memory stays bounded however long the server runs, and `finish` (called from the SIGTERM
// handler, between two event-loop tasks) leaves a complete file: one step.service row per reply handed to ws.
// A write that fails (disk full, a file-size limit) is kept in `failure` and later samples are dropped: the server
// keeps serving, and its shutdown reports the CSV as incomplete (exit code 74, docs/protocol.md "Process").
import { closeSync, openSync, writeSync } from 'node:fs';

const CHUNK_CHARS = 64 << 10;

export class TimingLog {
  /** @param {string} file  created (truncated) now, so a bad path fails at startup */
  constructor(file) {
    this.origin = process.hrtime.bigint();
    this.fd = openSync(file, 'w');
    this.pending = 't_ns,id,duration_ns\n';
    this.count = 0;
    /** @type {Error | null} the first write error: the file lacks samples from then on */
    this.failure = null;
  }

  /**
   * Records one sample from two process.hrtime.bigint() readings (any thread: the clock is process-wide).
   * @param {string} id
   * @param {bigint} start
   * @param {bigint} end
   */
  add(id, start, end) {
    if (this.fd === null) return;
    this.pending += `${start - this.origin},${id},${end - start}\n`;
    this.count += 1;
    if (this.pending.length >= CHUNK_CHARS) this.flush();
  }

  flush() {
    if (this.fd === null || this.pending === '') return;
    if (this.failure === null) {
      try {
        writeSync(this.fd, this.pending);
      } catch (e) {
        this.failure = e;
        console.error(`timing CSV: write failed (${e.message}); later samples are dropped and the CSV is incomplete`);
      }
    }
    this.pending = '';
  }

  /** Writes what is buffered and closes the file (safe inside a signal handler just before exit). */
  finish() {
    this.flush();
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
