// The one way the command line and the Action write a file of the working tree (--state and its journal, --report,
// --markdown-file, a tree's .wiki-pages.json): the path checked first (writePath.ts: inside the tree, no symbolic link
// on the way, missing folders made), then
// - a whole file replaced atomically: a temporary file in the same folder (so the rename never crosses file systems),
//   created exclusively and without following a link, renamed over the old one; a reader sees the old text or the
//   new, never a part, and a write that fails leaves the old file as it was;
// - a journal appended to, opened without following a link and only when it is a regular file of one name (a hard
//   link is replaced as a whole file is, never written through).
// The path is checked again just before the rename, so a link put there meanwhile is not written through either.
// Files the runner hands over (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY) are the runner's, and not written here.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { assertWritePath, WriteRefused } from './writePath';

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
/** Created here and nowhere else: an entry already there (a link included) fails the open. */
const CREATE_EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW;
/** O_NONBLOCK: a pipe put where the journal was opens without waiting for a reader, and is then refused. */
const APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NO_FOLLOW | (constants.O_NONBLOCK ?? 0);

/** The temporary file a write of `path` goes through: beside it, named for this process and this write. */
export function temporaryPathOf(path: string): string {
  return `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
}

/** Replaces (or creates) the file at `path` (absolute) in the working tree `tree` with `text`, atomically. */
export async function writeFileInTree(tree: string, path: string, text: string): Promise<void> {
  await assertWritePath(tree, path, { makeFolders: true });
  const temporary = temporaryPathOf(path);
  const handle = await open(temporary, CREATE_EXCLUSIVE, 0o666);
  try {
    try {
      await handle.writeFile(text, 'utf8');
    } finally {
      await handle.close();
    }
    await assertWritePath(tree, path);
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/** Appends `text` to the file at `path` (absolute) in the working tree `tree`, creating it (and its folders) if missing. */
export async function appendFileInTree(tree: string, path: string, text: string): Promise<void> {
  await assertWritePath(tree, path, { makeFolders: true });
  let handle: FileHandle;
  try {
    handle = await open(path, APPEND, 0o666);
  } catch (error) {
    // O_NOFOLLOW met a link put there since the check.
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new WriteRefused({ reason: 'link', tree, path, at: path });
    throw error;
  }
  let shared = false;
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new WriteRefused({ reason: 'notFile', tree, path, at: path });
    // A hard link shares its file with another name, perhaps one outside the tree (a restored cache can hold one):
    // appended to, that file would be written too. The journal is written anew beside it instead, which parts them.
    shared = stats.nlink > 1;
    if (!shared) await handle.appendFile(text, 'utf8');
  } finally {
    await handle.close();
  }
  if (!shared) return;
  const reading = await open(path, constants.O_RDONLY | NO_FOLLOW | (constants.O_NONBLOCK ?? 0));
  let before: string;
  try {
    before = await reading.readFile('utf8');
  } finally {
    await reading.close();
  }
  await writeFileInTree(tree, path, `${before}${text}`);
}

/** Removes the file at `path` (absolute) in the working tree `tree`, if there is one; never through a linked folder. */
export async function removeFileInTree(tree: string, path: string): Promise<void> {
  await assertWritePath(tree, path);
  await unlink(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}
