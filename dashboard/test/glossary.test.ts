// The glossary is one file (docs/glossary.md) the docs link and the page imports: its parser, its entries, and that
// every word the page marks with <Term name="…"> has an entry.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryOf, parseGlossary, plainText, slug } from '../src/model/glossary';

const root = join(__dirname, '..', '..');
const glossary = parseGlossary(readFileSync(join(root, 'docs', 'glossary.md'), 'utf8'));

describe('parseGlossary', () => {
  it('reads each ### heading as an entry, its comma-separated terms, its anchor and its text without markdown', () => {
    const entries = parseGlossary('# Glossary\n\nintro\n\n### floor, OS floor\n\nA **floor** is [a cost](x.md#y) of `floor.os.tcp`.\n\nMore *here*.\n\n### e2e\n\nThe end-to-end step.\n');
    expect(entries.map((e) => e.terms)).toEqual([['floor', 'OS floor'], ['e2e']]);
    expect(entries[0].anchor).toBe('floor-os-floor');
    expect(entries[0].summary).toBe('A floor is a cost of floor.os.tcp.');
    expect(entries[0].definition).toBe('A floor is a cost of floor.os.tcp. More here.');
  });

  it('refuses a glossary without entries, an entry without text, and a term defined twice', () => {
    expect(() => parseGlossary('# nothing here')).toThrow(/no "### term" entries/);
    expect(() => parseGlossary('### e2e\n\n### N\n\ndevices')).toThrow(/"e2e" has no definition/);
    expect(() => parseGlossary('### run\n\na\n\n### canonical run, run\n\nb')).toThrow(/"run" is defined twice/);
  });

  it('finds an entry by any of its terms, in any case, plurals too', () => {
    expect(entryOf(glossary, 'OS floor')?.heading).toBe('floor, OS floor');
    expect(entryOf(glossary, 'os floor')?.heading).toBe('floor, OS floor');
    expect(entryOf(glossary, 'invocations')?.heading).toBe('invocation');
    expect(entryOf(glossary, 'no such word')).toBeNull();
  });

  it('plain text keeps words and drops marks; slugs are GitHub\'s', () => {
    expect(plainText('**a** *b* `c` [d](e)\n  f')).toBe('a b c d f');
    expect(plainText('3 * 4 and 5*6')).toBe('3 * 4 and 5*6');
    expect(slug('floor, OS floor')).toBe('floor-os-floor');
  });
});

describe('docs/glossary.md', () => {
  it('defines the words the page explains, each in a sentence', () => {
    for (const t of ['e2e', 'OS floor', 'paced alike', 'invocation', 'clock-limited', 'added cost', 'engine cost', 'spread across runs', 'encoding', 'transport', 'server spin', 'timing id']) {
      const e = entryOf(glossary, t);
      expect(e, t).not.toBeNull();
      expect(e!.summary.length, t).toBeGreaterThan(40);
    }
  });

  it('has an entry for every <Term name="…"> in the page\'s source', () => {
    const dirs = ['components', 'pages'].map((d) => join(root, 'dashboard', 'src', d));
    const names = new Set<string>();
    for (const dir of dirs) {
      for (const f of readdirSync(dir).filter((x) => x.endsWith('.tsx'))) {
        for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/<Term name="([^"]+)"/g)) names.add(m[1]);
      }
    }
    expect(names.size).toBeGreaterThan(4);
    for (const n of names) expect(entryOf(glossary, n), n).not.toBeNull();
  });
});
