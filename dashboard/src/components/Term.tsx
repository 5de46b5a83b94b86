/**
 * A glossary word where it first appears on a view: the word, marked as a definition, with the glossary's own
 * definition (docs/glossary.md, imported at build time: one source for the docs and the page) in a tooltip that
 * shows on hover, on keyboard focus and on a click or tap (for touch screens). The definition is an attribute shown
 * by CSS and read out as the element's description, so it never joins the text of the table or sentence around it.
 */
import { useState, type ReactNode } from 'react';
import glossaryMarkdown from '../../../docs/glossary.md?raw';
import { entryOf, parseGlossary } from '../model/glossary';

/** The glossary, parsed once when the page loads. */
export const GLOSSARY = parseGlossary(glossaryMarkdown);

/** `name`: the glossary term (any of an entry's terms, a plural too); `children`: the words shown (default `name`). */
export function Term({ name, children }: { name: string; children?: ReactNode }) {
  const [pinned, setPinned] = useState(false);
  const entry = entryOf(GLOSSARY, name);
  // A name the glossary lacks shows as plain text (a unit test keeps every <Term name> in the glossary).
  if (!entry) return <>{children ?? name}</>;
  return (
    <dfn className={`term${pinned ? ' term-pinned' : ''}`} data-term={entry.anchor} data-tip={entry.summary} aria-description={entry.summary}
      tabIndex={0} onClick={() => setPinned((x) => !x)} onBlur={() => setPinned(false)}
      onKeyDown={(e) => { if (e.key === 'Escape') setPinned(false); }}>
      {children ?? name}
    </dfn>
  );
}
