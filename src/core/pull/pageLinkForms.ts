// A page links to other files' pages by their wiki addresses, where the file links to the files: a publish (of a tree,
// or of the file on its own) rewrote each `../guide/setup.md#install` into
// `<site>/wiki/spaces/DOCS/pages/123/Setup#Install`. The base and the wiki's page both hold the addresses, so every
// line with such a link differs from the file, and a colleague's edit of a nearby line would meet a conflict that
// nobody made. Before the merge, the addresses in base and theirs that name
// the page (and heading) one of the file's own links names are written back as the file writes that link. An address
// the colleague changed names another page or heading, is not written back, and so arrives as the colleague's edit.
// A link to a heading of the page itself went out in the wiki's anchor form too (`#install` as `#Install`), in a tree or
// not: it is written back the same way.
import { findLinkDestinations } from '../markdown/links';
import { linkTarget, ownHeadingAnchor, pagePath } from '../links/rewrite/linkTarget';
import { folderContentFile, folderContentRank } from '../tree/folderPage';
import type { ManifestEntry } from '../tree/manifestFormat';
import { nameOf } from '../walk/relativePaths';
import { isEscaped } from '../text/escaped';
import { lineKey } from './markdownUnits';
import type { PageIdOf } from '../links/linkTargets';

/** The folder a manifest lies in: its name, and the page its tree hangs under when the manifest records one. */
export interface ManifestFolder {
  name: string;
  parent: string | undefined;
}

// Pull and run/fileLinks.ts name it from here, beside what reads it.
export type { PageIdOf };

