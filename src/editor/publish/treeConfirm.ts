// The tree publish's confirmation (publishTree.ts): the tree as it will be, page by page, with the core's counts of what
// the run sends (treeSends.ts: a page sent again for its links is an update, not "unchanged"), pages edited on the wiki
// (left out unless the user overwrites them too), moves, orphans, refusals and the links that will not work.
import * as vscode from 'vscode';
import type { PlanItem } from '../../core/run/plan';
import type { TreePlan } from '../../core/tree/treePlan';
import { showModal } from '../notify';
import { onDemand } from '../onDemandLoader';
import { compareButton, compareEditedPage } from './compareEdited';
import { editedText, heldWithoutNotice, isMoved, signInRefused, unreadForGood, unreadOnWiki, unreadText } from './guardStep';
import { fewNames } from './fewNames';
import type { PublishDependencies } from './publishContext';
import { showWithActions } from './showOutcome';
import { unsavedGoingLine } from './unsavedNote';

const SHOWN = 12;

export type TreeDecision = 'publish' | 'overwriteEdited' | 'cancel';

export interface TreeConfirmation {
  plan: TreePlan;
  spaceId: string;
  parentId: string;
  addressOf: (pageId: string, title: string) => string | undefined;
  /** The unchanged pages the run sends again for their links (the core's relinkedKeys). */
  relinked: ReadonlySet<string>;
  /** The pages foreseen to go twice (the core's foreseenSecondSends). */
  twice: ReadonlySet<string>;
  /** The keys of the files read from an editor with unsaved edits (readSelection). */
  unsaved: ReadonlySet<string>;
}

