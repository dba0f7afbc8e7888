// Where the command line and the Action may write: inside the working tree, and never through a symbolic link. A pull
// request controls the tree CI checks out, links included: a committed `.wiki-publisher -> /home/runner/.bashrc`, or a
// `junit.xml` link to a file outside, turned a report or state write into an overwrite of a file elsewhere. So every
// entry from the working tree down to the file is looked at without following it (lstat): each folder on the way must
// be a real folder, and the file itself a regular file or not there yet. The working tree itself is the caller's
// choice (the command line's repository, the Action's workspace) and is taken as it is, links above it included.
import type { Stats } from 'node:fs';
import { lstat, mkdir } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { englishWriteMessages, type WriteMessages } from '../messages/writeMessages';

export type WriteRefusalReason = 'outside' | 'gitFolder' | 'link' | 'notFolder' | 'notFile';

export interface WriteRefusal {
  reason: WriteRefusalReason;
  /** The working tree, absolute. */
  tree: string;
  /** The file that was to be written, absolute. */
  path: string;
  /** The entry that stops it: the file itself, or a folder on its way (the path itself when outside). */
  at: string;
}

/** A write refused by the rules above; `message` is English (the command line's words), `wordedIn` any catalogue's. */
export class WriteRefused extends Error {
  constructor(readonly refusal: WriteRefusal) {
    super(describeWriteRefusal(refusal));
    this.name = 'WriteRefused';
  }

  wordedIn(messages: WriteMessages): string {
    return describeWriteRefusal(this.refusal, messages);
  }
}

/** The refusal as a sentence, its paths as the working tree names them ('/'-separated). */
export function describeWriteRefusal(refusal: WriteRefusal, messages: WriteMessages = englishWriteMessages): string {
  const shown = (path: string): string => relative(refusal.tree, path).split(sep).join('/');
  switch (refusal.reason) {
    case 'outside':
      return messages.outsideTree(refusal.path, refusal.tree);
    case 'link':
      return refusal.at === refusal.path ? messages.fileIsLink(shown(refusal.path)) : messages.folderIsLink(shown(refusal.path), shown(refusal.at));
    case 'notFolder':
      return messages.notAFolder(shown(refusal.path), shown(refusal.at));
    case 'notFile':
      return messages.notAFile(shown(refusal.path));
    case 'gitFolder':
      return messages.inGitFolder(shown(refusal.path), shown(refusal.at));
  }
}

/** The entries from just below the working tree down to `path` (its folders, then the file); undefined outside it. */
function entriesDown(tree: string, path: string): string[] | undefined {
  const inside = relative(tree, path);
  if (inside === '' || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return undefined;
  const entries: string[] = [];
  let at = tree;
  for (const name of inside.split(sep)) {
    at = join(at, name);
    entries.push(at);
  }
  return entries;
}

async function entryAt(path: string): Promise<Stats | undefined> {
  try {
    return await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Why `path` (absolute) may not be written in the working tree `tree` (absolute), or undefined when it may: inside
 * the tree, no link on the way, each entry on the way a folder and the file a regular one, or missing. With
 * `makeFolders`, the missing folders on the way are made, one at a time (never through a link); without it, a
 * missing folder ends the check, since nothing below it can be a link yet.
 */
export async function checkWritePath(tree: string, path: string, options: { makeFolders?: boolean } = {}): Promise<WriteRefusal | undefined> {
  const entries = entriesDown(tree, path);
  if (entries === undefined) return { reason: 'outside', tree, path, at: path };
  // A file named into .git (its config, a hook) is run by git itself: a pull request's plan job overwrote a hook so.
  // Any letter case: the folder of a case-insensitive disk answers to .GIT too.
  const gitFolder = entries.slice(0, -1).find((entry) => entry.slice(entry.lastIndexOf(sep) + 1).toLowerCase() === '.git');
  if (gitFolder !== undefined) return { reason: 'gitFolder', tree, path, at: gitFolder };
  for (const [index, at] of entries.entries()) {
    const isFile = index === entries.length - 1;
    let stats = await entryAt(at);
    if (stats === undefined) {
      if (isFile || !options.makeFolders) return undefined;
      await mkdir(at).catch((error: NodeJS.ErrnoException) => {
        // Made by someone else meanwhile: looked at below like any entry.
        if (error.code !== 'EEXIST') throw error;
      });
      stats = await lstat(at);
    }
    if (stats.isSymbolicLink()) return { reason: 'link', tree, path, at };
    if (!isFile && !stats.isDirectory()) return { reason: 'notFolder', tree, path, at };
    if (isFile && !stats.isFile()) return { reason: 'notFile', tree, path, at };
  }
  return undefined;
}

/** As checkWritePath, throwing WriteRefused. */
export async function assertWritePath(tree: string, path: string, options: { makeFolders?: boolean } = {}): Promise<void> {
  const refusal = await checkWritePath(tree, path, options);
  if (refusal !== undefined) throw new WriteRefused(refusal);
}
