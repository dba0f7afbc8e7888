// Each file of a tree read once (digestTreeSource): planned like any file, with its title and what its links need,
// never its text, so that planning 10,000 files holds their facts; and the options a page of the tree is planned with.
import type { PageLink } from '../links/pageLink';
import { linkDestinationTexts, markdownHeadings } from '../links/rewrite';
import { planFile, planFileWithContent } from '../run/plan';
import type { PlanItem, PlanOptions } from '../run/planItem';
import type { SourceFile } from '../walk/sourceFile';
import { prepareDocument } from '../publish/pipeline';
import { omitTitleHeading } from '../markdown/headings/omitTitle';
import { suggestTitle } from '../publish/target';
import { detachedAll } from '../util/detached';
import { ownHeadingAnchor } from '../links/rewrite/linkTarget';
import { folderContentRank } from './folderPage';
import { folderKey, isBelow, nameOf, parentFolderOf } from '../walk/relativePaths';
import type { LinkFacts, TreePlanOptions, TreeSource } from './treePlanTypes';

/** Some link names a heading of another file (`setup.md#install`): takeAnchoredHeadings looks at its links. */
export const LINKS_NAMING_HEADINGS = 1;
/** Some link may leave the published folder (climbs above it, starts at `/`, or is escaped): withOutsideLinks looks. */
export const LINKS_MAY_LEAVE = 2;

/** The headings of a file whose headings no link needs (yet): one empty list for all of them. */
export const NO_HEADINGS: readonly string[] = Object.freeze([]);

/** How many times `part` occurs in `text`, none overlapping (as `text.split(part).length - 1`, without the pieces). */
function occurrences(text: string, part: string, from = 0): number {
  let count = 0;
  for (let at = text.indexOf(part, from); at !== -1; at = text.indexOf(part, at + part.length)) count++;
  return count;
}

/**
 * A tree checks every link of its pages itself (foreseeLinks, whose cautions replace the flat publish's "links to
 * local Markdown files"): the findings need not list them.
 */
export const TREE_INSPECTION = Object.freeze({ markdownLinks: false });

/**
 * Plans one file of a tree as far as it can alone, keeping what planTreeOf needs and letting the text go. With
 * `headingsLater`, its headings are left for planTreeFromWalk to take if a link needs them.
 */
export function digestTreeSource(source: SourceFile, options: TreePlanOptions, digest: { headingsLater?: boolean } = {}): TreeSource {
  const prepared = prepareDocument(source.text, options.messages, TREE_INSPECTION);
  const link = options.links.get(source.key);
  const names = prepared.frontMatterTarget;
  // `wiki.pageTitle` alone names the title, not a place: the file stays a page of the tree, under its folder's page.
  const title = names.pageTitle?.trim() ? names.pageTitle : suggestTitle(prepared.frontMatterTitle, prepared.findings.firstHeading, source.label);
  const titleFromName = !prepared.frontMatterTitle?.trim() && !names.pageTitle?.trim() && !prepared.findings.firstHeading?.trim();
  if (source.readProblem !== undefined || prepared.frontMatterProblems.length > 0) {
    const item = planFile(source, link, { defaults: { spaceId: options.spaceId, parentId: options.parentId, pageTitle: title, overwrite: false }, ...messagesOf(options) }, prepared);
    return { file: item.file, place: 'refused', item, title, titleFromName, linkFacts: { headings: [], destinations: [] }, linkReach: 0 };
  }
  if (names.spaceId !== undefined || names.parentId !== undefined) {
    const defaults = { spaceId: options.spaceId, parentId: options.parentId, overwrite: options.overwrite };
    const pinnedLink = link ?? pinnedRecordedLink(source, names.pageTitle, defaults, options);
    const { item, content } = planFileWithContent(source, pinnedLink, { titleFromFile: true, defaults, ...diagramOptions(options), ...messagesOf(options) }, prepared);
    // Its links to the tree's pages become page links like any tree page's (treeRun.ts).
    const linkFacts = linkFactsOf(content, digest.headingsLater === true);
    return { file: item.file, place: 'pinned', item, title, titleFromName, linkFacts, linkReach: linkReachOf(linkFacts.destinations, source.label, options.rootPath) };
  }
  // The tree decides the parent and whether the page exists (planTreeOf); the title is the file's own either way.
  const defaults = { spaceId: options.spaceId, parentId: options.parentId, pageTitle: title, overwrite: options.overwrite };
  const { item, content } = planFileWithContent(source, link, treeItemOptions(options, defaults), prepared);
  const linkFacts = linkFactsOf(content, digest.headingsLater === true);
  const digested: TreeSource = { file: item.file, place: 'tree', item, title, titleFromName, linkFacts, linkReach: linkReachOf(linkFacts.destinations, source.label, options.rootPath) };
  if (holdsOnlyTitle(source.label, item, content, title)) digested.titleOnly = true;
  return digested;
}

/**
 * Whether a file named like its folder's content file (index, README, <folder>.md) holds nothing but its title: what it
 * would send is empty (refused as such, and for nothing else), or is only the heading its title came from (`# Title`,
 * or `Title` over `===`). Asked of those names only, and the heading only of a text of one line, or of two whose
 * second is an underline.
 */
