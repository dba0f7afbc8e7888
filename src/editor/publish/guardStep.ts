// The editor's side of the core's edit guard (core/run/guard.ts): runs it under a progress notification with
// Cancel, with the page routes when signed in, and words its verdicts for messages. The rules are the core's.
import * as vscode from 'vscode';
import type { GuardOptions, GuardVerdict } from '../../core/run/guard';
import type { PlanItem } from '../../core/run/plan';
import { editorPublishMessages } from '../messages/publishMessages';
import { editorTreeMessages } from '../messages/treeMessages';
import { onDemand } from '../onDemandLoader';
import { pageNoticeOff } from './publishSettings';
import { showModal, showWarning } from '../notify';
import { withNotificationProgress } from '../progressNotification';
import type { PublishDependencies } from './publishContext';

export interface GuardRequest {
  /** Files whose edited pages the user already chose to overwrite. */
  overwriteEdited?: boolean | ReadonlySet<string>;
  /** The plan's link decisions: decided again for the files the guard refuses (GuardOptions.links). */
  links?: GuardOptions['links'];
}

/** Runs the guard over the plan; resolves false when the user cancelled. */
export async function runGuard(deps: PublishDependencies, items: PlanItem[], request: GuardRequest = {}): Promise<boolean> {
  // Create-only files need no look: the import itself answers "already exists", with Overwrite. But one whose earlier
  // create may have landed unconfirmed is looked at: a page there carrying its publish notice is that create's, and is
  // updated as the file's own (the core's guard). Unchanged files are looked at when the wiki can be read, in bulk: a
  // page deleted there is published anew, one edited there is held back (core/run/guard.ts).
  const core = onDemand();
  const checking = items.filter((item) => core.guardLooksUp(item, false));
  const unchanged = items.filter((item) => core.unchangedWithPage(item));
  const pages = await deps.wiki.pages();
  const looked = pages ? [...checking, ...unchanged] : checking;
  const noAccess = await noAccessOptions(deps, pages);
  const guard = (signal?: AbortSignal): Promise<unknown> => core.guardPlan(items, {
    pages,
    ...noAccess,
    ...(signal ? { signal } : {}),
    lookUpCreates: false,
    lookForOldTitles: false,
    noticeOff: pageNoticeOff(),
    messages: editorTreeMessages,
    planMessages: editorPublishMessages,
    ...(request.overwriteEdited !== undefined ? { overwriteEdited: request.overwriteEdited } : {}),
    ...(request.links ? { links: request.links } : {}),
  });
  if (looked.length === 0) {
    // No page to look up, so no progress to show; the guard still runs, for its steps over the whole plan (with page
    // access, titles of one space written as its key and its ID), as it did when the front end called them itself.
    await guard();
    return true;
  }
  const title = looked.length === 1
    ? vscode.l10n.t('Checking "{0}" on the wiki for edits...', looked[0]?.complete?.pageTitle ?? '')
    : vscode.l10n.t('Checking {0} pages on the wiki for edits...', looked.length);
  return withNotificationProgress(title, async (_progress, signal) => {
    try {
      await guard(signal);
      for (const item of items) {
        if (item.guard?.kind === 'unchecked' && item.guard.reason === 'failed') deps.log.warn(`The edit guard could not check "${item.complete?.pageTitle}": ${item.guard.detail}`);
      }
      return true;
    } catch (error) {
      if (signal.aborted) return false;
      throw error;
    }
  });
}

/**
 * What the guard says and does without page access: not signed in, an update goes unchecked, with that said; signed
 * out by the authorization server (a revoked or expired sign-in the user did not end), it is held back, with Sign In
 * Again, as when the wiki refuses the sign-in (the core's noAccessHeld).
 */
export async function noAccessOptions(deps: Pick<PublishDependencies, 'wiki'>, pages: unknown): Promise<{ noAccessReason: string; noAccessHeld?: boolean }> {
  if (pages === undefined && (await deps.wiki.signInRevoked())) {
    return { noAccessReason: vscode.l10n.t('your export API sign-in has expired or was revoked, so the wiki cannot be read'), noAccessHeld: true };
  }
  return { noAccessReason: vscode.l10n.t('you are not signed in to the export API (Wiki: Sign In), so the wiki cannot be read') };
}

/**
 * "version 9 by wiki-editor, 2026-11-20 10:32 UTC": what changed the page, for messages and the log; for a page found
 * under another parent, where it is now.
 */
