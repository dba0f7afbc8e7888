// Compare from a folder's confirmation (issue 14): the plan lists the pages edited on the wiki since their last
// publish and leaves them out unless the user overwrites them; before deciding, the user can open each one's diff.
// The confirmation is modal and a diff behind a modal dialog cannot be read, so after the diff opens the question
// waits in a notification ("Back to the Confirmation"); closing it cancels the publish, which sends nothing.
import * as vscode from 'vscode';
import type { PlanItem } from '../../core/run/plan';
import { neutralise } from '../../core/text/neutralise';
import { notify } from '../notify';
import { editedText } from './guardStep';
import type { PublishDependencies } from './publishContext';

/** A file whose page was edited on the wiki, as the confirmation lists it. */
export interface EditedEntry {
  item: PlanItem;
  /** The page's title as the plan shows it. */
  title: string;
}

/** The label of the confirmation's Compare button, or undefined when there is nothing it could compare. */
export function compareButton(deps: PublishDependencies, edited: readonly EditedEntry[]): string | undefined {
  return deps.compare && comparable(edited).length > 0 ? vscode.l10n.t('Compare...') : undefined;
}

/**
 * Asks which edited page to compare, opens Compare with Wiki Page for it, and resolves true once the user asks to
 * return to the confirmation; false when they picked nothing or closed the notification (the publish is cancelled).
 */
export async function compareEditedPage(deps: PublishDependencies, edited: readonly EditedEntry[]): Promise<boolean> {
  const compare = deps.compare;
  const entries = comparable(edited);
  if (!compare || entries.length === 0) return false;
  const picks = entries.map((entry) => {
    const verdict = entry.item.guard;
    return {
      label: neutralise(entry.title),
      description: neutralise(entry.item.file.label),
      detail: verdict?.kind === 'edited'
        ? neutralise(verdict.noNotice ? vscode.l10n.t('{0}, without a publish notice', editedText(verdict)) : editedText(verdict)) : undefined,
      entry,
    };
  });
  const picked = await vscode.window.showQuickPick(picks, {
    title: vscode.l10n.t('Compare a page edited on the wiki with its file'),
    placeHolder: vscode.l10n.t('The page as it is on the wiki opens on the left, the file on the right'),
  });
  if (!picked) return true; // Escape: back to the confirmation
  const verdict = picked.entry.item.guard;
  if (verdict?.kind !== 'edited') return true;
  await compare(picked.entry.item.file.key, { id: verdict.page.id, title: verdict.page.title });
  const back = vscode.l10n.t('Back to the Confirmation');
  const choice = await notify('info', vscode.l10n.t('Comparing "{0}": the wiki\'s page on the left, the file on the right. Nothing is published until you confirm.', picked.entry.title), back);
  return choice === back;
}

/** Only pages of a file can be compared: a generated folder page has no file. */
function comparable(edited: readonly EditedEntry[]): EditedEntry[] {
  return edited.filter((entry) => entry.item.guard?.kind === 'edited' && !entry.item.file.key.startsWith('tree:'));
}
