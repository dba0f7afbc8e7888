// Pull: the wiki's edit of a page, merged into the file that publishes it. Outcomes are values; the front end says
// them and applies the text. The page is read before and after its export, so the Markdown is known to be the
// version named (a colleague saving in between would otherwise be merged under the wrong version).
import type { PageLink } from '../links/pageLink';
import { publishedFromThisFile } from '../run/publishedFrom';
import { splitFrontMatter } from '../publish/frontMatter';
import { withoutNotice } from '../publish/noticeTakenOff';
import { titleHeadingOf } from './titleHeading';
import type { WikiPage } from '../wikiPages';
import type { PullBase, PullBaseStore } from './pullBase';
import { fileFormsOf, ownMarkerOf } from './fileForms';
import type { PageIdOf } from './pageLinkForms';
import { publishedFileText, type PublishedFileSettings } from './publishedFile';
import { keepingPageTitle, type TitleKept } from './pulledTitle';
import { mergeThreeWay, type MergeResult } from './threeWayMerge';

/** The page routes Pull needs (a subset of WikiPagesClient). */
export interface PageReader {
  getPage(pageId: string, signal?: AbortSignal): Promise<WikiPage | undefined>;
}

/** The page's Markdown through the export API, as it came (its publish notice is taken off here, knowing the file). */
export type ExportMarkdown = (pageId: string, signal: AbortSignal | undefined) => Promise<string>;

export type PullOutcome =
  /** The file has no page ID yet (never published signed in): there is no page to pull from. */
  | { kind: 'notLinked' }
  /** No base for this page's version: a merge would have to guess which side changed what. */
  | { kind: 'noBase'; reason: 'none' | 'otherPage' | 'otherVersion' }
  /** The page is gone from the wiki (deleted, or hidden from this user): nothing to pull. */
  | { kind: 'deleted'; pageId: string }
  /** The page kept changing while it was exported. */
  | { kind: 'unsettled'; pageId: string }
  /** The page's text is what this file last published, or its edit is here already. */
  | { kind: 'nothingNew'; page: WikiPage; theirs: string; pulled: PulledEdit }
  | { kind: 'merged'; page: WikiPage; theirs: string; text: string; pulled: PulledEdit; titleKept?: TitleKept }
  | { kind: 'conflicts'; page: WikiPage; theirs: string; text: string; conflicts: number; pulled: PulledEdit; titleKept?: TitleKept };

/**
 * What a merge was made of, to tell later whether a text (the file as saved) holds the wiki's edit: the merged text
 * is only offered to the editor, and can be undone or thrown away before it ever reaches the file.
 */
export interface PulledEdit {
  base: string;
  theirs: string;
  pageIdOf: PageIdOf | undefined;
  /** The file's Markdown the base's version was published from, when known (PullBase.fileText). */
  fileBase?: string;
  /**
   * The page title, when publishing leaves out a first level-one heading that repeats it (omitTitleHeading): the base and
   * the page never had that heading, so the file is merged without it and it is put back after.
   */
  titleHeading?: string;
  /**
   * The whole text a clean merge gave the file (pullPage): saved as it is, it holds the wiki's edit, even where merging
   * that edit into it again would call it a conflict (the file's own change one blank line from the wiki's, which the
   * merge cannot place apart): the publish after such a Pull warned of the edit just pulled.
   */
  merged?: string;
}

export interface PullRequest {
  /** The file's whole text now; its front matter is kept as it is and not merged. */
  ours: string;
  link: PageLink | undefined;
  base: PullBase | undefined;
  pages: PageReader;
  exportMarkdown: ExportMarkdown;
  signal?: AbortSignal;
  /**
   * The page each of the file's link destinations names, as a publish found them (a tree's manifest, this machine's
   * links), so that the wiki's page addresses compare equal to the file's own links instead of making every line with
   * a link a conflict. Asked only when there is something to merge: finding them reads files (requests, in a remote
   * workspace), wasted on a pull that ends before (no page, no base, page gone).
   */
  linkedPages?: () => Promise<PageIdOf | undefined>;
  /** The omitTitleHeading setting; the file's front matter, when it says, decides over it (as for a publish). */
  omitTitleHeading?: boolean;
  /** The file's name, the title of a file without a heading (pulledTitle.ts). */
  fileLabel?: string;
}

