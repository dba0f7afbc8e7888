// Links between files in a publish that is not a tree (issue 14, section 3): a file published on its own, or a flat
// selection, sends a link to another Markdown file as a link to that file's page when the page is known, recorded in
// the repository (.wiki-pages.json) or remembered by this machine (the front end's link store), a file of the same
// selection included. Decided once, before the plan is shown, so its caution names only the links that stay as
// written; applied to the text read for sending, never to the file on disk. The front ends give ports only.
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import type { PublishMessages } from '../messages/publishMessages';
import { linkNames, type PageLink } from '../links/pageLink';
import { headingMatcher, linkDestinationTexts, markdownHeadings, rewriteLinks, withLinkCautions, type LinkCaution, type PageLookup, type RewriteContext } from '../links/rewrite';
import { linkTarget, pagePath } from '../links/rewrite/linkTarget';
import { pageAddress } from '../publish/pageAddress';
import { frontMatterBody } from '../markdown/frontMatter';
import { splitFrontMatter } from '../publish/frontMatter';
import { omitTitleHeading } from '../markdown/headings/omitTitle';
import type { PageIdOf } from '../pull/pageLinkForms';
import { linksReachOtherPages, linkTargetsDigest } from '../tree/linkTargets';
import { nameOf } from '../tree/paths';
import type { RepositoryLinks } from '../tree/repositoryLinks';
import { decodeText } from '../walk/decode';
import { folderInRepository } from '../walk/gitignore';
import { ABSENT, entryAt, lookUpEntry } from '../walk/entryAt';
import type { WalkFs } from '../walk/walkFs';
import type { PlanItem, SourceFile } from './plan';
import { deriveContent, plannedContent, type PlannedContent } from './plannedContent';
import { isMarkdownFileName } from './walkRules';

export interface FileLinkPorts<L> {
  /** The run's file system (the walk's port): a link's file is looked up and read through it, never through a link. */
  fs: Pick<WalkFs<L>, 'type' | 'list' | 'read' | 'child' | 'key' | 'label' | 'parent' | 'baseName'>;
  /**
   * The folder a run may look in that holds a file (the command line's working folder, the editor's workspace
   * folder) and the file's '/'-separated path in it; undefined outside every such folder: its links reach no page.
   */
  placeOf(fileKey: string): { folder: L; path: string } | undefined;
  /** This machine's link of a file (the front end's link store). */
  linkOf(fileKey: string): Promise<PageLink | undefined>;
  /** The pages the nearest .wiki-pages.json of each file records (repositoryLinks, read by the front end). */
  recordedLinks(fileKeys: readonly string[]): Promise<Pick<RepositoryLinks, 'links'>>;
  /** The wiki site's address, which page addresses are made from; undefined when it is not set. */
  siteBase: string | undefined;
  /** The space's key as page addresses write it (addressSpaceKey). */
  spaceKey(spaceId: string): Promise<string>;
  /**
   * Whether a run can learn the ID of a page it creates (page access: sign-in, CI credentials). With it and a site
   * address, a link to a file of the selection that has no page yet is filled in by the run's second pass (flatRun.ts)
   * and is no caution; without, it stays as written until a later publish knows the page.
   */
  pageAccess(): Promise<boolean>;
  /**
   * Whether a page leaves out a first heading that repeats its title, unless its file's front matter says (the
   * editor's setting; the command line never does): a linked file's page then has no such heading to anchor to.
   */
  omitTitleHeading?: boolean;
  /** The words of the link cautions; English when not given. */
  messages?: TreeMessages;
}

