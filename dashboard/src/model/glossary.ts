/**
 * The glossary's words (docs/glossary.md, the one source the docs and the page share): its markdown parsed into
 * entries, each with the terms its heading names and its definition in plain text. Pure: the page imports the
 * markdown at build time (components/Term.tsx); tests parse the file itself.
 */

export interface GlossaryEntry {
  /** the heading as written, e.g. "floor, OS floor" */
  heading: string;
  /** the terms the heading names, e.g. ["floor", "OS floor"] */
  terms: string[];
  /** the heading's anchor in docs/glossary.md (GitHub's slug) */
  anchor: string;
  /** the first paragraph in plain text (links, emphasis and code marks dropped): the tooltip */
  summary: string;
  /** every paragraph in plain text */
  definition: string;
}

/** Markdown inline marks dropped: [text](link) → text, **x** and *x* → x, `x` → x. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*(?!\w)/g, '$1$2')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** GitHub's anchor of a heading: lower case, punctuation dropped (letters, digits, spaces, - and _ kept), spaces to -. */
export const slug = (heading: string): string => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');

/**
 * The entries of a glossary in docs/glossary.md's shape: one `### heading` per entry (several terms separated by
 * commas), its paragraphs below it until the next heading. Throws when there is no entry, or an entry has no text,
 * or two entries name the same term: a broken glossary must fail the build's tests, not show empty tooltips.
 */
export function parseGlossary(markdown: string): GlossaryEntry[] {
  const entries: GlossaryEntry[] = [];
  const seen = new Map<string, string>();
  const sections = markdown.split(/^### +/m).slice(1);
  for (const section of sections) {
    const [headingLine, ...body] = section.split('\n');
    const heading = headingLine.trim();
    const paragraphs = body.join('\n').split(/\n\s*\n/).map(plainText).filter((p) => p && !p.startsWith('#'));
    if (!paragraphs.length) throw new Error(`glossary entry "${heading}" has no definition`);
    const terms = heading.split(',').map((t) => t.trim()).filter(Boolean);
    for (const t of terms) {
      const k = t.toLowerCase();
      if (seen.has(k)) throw new Error(`glossary term "${t}" is defined twice ("${seen.get(k)}" and "${heading}")`);
      seen.set(k, heading);
    }
    entries.push({ heading, terms, anchor: slug(heading), summary: paragraphs[0], definition: paragraphs.join(' ') });
  }
  if (!entries.length) throw new Error('the glossary has no "### term" entries');
  return entries;
}

/**
 * The entry defining `term`, case-insensitive, a plural's -s dropped ("invocations" → invocation); null when the
 * glossary has none.
 */
export function entryOf(entries: readonly GlossaryEntry[], term: string): GlossaryEntry | null {
  const k = term.trim().toLowerCase();
  const candidates = [k, k.replace(/s$/, '')];
  for (const c of candidates) {
    const e = entries.find((x) => x.terms.some((t) => t.toLowerCase() === c));
    if (e) return e;
  }
  return null;
}