export function editedText(verdict: Extract<GuardVerdict, { kind: 'edited' }>): string {
  const moved = movedText(verdict);
  if (moved) return moved;
  const page = verdict.page;
  const when = page.versionCreatedAt ? utcText(page.versionCreatedAt) : undefined;
  const who = page.versionAuthorId;
  if (who && when) return vscode.l10n.t('version {0} by {1}, {2}', page.version, who, when);
  if (when) return vscode.l10n.t('version {0}, {1}', page.version, when);
  return vscode.l10n.t('version {0}', page.version);
}

/**
 * 'under "Onboarding" (page 123) on the wiki now, not where this publish puts it': a page moved on the wiki, or a place
 * changed here; undefined for any other edit. Publishing makes a second page, so every front end says it apart.
 */
export function movedText(verdict: Extract<GuardVerdict, { kind: 'edited' }>): string | undefined {
  const under = verdict.movedUnder;
  // Renamed there: the import finds a page by its title, so this publish cannot reach it either.
  if (!under) return verdict.renamedTo === undefined ? undefined : vscode.l10n.t('renamed on the wiki to "{0}", a title this publish does not reach', verdict.renamedTo);
  return under.title === undefined
    ? vscode.l10n.t('under page {0} on the wiki now, not where this publish puts it', under.id)
    : vscode.l10n.t('under "{0}" (page {1}) on the wiki now, not where this publish puts it', under.title, under.id);
}

/** The core's heldWithoutNotice of the item's verdict: a page without a publish notice that this machine has no record of. */
export function heldWithoutNotice(item: PlanItem): boolean {
  return onDemand().heldWithoutNotice(item.guard);
}

/**
 * The core's unreadOnWiki of the item's verdict: its lookup failed although signed in, so an update is held back like an
 * edited page (Compare cannot help: the wiki cannot be read).
 */
export function unreadOnWiki(item: PlanItem): boolean {
  return onDemand().unreadOnWiki(item.guard);
}

/**
 * The core's unreadForGood: a lookup that checking again cannot help (a parent page the signed-in account cannot see).
 * The editor then offers no Check Again and says what helps: page access to the parent, or sending it unchecked.
 */
export function unreadForGood(item: PlanItem): boolean {
  return onDemand().unreadForGood(item.guard);
}

/**
 * Whether the wiki refused the export sign-in itself (HTTP 401) on the item's lookup (the core's credentialRefusedOnWiki):
 * held back like any unread page, but publishing again cannot check it until the user signs in again.
 */
export function signInRefused(item: PlanItem): boolean {
  return onDemand().credentialRefusedOnWiki(item.guard);
}

/**
 * Whether the item is held because the export sign-in ended without the user's say (revoked or expired): no lookup was
 * made (GuardVerdict signInEnded). Always also signInRefused.
 */
export function signInEnded(item: PlanItem): boolean {
  return item.guard?.kind === 'unchecked' && item.guard.signInEnded === true;
}

/**
 * Offers the sign-in for the pages left out because the wiki refused the export sign-in, as the editor does for an
 * export session that expired or was revoked (exportSessionService's Sign In Again). Nothing when there are none.
 */
export async function offerSignInForRefusedLookups(items: readonly PlanItem[]): Promise<void> {
  const held = items.filter((item) => item.state === 'edited' && signInRefused(item));
  if (held.length === 0) return;
  const signInAgain = vscode.l10n.t('Sign In Again');
  const message = held.every(signInEnded)
    ? held.length === 1
      ? vscode.l10n.t('"{0}" was left out: your export API sign-in has expired or was revoked, so its page could not be checked for edits. Sign in again, then publish again.', held[0]?.complete?.pageTitle ?? held[0]?.file.label ?? '')
      : vscode.l10n.t('{0} pages were left out: your export API sign-in has expired or was revoked, so they could not be checked for edits. Sign in again, then publish again.', held.length)
    : held.length === 1
    ? vscode.l10n.t('"{0}" was left out: the wiki refused your export API sign-in, so its page could not be checked for edits. Sign in again, then publish again.', held[0]?.complete?.pageTitle ?? held[0]?.file.label ?? '')
    : vscode.l10n.t('{0} pages were left out: the wiki refused your export API sign-in, so they could not be checked for edits. Sign in again, then publish again.', held.length);
  const choice = await showWarning(message, signInAgain);
  if (choice === signInAgain) await vscode.commands.executeCommand('wikiPublisher.signIn');
}

/**
 * "the wiki could not be read to check for edits: the wiki did not answer within 10 s", for an item unreadOnWiki holds;
 * for a refused sign-in, that and what fixes it (signing in again, not publishing again).
 */