export interface FileLinks {
  /** runPlan's `content`: the text read for sending, as the plan checks it, with its links to known pages in place. */
  content(item: PlanItem, messages?: PublishMessages): Promise<PlannedContent>;
  /** The Markdown of the file `fileKey` with its links to known pages in place (a plan that holds its content). */
  rewrite(fileKey: string, markdown: string): string;
  /**
   * Gives a plan of a file made again after planFileLinks (the editor plans a file again once its prompts are
   * answered) the same decisions: its link caution, `linksToPages`, `linksWaitForPages` and `linkTargets`, and
   * sends an unchanged file again when a page its links reach has another ID than when it last went out.
   */
  annotate(item: PlanItem): void;
  /** The files of the selection that links wait for (no page yet): a run learns their pages' IDs as they land. */
  awaited: ReadonlySet<string>;
  /** The files whose links wait for a page of the selection: a run learns their own pages' IDs too, for a second pass. */
  waiting: ReadonlySet<string>;
  /**
   * Files of the selection whose pages the edit guard found deleted on the wiki, so the run creates them anew: the
   * links to them were decided with the old pages' IDs, dead now. They wait for the new pages instead, as links to a
   * file without a page do, and the second pass fills them in (with page access and a site address). Updates
   * `awaited` and `waiting`.
   */
  awaitRecreated(fileKeys: ReadonlySet<string>): Promise<void>;
  /**
   * Files of the selection refused after the links were decided (the edit guard's check of one title given to a space
   * written as its key and as its ID): they get no page in this run, so the links waiting for them stay as written
   * and say so, as links to a file the plan refused do. Updates `awaited` and the linking files' cautions.
   */
  refusedSince(): void;
  /**
   * The second pass (section 3): given the IDs learnt by file key for pages this run created, copies of the items
   * sent in the first pass (`sent`) whose links waited for one of them, their links decided again so that `content`
   * now fills those links in. None without a site address (no link reaches a page then).
   */
  relink(sent: readonly PlanItem[], learnt: ReadonlyMap<string, string>): Promise<PlanItem[]>;
  /**
   * The files of the selection whose pages a file's links still wait for, by label, once the run is over: pages that
   * did not land, or whose IDs could not be learnt, so those links went out as written although the plan counted on
   * a second pass (it gave them no caution). None when the plan did not count on one: it cautioned then.
   */
  stillWaitingFor(fileKey: string): string[];
  /**
   * How many links of the plan's files would reach a page yet stay as written because no page address can be made
   * (no site address): one reason with one fix for the whole run, said once by the front end, as a tree says it
   * (TreePlan.linksWithoutAddress), not in the caution of every file with a link. Asked after the links are decided.
   */
  linksWithoutAddress(): number;
}

/** What planning decided of one file's links. */
interface LinkDecision {
  context: RewriteContext;
  cautions: LinkCaution[];
  rewritten: number;
  /** Where (whereKey) the files are that its links wait for: they have no page yet. */
  waitedOn: ReadonlySet<string>;
  /** The digest of the pages its links reach (tree/linkTargets.ts); undefined when no page address can be made. */
  linkTargets: string | undefined;
  /** Its links that stay as written only for want of a site address: counted, not cautioned (linksWithoutAddress). */
  unaddressed: number;
}

/** A file of the selection: its text without front matter, and what its plan sends, made once when first asked. */
interface Selected {
  item: PlanItem;
  body: string;
  sent(): string;
}

function selectedFile(source: SourceFile, item: PlanItem): Selected {
  const body = frontMatterBody(source.text);
  let sent = item.content;
  return { item, body, sent: () => (sent ??= deriveContent(body, item.recipe).content) };
}

/**
 * The place folders' paths in their repositories, for the files with a link written from the repository root
 * (`/docs/x.md`, as GitHub reads it): looked up only for those, once per folder (a remote workspace pays a request per
 * folder it climbs).
 */
async function placeInRepository<L>(linking: ReadonlyArray<Pick<Linking<L>, 'place' | 'destinations'>>, fs: FileLinkPorts<L>['fs']): Promise<void> {
  const found = new Map<string, Promise<string | undefined>>();
  for (const { place, destinations } of linking) {
    if (!place || !destinations.some((destination) => destination.startsWith('/') && !destination.startsWith('//'))) continue;
    const key = fs.key(place.folder);
    if (!found.has(key)) found.set(key, folderInRepository(fs, place.folder).catch(() => undefined));
    const inRepository = await found.get(key);
    if (inRepository !== undefined) place.rootInRepository = inRepository;
  }
}

/** A link's file, as every file linking to it names it: its folder and its path there. */
interface LinkedFile<L> {
  folder: L;
  path: string;
  /** Whether some link names a heading in it: only then is it read. */
  anchored: boolean;
}

interface Linking<L> {
  item: PlanItem;
  content: string;
  /** `rootInRepository`: the folder's path in its repository, found when a link is written from the repository root. */
  place: { folder: L; path: string; rootInRepository?: string } | undefined;
  /** Its link destinations as written, distinct. */
  destinations: string[];
}

/**
 * Decides the links of every file of the plan that has a text (`sources` are what was read, `items` their plan):
 * each item's 'localLinks' caution then names only the links that stay as written, with why, and `linksToPages`
 * counts the links that go to pages. The answer rewrites the same links the same way when the files are sent.
 */
