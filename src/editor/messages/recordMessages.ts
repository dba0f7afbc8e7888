// Why a page the repository records is not used, in the user's language (one literal vscode.l10n.t call per entry),
// typed as the core's catalogue so a missing entry does not compile.
import * as vscode from 'vscode';
import type { RecordMessages } from '../../core/messages/recordMessages';

const fix = (): string => vscode.l10n.t('Nothing is sent to that page or under it. If the entry is wrong (a pull request may have changed it), correct it or remove it (the next publish finds or creates the page and records it); if the page was moved or renamed on the wiki, put it back.');

export const editorRecordMessages: RecordMessages = {
  entryRefused: (at, key, pageId, reason) => vscode.l10n.t('{0} records page {1} for "{2}", but {3}. {4}', at, pageId, key, reason, fix()),
  entryBelowRefused: (at, key, folder) => vscode.l10n.t('{0} records a page for "{1}" below "{2}", whose entry is refused: nothing is sent under a page the wiki did not confirm.', at, key, folder),
  entriesUnreadable: (file, why) =>
    vscode.l10n.t('The wiki could not be read to check the pages {0} records: {1}. Nothing is sent to a recorded page, or under it, until the wiki confirms it; run again.', file, why),
  entryUnchecked: (at, key, pageId) =>
    vscode.l10n.t('{0} records page {1} for "{2}", which cannot be checked without page access: a recorded page is never used unchecked. Give page access (sign in to the export API in the editor; in CI a service account or a platform token).', at, pageId, key),
  recordUnconfirmed: (pageId, title) =>
    vscode.l10n.t('its record (--state) names {0} as its page, and no version of that page carries this file\'s publish notice, so nothing on the wiki confirms the record (a pull request or a cache from elsewhere may have written it): nothing is sent. Remove the file\'s entry from the state file (the next publish finds or creates its page), or publish it with --retarget where the flags say.', pageNamed(pageId, title)),
  entryInOtherSpace: (spaceId) => vscode.l10n.t('that page is in another space ({0}) than the tree\'s', spaceId),
  entryTitledOtherwise: (wikiTitle, recordedTitle) => vscode.l10n.t('that page is titled "{0}" on the wiki, not "{1}" as recorded', wikiTitle, recordedTitle),
  entryFolderNotRecorded: (folder) => vscode.l10n.t('no page is recorded for its folder "{0}", so it cannot be a page of this tree', folder),
  entryUnderOtherParent: (parentId, parentTitle, expectedParentId, expectedTitle) =>
    vscode.l10n.t('that page is under {0} on the wiki, not under {1} where the tree puts it', pageNamed(parentId, parentTitle), pageNamed(expectedParentId, expectedTitle)),
  entryOfAnotherFile: () => vscode.l10n.t('that page\'s publish notice says another file published it'),
  entryNotConfirmed: () => vscode.l10n.t('no version of that page carries this file\'s publish notice, so nothing on the wiki shows it is this file\'s page'),
  recordOfAnotherFile: (pageId, title) =>
    vscode.l10n.t('its record names {0} as its page, but that page\'s publish notice says another file published it: the record is not used, and nothing is sent to that page. If the record is wrong (a pull request may have changed .wiki-pages.json, or it came from another machine or branch), correct it or remove its entry; if this file is now that page\'s source, remove the entry and publish it with overwrite to take the page over.', pageNamed(pageId, title)),
};

function pageNamed(id: string, title: string | undefined): string {
  return title === undefined ? vscode.l10n.t('page {0}', id) : vscode.l10n.t('"{0}" (page {1})', title, id);
}
