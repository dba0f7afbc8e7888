// The Wiki Pages view's rows: a group per state (only those with files, in the order of what needs the user first),
// each file under its group, and the tree's orphan pages. A file row is the file's URI itself, so the menu commands
// it shares with the Explorer and the editor (Publish, Compare with Wiki Page, Pull) receive a URI as they do there.
import * as vscode from 'vscode';
import type { OrphanState } from '../../core/pageState/pageState';
import type { FileState, WorkspaceStates } from '../../core/pageState/workspaceStates';
import { escapeMarkdown, neutralise } from '../../core/text/neutralise';
import { exactTime, fileNameOf, GROUP_ORDER, groupLabel, itemDescription, stateSentence, unreadReason, versionText, type GroupKind } from './stateText';

export interface GroupElement {
  readonly kind: 'group';
  readonly group: GroupKind;
}

export interface OrphanElement {
  readonly kind: 'orphan';
  readonly orphan: OrphanState;
}

export type PagesElement = vscode.Uri | GroupElement | OrphanElement;

/** Groups shown open: what asks for the user's attention. The long, quiet ones start folded. */
const OPEN_GROUPS = new Set<GroupKind>(['changedOnWiki', 'modifiedHere', 'deletedOnWiki', 'orphans']);
const GROUP_ICONS: Record<GroupKind, [icon: string, color?: string]> = {
  changedOnWiki: ['cloud-download', 'wikiPublisher.pages.changedOnWikiForeground'],
  modifiedHere: ['edit', 'wikiPublisher.pages.modifiedHereForeground'],
  deletedOnWiki: ['trash', 'wikiPublisher.pages.deletedOnWikiForeground'],
  orphans: ['circle-slash'],
  publishedElsewhere: ['organization'],
  unchecked: ['question'],
  inSync: ['pass', 'testing.iconPassed'],
  notPublished: ['circle-large-outline'],
};

export function groupsOf(states: WorkspaceStates): GroupElement[] {
  return GROUP_ORDER.filter((group) => countIn(states, group) > 0).map((group) => ({ kind: 'group', group }));
}

export function countIn(states: WorkspaceStates, group: GroupKind): number {
  return group === 'orphans' ? states.orphans.length : states.files.filter((state) => state.kind === group).length;
}

