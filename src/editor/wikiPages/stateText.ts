// What the Wiki Pages view and the Explorer badges say of a state, in the user's language. The core decides; these
// only word it. Text that came from a file or the wiki (titles, author IDs, paths) is neutralised where it is shown
// as plain text and escaped inside Markdown tooltips.
import * as vscode from 'vscode';
import type { NotReadReason, PageStateKind } from '../../core/pageState/pageState';
import type { FileState } from '../../core/pageState/workspaceStates';
import type { WikiPage } from '../../core/wikiPages';

/** The view's groups: every state, and the tree's orphans. In the order the view lists them (what needs you first). */
export type GroupKind = PageStateKind | 'orphans';
export const GROUP_ORDER: readonly GroupKind[] = [
  'changedOnWiki', 'modifiedHere', 'deletedOnWiki', 'orphans', 'publishedElsewhere', 'unchecked', 'inSync', 'notPublished',
];

export function groupLabel(group: GroupKind): string {
  switch (group) {
    case 'changedOnWiki': return vscode.l10n.t('Changed on the wiki');
    case 'modifiedHere': return vscode.l10n.t('Modified here');
    case 'deletedOnWiki': return vscode.l10n.t('Deleted on the wiki');
    case 'orphans': return vscode.l10n.t('Orphan pages (no file any more)');
    case 'publishedElsewhere': return vscode.l10n.t('Published from another clone');
    case 'unchecked': return vscode.l10n.t('Unchanged here (wiki not checked)');
    case 'inSync': return vscode.l10n.t('In sync');
    case 'notPublished': return vscode.l10n.t('Not published');
  }
}

/** A sentence for the tooltips: what the state means for this file. */
export function stateSentence(state: FileState): string {
  switch (state.kind) {
    case 'changedOnWiki':
      if (state.movedUnder !== undefined) {
        return vscode.l10n.t('Moved on the wiki under page {0} since you published it. The service finds a page by title and parent, so publishing would make a second page where the file says: move it back on the wiki, or point the file at its new parent.', state.movedUnder);
      }
      if (state.renamedFrom !== undefined && state.page !== undefined) {
        return state.modifiedHere
          ? vscode.l10n.t('Renamed on the wiki from "{0}" to "{1}" since you published it, and modified here too. The service finds a page by its title, so publishing would create a second page: rename it back on the wiki, or give the file the new title.', state.renamedFrom, state.page.title)
          : vscode.l10n.t('Renamed on the wiki from "{0}" to "{1}" since you published it. The service finds a page by its title, so publishing would create a second page: rename it back on the wiki, or give the file the new title.', state.renamedFrom, state.page.title);
      }
      return state.modifiedHere
        ? vscode.l10n.t('Changed on the wiki since you published it, and modified here too. Compare before publishing: publishing would replace the wiki\'s edit.')
        : vscode.l10n.t('Changed on the wiki since you published it. Compare to see the change.');
    case 'modifiedHere':
      return state.otherPublish
        ? vscode.l10n.t('The wiki holds another publish of this file (not an edit on the wiki), of a text other than the file\'s now. Publishing sends the file as it is.')
        : vscode.l10n.t('Modified here since it was last published.');
    case 'deletedOnWiki':
      return state.page === undefined && state.file.link?.pageId === undefined && state.recorded === undefined
        ? vscode.l10n.t('Its page is no longer found under its parent page (deleted, renamed or moved on the wiki). Publishing creates a new page.')
        : vscode.l10n.t('Its page was deleted on the wiki, or you can no longer see it. Publishing creates a new page.');
    case 'publishedElsewhere':
      return state.recordUnconfirmed
        ? vscode.l10n.t('Its page is recorded in the repository, but that page carries no publish notice, so nothing on the wiki shows this file was published there (published with notices off, written by hand, or a record a pull request changed). A publish leaves it out until that is settled.')
        : vscode.l10n.t('Its page is recorded in the repository, but this file was never published from here, so whether it matches the wiki is not known.');
    case 'notPublished': return vscode.l10n.t('Not published to the wiki.');
    case 'inSync': return vscode.l10n.t('In sync: the page is as you published it, and the file has not changed since.');
    case 'unchecked': return vscode.l10n.t('Unchanged here since it was last published; the wiki was not checked.');
  }
}