export async function confirmTree(deps: PublishDependencies, { plan, spaceId, parentId, addressOf, relinked, twice, unsaved }: TreeConfirmation): Promise<TreeDecision> {
  const core = onDemand();
  const items = core.treePlanItems(plan);
  const counts = core.treeSendCounts(plan, relinked, twice);
  const root = plan.tree.rootPath;
  // A recorded page the guard did not find, or one that follows a folder page made anew, is a new page. Not found is
  // deleted, most likely, or hidden from the sign-in that looked: only sending tells (the core's send says which).
  // A page no record names but last written by you, where this one would be created, is taken over: said so, since it
  // may be another folder's page of the same title under the same parent.
  const sent = (item: PlanItem, pageId: string | undefined): string => (item.guard?.kind === 'deleted' ? vscode.l10n.t('new: its page was not found on the wiki (deleted, or hidden from your sign-in)')
    : item.guard?.kind === 'exists' && item.guard.unknownRepository ? vscode.l10n.t('a page of this title that no record names carries a publish notice for this path, and this publish cannot tell which repository published it (a clone or workspace folder elsewhere may have a file of the same path): left as it is, the create meets "already exists"; if it is this repository\'s page, publish with Overwrite')
    // A create whose title the guard found held under its parent by a page this file did not make: the wiki refuses it.
    : item.guard?.kind === 'exists' ? vscode.l10n.t('new, but a page of this title is already under the parent, not made from this file: the wiki will refuse it (create only)')
    : item.guard?.kind === 'asLeft' && item.guard.adopted ? vscode.l10n.t('update of a page of this title that the repository does not record, carrying this file\'s publish notice: taken as this page')
      : core.treeSendKind(item, pageId) === 'update' ? vscode.l10n.t('update') : vscode.l10n.t('new'));
  const what = (item: PlanItem, pageId: string | undefined, key: string): string => (item.state === 'send' ? sent(item, pageId)
    : item.state === 'unchanged' ? (relinked.has(key) ? vscode.l10n.t('update: its links reach a page made anew') : vscode.l10n.t('unchanged'))
      : item.state === 'edited' ? (isMoved(item) ? vscode.l10n.t('somewhere else on the wiki: left out')
        : signInRefused(item) ? vscode.l10n.t('not checked for edits, the wiki refused your sign-in: left out')
        : unreadOnWiki(item) ? vscode.l10n.t('not checked for edits, the wiki could not be read: left out')
        : heldWithoutNotice(item) ? vscode.l10n.t('no publish notice, an edit cannot be told from a publish: left out') : vscode.l10n.t('edited on the wiki: left out')) : vscode.l10n.t('refused'));
  const treeLines = plan.pages.slice(0, SHOWN).map((page) =>
    `${indent(page.node.depth + 1)}${page.node.title} (${what(page.item, page.pageId ?? page.linkedPageId, page.key)}${page.node.generated ? `, ${vscode.l10n.t('lists its children')}` : ''})`);
  // Files whose front matter names their own page go after the tree's pages (their links need those pages' addresses),
  // to the place they name: listed apart, so the tree does not seem to hold them.
  const pinned = plan.pinned.filter((item) => item.state !== 'refused' && item.complete !== undefined);
  const titleOf = (item: PlanItem): string => item.complete?.pageTitle ?? item.file.label;
  const pinnedLines = pinned.slice(0, SHOWN).map((item) => `${indent(1)}${titleOf(item)} (${what(item, item.link?.pageId, item.file.label.slice(root.length))})`);
  const refused = items.filter((item) => item.state === 'refused');
  const refusals = refusalLines(refused).slice(0, SHOWN);
  // Edited on the wiki since its last publish (the version its notice names), or held for want of a notice.
  const edited = [
    ...plan.pages.filter((page) => page.item.state === 'edited').map((page) => ({ item: page.item, title: page.node.title, below: core.recordedPagesBelow(plan, page).length })),
    ...pinned.filter((item) => item.state === 'edited').map((item) => ({ item, title: titleOf(item), below: 0 })),
  ];
  const named = [...plan.pages.map((page) => ({ item: page.item, title: page.node.title })), ...pinned.map((item) => ({ item, title: titleOf(item) }))];
  // Titles held elsewhere in the space, pages a file's front matter now leaves behind (it names another place), files
  // whose front matter could name the tree's parent page, which could not be read to tell, and folder pages whose
  // content file holds nothing but their title (they list their children instead).
  const titleCautions = named.flatMap(({ item, title }) => item.cautions.filter((caution) => caution.code === 'titleInSpace' || caution.code === 'leavesPage' || caution.code === 'titledBack' || caution.code === 'treeParentUnchecked' || caution.code === 'listsChildren').map((caution) => `${title}: ${caution.message}`));
  // The links that will not work on the wiki, page by page, so they can be fixed before anything is sent.
  const linkCautions = named.flatMap(({ item, title }) => item.cautions.filter((caution) => caution.code === 'localLinks' || caution.code === 'htmlLinks').map((caution) => `${title}: ${caution.message}`));
  // The reasons a page cannot go lead: a notification collapsed to one line (when nothing can be sent) shows only its
  // first words, and in the confirmation they are what needs attention first.
  const lines = [
    ...refusals,
    vscode.l10n.t('As a page tree under page {0} in space {1}:', parentId, spaceId),
    ...treeLines,
    ...(plan.pages.length > SHOWN ? [`${indent(1)}${morePages(plan.pages.length - SHOWN)}`] : []),
    ...(pinned.length > 0 ? [vscode.l10n.t('Then, where their front matter says:'), ...pinnedLines] : []),
    ...(pinned.length > SHOWN ? [`${indent(1)}${morePages(pinned.length - SHOWN)}`] : []),
    countsLine(counts),
    ...unsavedGoingLine(items.filter((item) => item.state === 'send' && unsaved.has(item.file.key)).map((item) => item.file.label)),
    ...(counts.twice === 0 ? [] : [counts.twice === 1
      ? vscode.l10n.t('1 page goes twice: its links name pages created after it, and its second send fills them in.')
      : vscode.l10n.t('{0} pages go twice: their links name pages created after them, and their second send fills them in.', counts.twice)]),
    ...(!plan.pulledAhead ? [] : [plan.pulledAhead === 1
      ? vscode.l10n.t('1 new page comes out of name order, so that links find the pages they name (the wiki lists them in this order; the setting wikiPublisher.tree.siblingOrder keeps the name order).')
      : vscode.l10n.t('{0} new pages come out of name order, so that links find the pages they name (the wiki lists them in this order; the setting wikiPublisher.tree.siblingOrder keeps the name order).', plan.pulledAhead)]),
    ...(plan.moves.moves.length > 0 ? [vscode.l10n.t('Moves: {0} - the old page stays where it is (the service cannot move pages): {1}', plan.moves.moves.length, plan.moves.moves.map((move) => `${move.oldPath} -> ${move.path}`).join(', '))] : []),
    ...(plan.moves.undecided.length > 0 ? [vscode.l10n.t('Undecided: {0} - only the wiki can tell whether the page recorded for the old path is at the place the front matter names (not signed in), so each is sent create only: {1}', plan.moves.undecided.length, plan.moves.undecided.map((move) => `${move.oldPath} -> ${move.path}`).join(', '))] : []),
    ...(plan.moves.retitled.length > 0 ? [vscode.l10n.t('Retitled: {0} - the wiki finds a page by its title, so each gets a new page and the old one stays where it is: {1}', plan.moves.retitled.length, plan.moves.retitled.map((page) => `"${page.title}" -> "${page.newTitle}"`).join(', '))] : []),
    ...(plan.moves.orphans.length > 0 ? [vscode.l10n.t('Orphans: {0} - pages no file maps to any more: {1}', plan.moves.orphans.length, plan.moves.orphans.map((orphan) => {
      // Gone from the wiki: its address opens nothing, and only its entry keeps it listed.
      if (orphan.notOnWiki) return vscode.l10n.t('"{0}" (not on the wiki any more: remove its entry "{1}" from .wiki-pages.json)', orphan.title, orphan.path.slice(root.length));
      const url = addressOf(orphan.pageId, orphan.title);
      return url ? `"${orphan.title}" (${url})` : `"${orphan.title}"`;
    }).join(', '))] : []),
    ...edited.slice(0, SHOWN).map(editedLine),
    ...titleCautions.slice(0, SHOWN),
    ...linkCautions.slice(0, SHOWN),
    ...(linkCautions.length > SHOWN ? [linkCautions.length - SHOWN === 1 ? vscode.l10n.t('... and 1 more page with links that stay as written') : vscode.l10n.t('... and {0} more pages with links that stay as written', linkCautions.length - SHOWN)] : []),
  ];
  if (counts.send === 0 && edited.length === 0) {
    void showWithActions(counts.refused > 0 ? 'error' : 'info', lines.join(' '), []);
    return 'cancel';
  }
  // A page held because the wiki could not be read is not known to be edited: the buttons and the question say
  // which it is when every held page is such a one.
  const unread = edited.filter(({ item }) => unreadOnWiki(item)).length;
  const onlyUnread = edited.length > 0 && unread === edited.length;
  const publish = onlyUnread ? vscode.l10n.t('Publish, Leave Out Unchecked') : edited.length > 0 ? vscode.l10n.t('Publish, Leave Out Edited') : vscode.l10n.t('Publish');
  const overwrite = onlyUnread ? vscode.l10n.t('Send Unchecked Pages Too') : vscode.l10n.t('Overwrite Edited Pages Too');
  const compare = compareButton(deps, edited);
  const buttons = [...(counts.send > 0 ? [publish] : []), ...(edited.length > 0 ? [overwrite] : []), ...(compare ? [compare] : [])];
  for (;;) {
    // Nothing goes unless the user overwrites: "Publish 0 pages" would ask the wrong question.
    const question = counts.send > 0 ? undefined
      : onlyUnread ? vscode.l10n.t('No page to send could be checked for edits: the wiki could not be read. Send them unchecked?')
      : unread > 0 ? vscode.l10n.t('Every page to send was changed on the wiki or could not be checked for edits. Overwrite them?')
      : vscode.l10n.t('Every page to send was changed on the wiki. Overwrite them?');
    const title = question !== undefined ? question
      : counts.send === 1 ? vscode.l10n.t('Publish 1 page as a tree?') : vscode.l10n.t('Publish {0} pages as a tree?', counts.send);
    const choice = await showModal('info', title, lines.join('\n'), ...buttons);
    if (compare !== undefined && choice === compare && (await compareEditedPage(deps, edited))) continue;
    return choice === overwrite ? 'overwriteEdited' : choice === publish ? 'publish' : 'cancel';
  }
}