export async function planFileLinks<L>(sources: readonly SourceFile[], items: readonly PlanItem[], ports: FileLinkPorts<L>): Promise<FileLinks> {
  const itemOf = new Map(items.map((item) => [item.file.key, item]));
  const selection = new Map<string, Selected>();
  const linking: Array<Linking<L>> = [];
  for (const source of sources) {
    const item = itemOf.get(source.key);
    if (!item || source.readProblem !== undefined) continue;
    const selected = selectedFile(source, item);
    selection.set(source.key, selected);
    if (!selected.body.includes('](') && !selected.body.includes(']:')) continue;
    const content = selected.sent();
    linking.push({ item, content, place: ports.placeOf(source.key), destinations: linkDestinationTexts(content) });
  }
  await placeInRepository(linking, ports.fs);
  const { linked, whereKey, pageless } = await linkedFilesOf(linking, ports.fs);
  const { pages, pageIds, withoutPage, awaitedAt, refusedAt, selectionAt, missing } = await lookUpPages(linked, selection, refusedKeys(items), pageless, ports);
  // One matcher per page for all the files linking to it.
  const anchorMatchers = new Map<string, (anchor: string) => string | undefined>();
  // A file's links as rewriteLinks decides them, given the pages known; `filled`: pages this run created since.
  // A page of the selection that has no page yet gets one in this run: a second pass fills the link in, if it can learn
  // the page's ID and make its address. Asked only when some link waits for such a file.
  let secondPassFills = awaitedAt.size > 0 && ports.siteBase !== undefined && (await ports.pageAccess());
  const decide = ({ item, content, place, destinations }: Linking<L>, filled: ReadonlyMap<string, PageLookup>, ids: ReadonlyMap<string, string>): LinkDecision => {
    const waitedOn = new Set<string>();
    const context: RewriteContext = {
      filePath: place?.path ?? item.file.label,
      rootInRepository: place?.rootInRepository,
      resolvePage: (path) => {
        if (!place) return undefined;
        const where = whereKey(place.folder, path);
        const page = filled.get(where);
        if (page !== undefined) return page;
        if (missing.has(where)) return 'noFile';
        if (!withoutPage.has(where)) return pages.get(where);
        waitedOn.add(where);
        if (refusedAt.has(where)) return 'refused';
        return secondPassFills && awaitedAt.has(where) ? 'pending' : 'notYet';
      },
      anchorMatchers,
      // Its links to its own headings: the headings come from the text rewritten.
      ownPage: { title: item.complete?.pageTitle ?? '' },
    };
    const decided = rewriteLinks(content, context);
    // Without a site address no link reaches a page, whatever their IDs: nothing to compare the next run with. The
    // wiki's anchors of the headings the links name count too, as rewriteLinks made them.
    const anchorOf = (path: string, anchor: string): string | undefined => {
      const page = place ? (filled.get(whereKey(place.folder, path)) ?? pages.get(whereKey(place.folder, path))) : undefined;
      if (typeof page !== 'object') return undefined;
      let matcher = anchorMatchers.get(page.url);
      if (!matcher) anchorMatchers.set(page.url, (matcher = headingMatcher(page)));
      return matcher(anchor);
    };
    const linkTargets = place && ports.siteBase !== undefined
      ? linkTargetsDigest(destinations, place.path, (path) => ids.get(whereKey(place.folder, path)), place.rootInRepository, anchorOf) : undefined;
    return { context, cautions: decided.cautions, rewritten: decided.rewritten, waitedOn, linkTargets, unaddressed: decided.unaddressed };
  };
  const decisions = new Map<string, LinkDecision>();
  for (const entry of linking) decisions.set(entry.item.file.key, decide(entry, new Map(), pageIds));
  // No folder is published here: a link that leaves one leaves the folder its files are looked up in.
  const treeWords = ports.messages ?? englishTreeMessages;
  const words: TreeMessages = { ...treeWords, linkOutsideRun: treeWords.linkOutsideLookup };
  const apply = (item: PlanItem, decision: LinkDecision): void => {
    item.cautions = withLinkCautions(item.cautions, decision.cautions, words);
    if (decision.rewritten > 0) item.linksToPages = decision.rewritten;
    else delete item.linksToPages;
    if (decision.waitedOn.size > 0) item.linksWaitForPages = true;
    else delete item.linksWaitForPages;
    if (decision.linkTargets !== undefined) item.linkTargets = decision.linkTargets;
  };
  /** Whether the file of the selection at `where` (one without a page) is one this run sends, so gets a page. */
  const sentInThisRun = (where: string): boolean => {
    const key = awaitedAt.get(where);
    return key !== undefined && selection.get(key)?.item.state === 'send';
  };
  const annotate = (item: PlanItem): void => {
    const decision = decisions.get(item.file.key);
    if (!decision) return;
    // The same text sends a dead link when a page it links to has another ID than when it last went out (its file
    // now publishes to a new page, or the page was deleted and created again): sent again, as a tree page is.
    if (linksReachOtherPages(item, () => decision.linkTargets)) item.state = 'send';
    // Unchanged, it waits for a file of this selection that the run creates: it goes too, so that the second pass
    // fills its link in now. (Its last publish recorded the pages it reached, none for that file: the next run would
    // also send it, a run later than the link could be filled in.)
    // Its page may hold its text as it is now (its notice says so): it goes all the same, for that second pass.
    else if (item.state === 'unchanged' && [...decision.waitedOn].some((where) => sentInThisRun(where))) {
      item.state = 'send';
      item.forced = true;
    }
    apply(item, decision);
  };
  for (const { item } of linking) annotate(item);
  const rewrite = (fileKey: string, markdown: string): string => {
    const context = decisions.get(fileKey)?.context;
    return context ? rewriteLinks(markdown, context).markdown : markdown;
  };
  const relink = async (sent: readonly PlanItem[], learnt: ReadonlyMap<string, string>): Promise<PlanItem[]> => {
    const siteBase = ports.siteBase;
    if (siteBase === undefined) return [];
    // The pages of the selection that links waited for and that landed with an ID learnt, as their plans target them.
    const filled = new Map<string, PageLookup>();
    const ids = new Map(pageIds);
    const spaceKeys = new Map<string, string>();
    for (const [where, key] of awaitedAt) {
      const pageId = learnt.get(key);
      const selected = selection.get(key);
      const target = selected?.item.complete;
      if (pageId === undefined || !selected || !target) continue;
      const spaceKey = spaceKeys.get(target.spaceId) ?? (await ports.spaceKey(target.spaceId));
      spaceKeys.set(target.spaceId, spaceKey);
      const url = pageAddress(siteBase, spaceKey, pageId, target.pageTitle);
      if (url === undefined) continue;
      filled.set(where, { url, title: target.pageTitle, headings: linked.get(where)?.anchored ? markdownHeadings(selected.sent()) : [] });
      ids.set(where, pageId);
    }
    const byKey = new Map(linking.map((entry) => [entry.item.file.key, entry]));
    const again: PlanItem[] = [];
    for (const item of sent) {
      const entry = byKey.get(item.file.key);
      const before = decisions.get(item.file.key);
      if (!entry || !before || ![...before.waitedOn].some((where) => filled.has(where))) continue;
      const decision = decide(entry, filled, ids);
      decisions.set(item.file.key, decision);
      const copy: PlanItem = { ...item, cautions: [...item.cautions] };
      apply(copy, decision);
      again.push(copy);
    }
    return again;
  };
  /** Decides again, before sending, the links of the files that wait on one of `places` once decided again. */
  const decideAgainFor = (places: ReadonlySet<string>): void => {
    for (const entry of linking) {
      const decision = decide(entry, new Map(), pageIds);
      if (![...decision.waitedOn].some((where) => places.has(where))) continue;
      decisions.set(entry.item.file.key, decision);
      apply(entry.item, decision);
    }
  };
  const awaitRecreated = async (fileKeys: ReadonlySet<string>): Promise<void> => {
    const gone = [...selectionAt].filter(([, key]) => fileKeys.has(key));
    if (gone.length === 0) return;
    for (const [where, key] of gone) {
      pages.delete(where);
      pageIds.delete(where);
      withoutPage.add(where);
      awaitedAt.set(where, key);
    }
    secondPassFills = ports.siteBase !== undefined && (await ports.pageAccess());
    decideAgainFor(new Set(gone.map(([where]) => where)));
  };
  const refusedSince = (): void => {
    const refusedNow = [...awaitedAt].filter(([, key]) => selection.get(key)?.item.state === 'refused').map(([where]) => where);
    if (refusedNow.length === 0) return;
    for (const where of refusedNow) {
      awaitedAt.delete(where);
      refusedAt.add(where);
    }
    // A link to a refused file still waits on it (a later run fills it in), so the new decisions name it too.
    decideAgainFor(new Set(refusedNow));
  };
  // A relinked file's decision holds only the pages still missing; any other's, all it waited for (none landed).
  const stillWaitingFor = (fileKey: string): string[] => {
    const waitedOn = secondPassFills ? decisions.get(fileKey)?.waitedOn : undefined;
    if (!waitedOn) return [];
    return [...waitedOn].flatMap((where) => {
      const key = awaitedAt.get(where);
      const label = key === undefined ? undefined : selection.get(key)?.item.file.label;
      return label === undefined ? [] : [label];
    });
  };
  const linksWithoutAddress = (): number => {
    let count = 0;
    for (const decision of decisions.values()) count += decision.unaddressed;
    return count;
  };
  return {
    rewrite,
    annotate,
    relink,
    stillWaitingFor,
    linksWithoutAddress,
    // Read from the decisions as they are now: awaitRecreated adds to both.
    get awaited() {
      return new Set(awaitedAt.values());
    },
    get waiting() {
      return new Set([...decisions].filter(([, decision]) => decision.waitedOn.size > 0).map(([key]) => key));
    },
    awaitRecreated,
    refusedSince,
    async content(item, messages) {
      const planned = await plannedContent(item, messages);
      return planned.ok ? { ok: true, content: rewrite(item.file.key, planned.content) } : planned;
    },
  };
}

