// Every file's state and the tree's orphans, from the facts a front end gathered: its files (each with its link, its
// recorded page and its local plan), its page manifests, and one read of the wiki. The front end gathers (walks,
// reads, hashes); this decides, so the editor's view and any other front end say the same of the same workspace.
import { isUnconfirmedCreate, type PageLink } from '../links/pageLink';
import { englishPageRouteMessages, type PageRouteMessages } from '../messages/pageRouteMessages';
import type { PageManifest } from '../tree/manifestFormat';
import { underAnotherParent } from '../run/guardVerdict';
import type { WikiPage, WikiPagesClient } from '../wikiPages';
import { readFailureText } from '../wikiPages/readFailureText';
import type { LocalFacts } from './localPlan';
import { decidePageState, type OrphanState, type PageState, type WikiSide } from './pageState';
import { historiesWanted, readHistories, type HistoryCache } from './pageHistories';
import { sendItem } from './pageTruth';
import { treeRecords, type RecordedPage, type TreeFile } from './treeRecords';
import { readWikiPages, titleKey, unreadWiki, type PageByTitle, type ReadOptions, type WikiReading, type WikiWants } from './wikiReading';

export interface ViewFile {
  key: string;
  /** How people know the file: a workspace-relative path. */
  label: string;
  link: PageLink | undefined;
  /** The local plan's verdict; undefined for a file without a link (nothing to compare) or one that cannot be read. */
  local: LocalFacts | undefined;
}

export interface ViewTree {
  /** Where the manifest is (a URI or a path). */
  location: string;
  /** The manifest's folder as people know it ('' for a workspace folder's root). */
  label: string;
  manifest: PageManifest;
  /** The files below the manifest's folder, with their paths relative to it. */
  files: readonly TreeFile[];
}

export interface WorkspaceFacts {
  files: readonly ViewFile[];
  trees: readonly ViewTree[];
  /** The walk stopped at its bound: files it did not reach are not gone, so no page is called an orphan. */
  truncated?: boolean;
}

export interface FileState extends PageState {
  file: ViewFile;
  recorded: RecordedPage | undefined;
}

export interface WorkspaceStates {
  files: FileState[];
  orphans: OrphanState[];
}

/** A workspace's recorded pages: each file's (the deepest manifest that records it wins) and each tree's gone entries. */
export function recordedPages(trees: readonly ViewTree[]): { byFile: Map<string, RecordedPage>; gone: Array<Omit<OrphanState, 'page' | 'gone' | 'wikiUnread'>> } {
  const byFile = new Map<string, RecordedPage>();
  const gone: Array<Omit<OrphanState, 'page' | 'gone' | 'wikiUnread'>> = [];
  // Shallow manifests first, so a deeper one (a tree inside a tree) overwrites what it records.
  for (const tree of [...trees].sort((a, b) => a.label.length - b.label.length)) {
    const records = treeRecords(tree.manifest, tree.files);
    for (const [key, page] of records.recorded) byFile.set(key, page);
    for (const [key, entry] of records.gone) {
      gone.push({ key, treeLabel: tree.label, manifestLocation: tree.location, pageId: entry.id, recordedTitle: entry.title });
    }
  }
  return { byFile, gone };
}

/**
 * What one read of the wiki must cover: every linked or recorded page by ID, the rest of the links by title; and the
 * pages whose bodies must be read, which are those a file's link does not settle (linkSettles) and those the
 * repository's manifest records for a file with no link (whether their latest version is a publish, from the notice).
 */
export function wikiWants(facts: WorkspaceFacts): WikiWants {
  const { byFile, gone } = recordedPages(facts.trees);
  const pageIds: string[] = facts.truncated ? [] : gone.map((orphan) => orphan.pageId);
  const byTitle: PageByTitle[] = [];
  const linksById = new Map<string, PageLink[]>();
  const linksByTitle = new Map<string, PageLink[]>();
  const recordedOnly = new Set<string>();
  for (const file of facts.files) {
    const link = isUnconfirmedCreate(file.link) ? undefined : file.link;
    const id = file.link?.pageId ?? byFile.get(file.key)?.pageId;
    if (id !== undefined) {
      pageIds.push(id);
      if (link) listIn(linksById, id, link);
      else recordedOnly.add(id);
    // A create that may have landed unconfirmed names no page of the file (decidePageState): nothing to read for it.
    } else if (link) {
      byTitle.push({ parentId: link.parentId, title: link.pageTitle });
      listIn(linksByTitle, titleKey(link.parentId, link.pageTitle), link);
    }
  }
  const bodyWanted = (page: WikiPage): boolean => {
    if (recordedOnly.has(page.id)) return true;
    const links = [...(linksById.get(page.id) ?? []), ...(page.parentId === undefined ? [] : linksByTitle.get(titleKey(page.parentId, page.title)) ?? [])];
    return links.some((link) => !linkSettles(link, page));
  };
  return { pageIds, byTitle, bodyWanted };
}

