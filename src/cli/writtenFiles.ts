// The files a run will write, checked before anything is read from the wiki or sent to it: each must lie inside the
// working tree and be reached without a symbolic link (core/writes/writePath.ts). A path that breaks that is broken
// configuration (exit 2), said with the flag that named it. A tree's .wiki-pages.json is checked once its place is
// known (publishTree.ts), and every write checks its path again as it writes.
import { basename, relative, resolve, sep } from 'node:path';
import { stateJournalPath } from '../core/links/stateFile';
import { MANIFEST_FILE_NAME } from '../core/tree/manifestFormat';
import { isMarkdownFileName, isSkippedFolderName } from '../core/walk/walkRules';
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
  return clashingOutput(args, written, place.cwd);
}

/**
 * A file the run would write over something else it reads or writes: another output, the state file or its journal
 * (the next run then refuses a state file holding a report), a tree's record, or a Markdown file the run publishes
 * (the plan or the state record written over a page's source, or added to the pages the next run publishes). The
 * state file and its journal are checked as the outputs are: the run writes them too.
 */
function clashingOutput(args: PublishArgs, written: ReadonlyArray<readonly [flag: string, named: string, path: string]>, cwd: string): string | undefined {
  const seen = new Map<string, string>();
  for (const [flag, named, path] of written) {
    const absolute = resolve(cwd, path);
    const before = seen.get(absolute);
    if (before !== undefined && before !== flag) return `${flag} ${named}: the same file as ${before}; each needs a file of its own.`;
    seen.set(absolute, flag);
    if (basename(absolute) === MANIFEST_FILE_NAME) return `${flag} ${named}: a page tree's record (${MANIFEST_FILE_NAME}); name another file.`;
    const published = args.paths.map((named) => resolve(cwd, named)).find((source) => absolute === source || absolute.startsWith(`${source}${sep}`));
    if (published !== undefined && isMarkdownFileName(basename(absolute)) && walkTakes(published, absolute)) {
      return `${flag} ${named}: a Markdown file in ${relative(cwd, published) || '.'}, which this run publishes: it would be written over a page's source, or published as a page by the next run. Name a file outside it, or one that is not Markdown.`;
    }
  }
  return undefined;
}

/**
 * Whether a walk of the published path `root` takes the file at `path` below it: not in a folder the walk skips
 * (node_modules, dot-folders). Named itself, the file is taken. A .gitignore the walk would honour is not read here:
 * such a file is refused all the same (name another).
 */
function walkTakes(root: string, path: string): boolean {
  const folders = relative(root, path).split(sep).slice(0, -1);
  return !folders.some(isSkippedFolderName);
}

/** The manifest a tree run records page IDs in, checked as the files above are. */
export async function refuseUnsafeManifest(location: string, workingTree: string): Promise<string | undefined> {
  const refusal = await checkWritePath(workingTree, location);
  return refusal === undefined ? undefined : describeWriteRefusal(refusal);
}