/**
 * Which page each link of a file names, found as a publish of the file on its own finds them: this machine's links,
 * then the nearest .wiki-pages.json of each linked file. Pull writes the wiki's addresses of those pages back as the
 * file writes its links (pull/pageLinkForms.ts), so a colleague's edit of a line with such a link merges. Undefined
 * when the file is in no folder a run may look in (its links reach no page).
 */
export async function linkedPageIdOf<L>(fileKey: string, markdown: string, ports: Pick<FileLinkPorts<L>, 'fs' | 'placeOf' | 'linkOf' | 'recordedLinks'>): Promise<PageIdOf | undefined> {
  const found = ports.placeOf(fileKey);
  if (!found) return undefined;
  const place: NonNullable<Linking<L>['place']> = { ...found };
  const linking = [{ place, destinations: linkDestinationTexts(markdown) }];
  await placeInRepository(linking, ports.fs);
  const { linked, whereKey, pageless } = await linkedFilesOf(linking, ports.fs);
  // Only the IDs: without a site address no page address is made, so no linked file is read for its headings.
  const { pageIds } = await lookUpPages(linked, new Map(), new Set(), pageless, { ...ports, siteBase: undefined, spaceKey: async (spaceId) => spaceId });
  return (destination) => {
    const target = linkTarget(destination, place.path, place.rootInRepository);
    const path = target.kind === 'file' ? pagePath(target) : undefined;
    return path === undefined ? undefined : pageIds.get(whereKey(place.folder, path));
  };
}