// The platform's page address: .../wiki/spaces/<KEY>/pages/<id>[/<Title>][#anchor] (the form the tree publish writes).
const PAGE_ADDRESS = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+(?:\/[^?#]*)?\/wiki\/spaces\/[^/?#]+\/pages\/(\d+)(?:\/[^?#]*)?(?:\?[^#]*)?(?:#(.*))?$/i;

/**
 * `markdown` (a base or the wiki's page now) with each page address, and each link to one of its own headings, written
 * as `ours` writes its link to that page and heading. Anchors are compared by their letters and digits only, ignoring
 * case, since the file writes a heading's slug (`#set-up-the-api`) where the wiki writes its own anchor
 * (`#Set-up-the-API`). Without `pageIdOf` (no link of the file names a known page) only the links to its own headings.
 */
export function withFileLinkForms(markdown: string, ours: string, pageIdOf: PageIdOf | undefined): string {
  return fileLinkForms(ours, pageIdOf)(markdown);
}

/**
 * withFileLinkForms with the file's links read once: Pull writes back both the base and the wiki's page as the same file
 * writes its links, and finding them is a pass over the whole file. `ours` may be several texts of the file (as
 * published, and now): a page and heading they spell two ways is left as the wiki writes it.
 */
export function fileLinkForms(ours: string | readonly string[], pageIdOf: PageIdOf | undefined): (markdown: string) => string {
  const forms = new Map<string, string | null>();
  const remember = (key: string, written: string): void => {
    // Two different spellings of one page and heading: which one a link meant cannot be told, so neither is used.
    forms.set(key, forms.has(key) && forms.get(key) !== written ? null : written);
  };
  for (const text of typeof ours === 'string' ? [ours] : ours) {
    for (const link of findLinkDestinations(text)) {
      const key = fileLinkKey(link.text, pageIdOf);
      if (key === undefined) continue;
      const written = text.slice(link.start, link.end);
      remember(key, written);
      // A file may spell one page two ways (`../index.md` and `../`, `./` and `README.md`): its links' texts, which
      // the wiki keeps, still tell them apart.
      const label = labelBefore(text, link.start);
      if (label !== undefined) remember(labelledKey(key, label), written);
    }
  }
  if (forms.size === 0) return (markdown) => markdown;
  return (markdown) => {
    const pieces: string[] = [];
    let copied = 0;
    for (const link of findLinkDestinations(markdown)) {
      const key = wikiLinkKey(link.text);
      if (key === undefined) continue;
      const label = labelBefore(markdown, link.start);
      // By the link's text first; a text the colleague changed falls back to the page and heading alone.
      const form = (label === undefined ? undefined : forms.get(labelledKey(key, label))) || forms.get(key);
      if (!form) continue;
      pieces.push(markdown.slice(copied, link.start), form);
      copied = link.end;
    }
    return pieces.length === 0 ? markdown : pieces.join('') + markdown.slice(copied);
  };
}

function labelledKey(key: string, label: string): string {
  return `${key}\u0000${label}`;
}

// How far back a link's text is looked for: a longer one is compared by its page and heading alone.
const LABEL_SEARCH = 1000;

/**
 * The text of the link (or the label of the reference definition) whose destination starts at `start`, compared past
 * the export's style as the merge compares lines (lineKey); undefined when it cannot be told.
 */
function labelBefore(text: string, start: number): string | undefined {
  let at = start - 1;
  while (at >= 0 && (text[at] === ' ' || text[at] === '\t' || text[at] === '\n' || text[at] === '\r')) at--;
  const opener = text[at];
  if ((opener !== '(' && opener !== ':') || text[at - 1] !== ']') return undefined;
  const close = at - 1;
  let depth = 0;
  for (let index = close - 1; index >= 0 && index > close - LABEL_SEARCH; index--) {
    const char = text[index];
    if ((char !== '[' && char !== ']') || isEscaped(text, index)) continue;
    if (char === ']') depth++;
    else if (depth > 0) depth--;
    else return lineKey(text.slice(index + 1, close).replace(/\s+/g, ' '));
  }
  return undefined;
}

/** A link as the file writes it, by the page and heading it names: one of its own headings, or another file's page. */
function fileLinkKey(destination: string, pageIdOf: PageIdOf | undefined): string | undefined {
  const own = ownHeadingAnchor(destination);
  if (own !== undefined) return ownAnchorKey(own);
  const pageId = pageIdOf?.(destination);
  return pageId === undefined ? undefined : formKey(pageId, anchorOf(destination));
}

/** A link as the wiki writes it, by the same key: one of the page's own headings, or a page address. */
function wikiLinkKey(destination: string): string | undefined {
  const own = ownHeadingAnchor(destination);
  if (own !== undefined) return ownAnchorKey(own);
  const address = PAGE_ADDRESS.exec(destination);
  return address ? formKey(address[1] as string, address[2]) : undefined;
}

/** A page's key starts with its ID, digits only: one starting with `#` is no page's. */
function ownAnchorKey(anchor: string): string {
  return `#${comparableAnchor(anchor)}`;
}

function anchorOf(destination: string): string | undefined {
  const hash = destination.indexOf('#');
  return hash === -1 ? undefined : destination.slice(hash + 1);
}

function formKey(pageId: string, anchor: string | undefined): string {
  return `${pageId}#${anchor === undefined ? '' : comparableAnchor(anchor)}`;
}

function comparableAnchor(anchor: string): string {
  let decoded = anchor;
  try {
    decoded = decodeURIComponent(anchor);
  } catch {
    // Written with a stray percent sign: compared as written.
  }
  return decoded.toLocaleLowerCase('en-US').replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The pages a file of a tree links to, from the repository's manifest: `filePath` is the file's path relative to the
 * manifest's folder, `rootInRepository` that folder's place in the repository (linkTarget.ts). A link to a folder's
 * index, README or <folder>.md names the folder's page, unless the manifest records the file as a page of its own (a
 * README beside an index), and so does a link to the folder itself. `root`: the manifest's folder (its name, and the
 * page the tree hangs under), which a link to that folder itself names.
 */
export function manifestPageIdOf(pages: ReadonlyMap<string, ManifestEntry>, filePath: string, rootInRepository?: string, root?: ManifestFolder): PageIdOf {
  // The manifest's folder itself names its top index or README, else the page the tree hangs under (treePlan.ts).
  const topFile = root && folderContentFile([...pages.keys()].filter((key) => !key.includes('/')).map((key) => ({ path: key })), root.name)?.path;
  const rootPageId = topFile !== undefined ? pages.get(topFile)?.id : root?.parent;
  return (destination) => {
    const target = linkTarget(destination, filePath, rootInRepository);
    const path = target.kind === 'file' ? pagePath(target) : undefined;
    if (target.kind !== 'file' || path === undefined) return undefined;
    if (path === '') return rootPageId;
    // A link to a folder (with its slash or without) names the folder's page.
    if (!target.markdown) return pages.get(path)?.id;
    const own = pages.get(path);
    if (own) return own.id;
    const slash = path.lastIndexOf('/');
    // At the root an index or README is an ordinary page, recorded under its own path.
    if (slash === -1) return undefined;
    const folder = path.slice(0, slash + 1);
    return folderContentRank(path.slice(slash + 1), nameOf(folder)) === undefined ? undefined : pages.get(folder)?.id;
  };
}
