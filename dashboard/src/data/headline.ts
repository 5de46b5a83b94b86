/** The headline's two files (`npm run headline`: public/data/headline.json, headline.svg), read by Headline.tsx. */
import type { Headline } from '../model/headline';
import { fetchDataJson, fetchDataText } from './dataFiles';

/** The headline's figures. */
export const loadHeadline = (): Promise<Headline> => fetchDataJson<Headline>('headline.json');

/** The headline's plot as SVG text (for its download, stamped with the runs it shows). */
export const loadHeadlineSvg = (): Promise<string> => fetchDataText('headline.svg');