/** What finding the pages of linked files needs of the ports. */
type LookUpPorts<L> = Pick<FileLinkPorts<L>, 'fs' | 'linkOf' | 'recordedLinks' | 'siteBase' | 'spaceKey' | 'omitTitleHeading'>;

/**
 * The files the linking files' links name, each once by its place (`whereKey`): Markdown files, and the content file
 * of a linked folder (its index or README), whose page is the folder's page; a folder without one as the folder itself.
 * `pageless`: of those folders, the ones no publish gives a page (folderHoldsNoPage), by place.
 */
async function linkedFilesOf<L>(
  linking: ReadonlyArray<Pick<Linking<L>, 'place' | 'destinations'>>, fs: FileLinkPorts<L>['fs'],
): Promise<{ linked: Map<string, LinkedFile<L>>; whereKey(folder: L, path: string): string; pageless: Set<string> }> {
  const plainKey = (folder: L, path: string): string => `${fs.key(folder)}\n${path}`;
  // A link to a folder stands for the folder's index or README (its content file), whose page is the folder's page.
  const folderContent = new Map<string, string>();
  const whereKey = (folder: L, path: string): string => {
    const key = plainKey(folder, path);
    return folderContent.get(key) ?? key;
  };
  const linked = new Map<string, LinkedFile<L>>();
  const link = (folder: L, path: string, anchored: boolean): void => {
    const key = plainKey(folder, path);
    const file = linked.get(key) ?? { folder, path, anchored: false };
    file.anchored ||= anchored;
    linked.set(key, file);
  };
  const folders = new Map<string, { folder: L; path: string; anchored: boolean }>();
  for (const { destinations, place } of linking) {
    if (!place) continue;
    for (const destination of destinations) {
      const target = linkTarget(destination, place.path, place.rootInRepository);
      const path = target.kind === 'file' ? pagePath(target) : undefined;
      if (target.kind !== 'file' || path === undefined) continue;
      const anchored = target.anchor !== undefined && target.anchor !== '';
      if (target.markdown) link(place.folder, path, anchored);
      else if (path !== '') {
        // A folder, or a name that may be one (`guide`, `v1.2`, as against `diagram.png`): looked for below.
        const key = plainKey(place.folder, path);
        folders.set(key, { folder: place.folder, path, anchored: anchored || folders.get(key)?.anchored === true });
      }
    }
  }
  const pageless = new Set<string>();
  await Promise.all([...folders].map(async ([key, { folder, path, anchored }]) => {
    // Only a folder that is there: a file's name (`diagram.png`, `LICENSE`) is looked at once, not for its index.
    const location = await entryAt(fs, folder, path);
    if (!location) return;
    const content = await folderContentFileAt(fs, folder, path);
    // A folder without one has its page from a tree that generated it: looked up as the folder itself ('guide/').
    if (content === undefined) {
      if (await folderHoldsNoPage(fs, location)) pageless.add(key);
      link(folder, path, anchored);
      return;
    }
    folderContent.set(key, plainKey(folder, content));
    link(folder, content, anchored);
  }));
  return { linked, whereKey, pageless };
}

