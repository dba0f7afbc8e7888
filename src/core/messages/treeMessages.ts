// The sentences of the edit guard and of publishing a folder as a page tree: why a lookup could not check, why a page
// of the tree is refused or not sent, and the cautions about its links and titles.

// It holds the page routes' catalogue: a lookup that failed is worded in it.
import { englishPageRouteMessages, type PageRouteMessages } from './pageRouteMessages';
import { englishRecordMessages, type RecordMessages } from './recordMessages';

export interface TreeMessages extends PageRouteMessages, RecordMessages {
  guardTimedOut(): string;
  guardFailed(detail: string): string;
  /**
   * The parent a file goes under answers 404 to the account that checks wiki edits (hidden from it, or gone: the wiki
   * answers alike, so the words name both): a page there cannot be looked for. Follows a colon; says what lets the
   * guard look.
   */
  guardParentUnseen(parentId: string): string;

  /** `listed` holds up to three links with their reasons (below); `more` when there are others. */
  linksStay(count: number, listed: string, more: boolean): string;
  /** The same when every one of them stays for one reason: said once, `listed` holds the links alone. */
  linksStayBecause(count: number, reason: string, listed: string, more: boolean): string;
  /**
   * Links rewritten to their page whose heading the page lacks (`api.md#gone`): they open the page's top. `listed`
   * holds up to three of them as written.
   */
  linksMissHeading(count: number, listed: string, more: boolean): string;
  /** Links that reach their page without the query they were written with (`setup.md?plain=1`): a page's address takes none. */
  linksDropQuery(count: number, listed: string, more: boolean): string;
  linkWithReason(target: string, reason: string): string;
  linkOutsideRun(): string;
  /** A file published on its own or flat: the link leaves the folder its files are looked up in. */
  linkOutsideLookup(): string;
  linkUnknownPage(): string;
  /** The linked file is in the run, but the plan refuses it (its own line says why) and no page is recorded for it. */
  linkRefusedPage(): string;
  /** A link to a Markdown file that is not there (a typo, or a file moved or deleted). */
  linkNoFile(): string;
  /** A link to a folder that is there but gets no page: no Markdown in it is published (a folder of images, say). */
  linkFolderWithoutPage(): string;
  /** The linked file is there but has no page yet (a publish without a second pass). */
  linkNoPageYet(): string;
  linkNotMarkdown(): string;
  /** A link whose path has `\\` between folders (`..\\guide\\setup.md`): Markdown links take `/`. */
  linkBackslashPath(): string;
  linkUnknownAnchor(): string;
  linkQueryDropped(): string;
  /** A link to a heading of its own page (`#install`) that the page does not have. */
  linkUnknownOwnAnchor(): string;
  titleCollision(title: string, others: string): string;
  /** The same, for a folder page made from its folder's name (no index.md or README.md): the fix is the folder's. */
  generatedTitleCollision(title: string, others: string): string;
  noPageAccess(): string;
  parentNotPublished(parentTitle: string): string;
  /** A page under a folder page the plan refuses, which has no page recorded: it has no parent to land under. */
  parentRefused(parentTitle: string): string;
  /**
   * A page that would be created under a folder page held back because nothing on the wiki tells whose page it is (no
   * publish notice, no record that can tell): not created there until that page is confirmed or sent.
   */
  underUnconfirmedFolder(parentTitle: string, parentId: string): string;
  titleUncheckable(title: string, detail: string): string;
  /** The tree's parent page is not there for this account; `recorded` when the folder's manifest names it. */
  treeParentMissing(parentId: string, recorded: boolean): string;
  treeParentInOtherSpace(parentId: string, spaceKey: string, recorded: boolean): string;
  /** The folder's manifest records the tree's chosen parent page for the page at `key`: never a page of the tree. */
  recordedAsParent(key: string, parentId: string): string;
  /**
   * `file` is the content of the page a folder's tree hangs under (`parentId`): the folder is a part of the tree
   * `manifest` records, published from `treeFolder` ('' for the working folder).
   */
  contentOfTreeParent(file: string, parentId: string, manifest: string, treeFolder: string): string;
  /** The front matter of `file` names the tree's chosen parent page by its ID (wiki.pageId): never rewritten by a tree. */
  namesTreeParentById(file: string, parentId: string): string;
  /** The front matter of `file` names the page titled `title` under `grandparentId`, which is the tree's parent page. */
  namesTreeParentPlace(file: string, title: string, grandparentId: string, parentId: string): string;
  /** Whether a file's front matter names the tree's parent page by its title and parent could not be checked: `detail` why, undefined for no page access. */
  treeParentUnchecked(parentId: string, detail: string | undefined): string;
  titleElsewhere(title: string, pageId: string, url: string | undefined): string;
  /** A flat create's title held elsewhere in the space by a page carrying this file's own publish notice. */
  ownPageElsewhere(title: string, pageId: string, url: string | undefined): string;
  /** A moved file's new page, whose title its old page (page `pageId`, left where it was) holds. */
  titleHeldByOldPage(title: string, pageId: string, url: string | undefined): string;
  /** A recorded page under a folder page that this publish makes anew: it is created anew under it too. */
  followsNewPage(folderTitle: string, pageId: string): string;
  retitledPage(oldTitle: string, newTitle: string, pageId: string, takenBy?: string): string;
  /**
   * A page whose title changed back to `newTitle`, which page `pageId` of this tree still holds at its place: that page
   * is updated again; the page it published as `oldTitle` (page `leftPageId`) stays.
   */
  titledBack(oldTitle: string, newTitle: string, pageId: string, leftPageId: string): string;
  /**
   * A page retitled to the title another file of the tree gave up (`fromPath`, retitled too) at this place: that file's
   * page `pageId` is updated; the page it published as `oldTitle` (`leftPageId`) goes to `takenBy`, which has that title
   * now, or stays where it is.
   */
  takesGivenUpTitle(oldTitle: string, newTitle: string, pageId: string, fromPath: string, leftPageId: string, takenBy: string | undefined): string;
  /**
   * A page retitled to the title of the page the repository still records for a path no longer in the tree
   * (`fromPath`) at this place: that page `pageId` is updated; the one it published as `oldTitle` stays.
   */
  takesGoneFilesTitle(oldTitle: string, newTitle: string, pageId: string, fromPath: string, leftPageId: string): string;
  /** A folder page whose content file (`file`) holds nothing but its title: titled by it, it lists its children. */
  listsChildren(file: string): string;
  /** A file that names its page moved from `oldPath`, whose recorded page is under another parent than it names. */
  leavesRecordedPage(title: string, pageId: string, oldPath: string): string;
}

