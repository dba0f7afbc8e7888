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
import { headingMatcher } from '../links/rewrite/headingAnchors';
import { linkTarget, ownHeadingAnchor, pagePath } from '../links/rewrite/linkTarget';
import { markdownHeadings } from '../markdown/headings/headings';
import { folderContentFile, folderContentRank } from '../tree/folderPage';
import type { ManifestEntry } from '../tree/manifestFormat';
import { nameOf } from '../walk/relativePaths';
import { isEscaped } from '../text/escaped';
import { lineKey } from './markdownUnits';
import type { PageIdOf } from '../links/linkTargets';
import { addSeen, anchorKey, namesSameHeading, OWN_PAGE, publishedAnchors, readAnchor, type AnchoredLink, type SeenAnchors } from './anchorForms';

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
 * as `ours` writes its link to that page and heading. A heading's anchor maps back through the same heading only
 * (anchorForms.ts), never by its letters: `#c-1` and the wiki's `#C%2B%2B` may name the same heading, `#c` and `#C++`
 * different ones. Without `pageIdOf` (no link of the file names a known page) only the links to its own headings.
 */
export function withFileLinkForms(markdown: string, ours: string, pageIdOf: PageIdOf | undefined, published?: PublishedPair): string {
  return fileLinkForms(ours, pageIdOf, published)(markdown);
}

/**
 * The file as a publish sent it and the page that publish made (Pull's base): which of the file's anchors became which
 * of the wiki's. `file` is undefined when not known; `page` alone still shows anchors of the linked pages.
 */
export interface PublishedPair {
  file: string | undefined;
  page: string;
}

/** A link the file writes, by the page and the wiki's anchor it publishes to, or (anchor unknown) its own anchor. */
interface FileForm {
  link: AnchoredLink;
  written: string;
  label: string | undefined;
  /** The file writes the page's wiki address itself: a publish sends it as written, its anchor the wiki's own. */
  address?: true;
}

/**
 * withFileLinkForms with the file's links read once: Pull writes back both the base and the wiki's page as the same file
 * writes its links, and finding them is a pass over the whole file. `ours` may be several texts of the file (as
 * published, and now): a page and heading they spell two ways is left as the wiki writes it.
 */
export function fileLinkForms(ours: string | readonly string[], pageIdOf: PageIdOf | undefined, published?: PublishedPair): (markdown: string) => string {
  const texts = typeof ours === 'string' ? [ours] : ours;
  const publishedLinks = published === undefined ? [] : wikiLinksOf(published.page);
  const fromPair = published?.file === undefined ? undefined : publishedAnchors(fileLinksOf(published.file, pageIdOf).map((form) => form.link), publishedLinks);
  const forms = new Map<string, string | null>();
  const remember = (key: string, written: string): void => {
    // Two different spellings of one page and heading: which one a link meant cannot be told, so neither is used.
    forms.set(key, forms.has(key) && forms.get(key) !== written ? null : written);
  };
  // Links whose wiki anchor is not known, and every anchor the file writes into each page.
  const unmapped: FileForm[] = [];
  const fileAnchors: SeenAnchors = new Map();
  for (const text of texts) {
    for (const form of fileLinksOf(text, pageIdOf)) {
      addSeen(fileAnchors, form.link);
      const wikiAnchor = form.link.page === OWN_PAGE || form.address ? form.link.anchor : fromPair?.get(anchorKey(form.link.page, form.link.anchor)) ?? (form.link.anchor === '' ? '' : undefined);
      if (wikiAnchor === undefined || wikiAnchor === null) {
        unmapped.push(form);
        continue;
      }
      const key = anchorKey(form.link.page, wikiAnchor);
      remember(key, form.written);
      // A file may spell one page two ways (`../index.md` and `../`, `./` and `README.md`): its links' texts, which
      // the wiki keeps, still tell them apart.
      if (form.label !== undefined) remember(labelledKey(key, form.label), form.written);
    }
  }
  if (forms.size === 0 && unmapped.length === 0) return (markdown) => markdown;
  const publishedAnchorsSeen: SeenAnchors = new Map();
  for (const link of publishedLinks) addSeen(publishedAnchorsSeen, link);
  return (markdown) => {
    const links = findLinkDestinations(markdown).flatMap((found) => {
      const link = wikiLinkOf(found.text);
      return link === undefined ? [] : [{ found, link }];
    });
    const wikiAnchors: SeenAnchors = new Map([...publishedAnchorsSeen].map(([page, anchors]) => [page, new Set(anchors)]));
    for (const { link } of links) addSeen(wikiAnchors, link);
    const pieces: string[] = [];
    let copied = 0;
    for (const { found, link } of links) {
      const label = labelBefore(markdown, found.start);
      const key = anchorKey(link.page, link.anchor);
      // By the link's text first; a text the colleague changed falls back to the page and heading alone.
      const form = forms.has(key)
        ? (label === undefined ? undefined : forms.get(labelledKey(key, label))) || forms.get(key)
        : sameHeadingForm(unmapped, link, label, fileAnchors, wikiAnchors);
      if (!form) continue;
      pieces.push(markdown.slice(copied, found.start), form);
      copied = found.end;
    }
    return pieces.length === 0 ? markdown : pieces.join('') + markdown.slice(copied);
  };
}