/** "2 new, 3 updated (1 of them only so its links reach a page made anew), 4 unchanged (skipped), 0 refused." */
function countsLine(counts: { newPages: number; updates: number; relinked: number; unchanged: number; refused: number }): string {
  if (counts.relinked === 0) return vscode.l10n.t('{0} new, {1} updated, {2} unchanged (skipped), {3} refused.', counts.newPages, counts.updates, counts.unchanged, counts.refused);
  return counts.relinked === 1
    ? vscode.l10n.t('{0} new, {1} updated (1 of them only so its links reach a page made anew), {2} unchanged (skipped), {3} refused.', counts.newPages, counts.updates, counts.unchanged, counts.refused)
    : vscode.l10n.t('{0} new, {1} updated ({2} of them only so their links reach a page made anew), {3} unchanged (skipped), {4} refused.', counts.newPages, counts.updates, counts.relinked, counts.unchanged, counts.refused);
}

function morePages(count: number): string {
  return count === 1 ? vscode.l10n.t('... and 1 more page') : vscode.l10n.t('... and {0} more pages', count);
}

/**
 * The confirmation's indentation, level by level: no-break spaces, since the dialog's detail collapses the leading
 * spaces of each line and a page would no longer show under its folder's page.
 */
function indent(levels: number): string {
  return '\u00a0'.repeat(4 * levels);
}