export const englishTreeMessages: TreeMessages = {
  ...englishPageRouteMessages,
  ...englishRecordMessages,
  guardTimedOut: () => 'the wiki did not answer in time',
  guardFailed: (detail) => `The lookup on the wiki failed: ${detail}.`,
  guardParentUnseen: (parentId) =>
    `the parent page ${parentId} does not exist, or the account that checks wiki edits may not view it (its space, or the page's restrictions; the wiki answers alike), so a page already there with this title could not be looked for: check the parent's ID, and if it is right, give that account permission to view it, or publish under a page it can see`,

  linksStay: (count, listed, more) =>
    `${count === 1 ? '1 link stays' : `${count} links stay`} as written and will not work on the wiki: ${listed}${more ? ', ...' : '.'}`,
  linksStayBecause: (count, reason, listed, more) =>
    `${count} links stay as written and will not work on the wiki (${reason}): ${listed}${more ? ', ...' : '.'}`,
  linksMissHeading: (count, listed, more) =>
    `${count === 1 ? '1 link goes to its page, not to the heading it names (the page has no such heading)' : `${count} links go to their pages, not to the headings they name (the pages have no such headings)`}: ${listed}${more ? ', ...' : '.'}`,
  linksDropQuery: (count, listed, more) =>
    `${count === 1 ? '1 link goes to its page without the query it was written with (a page\'s address takes none)' : `${count} links go to their pages without the queries they were written with (a page's address takes none)`}: ${listed}${more ? ', ...' : '.'}`,
  linkWithReason: (target, reason) => `${target} (${reason})`,
  linkOutsideRun: () => 'outside the published folder',
  linkOutsideLookup: () => 'outside the folder this publish looks in',
  linkUnknownPage: () => 'no page is known for it',
  linkRefusedPage: () => 'its page is refused in this run, for the reason listed with it: a publish after it lands fills the link in',
  linkNoFile: () => 'no such file',
  linkFolderWithoutPage: () => 'a folder with no Markdown to publish, so no page',
  linkNoPageYet: () => 'it has no page yet: a publish after it has one fills the link in',
  linkNotMarkdown: () => 'not a Markdown file',
  linkBackslashPath: () => 'written with \\ between folders, where links take /',
  linkUnknownAnchor: () => 'no such heading in the target',
  linkQueryDropped: () => 'the query is dropped: a page\'s address takes none',
  linkUnknownOwnAnchor: () => 'no such heading on this page',
  titleCollision: (title, others) =>
    `Its title "${title}" is also the title of ${others}; the wiki keeps a title unique in a space (ignoring case). Give each its own title.`,
  generatedTitleCollision: (title, others) =>
    `Its title "${title}", made from the folder's name, is also the title of ${others}; the wiki keeps a title unique in a space (ignoring case). Give the folder an index.md or README.md with a title of its own, or rename the folder.`,
  noPageAccess: () =>
    'A tree needs each page\'s ID, and this page is not recorded in the repository yet: give page access (sign in to the export API in the editor; in CI a service account or a platform token) so new pages can be found after they land.',
  parentNotPublished: (parentTitle) => `Not sent: its folder's page ("${parentTitle}") was not published, so it has no parent page yet.`,
  parentRefused: (parentTitle) => `Not sent: its folder's page ("${parentTitle}") is refused, so it has no parent page to go under. Fix that page's refusal first.`,
  underUnconfirmedFolder: (parentTitle, parentId) => `Not sent: its folder's page ("${parentTitle}", page ${parentId}) carries no publish notice, so nothing on the wiki shows it is this tree's page, and it is held back; no page is created under it until it is sent (overwriting edited pages sends it, then this page).`,
  titleUncheckable: (title, detail) => `Whether another page of the space is titled "${title}" could not be checked: ${detail}.`,
  treeParentMissing: (parentId, recorded) =>
    `Not sent: the tree's parent page ${parentId} was not found (it does not exist, was deleted, or this account cannot see it), so no page of the tree could land. ${parentFix(recorded)}`,
  treeParentInOtherSpace: (parentId, spaceKey, recorded) =>
    `Not sent: the tree's parent page ${parentId} is not in the space ${spaceKey}, so no page of the tree could land there. ${parentFix(recorded)}`,
  recordedAsParent: (key, parentId) =>
    `Not sent: the folder's .wiki-pages.json records page ${parentId}, the tree's parent page, for "${key}", but the parent page is never a page of the tree: the folder's files and subfolders become its children. Remove that entry (the next publish finds or creates the page and records it), or choose another parent page.`,
  contentOfTreeParent: (file, parentId, manifest, treeFolder) =>
    `Not sent with this folder: ${file} is the content of page ${parentId}, its folder's page, which this tree hangs under (${manifest} records the folder as part of the tree published from ${treeFolder === '' ? 'the working folder' : treeFolder}), and a tree publish never rewrites the page it hangs under. Publish ${file} on its own (it updates that page through the edit guard), or publish ${treeFolder === '' ? 'the working folder' : treeFolder} as a tree.`,
  namesTreeParentById: (file, parentId) =>
    `Not sent: the front matter of ${file} names page ${parentId} (wiki.pageId), the tree's parent page, but a tree publish never rewrites its parent page: the folder's files and subfolders become its children. ${namedParentFix(parentId)}`,
  namesTreeParentPlace: (file, title, grandparentId, parentId) =>
    `Not sent: the front matter of ${file} names the page titled "${title}" under page ${grandparentId}, which is page ${parentId}, the tree's parent page, but a tree publish never rewrites its parent page: the folder's files and subfolders become its children. ${namedParentFix(parentId)}`,
  treeParentUnchecked: (parentId, detail) =>
    `Whether its front matter names the tree's parent page ${parentId} by that page's title and parent could not be checked${detail === undefined ? ' without page access' : `: ${detail}`}. A tree publish never rewrites its parent page: check that its wiki: keys name another page.`,
  ownPageElsewhere: (title, pageId, url) =>
    `A page titled "${title}" carrying this file's publish notice is elsewhere in the space (page ${pageId}${url ? `, ${url}` : ''}): published there from another branch, or moved there on the wiki. This publish creates another page here, which the wiki may refuse (it has long kept titles unique in a space). If a colleague moved it, move it back, or publish the file where it is now.`,
  titleElsewhere: (title, pageId, url) =>
    `A page titled "${title}" already exists elsewhere in the space (page ${pageId}${url ? `, ${url}` : ''}); the wiki has long kept titles unique in a space and may refuse this one.`,
  titleHeldByOldPage: (title, pageId, url) =>
    `Its old page "${title}" (page ${pageId}${url ? `, ${url}` : ''}), which stays where it was since the service cannot move pages, holds this title; the wiki has long kept titles unique in a space and may refuse this one. If it does, rename or delete the old page on the wiki and publish again.`,
  followsNewPage: (folderTitle, pageId) =>
    `Its folder's page "${folderTitle}" is published as a new page, so this page is created anew under it; the page it published before (page ${pageId}) stays where it is.`,
  retitledPage: (oldTitle, newTitle, pageId, takenBy) => takenBy === undefined
    ? `Its title changed from "${oldTitle}" to "${newTitle}": the wiki finds a page by its title, so this makes a new page, and the page it published before (page ${pageId}) stays where it is.`
    : `Its title changed from "${oldTitle}" to "${newTitle}": the wiki finds a page by its title, so this makes a new page, and the page it published before (page ${pageId}) goes to ${takenBy}, which has that title now.`,
  takesGivenUpTitle: (oldTitle, newTitle, pageId, fromPath, leftPageId, takenBy) => takenBy === undefined
    ? `Its title changed from "${oldTitle}" to "${newTitle}", the title ${fromPath} gave up: this updates that file's page (page ${pageId}) instead of making a new one, and the page it published as "${oldTitle}" (page ${leftPageId}) stays where it is.`
    : `Its title changed from "${oldTitle}" to "${newTitle}", the title ${fromPath} gave up: this updates that file's page (page ${pageId}) instead of making a new one, and the page it published as "${oldTitle}" (page ${leftPageId}) goes to ${takenBy}, which has that title now.`,
  takesGoneFilesTitle: (oldTitle, newTitle, pageId, fromPath, leftPageId) =>
    `Its title changed from "${oldTitle}" to "${newTitle}", which page ${pageId} of this tree, published from ${fromPath} (no longer in the folder), still holds at this place: this updates that page instead of making a new one, and the page it published as "${oldTitle}" (page ${leftPageId}) stays where it is.`,
  titledBack: (oldTitle, newTitle, pageId, leftPageId) =>
    `Its title is "${newTitle}" again, which page ${pageId} of this tree still holds at this place: this updates that page instead of making a new one, and the page it published as "${oldTitle}" (page ${leftPageId}) stays where it is.`,
  listsChildren: (file) => `${file} has no text beyond a title, so this folder page lists its children instead.`,
  leavesRecordedPage: (title, pageId, oldPath) =>
    `The page "${title}" (page ${pageId}) recorded for ${oldPath} is under another parent page than this file's front matter names: the wiki cannot move a page, so this makes a new page where the front matter says, and that page stays where it is (listed as an orphan).`,
};

function namedParentFix(parentId: string): string {
  return `Point its wiki: keys at another page, or remove them (the file then becomes a page of the tree); if rewriting page ${parentId} is really meant, publish that file on its own, not as a tree (on the command line, without --tree).`;
}

function parentFix(recorded: boolean): string {
  return recorded
    ? 'The folder\'s .wiki-pages.json records it as the tree\'s parent ("space" and "parent"): change it there, or on the command line pass --space and --parent of another page with --retarget.'
    : 'Choose another parent page (on the command line, --parent).';
}
