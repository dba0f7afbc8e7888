// Links between the Markdown files of a run become links to their wiki pages in what is sent; the file on disk is
// never changed. A link that cannot become a page link stays as written and says why, so the front end can tell
// the user which links will not work on the wiki.
import { markdownHeadings } from '../../markdown/headings/headings';
import { findLinkDestinations, mayHoldLinks, type LinkDestination } from '../../markdown/links';
import type { ScanList } from '../../markdown/model';
import { headingMatcher, type AnchorStyle, type HeadingsOfPage } from './headingAnchors';
import { withStructureKept, type Replacement } from './keepStructure';
import { linkTarget, ownHeadingAnchor, pagePath, type LinkTarget } from './linkTarget';

type FileLinkTarget = Extract<LinkTarget, { kind: 'file' }>;

/** A Markdown file's page: its address and what its anchors are computed from. */
export interface LinkedPage extends HeadingsOfPage {
  /** The page's address, as pageAddress builds it (no `#`). */
  url: string;
}

/**
 * A page created in this same run has no ID, so no address, until it is created: the caller sends the linking file
 * again in a second pass once it has. 'noAddress': the page is known but no reader's address can be made for it (the
 * wiki site's address is not configured), so the link stays as written. 'notYet': the file is there but has no page
 * yet, and a run without a second pass leaves the link as written for a later publish to fill in. 'noFile': nothing is
 * at the path the link names (a typo, a file moved or deleted). 'pagelessFolder': a folder that is there on disk but
 * gets no page, since no Markdown in it is published (a folder of images; in a tree, one whose Markdown is left out or
 * refused) and no page is recorded for it; a name with a dot written without its slash (`v1.2`) that is such a folder
 * is said so too, not taken for a file that is not Markdown. 'refused': the file is in the run but the plan refuses it
 * (its own line says why) and no page is recorded for it, so the link waits for a publish after it lands. undefined: no
 * page is known for it.
 */
export type PageLookup = LinkedPage | 'pending' | 'noAddress' | 'notYet' | 'noFile' | 'pagelessFolder' | 'refused' | undefined;

export interface RewriteContext {
  /** The linking file's path relative to the published root, '/'-separated: `guide/setup.md`. */
  filePath: string;
  /**
   * The published root's folder from the repository root ('' or ending in '/'), when it is in a repository: links
   * written from the repository root (`/docs/setup.md`) are then read as GitHub reads them (linkTarget.ts).
   */
  rootInRepository?: string;
  /**
   * The page of a Markdown file, given its normalised root-relative path (`guide/install.md`), or of a folder, given its
   * path with a trailing slash (`guide/`); undefined when unknown. `link`: how the link names it, since a name written
   * without a slash that is no Markdown file's (`guide`, `LICENSE.txt`) is looked up as a folder but may be a file.
   */
  resolvePage(path: string, link?: Pick<FileLinkTarget, 'markdown' | 'folder'>): PageLookup;
  /**
   * The page of a file a link names outside the published root (its path leaves the root), by the destination as
   * written: a tree's link to a file of the repository its folder does not hold, whose page is known (recorded, or
   * this machine's). Undefined when none is known: the link stays as written, 'outsideRun'. 'noFile' when nothing is
   * there, and 'pagelessFolder' for a folder no publish gives a page, said as for a link inside the root.
   */
  resolveOutside?(destination: string): LinkedPage | 'noAddress' | 'noFile' | 'pagelessFolder' | undefined;
  /** The wiki's heading anchors: the current editor's unless said (see headingAnchors.ts). */
  anchorStyle?: AnchorStyle;
  /**
   * Each page's anchor matcher by address, kept across calls by a caller that checks many files' links into the same
   * pages (a tree plan): a page's slugs and anchors are then computed once, not once per file linking to it.
   */
  anchorMatchers?: Map<string, (anchor: string) => string | undefined>;
  /**
   * The linking file's own page, for its links to its own headings (`#install`, a table of contents): the wiki
   * anchors a heading its own way, so such a link is mapped as a link into another page is. `headings`: as sent;
   * rewriteLinks takes them from the text it rewrites when not given, while foreseeRewrite, which has no text, leaves
   * such links unchecked without them. `title`: the page's title (only the legacy anchor style uses it).
   */
  ownPage?: { title: string; headings?: readonly string[] };
}

