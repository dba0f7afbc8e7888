// The core's edit guard and page tree sentences in the user's language (one literal vscode.l10n.t call per entry),
// typed as the core's catalogue so a missing entry does not compile.
import * as vscode from 'vscode';
import type { TreeMessages } from '../../core/messages/treeMessages';
import { editorPageRouteMessages } from './pageRouteMessages';
import { editorRecordMessages } from './recordMessages';

export const editorTreeMessages: TreeMessages = {
  ...editorPageRouteMessages,
  ...editorRecordMessages,
  guardTimedOut: () => vscode.l10n.t('the wiki did not answer in time'),
  guardFailed: (detail) => vscode.l10n.t('The lookup on the wiki failed: {0}.', detail),
  guardParentUnseen: (parentId) => vscode.l10n.t('the parent page {0} does not exist, or the account that checks wiki edits may not view it (its space, or the page\'s restrictions; the wiki answers alike), so a page already there with this title could not be looked for: check the parent\'s ID, and if it is right, give that account permission to view it, or publish under a page it can see', parentId),

  // The English lists end "..., ..." when there are more, as the command line prints it.
  linksStay: (count, listed, more) => {
    if (count === 1) return more ? vscode.l10n.t('1 link stays as written and will not work on the wiki: {0}, ...', listed) : vscode.l10n.t('1 link stays as written and will not work on the wiki: {0}.', listed);
    return more
      ? vscode.l10n.t('{0} links stay as written and will not work on the wiki: {1}, ...', count, listed)
      : vscode.l10n.t('{0} links stay as written and will not work on the wiki: {1}.', count, listed);
  },
  // Only ever for two links or more (one link says its reason after it, as linksStay does).
  linksStayBecause: (count, reason, listed, more) =>
    more
      ? vscode.l10n.t('{0} links stay as written and will not work on the wiki ({1}): {2}, ...', count, reason, listed)
      : vscode.l10n.t('{0} links stay as written and will not work on the wiki ({1}): {2}.', count, reason, listed),
  linksMissHeading: (count, listed, more) => {
    if (count === 1) {
      return more
        ? vscode.l10n.t('1 link goes to its page, not to the heading it names (the page has no such heading): {0}, ...', listed)
        : vscode.l10n.t('1 link goes to its page, not to the heading it names (the page has no such heading): {0}.', listed);
    }
    return more
      ? vscode.l10n.t('{0} links go to their pages, not to the headings they name (the pages have no such headings): {1}, ...', count, listed)
      : vscode.l10n.t('{0} links go to their pages, not to the headings they name (the pages have no such headings): {1}.', count, listed);
  },
  linksDropQuery: (count, listed, more) => {
    if (count === 1) {
      return more
        ? vscode.l10n.t('1 link goes to its page without the query it was written with (a page\'s address takes none): {0}, ...', listed)
        : vscode.l10n.t('1 link goes to its page without the query it was written with (a page\'s address takes none): {0}.', listed);
    }
    return more
      ? vscode.l10n.t('{0} links go to their pages without the queries they were written with (a page\'s address takes none): {1}, ...', count, listed)
      : vscode.l10n.t('{0} links go to their pages without the queries they were written with (a page\'s address takes none): {1}.', count, listed);
  },
  linkWithReason: (target, reason) => vscode.l10n.t('{0} ({1})', target, reason),
  linkOutsideRun: () => vscode.l10n.t('outside the published folder'),
  linkOutsideLookup: () => vscode.l10n.t('outside the folder this publish looks in'),
  linkUnknownPage: () => vscode.l10n.t('no page is known for it'),
  linkRefusedPage: () => vscode.l10n.t('its page is refused in this run, for the reason listed with it: a publish after it lands fills the link in'),
  linkNoFile: () => vscode.l10n.t('no such file'),
  linkFolderWithoutPage: () => vscode.l10n.t('a folder with no Markdown to publish, so no page'),
  linkNoPageYet: () => vscode.l10n.t('it has no page yet: a publish after it has one fills the link in'),
  linkNotMarkdown: () => vscode.l10n.t('not a Markdown file'),
  linkBackslashPath: () => vscode.l10n.t('written with \\ between folders, where links take /'),
  linkUnknownAnchor: () => vscode.l10n.t('no such heading in the target'),
  linkQueryDropped: () => vscode.l10n.t('the query is dropped: a page\'s address takes none'),
  linkUnknownOwnAnchor: () => vscode.l10n.t('no such heading on this page'),
  titleCollision: (title, others) =>
    vscode.l10n.t('Its title "{0}" is also the title of {1}; the wiki keeps a title unique in a space (ignoring case). Give each its own title.', title, others),
  generatedTitleCollision: (title, others) =>
    vscode.l10n.t('Its title "{0}", made from the folder\'s name, is also the title of {1}; the wiki keeps a title unique in a space (ignoring case). Give the folder an index.md or README.md with a title of its own, or rename the folder.', title, others),
  noPageAccess: () =>
    vscode.l10n.t('A tree needs each page\'s ID, and this page is not recorded in the repository yet: give page access (sign in to the export API in the editor; in CI a service account or a platform token) so new pages can be found after they land.'),
  parentNotPublished: (parentTitle) =>
    vscode.l10n.t('Not sent: its folder\'s page ("{0}") was not published, so it has no parent page yet.', parentTitle),
  parentRefused: (parentTitle) =>
    vscode.l10n.t('Not sent: its folder\'s page ("{0}") is refused, so it has no parent page to go under. Fix that page\'s refusal first.', parentTitle),
  underUnconfirmedFolder: (parentTitle, parentId) =>
    vscode.l10n.t('Not sent: its folder\'s page ("{0}", page {1}) carries no publish notice, so nothing on the wiki shows it is this tree\'s page, and it is held back; no page is created under it until it is sent (overwriting edited pages sends it, then this page).', parentTitle, parentId),
  titleUncheckable: (title, detail) => vscode.l10n.t('Whether another page of the space is titled "{0}" could not be checked: {1}.', title, detail),
  treeParentMissing: (parentId, recorded) =>
    recorded
      ? vscode.l10n.t('Not sent: the tree\'s parent page {0} was not found (it does not exist, was deleted, or this account cannot see it), so no page of the tree could land. The folder\'s .wiki-pages.json records it as the tree\'s parent ("space" and "parent"): change it there, or on the command line pass --space and --parent of another page with --retarget.', parentId)
      : vscode.l10n.t('Not sent: the tree\'s parent page {0} was not found (it does not exist, was deleted, or this account cannot see it), so no page of the tree could land. Choose another parent page (on the command line, --parent).', parentId),
  treeParentInOtherSpace: (parentId, spaceKey, recorded) =>
    recorded
      ? vscode.l10n.t('Not sent: the tree\'s parent page {0} is not in the space {1}, so no page of the tree could land there. The folder\'s .wiki-pages.json records it as the tree\'s parent ("space" and "parent"): change it there, or on the command line pass --space and --parent of another page with --retarget.', parentId, spaceKey)
      : vscode.l10n.t('Not sent: the tree\'s parent page {0} is not in the space {1}, so no page of the tree could land there. Choose another parent page (on the command line, --parent).', parentId, spaceKey),
  recordedAsParent: (key, parentId) =>
    vscode.l10n.t('Not sent: the folder\'s .wiki-pages.json records page {0}, the tree\'s parent page, for "{1}", but the parent page is never a page of the tree: the folder\'s files and subfolders become its children. Remove that entry (the next publish finds or creates the page and records it), or choose another parent page.', parentId, key),
  contentOfTreeParent: (file, parentId, manifest, treeFolder) =>
    treeFolder === ''
      ? vscode.l10n.t('Not sent with this folder: {0} is the content of page {1}, its folder\'s page, which this tree hangs under ({2} records the folder as part of the tree published from the workspace folder), and a tree publish never rewrites the page it hangs under. Publish {0} on its own (it updates that page through the edit guard), or publish the workspace folder as a tree.', file, parentId, manifest)
      : vscode.l10n.t('Not sent with this folder: {0} is the content of page {1}, its folder\'s page, which this tree hangs under ({2} records the folder as part of the tree published from {3}), and a tree publish never rewrites the page it hangs under. Publish {0} on its own (it updates that page through the edit guard), or publish {3} as a tree.', file, parentId, manifest, treeFolder),
  namesTreeParentById: (file, parentId) =>
    vscode.l10n.t('Not sent: the front matter of {0} names page {1} (wiki.pageId), the tree\'s parent page, but a tree publish never rewrites its parent page: the folder\'s files and subfolders become its children. Point its wiki: keys at another page, or remove them (the file then becomes a page of the tree); if rewriting page {1} is really meant, publish that file on its own, not as a tree (on the command line, without --tree).', file, parentId),
  namesTreeParentPlace: (file, title, grandparentId, parentId) =>
    vscode.l10n.t('Not sent: the front matter of {0} names the page titled "{1}" under page {2}, which is page {3}, the tree\'s parent page, but a tree publish never rewrites its parent page: the folder\'s files and subfolders become its children. Point its wiki: keys at another page, or remove them (the file then becomes a page of the tree); if rewriting page {3} is really meant, publish that file on its own, not as a tree (on the command line, without --tree).', file, title, grandparentId, parentId),
  treeParentUnchecked: (parentId, detail) =>
    detail === undefined
      ? vscode.l10n.t('Whether its front matter names the tree\'s parent page {0} by that page\'s title and parent could not be checked without page access. A tree publish never rewrites its parent page: check that its wiki: keys name another page.', parentId)
      : vscode.l10n.t('Whether its front matter names the tree\'s parent page {0} by that page\'s title and parent could not be checked: {1}. A tree publish never rewrites its parent page: check that its wiki: keys name another page.', parentId, detail),
  ownPageElsewhere: (title, pageId, url) =>
    url
      ? vscode.l10n.t('A page titled "{0}" carrying this file\'s publish notice is elsewhere in the space (page {1}, {2}): published there from another branch, or moved there on the wiki. This publish creates another page here, which the wiki may refuse (it has long kept titles unique in a space). If a colleague moved it, move it back, or publish the file where it is now.', title, pageId, url)
      : vscode.l10n.t('A page titled "{0}" carrying this file\'s publish notice is elsewhere in the space (page {1}): published there from another branch, or moved there on the wiki. This publish creates another page here, which the wiki may refuse (it has long kept titles unique in a space). If a colleague moved it, move it back, or publish the file where it is now.', title, pageId),
  titleElsewhere: (title, pageId, url) =>
    url
      ? vscode.l10n.t('A page titled "{0}" already exists elsewhere in the space (page {1}, {2}); the wiki has long kept titles unique in a space and may refuse this one.', title, pageId, url)
      : vscode.l10n.t('A page titled "{0}" already exists elsewhere in the space (page {1}); the wiki has long kept titles unique in a space and may refuse this one.', title, pageId),
  titleHeldByOldPage: (title, pageId, url) =>
    url
      ? vscode.l10n.t('Its old page "{0}" (page {1}, {2}), which stays where it was since the service cannot move pages, holds this title; the wiki has long kept titles unique in a space and may refuse this one. If it does, rename or delete the old page on the wiki and publish again.', title, pageId, url)
      : vscode.l10n.t('Its old page "{0}" (page {1}), which stays where it was since the service cannot move pages, holds this title; the wiki has long kept titles unique in a space and may refuse this one. If it does, rename or delete the old page on the wiki and publish again.', title, pageId),
  followsNewPage: (folderTitle, pageId) =>
    vscode.l10n.t('Its folder\'s page "{0}" is published as a new page, so this page is created anew under it; the page it published before (page {1}) stays where it is.', folderTitle, pageId),
  retitledPage: (oldTitle, newTitle, pageId, takenBy) => takenBy === undefined
    ? vscode.l10n.t('Its title changed from "{0}" to "{1}": the wiki finds a page by its title, so this makes a new page, and the page it published before (page {2}) stays where it is.', oldTitle, newTitle, pageId)
    : vscode.l10n.t('Its title changed from "{0}" to "{1}": the wiki finds a page by its title, so this makes a new page, and the page it published before (page {2}) goes to {3}, which has that title now.', oldTitle, newTitle, pageId, takenBy),
  takesGivenUpTitle: (oldTitle, newTitle, pageId, fromPath, leftPageId, takenBy) => takenBy === undefined
    ? vscode.l10n.t('Its title changed from "{0}" to "{1}", the title {2} gave up: this updates that file\'s page (page {3}) instead of making a new one, and the page it published as "{0}" (page {4}) stays where it is.', oldTitle, newTitle, fromPath, pageId, leftPageId)
    : vscode.l10n.t('Its title changed from "{0}" to "{1}", the title {2} gave up: this updates that file\'s page (page {3}) instead of making a new one, and the page it published as "{0}" (page {4}) goes to {5}, which has that title now.', oldTitle, newTitle, fromPath, pageId, leftPageId, takenBy),
  takesGoneFilesTitle: (oldTitle, newTitle, pageId, fromPath, leftPageId) =>
    vscode.l10n.t('Its title changed from "{0}" to "{1}", which page {2} of this tree, published from {3} (no longer in the folder), still holds at this place: this updates that page instead of making a new one, and the page it published as "{0}" (page {4}) stays where it is.', oldTitle, newTitle, pageId, fromPath, leftPageId),
  titledBack: (oldTitle, newTitle, pageId, leftPageId) =>
    vscode.l10n.t('Its title is "{0}" again, which page {1} of this tree still holds at this place: this updates that page instead of making a new one, and the page it published as "{2}" (page {3}) stays where it is.', newTitle, pageId, oldTitle, leftPageId),
  listsChildren: (file) => vscode.l10n.t('{0} has no text beyond a title, so this folder page lists its children instead.', file),
  leavesRecordedPage: (title, pageId, oldPath) =>
    vscode.l10n.t('The page "{0}" (page {1}) recorded for {2} is under another parent page than this file\'s front matter names: the wiki cannot move a page, so this makes a new page where the front matter says, and that page stays where it is (listed as an orphan).', title, pageId, oldPath),
};