export async function pullPage(request: PullRequest): Promise<PullOutcome> {
  const { link, base } = request;
  if (!link?.pageId) return { kind: 'notLinked' };
  const usable = baseProblem(link, base);
  if (usable) return { kind: 'noBase', reason: usable };
  // The page without its notice; a notice the file quotes (its marker in the file's own text) is the file's text.
  // A notice of the file's own a colleague moved into a quote or a list item is still its notice.
  const ownMarker = ownMarkerOf([request.fileLabel, link.formerFile]);
  const exportMarkdown: ExportMarkdown = async (pageId, signal) => withoutNotice(await request.exportMarkdown(pageId, signal), { fileTexts: [request.ours, base?.fileText], ...(ownMarker ? { ownMarker } : {}) });
  const read = await readSettled(link.pageId, request.pages, exportMarkdown, request.signal);
  if (read.kind !== 'read') return read;
  const { page, markdown: theirs } = read;
  const pulled: PulledEdit = { base: (base as PullBase).markdown, theirs, pageIdOf: await request.linkedPages?.() };
  if (base?.fileText !== undefined) pulled.fileBase = base.fileText;
  const split = splitFrontMatter(request.ours);
  if (split.omitTitleHeading ?? request.omitTitleHeading ?? false) pulled.titleHeading = split.target.pageTitle ?? link.pageTitle;
  const { frontMatter, merged } = mergeIntoFile(request.ours, pulled);
  if (merged.kind === 'nothingNew') return { kind: 'nothingNew', page, theirs, pulled };
  // The page keeps its title, whatever the wiki's edit did to the file's first heading (pulledTitle.ts).
  const { text, titleKept } = keepingPageTitle(request.ours, frontMatter + merged.text, page.title, request.fileLabel ?? '');
  const kept = titleKept ? { titleKept } : {};
  if (merged.kind === 'merged') pulled.merged = text;
  return merged.kind === 'merged'
    ? { kind: 'merged', page, theirs, text, pulled, ...kept }
    : { kind: 'conflicts', page, theirs, text, conflicts: merged.conflicts, pulled, ...kept };
}

/**
 * Whether `text` holds every change of the wiki's edit (merged in, or the same change made here), so the wiki's
 * version may count as seen (the text a clean Pull gave it, PulledEdit.merged, does). Not so after an Undo, a revert,
 * or a conflict resolved with the file's own lines.
 */
export function holdsPulledEdit(text: string, pulled: PulledEdit): boolean {
  return text === pulled.merged || mergeIntoFile(text, pulled).merged.kind === 'nothingNew';
}

function mergeIntoFile(ours: string, pulled: PulledEdit): { frontMatter: string; merged: MergeResult } {
  const { frontMatter, body } = splitLeadingFrontMatter(ours);
  return { frontMatter, merged: mergeBody(body, pulled) };
}

/** The file's text after its front matter, with the wiki's edit merged in. */
function mergeBody(body: string, pulled: PulledEdit): MergeResult {
  // Its diagrams drawn as images, its links to its own headings and to other files' pages, compared in the file's
  // own form (diagramForms.ts, pageLinkForms.ts), as the file writes them now or wrote them when it was published.
  // Made once: the file's links are read once for both, and a merge without the title heading may be made again with it.
  const inFileForms = fileFormsOf(pulled.fileBase === undefined ? [body] : [pulled.fileBase, body], pulled.pageIdOf, { file: pulled.fileBase, page: pulled.base });
  const base = inFileForms(pulled.base);
  const theirs = inFileForms(pulled.theirs);
  const title = pulled.titleHeading;
  const heading = title === undefined ? undefined : titleHeadingOf(body, title);
  const published = pulled.fileBase === undefined || title === undefined ? pulled.fileBase : withoutTitleHeading(pulled.fileBase, title);
  const merge = (text: string, fileBase: string | undefined): MergeResult => mergeThreeWay(base, theirs, text, fileBase);
  if (!heading) return merge(body, published);
  const merged = merge(heading.before + heading.after, published);
  // Back where it was, unless the wiki's edit changed what came before it (then the heading is merged as a line).
  if (merged.kind === 'nothingNew') return { kind: 'nothingNew', text: body };
  if (!merged.text.startsWith(heading.before)) return merge(body, pulled.fileBase);
  return { ...merged, text: heading.before + heading.heading + merged.text.slice(heading.before.length) };
}

/**
 * The file's body with the wiki's edit in it and none of the file's own since: the published file's counterpart of
 * the page now, which the next pull's base needs (PullBase.fileText). Undefined without the published file, or where
 * even that cannot take the edit without a conflict.
 */
export function fileTextAfterPull(pulled: PulledEdit): string | undefined {
  if (pulled.fileBase === undefined) return undefined;
  const merged = mergeBody(pulled.fileBase, pulled);
  return merged.kind === 'conflicts' ? undefined : merged.text;
}

