// Where the link destinations of a Markdown text are written, as CommonMark reads them: inline links
// `[text](destination "title")` and reference definitions `[label]: destination`, never in code or HTML. Images are
// left out, and so is a definition only images use: none is ever a link to a page.
import type { ScanList, WrittenDestination } from './model';
import { scanMarkdown } from './scan';
import { DestinationList } from './scanLists';

/** A destination as written: [start, end) with its angle brackets (what a rewrite replaces), `text` without them. */
export type LinkDestination = WrittenDestination;

/** Whether a text may hold a link or a reference definition at all: one that cannot is not scanned for links. */
export function mayHoldLinks(text: string): boolean {
  return text.includes('](') || text.includes(']:');
}

/** The destinations of links and reference definitions, in document order. */
export function findLinkDestinations(markdown: string): LinkDestination[] {
  const found: LinkDestination[] = [];
  const sorted = scannedDestinations(markdown, (destination) => found.push(destination));
  return sorted ? found : found.sort((a, b) => a.start - b.start);
}

/**
 * findLinkDestinations kept as numbers once there are many (scanLists.ts), each made when read: a plan holds a file's
 * links from planning it to sending it, and as objects the 6,000 links of a 5 MB file were enough to grow the young
 * generation (issue 84).
 */
export function linkDestinationList(markdown: string): ScanList<LinkDestination> {
  const found = new DestinationList(markdown);
  const sorted = scannedDestinations(markdown, (destination) => found.add(destination));
  return sorted ? found : DestinationList.sortedByStart(found, markdown);
}

/** Hands `add` the destinations of the links, then of the definitions, as scanned; whether they came in order of their starts. */
function scannedDestinations(markdown: string, add: (destination: LinkDestination) => void): boolean {
  const scanned = scanMarkdown(markdown);
  let lastStart = -1;
  for (const link of scanned.links) {
    if (link.kind !== 'link' || link.destination === undefined) continue;
    add(link.destination);
    lastStart = link.destination.start;
  }
  let sorted = true;
  for (const definition of scanned.definitions) {
    if (definition.usedByImage && !definition.usedByLink) continue;
    if (lastStart > definition.destination.start) sorted = false;
    add(definition.destination);
    lastStart = definition.destination.start;
  }
  return sorted;
}

/** Whether a reference definition is only used by images (`![chart][c]` then `[c]: chart.png`): an image, not a link. */
export function isImageDefinition(definition: { usedByImage: boolean; usedByLink: boolean }): boolean {
  return definition.usedByImage && !definition.usedByLink;
}