function holdsOnlyTitle(label: string, item: PlanItem, content: string, title: string): boolean {
  if (!namedLikeContentFile(label) || folderContentRank(nameOf(label), nameOf(parentFolderOf(label))) === undefined) return false;
  if (item.refusals.length > 0) return item.refusals.every((refusal) => refusal.code === 'emptyContent');
  const text = content.trim();
  const oneHeading = text.startsWith('#') ? !/[\r\n]/.test(text) : SETEXT_TITLE_ONLY.test(text);
  return oneHeading && omitTitleHeading(text, title).trim() === '';
}

/**
 * Whether the file's name may be a content file's (folderContentRank): its stem, before its last dot, as long as
 * `index`, `README` or its folder's name. Told from where the label's last dot and slashes are, without cutting the
 * label and lowering its case: asked of every file of a tree, of which few are named so.
 */
function namedLikeContentFile(label: string): boolean {
  const slash = label.lastIndexOf('/');
  const dot = label.lastIndexOf('.');
  if (dot <= slash + 1) return false;
  const stem = dot - slash - 1;
  if (stem === 5 || stem === 6) return true;
  return slash > 0 && stem === slash - label.lastIndexOf('/', slash - 1) - 1;
}

/** A text of one line of text and an underline of `=` below it: a setext level-one heading, if nothing else. */
const SETEXT_TITLE_ONLY = /^[^\r\n]+\r?\n {0,3}=+$/;

/**
 * A file of the tree whose front matter names its page, published from this machine never: the page the folder's
 * manifest records for it (a teammate's or CI's earlier run). Like a flat publish's recorded link (repositoryLinks.ts)
 * it says which page exists, never that this machine published it (time 0), so the edit guard shows any version it
 * cannot explain, and the run updates the page instead of meeting "already exists". The planner reads it at the place
 * the front matter names (plan.ts, recordAtNamedPlace), as it reads a flat publish's record.
 */
function pinnedRecordedLink(source: SourceFile, pageTitle: string | undefined, defaults: { spaceId: string; parentId: string }, options: TreePlanOptions): PageLink | undefined {
  const root = folderKey(options.rootPath);
  if (!isBelow(source.label, root)) return undefined;
  const recorded = options.identity.get(source.label.slice(root.length));
  if (!recorded) return undefined;
  return { spaceId: defaults.spaceId, parentId: defaults.parentId, pageTitle: pageTitle ?? recorded.title, pageId: recorded.id, publishedAt: 0 };
}

/** The options a page of the tree is planned with: one object, member by member (10,000 pages, no spreads). */
export function treeItemOptions(options: TreePlanOptions, defaults: PlanOptions['defaults']): PlanOptions {
  const planOptions: PlanOptions = { defaults, force: options.force ?? false, omitTitleHeading: options.omitTitleHeading ?? false, acceptTitleChange: true, placeDecidedLater: true };
  if (options.diagramRenderer) planOptions.diagramRenderer = options.diagramRenderer;
  if (options.diagramsSetting) planOptions.diagramsSetting = options.diagramsSetting;
  if (options.messages) planOptions.messages = options.messages;
  return planOptions;
}

/** The refused and pinned files' plan options take the tree's words this way (a page of the tree: treeItemOptions). */
function messagesOf(options: TreePlanOptions): Pick<PlanOptions, 'messages'> {
  return options.messages ? { messages: options.messages } : {};
}

function diagramOptions(options: TreePlanOptions): Pick<PlanOptions, 'diagramRenderer' | 'diagramsSetting'> {
  return {
    ...(options.diagramRenderer ? { diagramRenderer: options.diagramRenderer } : {}),
    ...(options.diagramsSetting ? { diagramsSetting: options.diagramsSetting } : {}),
  };
}

/**
 * Which link passes need this file (TreeSource.linkReach). A link may leave the published folder only when it climbs
 * (`..`) more often than the file sits folders deep below it, or starts at the repository's root; `%` and `\` may
 * spell either. Each `..` in the text counts as a climb (at least as many as the path's `..` segments), so no link that
 * leaves is missed. A file outside the published folder is looked at by neither pass.
 */
function linkReachOf(destinations: readonly string[], label: string, rootPath: string): number {
  const root = folderKey(rootPath);
  if (destinations.length === 0 || !isBelow(label, root)) return 0;
  const depth = occurrences(label, '/', root.length);
  let reach = 0;
  for (const destination of destinations) {
    if (destination.indexOf('#') > 0) reach |= LINKS_NAMING_HEADINGS;
    if (occurrences(destination, '..') > depth || destination.startsWith('/') || destination.includes('%') || destination.includes('\\')) reach |= LINKS_MAY_LEAVE;
  }
  return reach;
}

function linkFactsOf(content: string, headingsLater = false): LinkFacts {
  // Copied into a list of their own length (the list they were collected in grew by pushes, with room to spare).
  const destinations = detachedAll(linkDestinationTexts(content));
  let ownAnchors = false;
  for (const destination of destinations) if (ownHeadingAnchor(destination) !== undefined) ownAnchors = true;
  // A link to one of its own headings is checked against them now, while the text is at hand.
  return { headings: headingsLater && !ownAnchors ? NO_HEADINGS : detachedAll(markdownHeadings(content)), destinations };
}
