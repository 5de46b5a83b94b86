/**
 * The inner level of the invocation-level bootstrap (docs/measurements.md, "Intervals"), run in a worker: the
 * measurement library's own inner level (measurement/src/intervals.mjs, `innerReplicatesOf`), all three statistics
 * of a series at once, so the page draws exactly what the benches draw.
 */
import { innerReplicatesOf, type Statistic } from '../../../measurement/src/intervals.mjs';

/** One series' invocations (samples after each one's warm-up, in time order, non-empty ones in run order). */
export interface InnerJob { series: string; salt: number; invocations: Float64Array[] }
/** Its inner replicates: statistic → Float64Array(C) per invocation. */
export interface InnerResult { series: string; inner: Record<Statistic, Float64Array[]> }

export const innerReplicates = (job: InnerJob, innerResamples: number, seed: number): InnerResult =>
  ({ series: job.series, inner: innerReplicatesOf(job.invocations, { salt: job.salt, seed, innerResamples }) });

/** The buffers a result holds (transferred, not copied, out of the worker). */
export const buffersOf = (r: InnerResult): ArrayBuffer[] => Object.values(r.inner).flatMap((a) => a.map((x) => x.buffer as ArrayBuffer));