export function unreadText(item: PlanItem): string {
  if (signInEnded(item)) return vscode.l10n.t('your export API sign-in has expired or was revoked, so it could not be checked for edits');
  if (signInRefused(item)) return vscode.l10n.t('the wiki refused your export API sign-in (HTTP 401), so it could not be checked for edits');
  const verdict = item.guard;
  const cause = verdict?.kind === 'unchecked' ? verdict.cause ?? trimStop(verdict.detail) : '';
  return vscode.l10n.t('the wiki could not be read to check for edits: {0}', cause);
}

/** Whether the guard found the item's page where this publish cannot reach it: under another parent, or renamed. */
export function isMoved(item: PlanItem): boolean {
  return onDemand().pageElsewhere(item.guard);
}

/** Why the guard could not check, for the result message: undefined when it did check (or had nothing to check). */
export function uncheckedNote(items: readonly PlanItem[]): string | undefined {
  const unchecked = items.filter((item) => item.state === 'send' && item.complete?.overwrite && item.guard?.kind === 'unchecked');
  const first = unchecked[0]?.guard;
  if (!first || first.kind !== 'unchecked') return undefined;
  return unchecked.length === 1
    ? vscode.l10n.t('Wiki edits were not checked: {0}.', trimStop(first.detail))
    : vscode.l10n.t('Wiki edits were not checked for {0} pages: {1}.', unchecked.length, trimStop(first.detail));
}

function utcText(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');
}

function trimStop(text: string): string {
  return text.replace(/\.$/, '');
}

/**
 * A single file's front matter says overwrite: true, and the page at its place is not one it published (the guard's
 * 'notOurs'): a repository decides that line, so the replace is asked, as a folder's confirmation asks it. True when
 * the user chose to replace it, or the overwrite was the user's own choice (`chosen`: Overwrite after "already exists").
 */
export async function replaceConfirmed(item: PlanItem, chosen: boolean): Promise<boolean> {
  const verdict = item.guard;
  if (chosen || verdict?.kind !== 'notOurs' || item.prepared.frontMatterTarget.overwrite !== true) return true;
  const replace = vscode.l10n.t('Replace');
  const page = verdict.page;
  const by = page.versionAuthorId === undefined ? '' : vscode.l10n.t(' by {0}', page.versionAuthorId);
  const choice = await showModal(
    'warning',
    vscode.l10n.t('Replace "{0}" on the wiki? This file did not publish that page: its front matter says overwrite: true.', page.title),
    vscode.l10n.t('Page {0}, version {1}{2}. Publishing replaces its text with this file\'s.', page.id, page.version, by),
    replace,
  );
  return choice === replace;
}

/**
 * Publish on a file that did not change since its last publish, whose page a colleague changed on the wiki since (the
 * look for a deleted page found it edited): nothing of the file's would be sent, so the change on the wiki is said,
 * with Compare and Pull, not a silent return (and not Overwrite, which would only put the old text back).
 */
export async function sayEditedWhileUnchanged(deps: Pick<PublishDependencies, 'compare' | 'pull'>, item: PlanItem, fileUri: string): Promise<void> {
  const verdict = item.guard;
  if (verdict?.kind !== 'edited') return;
  const compare = vscode.l10n.t('Compare');
  const pull = vscode.l10n.t('Pull');
  const choice = await showWarning(
    vscode.l10n.t('Nothing to publish: this file did not change since its last publish, and "{0}" was changed on the wiki since ({1}). Compare shows it next to this file; Pull merges the wiki\'s changes into it.', verdict.page.title, editedText(verdict)),
    compare, pull,
  );
  if (choice === compare) await deps.compare?.(fileUri, { id: verdict.page.id, title: verdict.page.title });
  if (choice === pull) await deps.pull?.(fileUri);
}

/**
 * The modal question for an update the guard held back unchecked: why it was not published (unreadText), the way to
 * check it (`check`, the first button; none where checking again cannot help) and Publish Without Checking. The button chosen: `check`, 'sendUnchecked', or
 * undefined when dismissed.
 */
export async function askAboutUnchecked<Check extends string>(item: PlanItem, check: Check | undefined, detail: string): Promise<Check | 'sendUnchecked' | undefined> {
  const sendUnchecked = vscode.l10n.t('Publish Without Checking');
  const choice = await showModal(
    'warning',
    vscode.l10n.t('"{0}" was not published: {1}.', item.complete?.pageTitle ?? item.file.label, unreadText(item)),
    detail, ...(check === undefined ? [sendUnchecked] : [check, sendUnchecked]),
  );
  return choice === sendUnchecked ? 'sendUnchecked' : check !== undefined && choice === check ? check : undefined;
}
