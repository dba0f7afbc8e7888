// What the repository records is untrusted input: a pull request can change any line of a folder's .wiki-pages.json,
// and one line naming another team's page for `guide/` would send every file of that folder under that team's page,
// replacing its children of the same titles. So every page the manifest records is read on the wiki, all of them in a
// few requests, before the plan uses one (as a page to update, as the parent of anything, or as a link's page): it must
// be in the tree's space, carry the title the entry records, and hang where the tree's shape puts it (under the chosen
// page at the top, else under the page recorded for the folder above). An entry that fails is refused with its reason
// and its line, and so is every page below it: nothing is sent under a page this check did not accept. A recorded page
// the wiki does not have is no refusal: the plan's other steps create it anew (a deleted page).
import { englishTreeMessages, type TreeMessages } from '../messages/treeMessages';
import { manifestFileOf } from '../messages/recordMessages';
import type { PlanItem } from '../run/planItem';
import { isPageId } from '../publish/target';
import { isRepositoryLink } from '../links/pageLink';
import type { WikiPage, WikiPagesClient } from '../wikiPages';
import { failedLookupVerdict, type FailedLookupVerdict } from '../run/failedLookup';
import { publishedFromThisFile } from '../run/publishedFrom';
import { titleKey } from '../run/sameTitles';
import { isBelow } from '../walk/relativePaths';

/** The manifest as the check reads it: its entries, and where each is written. */
export interface RecordedEntries {
  get(key: string): { id: string; title: string } | undefined;
  entries(): ReadonlyArray<[string, { id: string; title: string }]>;
  /** Where the file writes the entry (`docs/.wiki-pages.json:7`). */
  locate?(key: string): string;
}

/** The pages the check read, by ID: later steps of the plan read them from here instead of asking again. */
export type RecordedPagesRead = ReadonlyMap<string, WikiPage>;

export interface EntryCheck {
  /** The entries refused, by key: the sentence says which line and why. */
  refused: Map<string, string>;
  /** The pages read (recorded ones and the chosen parent); empty when the read failed. */
  read: RecordedPagesRead;
  /**
   * The read failed: every entry is refused, and the items refused for it carry this verdict, as a page whose lookup
   * failed does (a credential the wiki refused stops the command line; the plan digest is files only).
   */
  unread?: FailedLookupVerdict;
}

export interface EntryCheckScope {
  /** The tree's chosen parent page: the pages at the top hang under it. */
  parentId: string;
  /**
   * Keys whose page is placed by the file's own front matter, not by the tree's shape (a file that names its own
   * page): the parent and space it names, as written (a space key or its numeric ID).
   */
  namedPlaces: ReadonlyMap<string, { spaceId: string; parentId: string }>;
  /**
   * The keys of this run's files and of their folders. An entry of another key (a file gone, moved or left out) may be
   * the page of a file that names its page and moved here: it may hang where such a file of its title names
   * (`followed`, by title), which the plan confirms before it takes the page (followedPages.ts).
   */
  present?: ReadonlySet<string>;
  followed?: ReadonlyMap<string, readonly string[]>;
  /**
   * The files a key's page may have been published from (a file's label; a folder's, and the files in it): a page
   * whose notice names none of them is another file's, whatever the entry says (run/publishedFrom.ts).
   */
  filesOf?: (key: string) => ReadonlyArray<string | undefined>;
}

/**
 * The pages the manifest records and the chosen parent page, read on the wiki in a few requests; undefined when it
 * records none. With their bodies: the edit guard decides from the notice each carries, and need not read them again.
 * Needing only the manifest, the read can start before the files are read (planTreeFromWalk), as checkRecordedEntries'
 * `readAhead`.
 */
export function readRecordedPages(entries: RecordedEntries, parentId: string, pages: WikiPagesClient, signal?: AbortSignal): Promise<Map<string, WikiPage>> | undefined {
  const listed = entries.entries();
  if (listed.length === 0) return undefined;
  return pages.getPages([parentId, ...listed.map(([, entry]) => entry.id)], signal, { withBody: true });
}

/**
 * Reads every recorded page on the wiki (or takes `readAhead`, the read readRecordedPages started earlier) and says
 * which entries are refused and why. A read that fails refuses every
 * entry (nothing recorded can be trusted unread), with what went wrong.
 */