/** The one spelling among the file's links of unknown anchor that name the wiki link's heading, by its text first. */
function sameHeadingForm(unmapped: readonly FileForm[], link: AnchoredLink, label: string | undefined, fileAnchors: SeenAnchors, wikiAnchors: SeenAnchors): string | undefined {
  const candidates = unmapped.filter((form) => form.link.page === link.page
    && namesSameHeading(form.link.anchor, link.anchor, fileAnchors.get(link.page) ?? new Set(), wikiAnchors.get(link.page) ?? new Set()));
  const labelled = candidates.filter((form) => label !== undefined && form.label === label);
  const spellings = new Set((labelled.length > 0 ? labelled : candidates).map((form) => form.written));
  return spellings.size === 1 ? [...spellings][0] : undefined;
}

/**
 * The file's links that name one of its own headings (mapped through them, as the publish maps them), a page
 * `pageIdOf` knows, or a page by its wiki address written out, in document order. The addresses count too: the wiki
 * holds them as the file writes them, so a page the file names both by its file and by its address is spelled two ways,
 * and its address on the wiki is never taken for the link to the file.
 */
function fileLinksOf(text: string, pageIdOf: PageIdOf | undefined): FileForm[] {
  let ownAnchor: ((anchor: string) => string | undefined) | undefined;
  const forms: FileForm[] = [];
  for (const found of findLinkDestinations(text)) {
    const own = ownHeadingAnchor(found.text);
    let link: AnchoredLink;
    let address = false;
    if (own !== undefined) {
      ownAnchor ??= headingMatcher({ title: '', headings: markdownHeadings(text) });
      // One matching no heading goes out as written (rewriteLinks.ts).
      link = { page: OWN_PAGE, anchor: ownAnchor(own) ?? readAnchor(own, true) };
    } else {
      const pageId = pageIdOf?.(found.text);
      const anchor = anchorOf(found.text);
      if (pageId !== undefined) link = { page: pageId, anchor: anchor === undefined ? '' : readAnchor(anchor) };
      else {
        const written = wikiLinkOf(found.text);
        if (written === undefined) continue;
        link = written;
        address = true;
      }
    }
    if (isDefinition(text, found.start)) link.definition = true;
    forms.push({ link, written: text.slice(found.start, found.end), label: labelBefore(text, found.start), ...(address ? { address: true as const } : {}) });
  }
  return forms;
}

/** The wiki's links that name one of the page's own headings or a page address, in document order. */
function wikiLinksOf(markdown: string): AnchoredLink[] {
  return findLinkDestinations(markdown).flatMap((found) => wikiLinkOf(found.text) ?? []);
}

function wikiLinkOf(destination: string): AnchoredLink | undefined {
  const own = ownHeadingAnchor(destination);
  if (own !== undefined) return { page: OWN_PAGE, anchor: readAnchor(own, true) };
  const address = PAGE_ADDRESS.exec(destination);
  return address ? { page: address[1] as string, anchor: address[2] === undefined ? '' : readAnchor(address[2]) } : undefined;
}

function labelledKey(key: string, label: string): string {
  return `${key}\u0000${label}`;
}

// How far back a link's text is looked for: a longer one is compared by its page and heading alone.
const LABEL_SEARCH = 1000;

/** Where the destination starting at `start` follows: `(` of an inline link, or `:` of a reference definition. */
function openerBefore(text: string, start: number): number {
  let at = start - 1;
  while (at >= 0 && (text[at] === ' ' || text[at] === '\t' || text[at] === '\n' || text[at] === '\r')) at--;
  return at;
}

function isDefinition(text: string, start: number): boolean {
  const at = openerBefore(text, start);
  return text[at] === ':' && text[at - 1] === ']';
}

/**
 * The text of the link (or the label of the reference definition) whose destination starts at `start`, compared past
 * the export's style as the merge compares lines (lineKey); undefined when it cannot be told.
 */
function labelBefore(text: string, start: number): string | undefined {
  const at = openerBefore(text, start);
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

function anchorOf(destination: string): string | undefined {
  const hash = destination.indexOf('#');
  return hash === -1 ? undefined : destination.slice(hash + 1);
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
