// Planning: what each file would become on the wiki, decided before anything is sent. One file (the editor's
// Publish), many files (a folder from the Explorer) and the command line all plan the same way: the target from
// front matter, then the file's page link, then the front end's defaults; preflight refusals and cautions; files
// that changed nothing since their last publish; and files of one plan that would land on the same page.
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
import { isRepositoryLink, isUnconfirmedCreate, linkNames, type PageLink } from '../links/pageLink';
import { heldWithoutNotice, pageElsewhere, unreadOnWiki } from './guardVerdict';
import { NO_TARGET, prepareDocument, type PreparedDocument } from '../publish/pipeline';
import { closingLine } from '../publish/closingLine';
import { diagramCaution, longDiagramCaution, unclosedDiagramCaution } from '../publish/diagrams';
import { cautionsFor, checkConflictMarkers, checkContent, checkTarget, checkTitle, type Blocker, type Caution } from '../publish/preflight';
import type { TitleSource } from '../messages/publishMessages';
import { isCompleteTarget, mergeTargets, suggestTitle, type PartialTarget, type PublishTarget } from '../publish/target';
import { groupByTitleInSpace, otherNames, titleKey } from './sameTitles';
import { caseOnlyRetitle, namesTitle, titleChange } from './titleChange';
import { contentHash, deriveContent } from './plannedContent';
import type { ContentRecipe, PlanCounts, PlanItem, PlannedFile, PlanOptions, PlanState, PreparedFacts } from './planItem';
import type { SourceFile } from '../walk/sourceFile';

export { contentHash };
// The front ends (src/editor, src/cli) name a plan's types where they call the planning: they take them from here.
// Within src/core they come from planItem.ts, so that no step imports planning to name a plan.
export type { PlanCounts, PlanItem, PlannedFile, PlanOptions, PlanState, PreparedFacts } from './planItem';
export type { SourceFile } from '../walk/sourceFile';

/**
 * Plans one file. The file's own refusals only: duplicates across files are found by planFiles. `prepared` saves a
 * second parse when the caller already prepared the text (a tree plan reads front matter and titles first).
 */
export function planFile(file: SourceFile, link: PageLink | undefined, options: PlanOptions = {}, prepared: PreparedDocument = prepareDocument(file.text, options.messages)): PlanItem {
  return planFileWithContent(file, link, options, prepared).item;
}

/** The refusals of a file that has none: one list, shared by every such item. */
const NO_REFUSALS: readonly Blocker[] = Object.freeze([]);

/**
 * Refuses the item for this reason too. Its list is replaced by a longer copy, never added to: items without a
 * refusal share one empty list. The copy is made to its length: a spread followed by one more element grows the new
 * list to room for 17, which a plan refusing each of 10,000 pages kept to its end (1.5 MB).
 */
export function refuseItem(item: PlanItem, refusal: Blocker): void {
  item.refusals = item.refusals.length === 0 ? [refusal] : item.refusals.concat([refusal]);
  item.state = 'refused';
}

/**
 * Whether the item is refused only for want of reading the wiki: no page access, or recorded pages it relies on that
 * the wiki could not be read for (the read failed; the item carries that verdict). A publish that reads the wiki
 * decides it, so a plan without page access (a fork's pull request) describes it as that publish would send it.
 */
export function refusedForWantOfWiki(item: Pick<PlanItem, 'refusals' | 'guard'>): boolean {
  return item.refusals.length > 0 && item.refusals.every((refusal) => refusal.code === 'noPageAccess' || (refusal.code === 'recordedEntry' && unreadOnWiki(item.guard)));
}

/**
 * Whether an unchanged file goes again because its links reach other pages than its last publish reached (a page it
 * links to has another ID now): its text is the same, its links would be dead. `reachedNow` is asked only of an
 * unchanged file whose last publish recorded what it reached; undefined when no page address can be made.
 */
export function linksReachOtherPages(item: Pick<PlanItem, 'state' | 'link'>, reachedNow: () => string | undefined): boolean {
  const reachedBefore = item.link?.linkTargets;
  if (item.state !== 'unchanged' || reachedBefore === undefined) return false;
  const now = reachedNow();
  return now !== undefined && now !== reachedBefore;
}

