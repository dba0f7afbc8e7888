// Which anchor the file wrote for a heading anchor the wiki shows (pageLinkForms.ts). A publish maps the file's
// `#anchor` to the wiki's through the linked page's headings (headingMatcher): `c-1` is the second heading whose
// GitHub slug is `c`, which may be `C++`, while the wiki writes `C%2B%2B`. Letters and digits alone cannot invert
// that (`C++` and `C` both read as `c`), so an anchor maps back only through the same heading:
// - a link to one of the file's own headings through those headings, as the publish mapped it;
// - a link to another page through the published pair (the file as published and the page it made, Pull's base):
//   the publish turned the file's n-th such link into the page's n-th, so the pair tells which anchor became which;
// - otherwise (Compare, a base without its file, a link added since) only where the wiki's anchor can name no other
//   heading than the one the file's anchor names: the file wrote the wiki's own form, or the slug of the wiki's
//   anchor with no other heading of that page in sight whose slug the file's anchor could also be.
import { ownHeadingAnchor } from '../links/rewrite/linkTarget';

/**
 * An anchor as a browser compares it: escapes, character references (unless `unescaped` says they are resolved
 * already) and percent-encoding resolved.
 */
export function readAnchor(written: string, unescaped = false): string {
  // Read as a link to a heading of the page itself, which resolves escapes and references as a publish does.
  const text = unescaped ? written : ownHeadingAnchor(`#${written}`) ?? written;
  try {
    return decodeURIComponent(text);
  } catch {
    // Written with a stray percent sign: compared as written.
    return text;
  }
}

/** A link that names a page (or, as OWN_PAGE, one of the file's own headings) and a heading anchor ('' for none). */
export interface AnchoredLink {
  page: string;
  anchor: string;
  /** Whether the file wrote it as a reference definition (`[label]: b.md#c`), which the page may hold elsewhere. */
  definition?: boolean;
}

/** A page ID is digits only: this names the linking file's own page. */
export const OWN_PAGE = '#';

/** What the wiki's anchors of the pages a text links to are, as seen in its links: page to anchors. */
export type SeenAnchors = Map<string, Set<string>>;

export function addSeen(seen: SeenAnchors, link: AnchoredLink): void {
  let anchors = seen.get(link.page);
  if (!anchors) seen.set(link.page, (anchors = new Set()));
  anchors.add(link.anchor);
}

/**
 * The file's anchor to the wiki's, for links to other pages, read from the published pair (`file`'s links in order
 * against `page`'s): undefined where the pair does not line up link for link (a link the publish left as written, a
 * reference definition the page holds where the link is), which would pair anchors of different links.
 */
export function publishedAnchors(file: readonly AnchoredLink[], page: readonly AnchoredLink[]): Map<string, string | null> | undefined {
  if (file.length !== page.length) return undefined;
  const mapped = new Map<string, string | null>();
  for (const [index, link] of file.entries()) {
    const sent = page[index] as AnchoredLink;
    if (link.definition || sent.page !== link.page || !couldBecome(link.anchor, sent.anchor)) return undefined;
    if (link.page === OWN_PAGE) continue;
    const key = anchorKey(link.page, link.anchor);
    mapped.set(key, mapped.has(key) && mapped.get(key) !== sent.anchor ? null : sent.anchor);
  }
  return mapped;
}

export function anchorKey(page: string, anchor: string): string {
  return `${page}#${anchor}`;
}

/** Whether a publish could have turned the file's anchor into the wiki's: the same heading's slug, or as written. */
function couldBecome(fileAnchor: string, wikiAnchor: string): boolean {
  if (fileAnchor === '' || wikiAnchor === '') return fileAnchor === wikiAnchor;
  const lower = fileAnchor.toLowerCase();
  return fileAnchor === wikiAnchor || slugBasesOfWikiAnchor(wikiAnchor).some((slug) => lower === slug || numberedFrom(lower, slug));
}

/**
 * Whether the file's anchor `fileAnchor` into `page` names the heading the wiki's anchor `wikiAnchor` names, known
 * without the page's headings. `fileAnchors`: every anchor the file writes into that page; `wikiAnchors`: every anchor
 * of that page the wiki's texts at hand show.
 */
export function namesSameHeading(fileAnchor: string, wikiAnchor: string, fileAnchors: ReadonlySet<string>, wikiAnchors: ReadonlySet<string>): boolean {
  if (fileAnchor === '' || wikiAnchor === '') return false;
  // Not the shape of a slug, so the publish found it among the wiki's anchors, as written.
  if (fileAnchor === wikiAnchor && !slugShaped(wikiAnchor)) return true;
  const lower = fileAnchor.toLowerCase();
  if (lower !== slugOfWikiAnchor(wikiAnchor)) return false;
  // Another heading whose slug the file's anchor could be (`c` beside `c-1`, `C` beside `C++`): which one the file
  // meant takes the page's headings to tell.
  const bases = slugBases(lower);
  for (const other of fileAnchors) {
    const otherLower = other.toLowerCase();
    if (otherLower !== lower && (bases.includes(otherLower) || slugBases(otherLower).includes(lower))) return false;
  }
  for (const other of wikiAnchors) {
    if (other !== wikiAnchor && other !== '' && slugBasesOfWikiAnchor(other).some((slug) => bases.includes(slug))) return false;
  }
  return true;
}

/**
 * The GitHub slug of the heading a wiki anchor names, before GitHub numbers a repeat: the wiki keeps the heading's
 * text with its whitespace as `-`, the slug lowercases it and drops what is not a letter, digit, `_` or `-`.
 */
function slugOfWikiAnchor(wikiAnchor: string): string {
  return wikiAnchor.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}-]/gu, '');
}

/** As slugOfWikiAnchor, and for an anchor the wiki numbered (`Install.1`), of the heading it repeats as well. */
function slugBasesOfWikiAnchor(wikiAnchor: string): string[] {
  const repeated = /^(.+)\.\d+$/u.exec(wikiAnchor);
  return repeated ? [slugOfWikiAnchor(wikiAnchor), slugOfWikiAnchor(repeated[1] as string)] : [slugOfWikiAnchor(wikiAnchor)];
}

function slugShaped(anchor: string): boolean {
  return anchor === anchor.toLowerCase() && /^[\p{L}\p{M}\p{N}\p{Pc}-]+$/u.test(anchor);
}

/** A slug and the slugs it may be a numbered repeat of: `c-1-2`, `c-1`, `c`. */
function slugBases(slug: string): string[] {
  const bases = [slug];
  for (let match = /^(.+)-\d+$/u.exec(slug); match; match = /^(.+)-\d+$/u.exec(match[1] as string)) bases.push(match[1] as string);
  return bases;
}

function numberedFrom(slug: string, base: string): boolean {
  return slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1));
}
