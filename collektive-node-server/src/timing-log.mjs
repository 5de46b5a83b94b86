// Back-end timing samples in memory, written as the long-format CSV of docs/measurements.md
// (`t_ns,id,duration_ns`, t_ns relative to the logger's start).
import { writeFileSync } from 'node:fs';

export class TimingLog {
  constructor() {
    this.origin = process.hrtime.bigint();
    /** @type {Array<[bigint, string, bigint]>} */
    this.rows = [];
  }

  /**
   * Records one sample from two process.hrtime.bigint() readings.
   * @param {string} id
   * @param {bigint} start
   * @param {bigint} end
   */
  add(id, start, end) {
    this.rows.push([start - this.origin, id, end - start]);
  }

  toCsv() {
    const lines = ['t_ns,id,duration_ns'];
    for (const [t, id, d] of this.rows) lines.push(`${t},${id},${d}`);
    return `${lines.join('\n')}\n`;
  }

  /** Writes the whole CSV synchronously (safe inside a signal handler just before exit). */
  writeSync(file) {
    writeFileSync(file, this.toCsv());
  }
}