/**
 * Whether the record places the file in another space or under another parent than `defaults`, for a member the front
 * matter does not name (the front matter wins over both, so there the record wins over nothing).
 */
function recordOverDefaults(link: PageLink, frontMatter: PartialTarget, defaults: PartialTarget | undefined): boolean {
  if (defaults === undefined) return false;
  if (frontMatter.parentId === undefined && defaults.parentId !== undefined) return defaults.parentId !== link.parentId;
  // A parent is in one space: only without one may the space tell. A space named by its key and by its numeric ID is
  // one space, which nothing but the wiki can tell: such a pair is not said to differ.
  return frontMatter.spaceId === undefined && defaults.spaceId !== undefined && defaults.spaceId !== link.spaceId
    && /^\d+$/.test(defaults.spaceId) === /^\d+$/.test(link.spaceId);
}

/** The recipe of a file sent as written (no renderer, no title heading left out): one, shared by every such item. */
const NO_RECIPE: ContentRecipe = Object.freeze({});

/** planFile, also giving the content it would send, which the item keeps only when the file cannot be read again. */
export function planFileWithContent(file: SourceFile, given: PageLink | undefined, options: PlanOptions, prepared: PreparedDocument): { item: PlanItem; content: string } {
  // A create that may have landed names no page of the file: it is planned as never published, the flags and front
  // matter deciding where, and its place is kept for the guard.
  const createMayHaveLanded = isUnconfirmedCreate(given) ? given : undefined;
  const remembered = createMayHaveLanded ? undefined : recordAtNamedPlace(given, prepared.frontMatterTarget);
  // A cache that places the file elsewhere than the defaults is not believed (PlanOptions.linksAreCache): the file is
  // planned where a run without the cache would plan it.
  const fromCache = remembered !== undefined && options.linksAreCache === true && !isRepositoryLink(remembered);
  const cacheElsewhere = fromCache && recordOverDefaults(remembered, prepared.frontMatterTarget, options.defaults);
  // Nor one that gives the page another title than the file had when it published (a run records the file's title as
  // the page's, unless its front matter names the page): a record a pull request wrote could otherwise turn the file's
  // publish into an update of whatever page holds that title under the parent, with nothing to check it against
  // without page access.
  const cacheRetitles = fromCache && !cacheElsewhere && prepared.frontMatterTarget.pageTitle === undefined
    && remembered.fileTitle !== undefined && titleKey(remembered.fileTitle) !== titleKey(remembered.pageTitle);
  const link = cacheElsewhere || cacheRetitles ? undefined : remembered;
  const suggestedTitle = suggestTitle(prepared.frontMatterTarget.pageTitle ?? prepared.frontMatterTitle, prepared.findings.firstHeading, file.label);
  const defaults = options.titleFromFile ? { pageTitle: suggestedTitle, ...options.defaults } : (options.defaults ?? {});
  const target = mergeTargets(prepared.frontMatterTarget, link, defaults);
  const overDefaults = link !== undefined && recordOverDefaults(link, prepared.frontMatterTarget, options.defaults);
  // mergeTargets makes a target of the four members and nothing else: complete, it is the complete target too, one
  // object and not two for each of 10,000 files (neither is changed in place, only replaced).
  const complete = isCompleteTarget(target) ? target : undefined;
  const omit = prepared.omitTitleHeading ?? options.omitTitleHeading ?? false;
  // Member by member, as the item below: optional members spread in cost an object each, for each of 10,000 files.
  // Most files need neither member, and share one empty recipe.
  let recipe: ContentRecipe = NO_RECIPE;
  if (options.diagramRenderer !== undefined) recipe = { diagramRenderer: options.diagramRenderer };
  if (omit && complete) recipe = recipe === NO_RECIPE ? { omitHeading: complete.pageTitle } : { ...recipe, omitHeading: complete.pageTitle };
  const { content, diagrams } = deriveContent(prepared.content, recipe, options.messages, options.diagramsSetting);
  const contentSha256 = contentHash(content);
  const found: Blocker[] = [];
  if (file.readProblem !== undefined) found.push({ code: 'unreadable', message: file.readProblem, fix: undefined });
  else if (prepared.frontMatterProblems.length > 0) {
    found.push({ code: 'frontMatter', message: prepared.frontMatterProblems.join(' '), fix: 'editFile' });
  }
  const emptiness = file.readProblem === undefined ? checkContent(content, options.messages) : undefined;
  if (emptiness) found.push(emptiness);
  const conflicts = file.readProblem === undefined ? checkConflictMarkers(content, options.messages) : undefined;
  if (conflicts) found.push(conflicts);
  const targetProblem = complete ? checkTarget(complete, options.messages) : undefined;
  if (targetProblem) found.push(targetProblem);
  // A tree's page takes the title the tree gives it (its defaults), whatever a record of the file remembers.
  const title = options.placeDecidedLater ? options.defaults?.pageTitle : complete?.pageTitle;
  const titleProblem = title !== undefined && targetProblem === undefined ? checkTitle(title, titleSourceOf(title, suggestedTitle, prepared, link, file.label, options), options.messages) : undefined;
  if (titleProblem) found.push(titleProblem);
  // Never replacing a page, not even its own, it cannot update the page it published: said now, not as the wiki's
  // "already exists" after the plan said "create".
  if (complete && !complete.overwrite && prepared.frontMatterTarget.overwrite === false && linkNames(link, complete) && (options.force === true || link?.contentSha256 !== contentSha256)) {
    found.push({ code: 'frontMatter', message: (options.messages ?? englishPublishMessages).neverReplacesOwnPage(complete.pageTitle), fix: 'editFile' });
  }
  if (!diagrams.ok) found.push({ code: 'diagramRenderer', message: diagrams.message, fix: 'openSettings' });
  const linkedPage = complete !== undefined && linkNames(link, complete);
  const titleAsked = !options.acceptTitleChange && linkedPage && !namesTitle(prepared);
  const caseOnly = titleAsked ? caseOnlyRetitle(link, suggestedTitle, options.messages) : undefined;
  if (caseOnly) found.push(caseOnly);
  // Most files have none: they share one empty list, which is read only (refuseItem adds to a copy).
  const refusals = found.length === 0 ? NO_REFUSALS : found;
  const unchanged = !options.force && linkedPage && link?.contentSha256 === contentSha256;
  const retitled = titleAsked ? titleChange(link, suggestedTitle) : undefined;
  // A new title is asked about before "unchanged": the content's digest leaves out a front matter title, and a change
  // to it must not pass unsaid (nor be unchanged with a record and a question without one, retitledFound.ts).
  const state: PlanState = refusals.length > 0 ? 'refused' : !complete ? 'incomplete' : retitled ? 'retitled' : unchanged ? 'unchanged' : 'send';
  const cautions = cautionsFor(content, prepared.findings, options.messages, options.placeDecidedLater === true);
  cautions.push(...diagramCautionsOf(diagrams, options));
  if (!options.placeDecidedLater) cautions.push(...leavesPageCaution(prepared, link, complete, options.messages));
  // The guard's verdict comes later, for every item that is sent: its member is there from the start, since a member
  // added afterwards costs each of 10,000 items a second object for its members.
  const item: PlanItem = {
    file: plannedFile(file), prepared: preparedFacts(prepared), recipe, contentSha256, link, target, complete, suggestedTitle, linkedPage, state, refusals, cautions, guard: undefined,
  };
  // A file the runner can read again is not held in memory: 10,000 files' texts are most of a plan's weight. A large
  // one whose port checks it against its bytes is, and sent as planned while the file is unchanged (plannedContent.ts).
  if (!file.readAgain || file.unchangedSinceRead) item.content = content;
  if (options.force) item.forced = true;
  if (retitled) item.retitled = retitled;
  if (caseOnly) item.caseOnlyRetitle = { refusal: caseOnly, fileTitle: suggestedTitle, stateWithout: unchanged ? 'unchanged' : 'send' };
  if (overDefaults) item.recordOverDefaults = true;
  if (cacheElsewhere && remembered) item.cacheElsewhere = { spaceId: remembered.spaceId, parentId: remembered.parentId };
  if (cacheRetitles && remembered) item.cacheRetitled = remembered.pageTitle;
  if (createMayHaveLanded) {
    const { spaceId, parentId, pageTitle } = createMayHaveLanded;
    item.createMayHaveLanded = { spaceId, parentId, pageTitle };
  }
  // Last: they ask the scanner about the content, which is the text read above unless the recipe changed it.
  const closing = closingLine(content);
  if (closing !== undefined) item.closingLine = closing;
  if (file.readProblem === undefined) options.linkFindings?.keep(file.key, content);
  return { item, content };
}

