/**
 * The headline of the first view (public/data/headline.json, written by `npm run headline`): its shape is the one
 * measurement/src/headline.mjs writes, declared there once (JSDoc) and read here as TypeScript.
 */
export type {
  Headline, HeadlineAddedCost, HeadlineAtEngineCost, HeadlineFigure, HeadlineMachine, HeadlinePlatform, HeadlineReplay, HeadlineSide, HeadlineSpread,
} from '../../../measurement/src/headline.mjs';

/** The headline's number formats: the ones measurement/src/headline.mjs writes into headline.json's sentences. */
export { formatNs, formatTimes, formatUs, outOfProcessName } from '../../../measurement/src/headline.mjs';
/** The words beside each ratio for its spread across the published runs. */
export { SPREAD_MEANING, spreadBrief, spreadCoverage, spreadRange, spreadText } from '../../../measurement/src/headlineSpread.mjs';