function withoutTitleHeading(body: string, title: string): string {
  const heading = titleHeadingOf(body, title);
  return heading ? heading.before + heading.after : body;
}

/** Why the kept base cannot serve this link, or undefined when it can. */
export function baseProblem(link: PageLink, base: PullBase | undefined): 'none' | 'otherPage' | 'otherVersion' | undefined {
  if (!base) return 'none';
  if (base.pageId !== link.pageId) return 'otherPage';
  return base.version === link.version ? undefined : 'otherVersion';
}

/** After a pull that changed the file: the link records the wiki's version as seen, so the next publish is an ordinary update. */
export function linkAfterPull(link: PageLink, page: WikiPage): PageLink {
  return { ...link, pageId: page.id, version: page.version, pulledVersion: page.version, ...(page.webUrl ? { url: page.webUrl } : {}) };
}

/**
 * And the base becomes the page as now exported: the next pull merges only what changes after this one. With the
 * pull's edit (`pulled`), the base keeps the published file's counterpart of it (fileTextAfterPull).
 */
export function baseAfterPull(page: WikiPage, theirs: string, now: number, pulled?: PulledEdit): PullBase {
  const base: PullBase = { pageId: page.id, version: page.version, markdown: theirs, savedAt: now };
  const fileText = pulled === undefined ? undefined : fileTextAfterPull(pulled);
  if (fileText !== undefined) base.fileText = fileText;
  return base;
}

export type CaptureOutcome =
  | { kind: 'kept'; base: PullBase }
  /** Not kept: the link names no page or version, or the page moved on past the version this publish made. */
  | { kind: 'skipped'; reason: 'noIdentity' | 'deleted' | 'changed' };

export interface CaptureDependencies {
  pages: PageReader;
  exportMarkdown: ExportMarkdown;
  store: PullBaseStore;
  now: number;
  signal?: AbortSignal;
  /** The file's text read after the publish, and the settings it was published with: kept when it is what was sent. */
  file?: { text: string; settings: PublishedFileSettings };
}

/**
 * Right after a publish lands: exports the page once and keeps it as the file's base, only while the page is still
 * at the version the publish produced (read before and after), so a colleague's edit never becomes the base.
 */
export async function captureBase(fileKey: string, link: PageLink, deps: CaptureDependencies): Promise<CaptureOutcome> {
  if (!link.pageId || link.version === undefined) return { kind: 'skipped', reason: 'noIdentity' };
  const before = await deps.pages.getPage(link.pageId, deps.signal);
  if (!before) return { kind: 'skipped', reason: 'deleted' };
  if (before.version !== link.version) return { kind: 'skipped', reason: 'changed' };
  const markdown = withoutNotice(await deps.exportMarkdown(link.pageId, deps.signal), { fileTexts: [deps.file?.text], ownMarker: (marker) => publishedFromThisFile(marker, [fileKey, link.formerFile]) });
  const after = await deps.pages.getPage(link.pageId, deps.signal);
  if (after?.version !== link.version) return { kind: 'skipped', reason: after ? 'changed' : 'deleted' };
  const base: PullBase = { pageId: link.pageId, version: link.version, markdown, savedAt: deps.now };
  const fileText = deps.file && publishedFileText(deps.file.text, link, deps.file.settings);
  if (fileText !== undefined) base.fileText = fileText;
  await deps.store.set(fileKey, base);
  return { kind: 'kept', base };
}

type SettledRead = { kind: 'read'; page: WikiPage; markdown: string } | { kind: 'deleted'; pageId: string } | { kind: 'unsettled'; pageId: string };

async function readSettled(pageId: string, pages: PageReader, exportMarkdown: ExportMarkdown, signal: AbortSignal | undefined): Promise<SettledRead> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const before = await pages.getPage(pageId, signal);
    if (!before) return { kind: 'deleted', pageId };
    const markdown = await exportMarkdown(pageId, signal);
    const after = await pages.getPage(pageId, signal);
    if (!after) return { kind: 'deleted', pageId };
    if (after.version === before.version) return { kind: 'read', page: after, markdown };
  }
  return { kind: 'unsettled', pageId };
}

/** The front matter block as written (it is the file's own, never on the wiki) and the body after it. */
export function splitLeadingFrontMatter(text: string): { frontMatter: string; body: string } {
  const body = splitFrontMatter(text).content;
  return { frontMatter: text.slice(0, text.length - body.length), body };
}