/**
 * A repository's record (.wiki-pages.json) places a file's page under its folder's recorded page. A file whose front
 * matter names its own space or parent was recorded where it landed, which is the place it names (a tree run records
 * it so): read there, a clone's publish of it updates that page instead of taking it for another and meeting "already
 * exists". A link this machine keeps says where its page is, so it is left as it is.
 */
function recordAtNamedPlace(link: PageLink | undefined, named: PartialTarget): PageLink | undefined {
  if (!link || !isRepositoryLink(link) || (named.spaceId === undefined && named.parentId === undefined)) return link;
  const placed: PageLink = { ...link, spaceId: named.spaceId ?? link.spaceId, parentId: named.parentId ?? link.parentId };
  // The page hangs where the front matter says, not in its folder's page: the record is checked there, alone.
  const own = link.recorded?.[0];
  if (own !== undefined && named.parentId !== undefined) placed.recorded = [{ ...own, parentId: named.parentId }];
  return placed;
}

/** The file without its text. */
export function plannedFile(file: PlannedFile): PlannedFile {
  const { key, label, readProblem, readAgain, unchangedSinceRead } = file;
  // Each shape written out whole: a member added after the object is made costs it a second object for its members,
  // for each of 10,000 files a plan keeps.
  if (readProblem !== undefined) return readAgain ? { key, label, readProblem, readAgain } : { key, label, readProblem };
  if (readAgain && unchangedSinceRead) return { key, label, readAgain, unchangedSinceRead };
  return readAgain ? { key, label, readAgain } : { key, label };
}


