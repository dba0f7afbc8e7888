// The Markdown files of an Explorer selection, by the core's walk (core/walk): the files selected, and every Markdown
// file under a selected folder, skipping what files.exclude hides, node_modules, dot-folders and what .gitignore
// ignores, never following a link. The same rules as the command line. Walks through vscode.workspace.fs, so it works
// for remote workspaces too (search-based findFiles needs ripgrep, which some hosts lack).
import * as vscode from 'vscode';
import type { RefusedPattern } from '../../core/pattern/refusedPattern';
import type { SourceFile } from '../../core/run/plan';
import { folderInRepository } from '../../core/walk/gitignore';
import { sourcesFromWalk } from '../../core/walk/sources';
import { MAX_PUBLISH_FILES, walkToPublish } from '../../core/walk/publishWalk';
import type { WalkResult } from '../../core/walk/walk';
import type { WalkFs } from '../../core/walk/walkFs';
import { editorWalkMessages } from '../messages/walkMessages';
import { onDemand } from '../onDemandLoader';
import { workspaceWalkFs } from './workspaceWalkFs';

/**
 * The selection's files, or why there are none to plan: 'message' when it holds more files than a publish plans (the
 * core's bound, publishWalk.ts), none when the person cancelled. Never a part of the selection.
 */
export type SelectionSources =
  /**
   * In label order; refused entries and unreadable files carry their reason in readProblem. `unsaved`: the keys of the
   * files read from an editor with unsaved edits, which the publish says it sends (the disk holds other text).
   */
  | { ok: true; sources: SourceFile[]; unsaved: ReadonlySet<string> }
  | { ok: false; message?: string };

/** The selection's files as the plan's input: an open editor's text (unsaved edits included), else the file on disk. */
export async function readSelection(selection: readonly vscode.Uri[], token?: vscode.CancellationToken): Promise<SelectionSources> {
  const isCancelled = (): boolean => token?.isCancellationRequested ?? false;
  const walked = await walk(selection, isCancelled);
  if (!walked.ok) return walked;
  const { fs, result } = walked;
  const open = new Map(vscode.workspace.textDocuments.map((document) => [document.uri.toString(), document]));
  const unsaved = new Set<string>();
  const openText = (key: string): string | undefined => {
    const document = open.get(key);
    if (document?.isDirty) unsaved.add(key);
    return document?.getText();
  };
  const sources = await sourcesFromWalk(result, { fs, openText, messages: editorWalkMessages, isCancelled });
  // Cancelled while reading: the files not read yet were left out, so nothing of it is planned.
  return isCancelled() ? { ok: false } : { ok: true, sources, unsaved };
}

/** The walk's port for what the person selected: a workspace folder itself is followed even when it is a link. */
function selectionFs(): WalkFs<vscode.Uri> {
  return workspaceWalkFs(vscode.workspace.fs, {
    label: (uri) => vscode.workspace.asRelativePath(uri),
    isWorkspaceFolder: (uri) => vscode.workspace.getWorkspaceFolder(uri)?.uri.toString() === uri.toString(),
  });
}

async function walk(selection: readonly vscode.Uri[], isCancelled: () => boolean): Promise<{ ok: true; fs: WalkFs<vscode.Uri>; result: WalkResult<vscode.Uri> } | { ok: false; message?: string }> {
  const fs = selectionFs();
  const published = await walkToPublish(selection, { fs, exclude: filesExclude(), excludesEverythingIn: filesExcludeEverythingIn(), isCancelled, messages: editorWalkMessages });
  if (!published.ok) {
    if (published.cut === 'cancelled') return { ok: false };
    const named = selection.length === 1 && selection[0] ? fs.label(selection[0]) : vscode.l10n.t('The selection');
    return { ok: false, message: editorWalkMessages.tooManyFiles(named, MAX_PUBLISH_FILES.toLocaleString(vscode.env.language)) };
  }
  const walked = published.walk;
  // A selected file that is gone (deleted since the Explorer showed it) is refused; other files selected with the
  // Markdown ones (an image) are simply not Markdown.
  for (const { index, problem } of walked.problems) {
    const uri = selection[index];
    if (problem !== 'missing' || !uri) continue;
    const label = fs.label(uri);
    walked.refused.push({ key: fs.key(uri), label, reason: editorWalkMessages.missing(label) });
  }
  return { ok: true, fs, result: walked };
}