/**
 * Whether this machine's link alone says what the page holds: the page is still at the version the link recorded, under
 * its parent and title, so that version is the publish the link describes (a version number names one version of one
 * page for good). Anything else is decided from the page's notice, as the edit guard decides it.
 */
function linkSettles(link: PageLink, page: WikiPage): boolean {
  return link.version !== undefined && page.version === link.version && page.title === link.pageTitle && !underAnotherParent(page, link.parentId);
}

function listIn(map: Map<string, PageLink[]>, key: string, link: PageLink): void {
  const list = map.get(key);
  if (list) list.push(link);
  else map.set(key, [link]);
}

const NOT_ASKED: WikiSide = { kind: 'notRead', reason: 'noAccess' };

export function decideStates(facts: WorkspaceFacts, reading: WikiReading): WorkspaceStates {
  const { byFile, gone } = recordedPages(facts.trees);
  const files = facts.files.map((file): FileState => {
    const recorded = byFile.get(file.key);
    const pageId = file.link?.pageId ?? recorded?.pageId;
    const byTitle = file.link && pageId === undefined ? { parentId: file.link.parentId, title: file.link.pageTitle } : undefined;
    const wiki = file.link || recorded ? reading.side(pageId, byTitle) : NOT_ASKED;
    const sends = file.link ? sendItem(file, file.local, file.link) : undefined;
    const history = wiki.kind === 'page' ? reading.histories?.get(wiki.page.id) : undefined;
    // decidePageState's object is new each time: the file's members go onto it rather than into a copy of it.
    return Object.assign(decidePageState({
      link: file.link, recordedPageId: recorded?.pageId, wouldPublish: file.local?.wouldPublish, wiki,
      ...(sends ? { sends } : {}), ...(history ? { history } : {}),
    }), { file, recorded });
  });
  // A recorded page some file still maps to (a file moved or renamed in VS Code keeps its link) is no orphan.
  const mapped = new Set(files.map((state) => state.pageId).filter((id): id is string => id !== undefined));
  const orphans = gone.filter((orphan) => !facts.truncated && !mapped.has(orphan.pageId)).map((orphan): OrphanState => {
    const side = reading.side(orphan.pageId);
    return {
      ...orphan,
      page: side.kind === 'page' ? side.page : undefined,
      gone: side.kind === 'gone',
      wikiUnread: side.kind === 'notRead' ? side.reason : undefined,
    };
  });
  return { files, orphans };
}

export interface RefreshOptions extends ReadOptions {
  /** The page routes; undefined without page access (then only local state is decided). */
  pages: WikiPagesClient | undefined;
  /** The words of `readFailure`: the editor's catalogue speaks the user's language; English when not given. */
  messages?: PageRouteMessages;
  /** Histories read by earlier refreshes, kept by the caller: a page's history at a version is not read twice. */
  histories?: HistoryCache;
}

export interface RefreshResult {
  states: WorkspaceStates;
  /** The read's failure, in a sentence, when the wiki could not be read (states then hold local state only). */
  readFailure: string | undefined;
  reading: WikiReading;
}

/**
 * Reads the wiki once (when there is page access and anything to read) and decides every state. A failed read is
 * not thrown: the states fall back to local state and the failure is returned. Cancellation rejects.
 */
export async function refreshStates(facts: WorkspaceFacts, options: RefreshOptions): Promise<RefreshResult> {
  let reading: WikiReading = unreadWiki('noAccess');
  let readFailure: string | undefined;
  const wants = wikiWants(facts);
  if (options.pages && (wants.pageIds.length > 0 || wants.byTitle.length > 0)) {
    try {
      reading = await readWikiPages(wants, options.pages, options);
      // The pages whose notice names an older version than theirs are settled from their history, as the guard does.
      const wanted = historiesWanted(facts.files, reading);
      if (wanted.length > 0) reading = { ...reading, histories: await readHistories(wanted, options.pages, options) };
      else options.histories?.clear();
    } catch (error) {
      if (options.signal?.aborted) throw error;
      reading = unreadWiki('failed');
      readFailure = readFailureText(error, options.messages ?? englishPageRouteMessages);
    }
  }
  return { states: decideStates(facts, reading), readFailure, reading };
}
