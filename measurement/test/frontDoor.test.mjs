// The front door (README.md) and the docs behind it: README's answer is the block `npm run headline` writes from the
// committed public/data/headline.json (so a stale README fails here), README stays short, and every relative link
// of README.md and docs/ reaches a file and, with a #fragment, a heading of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ANSWER_END, ANSWER_START, answerMarkdown, withAnswer } from '../src/headline.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path) => readFileSync(join(root, path), 'utf8');

test("README's answer is what `npm run headline` writes from the committed headline.json", () => {
  const readme = read('README.md');
  const h = JSON.parse(read('public/data/headline.json'));
  assert.equal(readme, withAnswer(readme, answerMarkdown(h)), 'README.md is stale: run `npm run headline`');
  assert.equal(readme.split(ANSWER_START).length, 2, 'one answer block');
  assert.ok(readme.indexOf(ANSWER_END) > readme.indexOf(ANSWER_START));
});

test('README.md is at most 120 lines and links the glossary before the answer uses its terms', () => {
  const readme = read('README.md');
  assert.ok(readme.split('\n').length <= 121, `${readme.split('\n').length} lines`);
  const glossary = readme.indexOf('docs/glossary.md');
  assert.ok(glossary >= 0 && glossary < readme.indexOf(ANSWER_START), 'the glossary is linked above the answer');
});

/** GitHub's anchor of a heading: lower case, punctuation dropped (letters, digits, spaces, - and _ kept), spaces to -. */
const slug = (heading) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');

/** The anchors of a Markdown file: its headings', duplicates numbered as GitHub numbers them, and its `<a id>`s. */
function anchorsOf(text) {
  const seen = new Map();
  const out = new Set([...text.matchAll(/<a (?:id|name)="([^"]+)"/g)].map((m) => m[1]));
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1].replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

const markdownUnder = (dir) => readdirSync(join(root, dir)).flatMap((name) => {
  const path = join(dir, name);
  if (statSync(join(root, path)).isDirectory()) return markdownUnder(path);
  return name.endsWith('.md') ? [path] : [];
});

test('every relative link of README.md and docs/ reaches its file and heading', () => {
  const broken = [];
  for (const file of ['README.md', ...markdownUnder('docs')]) {
    const text = read(file).replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue; // http(s), mailto: not this repository's
      const [path, fragment] = target.split('#');
      const resolved = path ? join(dirname(join(root, file)), decodeURIComponent(path)) : join(root, file);
      if (!existsSync(resolved)) { broken.push(`${file}: ${target} (no ${relative(root, resolved)})`); continue; }
      if (fragment && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(decodeURIComponent(fragment))) {
        broken.push(`${file}: ${target} (no heading #${fragment})`);
      }
    }
  }
  assert.deepEqual(broken, []);
});
