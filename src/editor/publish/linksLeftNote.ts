// The summary's note on the links a run left as written because the pages they waited for did not land (the core's
// LinksLeft, from a flat run or a tree): the plan counted on the second pass for them and gave them no caution, so
// the summary is where the user learns of them. The log lists each linking file.
import * as vscode from 'vscode';
import type { LinksLeft } from '../../core/run/landedPage';
import { fewNames } from './fewNames';

/** The note, naming a few of the files that got no page; undefined when every link was filled in. */
export function linksLeftNote(all: readonly LinksLeft[]): string | undefined {
  // Links a stopped run's second pass never filled in wait for pages that did land: "got no page" is not said of them
  // (the run's stop, said already, is why; the log names them).
  const linksLeft = all.filter((left) => left.stopped === undefined);
  if (linksLeft.length === 0) return undefined;
  const names = [...new Set(linksLeft.flatMap((left) => left.waitsFor))];
  // Counted both ways, the files whose links stay and the files they link to: the sentence is plural by each count.
  const named = fewNames(names);
  if (linksLeft.length === 1) {
    return names.length === 1
      ? vscode.l10n.t('Links in 1 file stay as written, because the file they link to got no page in this run: {0}. Publishing again fills them in.', named)
      : vscode.l10n.t('Links in 1 file stay as written, because the files they link to got no page in this run: {0}. Publishing again fills them in.', named);
  }
  return names.length === 1
    ? vscode.l10n.t('Links in {0} files stay as written, because the file they link to got no page in this run: {1}. Publishing again fills them in.', linksLeft.length, named)
    : vscode.l10n.t('Links in {0} files stay as written, because the files they link to got no page in this run: {1}. Publishing again fills them in.', linksLeft.length, named);
}

/**
 * The summary's note on the unchanged files a run sent so their links reach a page it made anew (the core's `relinked`
 * results), as the confirmation counted them: none when there were none.
 */
export function relinkedNote(results: ReadonlyArray<{ relinked?: true; state: string }>): string[] {
  const count = results.filter((result) => result.relinked === true && result.state === 'published').length;
  if (count === 0) return [];
  return [count === 1
    ? vscode.l10n.t('1 of the pages published did not change: it was sent so its links reach a page made anew.')
    : vscode.l10n.t('{0} of the pages published did not change: they were sent so their links reach a page made anew.', count)];
}