/** The facts of every file whose front matter names nothing of its page (most files): one object, read only. */
const NO_FACTS: PreparedFacts = Object.freeze({ frontMatterTarget: NO_TARGET });

/** What the front matter says of the page, without the text: shared by the files whose front matter names none. */
/** Where the title a file is sent with came from (mergeTargets' order; a tree's, digestTreeSource's), said when it is refused. */
function titleSourceOf(title: string, suggested: string, prepared: PreparedDocument, link: PageLink | undefined, label: string, options: PlanOptions): TitleSource {
  // A tree's folder page without a file of its own (generatedPage) is planned under the folder's path.
  if (label.endsWith('/')) return 'folderPage';
  const named = prepared.frontMatterTarget.pageTitle;
  if (named !== undefined && (options.placeDecidedLater !== true || named.trim() !== '')) return 'pageTitle';
  if (options.placeDecidedLater !== true && link?.pageTitle !== undefined) return 'record';
  if (title !== suggested) return 'given';
  if (prepared.frontMatterTitle?.trim()) return 'frontMatterTitle';
  return prepared.findings.firstHeading?.trim() ? 'heading' : 'fileName';
}

function preparedFacts(prepared: PreparedDocument): PreparedFacts {
  if (prepared.frontMatterPageId !== undefined) return { frontMatterTarget: prepared.frontMatterTarget, frontMatterPageId: prepared.frontMatterPageId };
  return prepared.frontMatterTarget === NO_TARGET ? NO_FACTS : { frontMatterTarget: prepared.frontMatterTarget };
}

/**
 * Diagrams sent as code are worth a caution (unclosed ones too: they show as code); rendered ones are the user's own
 * choice of renderer, unless an image's address is longer than the renderer takes by default (that image would be
 * broken on the page) or a fence is not closed (it stays code, though the user asked for pictures).
 */
function diagramCautionsOf(diagrams: ReturnType<typeof deriveContent>['diagrams'], options: Pick<PlanOptions, 'diagramsSetting' | 'messages'>): Caution[] {
  if (!diagrams.ok) return [];
  const cautions: Array<Caution | undefined> = diagrams.rendered
    ? [longDiagramCaution(diagrams.tooLong, options.messages), unclosedDiagramCaution(diagrams.unclosed, options.messages)]
    : [diagramCaution(diagrams.diagrams + diagrams.unclosed, false, options.diagramsSetting, options.messages)];
  return cautions.filter((caution) => caution !== undefined);
}