/**
 * The page of each linked file (by its place): its address and headings, 'noAddress', or undefined when unknown; and
 * the places of files that exist but have no known page yet (a later publish may know it).
 */
async function lookUpPages<L>(
  linked: ReadonlyMap<string, LinkedFile<L>>, selection: ReadonlyMap<string, Selected>, refused: ReadonlySet<string>, pageless: ReadonlySet<string>, ports: LookUpPorts<L>,
): Promise<{
  pages: Map<string, PageLookup>; pageIds: Map<string, string>; withoutPage: Set<string>; awaitedAt: Map<string, string>;
  /** Of `withoutPage`, the files the plan refuses (unreadable ones too): no page in this run, so none is awaited. */
  refusedAt: Set<string>;
  /** The places no regular file is at (reached through folders only): a typo, or a file moved or deleted. */
  missing: Set<string>;
  /** The files of the selection that have a page, by place: the run may create one anew (deleted on the wiki). */
  selectionAt: Map<string, string>;
}> {
  // A linked folder (a path ending in '/': one without a content file) is known by its key with a trailing '/', which
  // the front ends' manifest lookup reads as the folder's own entry; no file's link names it.
  const found = await Promise.all([...linked].map(async ([where, file]) => {
    const entry = await lookUpEntry(ports.fs, file.folder, file.path);
    return { where, file, folder: file.path.endsWith('/'), location: entry === ABSENT ? undefined : entry, absent: entry === ABSENT };
  }));
  const missing = new Set(found.flatMap(({ where, absent }) => (absent ? [where] : [])));
  const located = found.flatMap(({ where, file, folder, location }) => (location === undefined ? [] : [{ where, file, folder, location, key: `${ports.fs.key(location)}${folder ? '/' : ''}` }]));
  const links = new Map<string, PageLink | undefined>();
  for (const { key, folder } of located) links.set(key, selection.has(key) ? selectionLink(selection.get(key)?.item) : folder ? undefined : await ports.linkOf(key));
  // A file of the selection goes where its plan says: its recorded page is not its page when it goes elsewhere.
  const unknown = located.filter(({ key }) => !selection.has(key) && links.get(key)?.pageId === undefined).map(({ key }) => key);
  if (unknown.length > 0) for (const [key, link] of (await ports.recordedLinks(unknown)).links) links.set(key, link);
  const spaceKeys = new Map<string, Promise<string>>();
  const spaceKeyOf = (spaceId: string): Promise<string> => {
    if (!spaceKeys.has(spaceId)) spaceKeys.set(spaceId, ports.spaceKey(spaceId));
    return spaceKeys.get(spaceId) as Promise<string>;
  };
  const pages = new Map<string, PageLookup>();
  const pageIds = new Map<string, string>();
  const withoutPage = new Set<string>();
  const awaitedAt = new Map<string, string>();
  const refusedAt = new Set<string>();
  const selectionAt = new Map<string, string>();
  await Promise.all(located.map(async ({ where, file, folder, location, key }) => {
    const link = links.get(key);
    // A folder no publish gives a page, and none recorded for it (a folder of images): no later run fills the link in.
    if (link === undefined && pageless.has(where)) {
      pages.set(where, 'pagelessFolder');
      return;
    }
    if (link?.pageId === undefined) {
      // Never published (or going to a new page in this run): a later run may know its page, or this one once it
      // lands (a file of the selection). A page published without its ID learnt (no page access) will not be known
      // by waiting, so files linking to it do not go again for it.
      if (link === undefined) withoutPage.add(where);
      if (link === undefined && refused.has(key)) refusedAt.add(where);
      else if (link === undefined && selection.has(key)) awaitedAt.set(where, key);
      return;
    }
    pageIds.set(where, link.pageId);
    if (selection.has(key)) selectionAt.set(where, key);
    const url = ports.siteBase === undefined ? undefined : pageAddress(ports.siteBase, await spaceKeyOf(link.spaceId), link.pageId, link.pageTitle);
    if (url === undefined) {
      pages.set(where, 'noAddress');
      return;
    }
    // A generated folder page lists its children: it has no headings to anchor to.
    const sent = !file.anchored || folder ? undefined : await sentMarkdown(selection.get(key), location, link.pageTitle, ports);
    pages.set(where, { url, title: link.pageTitle, headings: sent === undefined ? [] : markdownHeadings(sent) });
  }));
  return { pages, pageIds, withoutPage, awaitedAt, refusedAt, selectionAt, missing };
}

