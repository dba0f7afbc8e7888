// What a flat run's stop leaves of its second pass (flatRun.ts): the files published in the first pass whose second
// send, which was to fill in their links to pages created in the run, was interrupted or never went. They count as
// published (runner.ts, laterResultCounts: the page is there), yet their links stay as written, and a summary that
// said only "published" read as a run that did all it was asked; the front ends count them and say why.
import type { LinksLeft } from './landedPage';
import type { FileResult } from './runner';

type PassResult = FileResult & { pass: 1 | 2; relinked?: true };

export interface LinksLeftSources {
  /** The files (labels) a file's links wait for as they are decided now: after its second send, the pages still missing. */
  stillWaitingFor(fileKey: string): string[];
  /** The same, as decided before the second pass decided them again; undefined for a file it did not decide again. */
  waitedBeforeSecondPass(fileKey: string): string[] | undefined;
  /** Whether the run was stopped (interrupted, or a stop such as a long 429): a second send it left is said so. */
  stopped: boolean;
}

/**
 * The files published whose links to files of the run stay as written: those whose pages did not land (or whose IDs
 * could not be learnt), and, in a run that was stopped, those whose pages landed but whose second send never filled
 * them in (LinksLeft.stopped). `results`: both passes; `counted`: each file's result that counts.
 */
export function flatLinksLeft(results: readonly PassResult[], counted: readonly PassResult[], sources: LinksLeftSources): LinksLeft[] {
  const landed = new Set(counted.filter((result) => result.state === 'published').map((result) => result.item.file.label));
  const secondSends = new Map(results.filter((result) => result.pass === 2).map((result) => [result.item.file.key, result]));
  return counted.flatMap((result): LinksLeft[] => {
    if (result.state !== 'published') return [];
    const key = result.item.file.key;
    // Its last send filled in what it could: what is left waits for pages that did not land.
    if (result.pass === 2 || result.relinked) {
      const waitsFor = sources.stillWaitingFor(key);
      return waitsFor.length > 0 ? [{ item: result.item, waitsFor }] : [];
    }
    const waitsFor = sources.waitedBeforeSecondPass(key) ?? sources.stillWaitingFor(key);
    const filledLater = sources.stopped ? waitsFor.filter((label) => landed.has(label)) : [];
    const notLanded = waitsFor.filter((label) => !filledLater.includes(label));
    const left: LinksLeft[] = [];
    if (notLanded.length > 0) left.push({ item: result.item, waitsFor: notLanded });
    if (filledLater.length > 0) left.push({ item: result.item, waitsFor: filledLater, stopped: secondSends.get(key)?.state === 'cancelled' ? 'cancelled' : 'notStarted' });
    return left;
  });
}

/** How many files' second sends the run's stop left: interrupted while out, or never started. */
export function secondPassLeftOf(linksLeft: readonly LinksLeft[]): { cancelled: number; notStarted: number } {
  const left = { cancelled: 0, notStarted: 0 };
  for (const { stopped } of linksLeft) if (stopped !== undefined) left[stopped]++;
  return left;
}