export function unreadReason(reason: NotReadReason): string {
  switch (reason) {
    case 'noAccess': return vscode.l10n.t('Changes on the wiki need the export sign-in (Wiki: Sign In to Export API).');
    case 'failed': return vscode.l10n.t('The wiki could not be read.');
    case 'pending': return vscode.l10n.t('The wiki is checked at the next refresh.');
  }
}

/** The author ID the platform gives for the page's latest version (it names no display name), else "someone". */
export function authorText(page: WikiPage): string {
  return page.versionAuthorId ?? vscode.l10n.t('someone');
}

/** "5 min ago", "3 h ago", "2 days ago"; "just now" under a minute; the date beyond a month. */
export function agoText(iso: string | undefined, now: number): string | undefined {
  const at = iso === undefined ? Number.NaN : Date.parse(iso);
  if (!Number.isFinite(at)) return undefined;
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return vscode.l10n.t('just now');
  if (minutes < 60) return vscode.l10n.t('{0} min ago', minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return vscode.l10n.t('{0} h ago', hours);
  const days = Math.floor(hours / 24);
  if (days < 31) return days === 1 ? vscode.l10n.t('yesterday') : vscode.l10n.t('{0} days ago', days);
  return new Date(at).toISOString().slice(0, 10);
}

/** "version 4 by wiki-editor, 5 min ago" */
/** "version 5 by alice, 2 h ago"; "version 5, a publish, 2 h ago" when its notice says this tool made it (publishedVersion). */
export function versionText(page: WikiPage, published: boolean, now: number): string {
  const ago = agoText(page.versionCreatedAt, now);
  if (published) return ago ? vscode.l10n.t('version {0}, a publish, {1}', page.version, ago) : vscode.l10n.t('version {0}, a publish', page.version);
  return ago
    ? vscode.l10n.t('version {0} by {1}, {2}', page.version, authorText(page), ago)
    : vscode.l10n.t('version {0} by {1}', page.version, authorText(page));
}

/** The item's description: the page title, then what matters for its state, then its folder. */
export function itemDescription(state: FileState, now: number): string {
  const title = state.page?.title ?? state.file.link?.pageTitle ?? state.recorded?.title;
  const parts: string[] = title ? [`"${title}"`] : [];
  if (state.kind === 'changedOnWiki' && state.movedUnder !== undefined) parts.push(vscode.l10n.t('moved under page {0}', state.movedUnder));
  else if (state.kind === 'changedOnWiki' && state.renamedFrom !== undefined) parts.push(vscode.l10n.t('renamed on the wiki from "{0}"', state.renamedFrom));
  else if ((state.kind === 'changedOnWiki' || state.kind === 'publishedElsewhere' || (state.kind === 'modifiedHere' && state.otherPublish)) && state.page) parts.push(versionText(state.page, state.publishedVersion, now));
  if (state.kind === 'changedOnWiki' && state.modifiedHere) parts.push(vscode.l10n.t('also modified here'));
  if (state.kind === 'deletedOnWiki' && state.modifiedHere) parts.push(vscode.l10n.t('modified here'));
  const folder = folderOf(state.file.label);
  if (folder) parts.push(folder);
  return parts.join(' · ');
}

export function folderOf(label: string): string | undefined {
  const slash = label.lastIndexOf('/');
  return slash > 0 ? label.slice(0, slash) : undefined;
}

export function fileNameOf(label: string): string {
  return label.slice(label.lastIndexOf('/') + 1);
}

/** "2025-11-22 10:02 UTC": exact, in the tooltips (the wiki and the user may be in different time zones). */
export function exactTime(epochMs: number): string {
  return Number.isFinite(epochMs) && epochMs > 0 ? `${new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ')} UTC` : vscode.l10n.t('an unknown time');
}