/** The keys of the files the plan refuses, those it could not read included (they are no file of the selection). */
function refusedKeys(items: readonly PlanItem[]): Set<string> {
  const keys = new Set<string>();
  for (const item of items) if (item.state === 'refused') keys.add(item.file.key);
  return keys;
}

/**
 * What a linked file's page shows, for its headings: a file of the selection as its plan sends it; another as it
 * would publish to its page, without a first heading that repeats the page's title when that is left out.
 */
async function sentMarkdown<L>(selected: Selected | undefined, location: L, pageTitle: string, ports: LookUpPorts<L>): Promise<string | undefined> {
  if (selected) return selected.sent();
  const text = await readText(ports.fs, location);
  if (text === undefined) return undefined;
  const split = splitFrontMatter(text);
  const leftOut = split.omitTitleHeading ?? ports.omitTitleHeading ?? false;
  return leftOut ? omitTitleHeading(split.content, pageTitle) : split.content;
}

/** A selected file's page: the one its link names, when its plan sends it there (or cannot send it at all). */
function selectionLink(item: PlanItem | undefined): PageLink | undefined {
  if (!item?.link) return undefined;
  return !item.complete || linkNames(item.link, item.complete) ? item.link : undefined;
}

/**
 * The file that gives a linked folder its page, as a tree takes it (folderPage.ts): index, else README, else
 * <folder>.md, looked for by their usual spellings (a folder cannot be listed through the port). Undefined for a
 * folder that is not there or has none of them.
 */
async function folderContentFileAt<L>(fs: FileLinkPorts<L>['fs'], folder: L, folderPath: string): Promise<string | undefined> {
  const name = nameOf(folderPath);
  for (const candidate of ['index.md', 'README.md', 'readme.md', 'Readme.md', `${name}.md`]) {
    if (await entryAt(fs, folder, `${folderPath}${candidate}`)) return `${folderPath}${candidate}`;
  }
  return undefined;
}

/**
 * Whether a folder without a content file holds nothing a publish makes a page of: no Markdown file and no folder in
 * it (a folder of images), so no tree gives it a page either. A folder below it may hold Markdown, which a tree gives
 * this folder a page for: such a folder is not said to have none. False when it cannot be listed.
 */
async function folderHoldsNoPage<L>(fs: FileLinkPorts<L>['fs'], folder: L): Promise<boolean> {
  try {
    const entries = await fs.list(folder);
    return !entries.some((entry) => entry.kind === 'directory' || (entry.kind === 'file' && isMarkdownFileName(entry.name)));
  } catch {
    return false;
  }
}

/** A linked file's text, for its headings; undefined when it cannot be read or is no text. */
async function readText<L>(fs: FileLinkPorts<L>['fs'], location: L): Promise<string | undefined> {
  try {
    const decoded = decodeText(await fs.read(location), fs.label(location));
    return decoded.ok ? decoded.text : undefined;
  } catch {
    return undefined;
  }
}