/**
 * Why the walk would not take this one file, as a folder's walk would not (a symbolic link, one reached through a
 * linked folder, a pipe or a device): a single file's publish reads it through an editor, which follows links, so a
 * link to a key outside the workspace was published. Undefined when the walk takes it, or it is no file on disk (an
 * untitled document, another file system's document the walk cannot look at).
 */
export async function singleFileRefusal(uri: vscode.Uri): Promise<string | undefined> {
  if (uri.scheme === 'untitled') return undefined;
  const fs = selectionFs();
  const walked = await walkToPublish([uri], { fs, messages: editorWalkMessages }).catch(() => undefined);
  if (walked === undefined || !walked.ok) return undefined;
  return walked.walk.refused.find((entry) => entry.key === fs.key(uri))?.reason ?? walked.walk.refused[0]?.reason;
}

/**
 * The folder's path from the root of its git repository ('' or ending in '/'), undefined outside one: what links
 * written from the repository root (`/docs/guide.md`) are read against. Looked up through workspace.fs like the walk.
 */
export async function folderInItsRepository(folder: vscode.Uri): Promise<string | undefined> {
  return folderInRepository(lookUpFs(), folder).catch(() => undefined);
}

/** The walk's port for looking up single paths (a repository's root, a link's file), through workspace.fs. */
export function lookUpFs(): WalkFs<vscode.Uri> {
  return workspaceWalkFs(vscode.workspace.fs, { label: (uri) => vscode.workspace.asRelativePath(uri) });
}

/**
 * Whether files.exclude (the patterns set to true, for the resource's workspace folder) hides a resource; a refused
 * pattern (too long for the core's matcher) when none hides it but one that is never matched might.
 */
export function filesExclude(): (uri: vscode.Uri) => boolean | RefusedPattern {
  const byFolder = new Map<string, (uri: vscode.Uri) => boolean | RefusedPattern>();
  return (uri) => {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    const cacheKey = folder?.uri.toString() ?? '';
    let excluded = byFolder.get(cacheKey);
    if (!excluded) {
      excluded = excludedBy(folder?.uri ?? uri);
      byFolder.set(cacheKey, excluded);
    }
    return excluded(uri);
  };
}

/**
 * Whether files.exclude hides every entry of a folder whatever its name: a pattern set to true whose last segment is
 * stars alone (`data/*`, or `data/**` below any folder) and whose part before it names the folder. Asked by the walk only of a folder
 * it cannot list (WalkOptions.excludesEverythingIn).
 */
export function filesExcludeEverythingIn(): (folder: vscode.Uri) => boolean {
  const byFolder = new Map<string, (path: string) => boolean>();
  return (folder) => {
    const workspaceFolder = vscode.workspace.getWorkspaceFolder(folder);
    const cacheKey = workspaceFolder?.uri.toString() ?? '';
    let hidesAll = byFolder.get(cacheKey);
    if (!hidesAll) {
      const folders = excludeGlobs(workspaceFolder?.uri ?? folder).flatMap((glob) => /^(.+)\/\*+$/.exec(glob)?.[1] ?? []);
      // A refused folder pattern is never matched: the folder is then refused as one that could not be listed.
      hidesAll = folders.length === 0 ? () => false : onDemand().globMatcher(folders).matches;
      byFolder.set(cacheKey, hidesAll);
    }
    return hidesAll(vscode.workspace.asRelativePath(folder, false));
  };
}

function excludeGlobs(resource: vscode.Uri): string[] {
  const patterns = vscode.workspace.getConfiguration('files', resource).get<Record<string, unknown>>('exclude', {});
  return Object.entries(patterns).filter(([, on]) => on === true).map(([glob]) => glob);
}

function excludedBy(resource: vscode.Uri): (uri: vscode.Uri) => boolean | RefusedPattern {
  const globs = excludeGlobs(resource);
  if (globs.length === 0) return () => false;
  const { matches, refused } = onDemand().globMatcher(globs);
  const untold: RefusedPattern | false = refused.length > 0 ? { source: 'files.exclude' } : false;
  return (uri) => matches(vscode.workspace.asRelativePath(uri, false)) || matches(uri.path.slice(uri.path.lastIndexOf('/') + 1)) || untold;
}