/**
 * A file whose front matter now names another place or title than its last publish: the import finds a page by title
 * and parent, so it makes a new page and leaves the earlier one (the guard takes this back when it finds that page
 * where the front matter says, moved there on the wiki).
 */
function leavesPageCaution(prepared: PreparedDocument, link: PageLink | undefined, complete: PublishTarget | undefined, messages: PublishMessages = englishPublishMessages): Caution[] {
  const named = prepared.frontMatterTarget;
  if (!link || !complete || (named.spaceId === undefined && named.parentId === undefined && named.pageTitle === undefined) || linkNames(link, complete)) return [];
  return [{ code: 'leavesPage', message: messages.leavesPage(link.pageTitle, link.parentId, link.pageId) }];
}

/**
 * Plans many files and refuses every file of a group that would land on the same page, and every file of a group that
 * would give pages of one space the same title: the platform keeps a title unique in a space (ignoring case), so the
 * second create would fail half-way through the run (as a tree's pages are refused, tree/treeRefusals.ts).
 */
export function planFiles(files: readonly SourceFile[], links: ReadonlyMap<string, PageLink | undefined>, options: PlanOptions = {}): PlanItem[] {
  const items = files.map((file) => planFile(file, links.get(file.key), options));
  const messages = options.messages ?? englishPublishMessages;
  const titled = items.filter((item) => item.complete !== undefined && item.state !== 'refused');
  const byPage = new Map<string, PlanItem[]>();
  for (const item of titled) {
    if (!item.complete) continue;
    // A parent page ID belongs to one space, so the space's spelling (key DOCS or its numeric ID) cannot separate two
    // pages; and titles that differ only in case are taken as one page (see README, "Which files are one page").
    const key = JSON.stringify([item.complete.parentId, titleKey(item.complete.pageTitle)]);
    // Pushed, not copied: a copy per file made the grouping of many files with one title grow with its square.
    const group = byPage.get(key);
    if (group) group.push(item);
    else byPage.set(key, [item]);
  }
  const samePage = new Map<PlanItem, readonly PlanItem[]>();
  for (const group of byPage.values()) {
    if (group.length < 2) continue;
    for (const item of group) {
      samePage.set(item, group);
      const others = otherNames(group, (other) => other !== item, (other) => other.file.label);
      refuseItem(item, {
        code: 'duplicatePage',
        message: messages.duplicatePage(others, item.complete?.pageTitle ?? '', item.complete?.parentId ?? ''),
        fix: 'editFile',
      });
    }
  }
  // Under other parents of one space (as written: a key and its numeric ID are not known to be one here).
  for (const group of groupByTitleInSpace(titled, (item) => item.complete?.pageTitle ?? '', (item) => item.complete?.spaceId ?? '')) {
    // Those on its own page were named above. Every file of one page names the same others: found once per page, since
    // a look past a page's own files for each of them grew with the square of the page's group.
    const othersOfPage = new Map<readonly PlanItem[], string>();
    for (const item of group) {
      const onItsPage = samePage.get(item);
      let others = onItsPage === undefined ? undefined : othersOfPage.get(onItsPage);
      if (others === undefined) {
        others = otherNames(group, (other) => other !== item && (onItsPage === undefined || samePage.get(other) !== onItsPage), (other) => other.file.label);
        if (onItsPage !== undefined) othersOfPage.set(onItsPage, others);
      }
      if (others === '') continue;
      refuseItem(item, {
        code: 'duplicatePage',
        message: messages.titleTakenInSpace(others, item.complete?.pageTitle ?? '', item.complete?.spaceId ?? ''),
        fix: 'editFile',
      });
    }
  }
  return items;
}