/** What finding the pages of files outside a tree's folder needs of the front end: the ports a flat publish is given. */
export type OutsideLinkPorts<L> = Pick<FileLinkPorts<L>, 'fs' | 'placeOf' | 'linkOf' | 'recordedLinks' | 'siteBase' | 'spaceKey' | 'omitTitleHeading'>;

/**
 * The pages of the files a tree's links name outside its published folder (issue 14 section 3: "links to files outside
 * the run go to their pages when known"), found as a flat publish finds them: each linking file's links read from its
 * place in the folder a run may look in (the working folder, the workspace folder), never above it, regular files only;
 * this machine's link of the file, else its nearest .wiki-pages.json. A page's headings are read when a link names one.
 */
export interface OutsideLinks {
  /**
   * The page the link `destination` (as written in the file `fileKey`) reaches; undefined when none is known. A link
   * to nothing on disk is 'noFile', and one to a folder no publish gives a page 'pagelessFolder', as a flat publish of
   * the same file says.
   */
  page(fileKey: string, destination: string): OutsidePage;
  /**
   * What the link reaches, for the digest of a page's link targets (linkTargetsDigest): the file's path in its folder,
   * its page's ID and the wiki's anchor of the heading it names; undefined when no page is known.
   */
  reached(fileKey: string, destination: string): string | undefined;
}

/** What a link out of a tree's folder reaches (OutsideLinks.page): what the rewrite takes for such a link. */
export type OutsidePage = ReturnType<NonNullable<RewriteContext['resolveOutside']>>;

/** No link leaves the folder, or none reaches a known page. */
export const NO_OUTSIDE_LINKS: OutsideLinks = Object.freeze({ page: () => undefined, reached: () => undefined });

/**
 * The pages of the files outside a tree's folder that `linking` names: for each linking file (its key), the link
 * destinations that leave the folder. Nothing is looked up when there are none.
 */
export async function outsideLinkedPages<L>(linking: ReadonlyArray<{ fileKey: string; destinations: readonly string[] }>, ports: OutsideLinkPorts<L>): Promise<OutsideLinks> {
  const entries: Array<Pick<Linking<L>, 'place' | 'destinations'> & { fileKey: string }> = [];
  for (const { fileKey, destinations } of linking) {
    const found = destinations.length === 0 ? undefined : ports.placeOf(fileKey);
    if (found) entries.push({ fileKey, place: { ...found }, destinations: [...destinations] });
  }
  if (entries.length === 0) return NO_OUTSIDE_LINKS;
  await placeInRepository(entries, ports.fs);
  const { linked, whereKey, pageless } = await linkedFilesOf(entries, ports.fs);
  if (linked.size === 0) return NO_OUTSIDE_LINKS;
  const { pages, pageIds, missing } = await lookUpPages(linked, new Map(), new Set(), pageless, ports);
  const placeOf = new Map(entries.map((entry) => [entry.fileKey, entry.place]));
  const anchorMatchers = new Map<string, (anchor: string) => string | undefined>();
  const located = (fileKey: string, destination: string): { where: string; path: string; anchor: string | undefined } | undefined => {
    const place = placeOf.get(fileKey);
    if (!place) return undefined;
    const target = linkTarget(destination, place.path, place.rootInRepository);
    const path = target.kind === 'file' ? pagePath(target) : undefined;
    if (target.kind !== 'file' || path === undefined) return undefined;
    return { where: whereKey(place.folder, path), path, anchor: target.anchor };
  };
  return {
    page: (fileKey, destination) => {
      const at = located(fileKey, destination);
      if (at !== undefined && missing.has(at.where)) return 'noFile';
      const page = at === undefined ? undefined : pages.get(at.where);
      return typeof page === 'object' || page === 'noAddress' || page === 'pagelessFolder' ? page : undefined;
    },
    reached: (fileKey, destination) => {
      const at = located(fileKey, destination);
      const pageId = at === undefined ? undefined : pageIds.get(at.where);
      if (at === undefined || pageId === undefined) return undefined;
      const page = pages.get(at.where);
      let anchor: string | undefined;
      if (typeof page === 'object' && at.anchor) {
        let matcher = anchorMatchers.get(page.url);
        if (!matcher) anchorMatchers.set(page.url, (matcher = headingMatcher(page)));
        anchor = matcher(at.anchor);
      }
      // The path in the folder, not the folder's place on this disk: a checkout moved elsewhere reaches the same pages.
      return `outside:${at.path} ${pageId}${anchor === undefined ? '' : ` #${anchor}`}`;
    },
  };
}
