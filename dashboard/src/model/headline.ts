/** The headline of the first view (public/data/headline.json, written by `npm run headline`: measurement/src/headline.mjs). */
export interface HeadlineFigure { estimate: number; ci95: [number, number] | null; invocations: number }
export interface HeadlineSide { path: string; label: string; detail: string; e2e: HeadlineFigure; e2eBlock?: HeadlineFigure & { steps: number | null } }
export interface HeadlinePlatform {
  platform: 'desktop' | 'web'; run: string; config: string; nodeCount: number; pacing: string; invocations: number;
  timerResolutionNs: number | null; cores: number | null;
  inProcess: HeadlineSide; outOfProcess: HeadlineSide; ratio: HeadlineFigure;
  repeat: { run: string; ratio: HeadlineFigure } | null;
  sentence: string;
}
export interface Headline {
  schemaVersion: 1; generatedBy: string; scope: string;
  platforms: HeadlinePlatform[];
  reference: {
    claim: { ratio: number; inProcessNs: number; outOfProcessNs: number };
    recomputed: { run: string; inProcessNs: number; outOfProcessNs: number; ratio: number; samples: number[];
      outOfProcessTick: { tickMs: number; timeScale: number; periodMs: number }; inProcessTick: { tickMs: number; timeScale: number; periodMs: number } };
    ours: { config: string; tickMs: number; timeScale: number; inProcessNs: number; outOfProcessNs: number } | null;
    sentences: string[];
  } | null;
}

/** The headline's number formats: the ones measurement/src/headline.mjs writes into headline.json's sentences. */
export { formatNs, formatTimes } from '../../../measurement/src/headline.mjs';