export function groupItem(group: GroupKind, count: number): vscode.TreeItem {
  const item = new vscode.TreeItem(groupLabel(group), OPEN_GROUPS.has(group) ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
  item.id = `group:${group}`;
  item.description = String(count);
  item.contextValue = `group.${group}`;
  const [icon, color] = GROUP_ICONS[group];
  item.iconPath = new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
  return item;
}

export function fileItem(uri: vscode.Uri, state: FileState, now: number): vscode.TreeItem {
  const item = new vscode.TreeItem(uri, vscode.TreeItemCollapsibleState.None);
  item.id = `${state.kind}:${state.file.key}`;
  item.label = neutralise(fileNameOf(state.file.label));
  item.description = neutralise(itemDescription(state, now));
  item.tooltip = fileTooltip(state, now);
  item.contextValue = `file.${state.kind}${canOpenPage(state) ? '.hasPage' : ''}`;
  item.command = { command: 'vscode.open', title: vscode.l10n.t('Open File'), arguments: [uri] };
  return item;
}

export function orphanItem(orphan: OrphanState): vscode.TreeItem {
  const item = new vscode.TreeItem(neutralise(orphan.page?.title ?? orphan.recordedTitle), vscode.TreeItemCollapsibleState.None);
  item.id = `orphan:${orphan.manifestLocation}#${orphan.key}`;
  const where = orphan.treeLabel === '' ? orphan.key : `${orphan.treeLabel}/${orphan.key}`;
  item.description = neutralise([where, vscode.l10n.t('page {0}', orphan.pageId), ...(orphan.gone ? [vscode.l10n.t('deleted on the wiki too')] : [])].join(' · '));
  item.iconPath = new vscode.ThemeIcon('file');
  item.contextValue = orphan.page?.webUrl ? 'orphan.hasPage' : 'orphan';
  const lines = [
    `**${escapeMarkdown(orphan.page?.title ?? orphan.recordedTitle)}**`,
    escapeMarkdown(orphan.gone
      ? vscode.l10n.t('Recorded in the page manifest for {0}, which is gone; the page is gone from the wiki too. Remove the entry from the manifest.', where)
      : vscode.l10n.t('Recorded in the page manifest for {0}, which is gone: no file maps to this page any more. The service cannot delete pages; delete or move it on the wiki if it is not wanted.', where)),
    ...(orphan.page?.webUrl ? [escapeMarkdown(orphan.page.webUrl)] : []),
    ...(orphan.wikiUnread ? [escapeMarkdown(unreadReason(orphan.wikiUnread))] : []),
  ];
  item.tooltip = new vscode.MarkdownString(lines.join('\n\n'));
  return item;
}

/** Whether Open Page has an address to open: a known one, or one built from the page ID and the link's space. */
function canOpenPage(state: FileState): boolean {
  if (state.kind === 'deletedOnWiki') return false;
  return addressOf(state) !== undefined || (state.pageId !== undefined && state.file.link !== undefined);
}

/** The page's address for a browser, when known: the link's, else the one the wiki gave in this read. */
export function addressOf(state: FileState): string | undefined {
  return state.file.link?.url ?? state.page?.webUrl;
}

function fileTooltip(state: FileState, now: number): vscode.MarkdownString {
  const link = state.file.link;
  const title = state.page?.title ?? link?.pageTitle ?? state.recorded?.title;
  const lines = [`**${escapeMarkdown(state.file.label)}**`, escapeMarkdown(stateSentence(state))];
  if (title !== undefined) lines.push(escapeMarkdown(state.pageId ? vscode.l10n.t('Page "{0}", ID {1}', title, state.pageId) : vscode.l10n.t('Page "{0}"', title)));
  const address = addressOf(state);
  if (address) lines.push(escapeMarkdown(address));
  if (state.page) {
    const at = state.page.versionCreatedAt === undefined ? Number.NaN : Date.parse(state.page.versionCreatedAt);
    lines.push(escapeMarkdown(vscode.l10n.t('On the wiki: {0} ({1})', versionText(state.page, state.publishedVersion, now), exactTime(at))));
  }
  if (link) {
    lines.push(escapeMarkdown(link.version === undefined
      ? vscode.l10n.t('Published from here at {0}, version not known', exactTime(link.publishedAt))
      : vscode.l10n.t('Published from here at {0}, version {1}', exactTime(link.publishedAt), link.version)));
  }
  if (state.recorded) lines.push(escapeMarkdown(vscode.l10n.t('Recorded in the page manifest as {0}', state.recorded.manifestKey)));
  if (state.wikiUnread && state.kind !== 'notPublished') lines.push(escapeMarkdown(unreadReason(state.wikiUnread)));
  return new vscode.MarkdownString(lines.join('\n\n'));
}

/** Everything the rows show, as one string (the minute included, for "5 min ago"): equal means nothing to redraw. */
export function renderedSignature(states: WorkspaceStates, welcome: string | undefined, now: number): string {
  const files = states.files.map((state) => [
    state.file.key, state.file.label, state.kind, state.modifiedHere, state.pageId, state.page?.title, state.page?.version, state.page?.versionAuthorId,
    state.page?.versionCreatedAt, state.page?.webUrl, state.publishedVersion, state.wikiUnread, state.file.link?.version, state.file.link?.publishedAt,
    state.file.link?.url, state.recorded?.manifestKey, state.movedUnder, state.renamedFrom, state.otherPublish,
  ]);
  const orphans = states.orphans.map((orphan) => [orphan.manifestLocation, orphan.key, orphan.pageId, orphan.page?.title, orphan.page?.webUrl, orphan.gone, orphan.wikiUnread]);
  return JSON.stringify([welcome, Math.floor(now / 60_000), files, orphans]);
}