/**
 * Why a link stays as written, as the plan and --json name it: schema/wiki-publisher-json.schema.json lists the same
 * words (test/cli/cliJsonSchema.test.ts holds them to it). 'backslashPath': a path written with `\` between folders
 * (`..\guide\setup.md`), which no Markdown link reads as folders.
 */
export const LINK_CAUTION_REASONS = [
  'outsideRun', 'unknownPage', 'refusedPage', 'noFile', 'noPageYet', 'folderWithoutPage', 'notMarkdown', 'backslashPath', 'unknownAnchor', 'unknownOwnAnchor',
  'queryDropped',
] as const;
export type LinkCautionReason = (typeof LINK_CAUTION_REASONS)[number];

export interface LinkCaution {
  /** The destination as written in the file. */
  target: string;
  reason: LinkCautionReason;
}

export interface RewriteResult {
  /** What to send: the input with page links in place of file links (and links to its own headings in the wiki's form). */
  markdown: string;
  /** How many link destinations were replaced by links to pages (links to its own headings not counted). */
  rewritten: number;
  /** One per distinct destination and reason, in document order. */
  cautions: LinkCaution[];
  /** Some link points at a page created in this run: send the file again once that page has its address. */
  needsSecondPass: boolean;
  /**
   * The distinct destinations that reach a page yet stay as written for want of page addresses (no site address): not
   * in `cautions`, since that one reason with one fix is said once for a whole run by the front ends.
   */
  unaddressed: number;
}

type Decision =
  | { kind: 'keep'; caution?: LinkCautionReason }
  /** caution: 'queryDropped', said in the plan already, though the link is written only in the second pass. */
  | { kind: 'pending'; caution?: LinkCautionReason }
  | { kind: 'rewrite'; destination: string; caution?: LinkCautionReason }
  /** A link to one of the file's own headings, in the wiki's anchor form: no link to a page. */
  | { kind: 'ownAnchor'; destination: string };

/** A link's `#anchor` into the linking file's own page as the wiki's anchor; undefined when no heading matches. */
type OwnAnchorIn = (anchor: string) => string | undefined | 'unchecked';

/**
 * The text with its links decided by `context`. `found`: the text's links as findLinkDestinations read them, when the
 * caller has them already (a plan decides each file's links from one reading of its text).
 */
export function rewriteLinks(markdown: string, context: RewriteContext, found?: ScanList<LinkDestination>): RewriteResult {
  const result: RewriteResult = { markdown, rewritten: 0, cautions: [], needsSecondPass: false, unaddressed: 0 };
  if (found === undefined && !mayHoldLinks(markdown)) return result;
  const anchorIn = anchorMatcher(context);
  // The headings of what is sent, taken only when a link names one of them.
  const ownAnchorIn = ownAnchorMatcher(context, () => markdownHeadings(markdown));
  const pieces: string[] = [];
  // The destinations replaced, for the check that nothing else of the text changes with them (keepStructure.ts).
  const replacements: Replacement[] = [];
  let copied = 0;
  // Counted once per destination, as the cautions list each once and a plan foresees them (foreseeRewrite).
  const unaddressed: string[] = [];
  for (const link of found ?? findLinkDestinations(markdown)) {
    const decision = decide(link.text, context, anchorIn, ownAnchorIn);
    if (decision.kind === 'pending') result.needsSecondPass = true;
    if (decision === KEEP_UNADDRESSED) addOnce(unaddressed, link.text);
    else if (decision.kind !== 'ownAnchor' && decision.caution) addCaution(result.cautions, { target: link.text, reason: decision.caution });
    if (decision.kind !== 'rewrite' && decision.kind !== 'ownAnchor') continue;
    if (decision.kind === 'rewrite') result.rewritten++;
    if (decision.destination === link.text) continue;
    const text = written(decision.destination, link);
    pieces.push(markdown.slice(copied, link.start), text);
    replacements.push({ start: link.start, end: link.end, text });
    copied = link.end;
  }
  if (replacements.length > 0) result.markdown = withStructureKept(markdown, pieces.join('') + markdown.slice(copied), replacements);
  result.unaddressed = unaddressed.length;
  return result;
}

