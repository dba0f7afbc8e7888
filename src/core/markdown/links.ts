// Where the link destinations of a Markdown text are written, as CommonMark reads them: inline links
// `[text](destination "title")` and reference definitions `[label]: destination`, never in code or HTML. Images are
// left out, and so is a definition only images use: none is ever a link to a page.
import type { WrittenDestination } from './model';
import { scanMarkdown } from './scan';

/** A destination as written: [start, end) with its angle brackets (what a rewrite replaces), `text` without them. */
export type LinkDestination = WrittenDestination;

/** Whether a text may hold a link or a reference definition at all: one that cannot is not scanned for links. */
export function mayHoldLinks(text: string): boolean {
  return text.includes('](') || text.includes(']:');
}

/** The destinations of links and reference definitions, in document order. */
export function findLinkDestinations(markdown: string): LinkDestination[] {
  const scanned = scanMarkdown(markdown);
  const found: LinkDestination[] = [];
  for (const link of scanned.links) if (link.kind === 'link' && link.destination !== undefined) found.push(link.destination);
  let sorted = true;
  for (const definition of scanned.definitions) {
    if (definition.usedByImage && !definition.usedByLink) continue;
    const last = found[found.length - 1];
    if (last !== undefined && last.start > definition.destination.start) sorted = false;
    found.push(definition.destination);
  }
  return sorted ? found : found.sort((a, b) => a.start - b.start);
}

/** Whether a reference definition is only used by images (`![chart][c]` then `[c]: chart.png`): an image, not a link. */
export function isImageDefinition(definition: { usedByImage: boolean; usedByLink: boolean }): boolean {
  return definition.usedByImage && !definition.usedByLink;
}
