// The files a command line names: Markdown files as given, folders walked recursively by the shared walk rules
// (no node_modules, no dot-folders) and .gitignore. A file named explicitly is taken even if .gitignore matches it.
// Symbolic links to files are followed; links to folders are not (they can form loops).
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { compareRelativePaths, isMarkdownFileName, isSkippedFolderName, MARKDOWN_EXTENSIONS } from '../core/run/walkRules';
import { GitignoreRules } from './gitignore';

export interface FoundFile {
  /** Absolute path. */
  path: string;
  /** Path relative to the working folder, '/'-separated: how output names the file. */
  label: string;
}

export type FoundFiles = { ok: true; files: FoundFile[] } | { ok: false; message: string };

export async function findMarkdownFiles(args: readonly string[], cwd: string): Promise<FoundFiles> {
  const paths = new Set<string>();
  for (const arg of args) {
    const path = resolve(cwd, arg);
    let isFolder: boolean;
    try {
      isFolder = (await stat(path)).isDirectory();
    } catch {
      return { ok: false, message: `No such file or folder: ${arg}.` };
    }
    if (!isFolder) {
      if (!isMarkdownFileName(path)) return { ok: false, message: `${arg} is not a Markdown file (${MARKDOWN_EXTENSIONS.join(', ')}).` };
      paths.add(path);
      continue;
    }
    await walk(path, await GitignoreRules.forFolder(path), paths);
  }
  if (paths.size === 0) return { ok: false, message: `No Markdown files found in ${args.join(', ')}.` };
  const files = [...paths].map((path) => ({ path, label: relative(cwd, path).split(sep).join('/') || path }));
  return { ok: true, files: files.sort((a, b) => compareRelativePaths(a.label, b.label)) };
}

async function walk(folder: string, rules: GitignoreRules, found: Set<string>): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return; // an unreadable folder holds nothing we can publish
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (isSkippedFolderName(entry.name) || rules.ignores(path, true)) continue;
      await walk(path, await rules.enter(path), found);
    } else if (isMarkdownFileName(entry.name) && !rules.ignores(path, false) && (await isFile(entry, path))) {
      found.add(path);
    }
  }
}

async function isFile(entry: Dirent, path: string): Promise<boolean> {
  if (entry.isFile()) return true;
  if (!entry.isSymbolicLink()) return false;
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