/**
 * The distinct link destinations of a text as written, in document order: what a plan keeps to foresee its links.
 * `found`: the text's links as findLinkDestinations read them, when the caller has them already.
 */
export function linkDestinationTexts(markdown: string, found?: ScanList<LinkDestination>): string[] {
  if (found === undefined && !mayHoldLinks(markdown)) return [];
  const links = found ?? findLinkDestinations(markdown);
  // A file links to a handful of places: a list is searched faster than a set is built (a plan does this per file).
  const seen = links.length > 32 ? new Set<string>() : undefined;
  const texts: string[] = [];
  for (const { text } of links) {
    if (seen ? seen.has(text) : texts.includes(text)) continue;
    seen?.add(text);
    texts.push(text);
  }
  return texts;
}

/**
 * What rewriteLinks would say of these destinations (its cautions, whether a second pass is needed), without a text.
 * The links that stay as written only because no page address can be made (the wiki's address is not set) are counted
 * instead of listed: a tree, which foresees its pages' links this way, says that once for the whole run.
 */
export function foreseeRewrite(destinations: readonly string[], context: RewriteContext): ForeseenRewrite {
  const result: ForeseenRewrite = { cautions: [], needsSecondPass: false, unaddressed: 0 };
  if (destinations.length === 0) return result;
  const anchorIn = anchorMatcher(context);
  const ownAnchorIn = ownAnchorMatcher(context, undefined);
  for (const destination of destinations) {
    const decision = decide(destination, context, anchorIn, ownAnchorIn);
    if (decision.kind === 'pending') result.needsSecondPass = true;
    if (decision === KEEP_UNADDRESSED) result.unaddressed++;
    else if (decision.kind !== 'ownAnchor' && decision.caution) addCaution(result.cautions, { target: destination, reason: decision.caution });
  }
  return result;
}

export type ForeseenRewrite = Omit<RewriteResult, 'markdown' | 'rewritten'>;

/** The wiki's anchor for a link's `#anchor` into the file's own page: its headings matched once, when first needed. */
function ownAnchorMatcher(context: RewriteContext, headingsOfText: (() => string[]) | undefined): OwnAnchorIn {
  let matcher: ((anchor: string) => string | undefined) | undefined;
  return (anchor) => {
    // Made once, from the first link that needs it: the text's headings were read again for each link to one of them
    // (a table of contents of a long page read the page once per entry).
    if (matcher) return matcher(anchor);
    const headings = context.ownPage?.headings ?? headingsOfText?.();
    if (headings === undefined) return 'unchecked';
    matcher = headingMatcher({ title: context.ownPage?.title ?? '', headings }, context.anchorStyle);
    return matcher(anchor);
  };
}

/** A page's anchor for a link's `#anchor`, each page's headings matched once. */
function anchorMatcher(context: RewriteContext): (page: LinkedPage, anchor: string) => string | undefined {
  // Keyed by address, since a lookup may hand out a fresh object for the same page every time.
  const matchers = context.anchorMatchers ?? new Map<string, (anchor: string) => string | undefined>();
  return (page, anchor) => {
    let matcher = matchers.get(page.url);
    if (!matcher) matchers.set(page.url, (matcher = headingMatcher(page, context.anchorStyle)));
    return matcher(anchor);
  };
}

