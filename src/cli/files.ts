// The files a command line names, read through the core's walk (core/walk): Markdown files as given, folders walked
// with the same rules as the editor (no node_modules, no dot-folders, .gitignore from the repository root down, links
// never followed). A file named explicitly is taken even if .gitignore matches it; a named link is followed only to a
// regular file or folder inside the working tree (the repository holding the working folder, else that folder), and so
// is a named path through a linked folder (docs/linkdir/secret.md).
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { SourceFile } from '../core/run/plan';
import { MARKDOWN_EXTENSIONS } from '../core/walk/walkRules';
import { repositoryRoot } from '../core/walk/gitignore';
import { nodeWalkFs } from '../core/walk/nodeWalkFs';
import { sourcesFromWalk } from '../core/walk/sources';
import { MAX_PUBLISH_FILES, walkToPublish } from '../core/walk/publishWalk';
import type { WalkResult } from '../core/walk/walk';
import type { WalkFs } from '../core/walk/walkFs';
import { englishWalkMessages } from '../core/messages/walkMessages';

export type ReadSources = { ok: true; files: SourceFile[] } | { ok: false; message: string };

/** The named files and folders as the plan's input, refused entries included. ok: false only for usage errors. */
export async function readMarkdownSources(paths: readonly string[], cwd: string): Promise<ReadSources> {
  const walked = await walkArguments(paths, cwd);
  if (!walked.ok) return walked;
  return { ok: true, files: await sourcesFromWalk(walked.result, { fs: walked.fs }) };
}

/** `labelRoot`: where the walk's labels start (the working tree: cliWorkingTree). */
export type Walked = { ok: true; fs: WalkFs<string>; result: WalkResult<string>; labelRoot: string } | { ok: false; message: string };

/**
 * The command line's working tree: the repository holding the working folder, else that folder. What it reads is
 * taken from inside it, and what it writes (--state, --report, --markdown-file, .wiki-pages.json) is written there only.
 */
export async function cliWorkingTree(cwd: string): Promise<string> {
  return (await repositoryRoot(nodeWalkFs({ cwd }), cwd)) ?? cwd;
}

/** The named files and folders walked, nothing read yet. ok: false only for usage errors. */
export async function walkArguments(paths: readonly string[], cwd: string): Promise<Walked> {
  const root = await cliWorkingTree(cwd);
  // Labels are paths from the repository's root, wherever in it the run starts: what a page's notice names (and its
  // marker digests), what annotations place on the diff, and so the same file is the same file from docs/ and from
  // the root. Outside a repository the working folder is the root.
  const fs = nodeWalkFs({ cwd: root, tree: await realpath(root).catch(() => root), top: root });
  // A CI job publishes all of a folder or nothing: a walk that met the core's bound stops the run with a usage error.
  const walked = await walkToPublish(paths.map((path) => resolve(cwd, path)), { fs });
  if (!walked.ok) return { ok: false, message: englishWalkMessages.tooManyFiles(paths.join(', '), MAX_PUBLISH_FILES.toLocaleString('en-US')) };
  const result = walked.walk;
  const [problem] = result.problems;
  if (problem) {
    const arg = paths[problem.index] ?? '';
    return {
      ok: false,
      message: problem.problem === 'missing' ? `No such file or folder: ${arg}.` : `${arg} is not a Markdown file (${MARKDOWN_EXTENSIONS.join(', ')}).`,
    };
  }
  if (result.files.length + result.refused.length === 0) return { ok: false, message: `No Markdown files found in ${paths.join(', ')}.` };
  return { ok: true, fs, result, labelRoot: root };
}
