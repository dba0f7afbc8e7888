// The summary's note on the links a run left as written because the pages they waited for did not land (the core's
// LinksLeft, from a flat run or a tree): the plan counted on the second pass for them and gave them no caution, so
// the summary is where the user learns of them. The log lists each linking file.
import * as vscode from 'vscode';
import type { LinksLeft } from '../../core/run/landedPage';

/** Up to three of the files that got no page, then how many more: a notification is no place for a long list. */
export function linksLeftNote(linksLeft: readonly LinksLeft[]): string | undefined {
  if (linksLeft.length === 0) return undefined;
  const names = [...new Set(linksLeft.flatMap((left) => left.waitsFor))];
  const shown = names.slice(0, 3).join(', ');
  const listed = names.length > 3 ? vscode.l10n.t('{0} and {1} more', shown, names.length - 3) : shown;
  return vscode.l10n.t('Links in {0} file(s) stay as written, because these files got no page in this run: {1}. Publishing again fills them in.', linksLeft.length, listed);
}