export function countPlan(items: readonly PlanItem[]): PlanCounts {
  const counts: PlanCounts = {
    files: items.length, send: 0, newPages: 0, updates: 0, replaces: 0, unchanged: 0, refused: 0, incomplete: 0, edited: 0, retitled: 0, unchecked: 0, withCautions: 0,
  };
  for (const item of items) {
    if (item.state === 'send') {
      counts.send++;
      const kind = sendKind(item);
      if (kind === 'update') counts.updates++;
      else if (kind === 'replace') counts.replaces++;
      else counts.newPages++;
      if (item.complete?.overwrite && item.guard?.kind === 'unchecked') counts.unchecked++;
    } else counts[item.state]++;
    if (item.state === 'edited' && heldWithoutNotice(item.guard)) counts.noNotice = (counts.noNotice ?? 0) + 1;
    if (item.state === 'edited' && unreadOnWiki(item.guard)) counts.lookupFailed = (counts.lookupFailed ?? 0) + 1;
    if (item.state === 'edited' && pageElsewhere(item.guard)) counts.movedOnWiki = (counts.movedOnWiki ?? 0) + 1;
    if (item.cautions.length > 0 && item.state !== 'refused') counts.withCautions++;
  }
  return counts;
}

/**
 * The counts of a plan whose run also sends `relinked` of its unchanged files, so their links reach a page it makes
 * anew: those are updates, not unchanged (a tree's relinkedKeys, the other runs' foreseenRelinks).
 */
export function withRelinked(counts: PlanCounts, relinked: number): PlanCounts {
  if (relinked === 0) return counts;
  return { ...counts, send: counts.send + relinked, updates: counts.updates + relinked, unchanged: counts.unchanged - relinked, relinked };
}

/**
 * The files whose lookup on the wiki failed although there was page access (guard.ts, unreadOnWiki), by what the plan
 * does with them: an update is held back unless the user chose to overwrite edited pages, which sends it unchecked; a
 * create, which replaces no page, is sent. Counted apart, so that no front end calls a create held or unchecked for
 * edits. Not in PlanCounts, whose every field a dry run's --json summary shows.
 */
export interface LookupFailureCounts {
  /** Updates (sends that may replace a page) whose lookup failed, whatever became of them. */
  updates: number;
  /** Of `updates`, those held back (state 'edited'): countPlan's `lookupFailed`. */
  updatesHeld: number;
  /** Of `updatesHeld`, those whose lookup running again cannot help (a parent the checking account cannot see). */
  updatesHeldLasting: number;
  /** Of `updates`, those sent unchecked by the user's choice to overwrite edited pages. */
  updatesSentUnchecked: number;
  /** Creates whose lookup failed: sent, since they replace no page. */
  creates: number;
  /** The first failure's sentence (the verdict's `detail`), said once for all of them; undefined when none failed. */
  detail: string | undefined;
}

export function countLookupFailures(items: readonly PlanItem[]): LookupFailureCounts {
  const counts: LookupFailureCounts = { updates: 0, updatesHeld: 0, updatesHeldLasting: 0, updatesSentUnchecked: 0, creates: 0, detail: undefined };
  for (const item of items) {
    const verdict = item.guard;
    // An unchanged file is looked at only to learn more (its page's ID, an edit to it): nothing of it is sent or held.
    if (!unreadOnWiki(verdict) || item.state === 'unchanged') continue;
    counts.detail ??= verdict.detail;
    if (item.complete?.overwrite !== true) {
      counts.creates++;
      continue;
    }
    counts.updates++;
    if (item.state === 'edited') {
      counts.updatesHeld++;
      if (verdict.lasting === true) counts.updatesHeldLasting++;
    }
    else if (item.state === 'send') counts.updatesSentUnchecked++;
  }
  return counts;
}

/**
 * What sending the item does to the wiki, as far as the plan knows: 'update' its own page, 'replace' a page it did
 * not publish (found by the guard, or possibly there when the guard could not look), or 'create'.
 */
export function sendKind(item: PlanItem): 'create' | 'update' | 'replace' {
  const verdict = item.guard;
  if (verdict?.kind === 'absent' || verdict?.kind === 'deleted' || !item.complete?.overwrite) return 'create';
  if (item.linkedPage) return 'update';
  return verdict?.kind === 'notOurs' || verdict?.kind === 'unchecked' || verdict === undefined ? 'replace' : 'update';
}