export async function checkRecordedEntries(entries: RecordedEntries, scope: EntryCheckScope, pages: WikiPagesClient, signal?: AbortSignal, messages: TreeMessages = englishTreeMessages, readAhead?: Promise<Map<string, WikiPage>>): Promise<EntryCheck> {
  const listed = entries.entries();
  const refused = new Map<string, string>();
  const at = (key: string): string => entries.locate?.(key) ?? key;
  if (listed.length === 0) return { refused, read: new Map() };
  let read: Map<string, WikiPage>;
  try {
    read = await (readAhead ?? readRecordedPages(entries, scope.parentId, pages, signal) ?? new Map<string, WikiPage>());
  } catch (error) {
    if (signal?.aborted) throw error;
    const unread = failedLookupVerdict(error, false, messages);
    for (const [key] of listed) refused.set(key, messages.entriesUnreadable(manifestFileOf(at(key)), unread.cause ?? unread.detail));
    return { refused, read: new Map(), unread };
  }
  const treeSpace = read.get(scope.parentId)?.spaceId;
  const spaceIds = await namedSpaceIds(scope.namedPlaces, pages, signal);
  // Parents first (a folder's key is a prefix of its pages' keys, so it sorts before them): a refused folder refuses
  // everything recorded below it. Worded once the pages some of them are under now are read too (their titles).
  const keys = listed.map(([key]) => key).sort((a, b) => depthOf(a) - depthOf(b) || (a < b ? -1 : a > b ? 1 : 0));
  const wording = new Map<string, (parents: ReadonlyMap<string, WikiPage>) => string>();
  const underOtherParent = new Set<string>();
  for (const key of keys) {
    const entry = entries.get(key) as { id: string; title: string };
    const folder = folderAbove(key);
    if (folder !== '' && wording.has(folder)) {
      wording.set(key, () => messages.entryBelowRefused(at(key), key, folder));
      continue;
    }
    const page = read.get(entry.id);
    // Not on the wiki (deleted, or hidden from the account that checks): nothing to send under; the plan creates it anew.
    if (page === undefined) continue;
    const named = scope.namedPlaces.get(key);
    const space = named === undefined ? treeSpace : spaceIds.get(named.spaceId);
    const expectedParent = named !== undefined ? named.parentId : folder === '' ? scope.parentId : entries.get(folder)?.id;
    const followedTo = scope.present === undefined || scope.present.has(key) ? undefined : scope.followed?.get(entry.title);
    // Where a file that names its page would take it: the plan decides that with the page's parent (followedPages.ts).
    if (followedTo !== undefined && page.parentId !== undefined && followedTo.includes(page.parentId)) continue;
    const reason = entryProblem(page, entry, { space, expectedParent, folder, parentRead: expectedParent === undefined ? undefined : read.get(expectedParent), named: named !== undefined }, messages)
      ?? anotherFilesPage(page, scope.filesOf?.(key), messages);
    if (reason === undefined) continue;
    wording.set(key, (parents) => messages.entryRefused(at(key), key, entry.id, reason.word(parents)));
    if (reason.underOtherParent) underOtherParent.add(key);
  }
  const parents = await pagesUnderWhich(wording.keys(), entries, read, pages, signal);
  for (const [key, word] of wording) {
    // A page left under a page the wiki no longer has (its folder's page was deleted, and a run made that anew): no page
    // of anyone's can be reached through it; the plan makes it anew under the new folder page, as its other steps say.
    const parentId = read.get(entries.get(key)?.id ?? '')?.parentId;
    const folder = folderAbove(key);
    if (underOtherParent.has(key) && parents.complete && parentId !== undefined && !parents.pages.has(parentId) && !(folder !== '' && refused.has(folder))) continue;
    refused.set(key, word(parents.pages));
  }
  return { refused, read };
}

/**
 * The pages the refused entries' pages are under now, for their titles: the ones the first read did not hold, read in
 * one more request, only when some entry is refused. `complete`: that read worked (a page it lacks is not on the wiki).
 */
async function pagesUnderWhich(keys: Iterable<string>, entries: RecordedEntries, read: ReadonlyMap<string, WikiPage>, pages: WikiPagesClient, signal: AbortSignal | undefined): Promise<{ pages: ReadonlyMap<string, WikiPage>; complete: boolean }> {
  const wanted = new Set<string>();
  for (const key of keys) {
    const parentId = read.get(entries.get(key)?.id ?? '')?.parentId;
    if (parentId !== undefined && !read.has(parentId)) wanted.add(parentId);
  }
  if (wanted.size === 0) return { pages: read, complete: true };
  try {
    return { pages: new Map([...read, ...await pages.getPages([...wanted], signal)]), complete: true };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { pages: read, complete: false };
  }
}

