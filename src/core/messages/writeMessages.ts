// Why a file the command line or the Action would write (--state and its journal, --report, --markdown-file, a tree's
// .wiki-pages.json) is refused, naming the path and saying what to do. The paths are as the working tree names them.
// Only those front ends write through node:fs (the editor writes through workspace.fs), so there is no editor twin.

export interface WriteMessages {
  /** `path`, as the user named it, lies outside `tree`, the working tree files are written in. */
  outsideTree(path: string, tree: string): string;
  /** The file at `path` itself is a symbolic link. */
  fileIsLink(path: string): string;
  /** `folder`, a folder on the way from the working tree down to `path`, is a symbolic link. */
  folderIsLink(path: string, folder: string): string;
  /** `entry`, on the way down to `path`, is not a folder. */
  notAFolder(path: string, entry: string): string;
  /** The entry at `path` is a folder, pipe, socket or device. */
  notAFile(path: string): string;
  /** `path` lies in `gitFolder`, a repository's .git folder (git's own data: its config, its hooks). */
  inGitFolder(path: string, gitFolder: string): string;
}

const NO_LINKS = 'wiki-publisher never writes through a symbolic link, so that a repository cannot make it write a file outside its working tree';

export const englishWriteMessages: WriteMessages = {
  outsideTree: (path, tree) =>
    `${path} is outside the working tree (${tree}); wiki-publisher writes files only inside it, so that no run writes elsewhere on the machine. Name a path inside it.`,
  fileIsLink: (path) => `${path} is a symbolic link; ${NO_LINKS}. Delete the link (or restore the file from git), or name another path.`,
  folderIsLink: (path, folder) =>
    `${path} goes through ${folder}, a symbolic link; ${NO_LINKS}. Make ${folder} a real folder (or delete the link), or name another path.`,
  notAFolder: (path, entry) => `${path} cannot be written: ${entry} is not a folder. Name another path.`,
  notAFile: (path) => `${path} is a folder, pipe, socket or device, not a regular file; wiki-publisher replaces only regular files. Name another path.`,
  inGitFolder: (path, gitFolder) =>
    `${path} is inside ${gitFolder}, git's own folder (its config and hooks, which git runs), not the working tree; wiki-publisher never writes there. Name another path.`,
};