// The decisions that name no destination, made once: a plan decides every link of every page (read only).
const KEEP: Decision = Object.freeze({ kind: 'keep' });
const PENDING: Decision = Object.freeze({ kind: 'pending' });
const PENDING_WITHOUT_QUERY: Decision = Object.freeze({ kind: 'pending', caution: 'queryDropped' });
const keepBecause = (caution: LinkCautionReason): Decision => Object.freeze({ kind: 'keep', caution });
const KEEP_BECAUSE = {
  outsideRun: keepBecause('outsideRun'), unknownPage: keepBecause('unknownPage'), refusedPage: keepBecause('refusedPage'), noFile: keepBecause('noFile'), noPageYet: keepBecause('noPageYet'),
  folderWithoutPage: keepBecause('folderWithoutPage'),
  notMarkdown: keepBecause('notMarkdown'), backslashPath: keepBecause('backslashPath'), unknownOwnAnchor: keepBecause('unknownOwnAnchor'),
} as const;
/** Kept for want of a site address: counted (`unaddressed`), never a file's caution. Told apart by identity. */
const KEEP_UNADDRESSED: Decision = Object.freeze({ kind: 'keep' });

function decide(destination: string, context: RewriteContext, anchorIn: (page: LinkedPage, anchor: string) => string | undefined, ownAnchorIn: OwnAnchorIn): Decision {
  // `#install`: a heading of this same page, whose anchor on the wiki is not GitHub's slug.
  const ownAnchor = ownHeadingAnchor(destination);
  if (ownAnchor !== undefined) {
    const anchor = ownAnchorIn(ownAnchor);
    if (anchor === 'unchecked') return KEEP;
    return anchor === undefined ? KEEP_BECAUSE.unknownOwnAnchor : { kind: 'ownAnchor', destination: `#${fragment(anchor)}` };
  }
  const target = linkTarget(destination, context.filePath, context.rootInRepository);
  if (target.kind === 'web') return KEEP;
  const path = pagePath(target);
  // A file outside the root: its page when one is known for it (a tree's link to another folder of the repository).
  const outside = path === undefined ? context.resolveOutside?.(destination) : undefined;
  const page = path === undefined ? outside : context.resolvePage(path, target);
  if (page === 'pagelessFolder') return KEEP_BECAUSE.folderWithoutPage;
  // `..\guide\setup.md` names no file and no page: CommonMark keeps such a backslash as a character, and GitHub sends
  // it percent-encoded, so the link is dead there too. Said so, with the fix, rather than "no page is known for it".
  if ((page === undefined || page === 'noFile') && path?.includes('\\')) return KEEP_BECAUSE.backslashPath;
  // `guide` written without its slash still names the folder's page, when the folder is a page of the run.
  if (!target.markdown && !target.folder && page === undefined) return KEEP_BECAUSE.notMarkdown;
  if (path === undefined && outside === undefined) return KEEP_BECAUSE.outsideRun;
  if (page === 'pending') return target.query === undefined ? PENDING : PENDING_WITHOUT_QUERY;
  if (page === 'noAddress') return KEEP_UNADDRESSED;
  if (page === 'notYet') return KEEP_BECAUSE.noPageYet;
  if (page === 'noFile') return KEEP_BECAUSE.noFile;
  if (page === 'refused') return KEEP_BECAUSE.refusedPage;
  if (page === undefined) return KEEP_BECAUSE.unknownPage;
  // A query (`?plain=1`, GitHub's view of the file) is dropped, and said: a page's address takes none, and one kept
  // could name another page (`viewpage.action?pageId=`).
  const dropped = target.query === undefined ? undefined : 'queryDropped';
  if (target.anchor === undefined || target.anchor === '') return dropped ? { kind: 'rewrite', destination: page.url, caution: dropped } : { kind: 'rewrite', destination: page.url };
  const anchor = anchorIn(page, target.anchor);
  // An anchor no heading of the page has is kept as written, and said: the page opens at its top, and at the heading
  // should the page gain one of that anchor (the chosen page, whose headings no file gives, may have it already).
  return anchor === undefined
    ? { kind: 'rewrite', destination: `${page.url}#${writtenFragment(target.anchor)}`, caution: dropped ?? 'unknownAnchor' }
    : { kind: 'rewrite', destination: `${page.url}#${fragment(anchor)}`, ...(dropped ? { caution: dropped } : {}) };
}