/**
 * Why the wiki's page is not the one the entry records at this place, in words that follow a colon, once the pages it
 * may be under are known (for their titles); undefined when it is the one.
 */
function entryProblem(
  page: WikiPage, entry: { id: string; title: string },
  expected: { space: string | undefined; expectedParent: string | undefined; folder: string; parentRead: WikiPage | undefined; named: boolean },
  messages: TreeMessages,
): { word: (parents: ReadonlyMap<string, WikiPage>) => string; underOtherParent?: true } | undefined {
  if (expected.space !== undefined && page.spaceId !== undefined && page.spaceId !== expected.space) return { word: () => messages.entryInOtherSpace(page.spaceId as string) };
  // Renamed on the wiki only in case (to a file's new capitalisation, as caseOnlyTitles.ts asks): still the page it
  // records, which the plan takes by the title the wiki gives it, or holds as renamed there (run/guard.ts).
  if (titleKey(page.title) !== titleKey(entry.title)) return { word: () => messages.entryTitledOtherwise(page.title, entry.title) };
  // The folder above has no page recorded: the page this entry names cannot be under a page the tree has not made.
  const expectedParent = expected.expectedParent;
  if (expectedParent === undefined) return { word: () => messages.entryFolderNotRecorded(expected.folder) };
  // The page of the folder above is not on the wiki any more: its pages are made anew under a new one, not updated.
  if (!expected.named && expected.parentRead === undefined && expected.folder !== '') return undefined;
  const parentId = page.parentId;
  if (parentId === undefined || parentId === expectedParent) return undefined;
  return { word: (parents) => messages.entryUnderOtherParent(parentId, parents.get(parentId)?.title, expectedParent, expected.parentRead?.title), underOtherParent: true };
}

/** Why the page is not the entry's file's: its notice names another file. */
function anotherFilesPage(page: WikiPage, files: ReadonlyArray<string | undefined> | undefined, messages: TreeMessages): { word: () => string; underOtherParent?: true } | undefined {
  const marker = page.body?.marker;
  if (files === undefined || marker === undefined || publishedFromThisFile(marker, files)) return undefined;
  return { word: () => messages.entryOfAnotherFile() };
}

/** The numeric IDs of the spaces files name for their own pages (key or ID as written), each asked once. */
async function namedSpaceIds(places: EntryCheckScope['namedPlaces'], pages: WikiPagesClient, signal: AbortSignal | undefined): Promise<Map<string, string | undefined>> {
  const ids = new Map<string, string | undefined>();
  for (const { spaceId } of places.values()) {
    if (ids.has(spaceId)) continue;
    // A space that cannot be resolved is left unchecked here: the import itself refuses a space that is not there.
    ids.set(spaceId, isPageId(spaceId) ? spaceId : (await pages.resolveSpace(spaceId, signal).catch((error: unknown) => {
      if (signal?.aborted) throw error;
      return undefined;
    }))?.id);
  }
  return ids;
}

function depthOf(key: string): number {
  let depth = 0;
  for (let at = key.indexOf('/'); at !== -1 && at < key.length - 1; at = key.indexOf('/', at + 1)) depth++;
  return depth;
}

/** The key of the folder a key is in: 'a/b/' for 'a/b/c.md' and 'a/b/c/', '' at the top. */
export function folderAbove(key: string): string {
  const body = key.endsWith('/') ? key.slice(0, -1) : key;
  const slash = body.lastIndexOf('/');
  return slash === -1 ? '' : body.slice(0, slash + 1);
}

/** The entries as the plan may use them: those the check did not refuse. */
export function acceptedEntries<E extends RecordedEntries>(entries: E, refused: ReadonlyMap<string, string>): RecordedEntries {
  if (refused.size === 0) return entries;
  return {
    get: (key) => (refused.has(key) ? undefined : entries.get(key)),
    entries: () => entries.entries().filter(([key]) => !refused.has(key)),
    ...(entries.locate ? { locate: (key: string) => (entries.locate as (key: string) => string)(key) } : {}),
  };
}

/** The key a file below the published folder has in its manifest; undefined for a file outside it. */
export function keyOfLabel(label: string, rootPath: string): string | undefined {
  return isBelow(label, rootPath) ? label.slice(rootPath.length) : undefined;
}

/** Whether the item's page comes from the repository's record (a link the manifest made), which the check must accept. */
export function reliesOnRecord(item: Pick<PlanItem, 'link'>): boolean {
  return isRepositoryLink(item.link) && item.link?.pageId !== undefined;
}
