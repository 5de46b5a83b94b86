/**
 * The decisions of loading the published runs into the database, apart from doing it: which arrivals are added
 * together, when to wait for the views' queries, what is shown and when, when the rest may load, what the progress
 * line counts, what a failed part leaves out. No React, no fetch, no timers (the clock is passed in), so each decision
 * is tested on its own (test/loadPlan.test.ts). DataProvider drives it: it takes arrivals from published.ts, adds them
 * with ingest.ts, waits for a quiet database and sets the page's state.
 *
 * The order: the opened view's configurations come first and are shown as they arrive (on the Comparison the very
 * first part alone: the reference study, small, the top of the page); before the first background part, and before
 * the held-back invocation files, the driver waits for the views' queries to settle; the background's runs are shown
 * at most every PUBLISH_EVERY_MS (each publication runs every open view's queries again); the rest is released once
 * the opened view's configurations are all in.
 */
import { configKey } from '../model/canonical';
import type { RunJson } from '../model/runs';
import type { View } from '../state/viewState';

/** A part of a run as the plan reads it (published.ts Arrival). */
export interface PartArrival {
  id: string;
  /** the configurations (ids) the part holds; empty for a part that failed */
  configs: readonly string[];
  /** the opened view's part (loaded before the release) */
  first: boolean;
  /** the run has no part to come */
  last: boolean;
  /** the held-back invocations' own files of a part that came earlier */
  invocations: boolean;
  /** the part, ready to append (null: it failed) */
  prepared: object | null;
  /** the run's record (null: its run.json failed) */
  run: object | null;
  error: string | null;
}

/** The background's runs are shown to the views at most this often while they arrive (each time: their queries again). */
export const PUBLISH_EVERY_MS = 5000;

/** What the driver does before adding a batch that starts with a given arrival. */
export interface BeforeBatch {
  /** show every run as complete first (the held-back invocation files follow every run's other parts) */
  finishRuns: boolean;
  /** wait for the views' queries to settle first */
  waitForQuiet: boolean;
}

/** When to show what was added: now, or after a pause (a timer; a publication meanwhile takes it along). */
export type PublishWhen = { now: true } | { now: false; inMs: number };

/** What the views are shown: the runs with the configurations in so far, what is tried, what failed. */
export interface Publication {
  runs: RunJson[];
  /** configuration keys tried (loaded or failed: a failed part's configurations will not come) */
  tried: ReadonlySet<string>;
  error: string | null;
}

/** The batch's parts the database took, and the problems met on the way (each failed or refused part named). */
export interface BatchOutcome<A extends PartArrival> { added: A[]; problems: string[] }

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * Adds a batch's parts in one call of `add` (one round of appends), or, when the database refuses it, one by one, so
 * that only the refused part is missing. Parts that failed before (fetch, parse, run.json) are not added; their errors
 * are among the problems.
 */
export async function addInOneOrEach<A extends PartArrival>(batch: readonly A[], add: (parts: A[]) => Promise<void>): Promise<BatchOutcome<A>> {
  const ready = batch.filter((x) => x.prepared !== null && x.run !== null);
  const problems = batch.filter((x) => x.error !== null).map((x) => x.error!);
  try {
    await add(ready);
    return { added: ready, problems };
  } catch (e) {
    const added: A[] = [];
    for (const x of ready) {
      try { await add([x]); added.push(x); } catch (e1) { problems.push(`run ${x.id}: ${message(e1)}`); }
    }
    if (!ready.length) problems.push(message(e));
    return { added, problems };
  }
}

/** The performance-timeline label of adding a batch. */
export const ingestLabel = (batch: readonly PartArrival[]): string => (batch[0]?.invocations
  ? `ingest invocations of ${batch.map((x) => x.id).join(', ')}`
  : `ingest ${batch.map((x) => `${x.id} (${x.configs.length})`).join(', ')}`);

/** The published runs' loading, one page load: fed each batch, it says what to do next. */
export class LoadPlan {
  /** run → its configurations added so far */
  private readonly parts = new Map<string, Set<string>>();
  /** runs with no part to come (loaded or failed) */
  private readonly finished = new Set<string>();
  /** configuration keys tried (loaded or failed) */
  private readonly tried = new Set<string>();
  private readonly problems: string[] = [];
  private partBatches = 0;
  private waitedForFirstView = false;
  private runsComplete = false;
  private invocationsAdded = false;
  private lastPublishMs = -Infinity;
  /** Something added since the last publication. */
  private unpublished = false;
  private released = false;

  /**
   * @param records the runs listed (their run.json read), in manifest order
   * @param total how many runs the progress counts (those listed, failed run.json included)
   * @param opening the opened view's configurations (`run/config`), loaded first
   * @param openedView the view the page was opened on
   */
  constructor(private readonly records: readonly RunJson[], private readonly total: number,
    private readonly opening: readonly string[], private readonly openedView: View) {}

  /**
   * Before the batch `head` starts. `partsTaken`: every part but the held-back invocation files has been taken (an
   * invocations arrival before that is a run a view asked for: added at once).
   */
  beforeBatch(head: PartArrival, partsTaken: boolean): BeforeBatch {
    if (head.invocations) {
      // The held-back invocation files: after every run's other parts are shown and the views' queries over them have
      // run (the database's one worker would otherwise hold those queries behind these appends).
      const atEnd = partsTaken && !this.runsComplete;
      return { finishRuns: atEnd, waitForQuiet: atEnd };
    }
    // The first background part waits for the first view's queries (once).
    if (!head.first && !this.waitedForFirstView) {
      this.waitedForFirstView = true;
      return { finishRuns: false, waitForQuiet: true };
    }
    return { finishRuns: false, waitForQuiet: false };
  }