/** The refused files, one line per reason: a tree refused for its parent page says so once, not once per page. */
function refusalLines(items: readonly PlanItem[]): string[] {
  const byReason = new Map<string, string[]>();
  for (const item of items) {
    const reason = item.refusals.map((refusal) => refusal.message).join(' ');
    const labels = byReason.get(reason);
    if (labels) labels.push(item.file.label);
    else byReason.set(reason, [item.file.label]);
  }
  // The reason first: a notification collapsed to one line shows only its start.
  return [...byReason].map(([reason, labels]) => `${reason} (${fewNames(labels)})`);
}

/** A page held back for an edit (or a move) on the wiki, in the confirmation: what happened, and what overwriting does. */
function editedLine(entry: { item: PlanItem; title: string; below: number }): string {
  const verdict = entry.item.guard;
  if (signInRefused(entry.item)) return vscode.l10n.t('"{0}": {1}. Left out; sign in again, then publish again.', entry.title, unreadText(entry.item));
  if (unreadForGood(entry.item)) return vscode.l10n.t('"{0}": {1}. Left out; publishing again does not help: if the parent is only hidden from the account you signed in with, overwrite to send it unchecked.', entry.title, unreadText(entry.item));
  if (unreadOnWiki(entry.item)) return vscode.l10n.t('"{0}": {1}. Left out; publish again to check it, or overwrite to send it unchecked.', entry.title, unreadText(entry.item));
  if (verdict?.kind !== 'edited') return `"${entry.title}"`;
  if (verdict.movedUnder || verdict.renamedTo !== undefined) {
    return entry.below === 0 ? vscode.l10n.t('"{0}" is {1}. Overwriting publishes a new page in the tree and leaves that one where it is.', entry.title, editedText(verdict))
      : entry.below === 1
        ? vscode.l10n.t('"{0}" is {1}. Overwriting publishes a new page in the tree and leaves that one where it is; the page below it goes with it, created anew under the new page, while the page it published before stays.', entry.title, editedText(verdict))
        : vscode.l10n.t('"{0}" is {1}. Overwriting publishes a new page in the tree and leaves that one where it is; the {2} pages below it go with it, created anew under the new page, while the pages they published before stay.', entry.title, editedText(verdict), entry.below);
  }
  // A page without a publish notice that this machine never published: nothing tells an edit there from a publish.
  if (verdict.noNotice) {
    return entry.item.heldBelowNewPage !== undefined
      ? vscode.l10n.t('No publish notice: "{0}", {1}: an edit on the wiki cannot be told from a publish of this file (Compare shows the difference). Overwriting creates it anew under the new page of its folder "{2}" and leaves that page where it is.', entry.title, editedText(verdict), entry.item.heldBelowNewPage)
      : vscode.l10n.t('No publish notice: "{0}", {1}: an edit on the wiki cannot be told from a publish of this file (Compare shows the difference).', entry.title, editedText(verdict));
  }
  // Below a folder page made anew, overwriting cannot reach the edited page: it makes another.
  return entry.item.heldBelowNewPage !== undefined
    ? vscode.l10n.t('Edited on the wiki since you last published it: "{0}", {1}. Overwriting creates it anew under the new page of its folder "{2}" and leaves the edited page where it is.', entry.title, editedText(verdict), entry.item.heldBelowNewPage)
    : vscode.l10n.t('Edited on the wiki since you last published it: "{0}", {1}', entry.title, editedText(verdict));
}
