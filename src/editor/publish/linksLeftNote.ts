// The summary's note on the links a run left as written because the pages they waited for did not land (the core's
// LinksLeft, from a flat run or a tree): the plan counted on the second pass for them and gave them no caution, so
// the summary is where the user learns of them. The log lists each linking file.
import * as vscode from 'vscode';
import type { LinksLeft } from '../../core/run/landedPage';
import { fewNames } from './fewNames';

/** The note, naming a few of the files that got no page; undefined when every link was filled in. */
export function linksLeftNote(linksLeft: readonly LinksLeft[]): string | undefined {
  if (linksLeft.length === 0) return undefined;
  const names = [...new Set(linksLeft.flatMap((left) => left.waitsFor))];
  return vscode.l10n.t('Links in {0} file(s) stay as written, because these files got no page in this run: {1}. Publishing again fills them in.', linksLeft.length, fewNames(names));
}