  /** Whether `next`, already arrived, is added in the same batch as `head` (one round of appends and of queries). */
  joinsBatch(head: PartArrival, next: PartArrival, partsTaken: boolean): boolean {
    // The held-back invocation files at the end go together; one a view asked for, alone and at once.
    if (head.invocations) return partsTaken && next.invocations;
    // On the Comparison the first part (the reference study: small, the top of the page) alone, so that it shows at
    // once; then, as elsewhere, whatever has arrived of the same phase together.
    if (this.partBatches === 0 && this.openedView === 'compare') return false;
    return next.first === head.first && !next.invocations;
  }

  /** Records a batch of parts (not invocation files) and what became of it. */
  recordParts(batch: readonly PartArrival[], outcome: BatchOutcome<PartArrival>): void {
    this.partBatches++;
    this.problems.push(...outcome.problems);
    for (const x of outcome.added) {
      const set = this.parts.get(x.id) ?? new Set<string>();
      x.configs.forEach((c) => set.add(c));
      this.parts.set(x.id, set);
    }
    for (const x of batch) {
      if (x.last) this.finished.add(x.id);
      // A failed part names no configuration: every one of its run's is taken as tried.
      const configs = x.configs.length ? x.configs : this.records.find((r) => r.id === x.id)?.configurations.map((c) => c.id) ?? [];
      for (const c of configs) this.tried.add(configKey(x.id, c));
    }
    this.unpublished = true;
  }

  /**
   * Records a batch of held-back invocation files. Returns whether the views read them now (a bumped invocation
   * generation): those of a run a view asked for, yes; those at the end, once all are in (finish).
   */
  recordInvocations(outcome: BatchOutcome<PartArrival>, partsTaken: boolean): { readNow: boolean } {
    this.problems.push(...outcome.problems);
    if (outcome.added.length) this.invocationsAdded = true;
    return { readNow: !partsTaken };
  }

  /** The progress line: runs tried of those listed. */
  progress(): { done: number; total: number } {
    return { done: Math.min(this.finished.size, this.total), total: this.total };
  }

  /**
   * When to show a batch just recorded: at once what the opened view or a view's request waits for, and the last
   * batch; the rest of the background at most every PUBLISH_EVERY_MS.
   * @param asked runs a view asked for
   * @param queueEmpty nothing else has arrived yet
   */
  publishWhen(batch: readonly PartArrival[], asked: ReadonlySet<string>, queueEmpty: boolean, nowMs: number): PublishWhen {
    const urgent = batch[0].first || batch.some((x) => asked.has(x.id));
    if (urgent || queueEmpty || nowMs - this.lastPublishMs >= PUBLISH_EVERY_MS) return { now: true };
    return { now: false, inMs: Math.max(0, this.lastPublishMs + PUBLISH_EVERY_MS - nowMs) };
  }

  /** What to show now; null when nothing was added since the last publication (a pending timer finds it shown). */
  publication(nowMs: number): Publication | null {
    if (!this.unpublished) return null;
    this.unpublished = false;
    this.lastPublishMs = nowMs;
    return { runs: this.shownRuns(), tried: new Set(this.tried), error: this.errorText() };
  }

  /** The runs with a configuration added, each with those configurations only, in manifest order. */
  private shownRuns(): RunJson[] {
    return this.records.filter((r) => this.parts.has(r.id))
      .map((r) => ({ ...r, configurations: r.configurations.filter((c) => this.parts.get(r.id)!.has(c.id)) }))
      .filter((r) => r.configurations.length);
  }

  /** True once, when the opened view's configurations are all tried: the rest may load (after its queries settle). */
  releaseDue(): boolean {
    if (this.released || !this.opening.every((k) => this.tried.has(k))) return false;
    this.released = true;
    return true;
  }

  /** True once: every run's parts are in, shown as complete (the invocation files may still come). */
  completeRuns(): boolean {
    if (this.runsComplete) return false;
    this.runsComplete = true;
    return true;
  }

  /** Invocation files held back to the end were added: the views read them once the load is over. */
  invocationsAddedAtEnd(): boolean {
    return this.invocationsAdded;
  }

  /** Every failure so far in one line; null if none. */
  errorText(): string | null {
    return this.problems.length ? this.problems.join('; ') : null;
  }
}

/**
 * Whether a figure of these configurations (`run/config`; undefined: all) is final: every published run is tried, or
 * the first view's are shown and each of these is loaded (or failed) or an upload.
 */
export function configsFinal(configs: readonly string[] | undefined,
  at: { complete: boolean; ready: boolean; tried: ReadonlySet<string>; uploadRun: string | null }): boolean {
  if (at.complete) return true;
  if (configs === undefined || !at.ready) return false;
  return configs.every((k) => at.tried.has(k) || (at.uploadRun !== null && k.startsWith(`${at.uploadRun}/`)));
}

/** The runs to load next for a view asking for these configurations: those not tried and not already coming first. */
export function runsToAskFor(configs: readonly string[], tried: ReadonlySet<string>, opening: ReadonlySet<string>): string[] {
  const missing = configs.filter((k) => !tried.has(k) && !opening.has(k));
  return [...new Set(missing.map((k) => k.slice(0, k.indexOf('/'))))];
}
