// The files a run will write, checked before anything is read from the wiki or sent to it: each must lie inside the
// working tree and be reached without a symbolic link (core/writes/writePath.ts). A path that breaks that is broken
// configuration (exit 2), said with the flag that named it. A tree's .wiki-pages.json is checked once its place is
// known (publishTree.ts), and every write checks its path again as it writes.
import { resolve } from 'node:path';
import { stateJournalPath } from '../core/links/stateFile';
import { checkWritePath, describeWriteRefusal } from '../core/writes/writePath';
import type { PublishArgs } from './args';

/** The refusal of the first file the run may not write, flag first; undefined when all of them may be written. */
export async function refuseUnsafeWrites(args: PublishArgs, place: { cwd: string; workingTree: string }): Promise<string | undefined> {
  const written: Array<readonly [flag: string, named: string, path: string]> = [];
  // The state file is checked in a dry run too, which only reads it: a link there is refused before it is read.
  if (args.statePath !== undefined) {
    written.push(['--state', args.statePath, args.statePath], ['--state', args.statePath, stateJournalPath(args.statePath)]);
  }
  if (args.reportPath !== undefined) written.push(['--report', args.reportPath, args.reportPath]);
  if (args.markdownPath !== undefined) written.push(['--markdown-file', args.markdownPath, args.markdownPath]);
  for (const [flag, named, path] of written) {
    const refusal = await checkWritePath(place.workingTree, resolve(place.cwd, path));
    if (refusal !== undefined) return `${flag} ${named}: ${describeWriteRefusal(refusal)}`;
  }
  return undefined;
}

/** The manifest a tree run records page IDs in, checked as the files above are. */
export async function refuseUnsafeManifest(location: string, workingTree: string): Promise<string | undefined> {
  const refusal = await checkWritePath(workingTree, location);
  return refusal === undefined ? undefined : describeWriteRefusal(refusal);
}