/**
 * Percent-encodes an anchor for the address: the wiki's anchors keep punctuation, and the browser matches the
 * decoded fragment to the heading's id. Parentheses too, so the destination never closes the link early.
 */
function fragment(anchor: string): string {
  // A lone surrogate (an editor's text may hold one) would make encodeURIComponent throw: U+FFFD, as CommonMark reads it.
  const wellFormed = anchor.replace(/\p{Surrogate}/gu, '\ufffd');
  return encodeURIComponent(wellFormed).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * An anchor no heading matched, kept as the author wrote it but encoded as fragment() encodes: its escapes and
 * references are resolved by now (`a\<b` is `a<b`), and written back raw a `<`, `>`, `\` or `&` would be read as
 * syntax again. Percent escapes already in it are kept as they are, a stray `%` encoded.
 */
function writtenFragment(anchor: string): string {
  return anchor.replace(/%(?![0-9A-Fa-f]{2})|[^%]+/g, fragment);
}

// What CommonMark would read as syntax inside a destination: a backslash escape, a character reference, and in angle
// brackets a `<` or `>` (§6.3). Escaped with a backslash, each reads back as itself.
const DESTINATION_SYNTAX = /[\\<>]|&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{1,31};)/g;

/**
 * The new destination in the form the old one had: in angle brackets if it was, or if it must be (a space, a control
 * character or a parenthesis, which a bare destination cannot hold unescaped or unbalanced). Escaped so that it
 * reads back as the address it is.
 */
function written(destination: string, link: LinkDestination): string {
  const escaped = destination.replace(DESTINATION_SYNTAX, '\\$&');
  return link.angle || /[\s\x00-\x1f\x7f<>()]/.test(destination) ? `<${escaped}>` : escaped;
}

/**
 * The keys of a long list that addOnce or addCaution fills, once it is long: a file links to a handful of places, whose
 * list is searched faster than a set is built, but a file of 50,000 distinct dead links took a minute searching it.
 */
const KEYS_PAST = 32;
const keysOfList = new WeakMap<unknown[], Set<string>>();

/** Whether `key` is new to the long `list` (its keys made by `keyOf` the first time), noting it when it is. */
function newToLongList<T>(list: T[], key: string, keyOf: (item: T) => string): boolean {
  let keys = keysOfList.get(list);
  if (keys === undefined) keysOfList.set(list, (keys = new Set(list.map(keyOf))));
  if (keys.has(key)) return false;
  keys.add(key);
  return true;
}

function addOnce(texts: string[], text: string): void {
  if (texts.length < KEYS_PAST ? !texts.includes(text) : newToLongList(texts, text, (each) => each)) texts.push(text);
}

function cautionKey(caution: LinkCaution): string {
  return `${caution.reason}\u0000${caution.target}`;
}

function addCaution(cautions: LinkCaution[], caution: LinkCaution): void {
  if (cautions.length >= KEYS_PAST) {
    if (newToLongList(cautions, cautionKey(caution), cautionKey)) cautions.push(caution);
    return;
  }
  // A loop, not some() with a closure: a tree plan adds a caution for nearly every link of 10,000 files.
  for (const known of cautions) if (known.target === caution.target && known.reason === caution.reason) return;
  cautions.push(caution);
}
