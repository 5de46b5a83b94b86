#!/usr/bin/env node
// npm run headline: the dashboard's first view from the published runs (measurement/src/headlineFiles.mjs) into
// public/data/headline.json and public/data/headline.svg, and README.md's answer (the block between its answer
// markers) from them. Run it after publishing runs; the dashboard-unit suite recomputes both files and the measurement
// suite README's block, and each fails when the committed one differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addedCostLine, answerMarkdown, headlineSpec, withAnswer } from '../measurement/src/headline.mjs';
import { computeHeadline } from '../measurement/src/headlineFiles.mjs';
import { SPREAD_MEANING, spreadText } from '../measurement/src/headlineSpread.mjs';
import { renderSvg } from '../measurement/src/reproduce.mjs';

const dataDir = fileURLToPath(new URL('../public/data/', import.meta.url));
const readme = fileURLToPath(new URL('../README.md', import.meta.url));
const t0 = Date.now();
const h = computeHeadline(dataDir);
// README's block first: a README without its markers fails before any file is written.
const answered = withAnswer(readFileSync(readme, 'utf8'), answerMarkdown(h));
writeFileSync(join(dataDir, 'headline.json'), `${JSON.stringify(h, null, 1)}\n`);
writeFileSync(join(dataDir, 'headline.svg'), `${await renderSvg(headlineSpec(h))}\n`);
writeFileSync(readme, answered);
for (const p of h.platforms) console.log(addedCostLine(p));
// Beside each ratio's interval within its run, the same configuration's ratio across every published run.
for (const p of h.platforms) {
  console.log(`${p.platform}: ratio ${p.ratio.estimate.toPrecision(3)}× ${spreadText(p.spread)}${p.best ? `; best ${p.best.ratio.estimate.toPrecision(3)}× ${spreadText(p.best.spread)}` : ''}`);
}
console.log(SPREAD_MEANING);
for (const p of h.platforms) {
  console.log(`${p.platform}: ${p.sentence}`);
  for (const c of p.machine.caveats) console.log(`  caveat: ${c}`);
}
for (const s of h.reference?.sentences ?? []) console.log(s);
console.log(`written public/data/headline.json, headline.svg and README.md's answer in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
