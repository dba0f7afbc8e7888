// Why a page the repository records (.wiki-pages.json) is not used: the wiki's page is not what the entry and the
// tree's shape say (recordedEntries.ts). Each names the entry's line and what to do; a pull request may have changed it.

export interface RecordMessages {
  /** `at` is where the entry is written (`docs/.wiki-pages.json:7`); `reason` one of the lower-case reasons below. */
  entryRefused(at: string, key: string, pageId: string, reason: string): string;
  /** The entry of the folder `folder` above it is refused: nothing is sent under that page, so neither is this. */
  entryBelowRefused(at: string, key: string, folder: string): string;
  /**
   * The recorded pages could not be read on the wiki: `why` in words that follow a colon. One sentence for every entry
   * of the file (`file`, no line): the wiki failed, not an entry, and a list of the same cause once per page said
   * nothing more (the front ends group refusals by their sentence).
   */
  entriesUnreadable(file: string, why: string): string;
  /** No page access: the entry cannot be checked, and a page it names is never used unchecked. */
  entryUnchecked(at: string, key: string, pageId: string): string;

  entryInOtherSpace(spaceId: string): string;
  entryTitledOtherwise(wikiTitle: string, recordedTitle: string): string;
  /** The folder above (`folder`) has no page recorded, so no recorded page can be under the page it will get. */
  entryFolderNotRecorded(folder: string): string;
  /** The page is under `parentId` (titled `parentTitle`) instead; the titles when the wiki gave them. */
  entryUnderOtherParent(parentId: string, parentTitle: string | undefined, expectedParentId: string, expectedTitle: string | undefined): string;
  /** The page's publish notice says another file published it (run/publishedFrom.ts). */
  entryOfAnotherFile(): string;
  /** No version of the page carries the file's publish notice: nothing on the wiki shows the entry is right. */
  entryNotConfirmed(): string;
  /**
   * A record (the repository's, a --state file, the editor's link store) names page `pageId` for the file, but the
   * page's publish notice says another file published it (run/publishedFrom.ts): the record is not used.
   */
  recordOfAnotherFile(pageId: string, title: string): string;
  /**
   * With page access and notices on, a record from a file (a --state file, its journal) names page `pageId` for the
   * file, and no version of that page carries the file's publish notice: nothing on the wiki confirms the record.
   */
  recordUnconfirmed(pageId: string, title: string): string;
}

const MANIFEST = '.wiki-pages.json';

const FIX = 'Nothing is sent to that page or under it. If the entry is wrong (a pull request may have changed it), correct it or remove it (the next publish finds or creates the page and records it); if the page was moved or renamed on the wiki, put it back.';

export const englishRecordMessages: RecordMessages = {
  entryRefused: (at, key, pageId, reason) => `${at} records page ${pageId} for "${key}", but ${reason}. ${FIX}`,
  entryBelowRefused: (at, key, folder) => `${at} records a page for "${key}" below "${folder}", whose entry is refused: nothing is sent under a page the wiki did not confirm.`,
  entriesUnreadable: (file, why) => `The wiki could not be read to check the pages ${file} records: ${why}. Nothing is sent to a recorded page, or under it, until the wiki confirms it; run again.`,
  entryUnchecked: (at, key, pageId) =>
    `${at} records page ${pageId} for "${key}", which cannot be checked without page access: a recorded page is never used unchecked. Give page access (sign in to the export API in the editor; in CI a service account or a platform token).`,
  entryInOtherSpace: (spaceId) => `that page is in another space (${spaceId}) than the tree's`,
  entryTitledOtherwise: (wikiTitle, recordedTitle) => `that page is titled "${wikiTitle}" on the wiki, not "${recordedTitle}" as recorded`,
  entryFolderNotRecorded: (folder) => `no page is recorded for its folder "${folder}", so it cannot be a page of this tree`,
  entryUnderOtherParent: (parentId, parentTitle, expectedParentId, expectedTitle) =>
    `that page is under ${pageNamed(parentId, parentTitle)} on the wiki, not under ${pageNamed(expectedParentId, expectedTitle)} where the tree puts it`,
  entryOfAnotherFile: () => 'that page\'s publish notice says another file published it',
  entryNotConfirmed: () => 'no version of that page carries this file\'s publish notice, so nothing on the wiki shows it is this file\'s page',
  recordOfAnotherFile: (pageId, title) =>
    `its record names ${pageNamed(pageId, title)} as its page, but that page's publish notice says another file published it: the record is not used, and nothing is sent to that page. If the record is wrong (a pull request may have changed ${MANIFEST}, or it came from another machine or branch), correct it or remove its entry; if this file is now that page's source, remove the entry and publish it with overwrite to take the page over.`,
  recordUnconfirmed: (pageId, title) =>
    `its record (--state) names ${pageNamed(pageId, title)} as its page, and no version of that page carries this file's publish notice, so nothing on the wiki confirms the record (a pull request or a cache from elsewhere may have written it): nothing is sent. Remove the file's entry from the state file (the next publish finds or creates its page), or publish it with --retarget where the flags say.`,
};

/** A page as these sentences name it: by its title with its ID, or by its ID alone when the title is not known. */
function pageNamed(id: string, title: string | undefined): string {
  return title === undefined ? `page ${id}` : `"${title}" (page ${id})`;
}

/** The file of an entry's place (`docs/.wiki-pages.json:7` -> `docs/.wiki-pages.json`), for a sentence about all of it. */
export function manifestFileOf(at: string): string {
  return at.replace(/:\d+$/, '');
}
