// Names listed in a notification: a few, then how many more (a notification is no place for a long list).
import * as vscode from 'vscode';

const SHOWN = 3;

/** `a, b, c and 4 more`; all of them when there are three or fewer. */
export function fewNames(names: readonly string[]): string {
  const shown = names.slice(0, SHOWN).join(', ');
  return names.length > SHOWN ? vscode.l10n.t('{0} and {1} more', shown, names.length - SHOWN) : shown;
}
