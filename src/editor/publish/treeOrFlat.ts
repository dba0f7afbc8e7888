// How a folder chosen in the Explorer is published: a folder the repository records as a page tree is published as
// that tree again, without a question (issue 83); any other folder asks whether it becomes a page tree or flat pages.
import * as vscode from 'vscode';
import { MANIFEST_FILE_NAME } from '../../core/tree/manifestFormat';
import { neutralise } from '../../core/text/neutralise';
import { editorManifestMessages } from '../messages/manifestMessages';
import { onDemand } from '../onDemandLoader';
import { workspaceManifestPort } from './manifestPort';
import { manifestAncestors } from './repositoryLinks';

export type FolderShape = 'tree' | 'flat';

/** The folder's shape: 'tree' when the repository records it as one, else the person's answer (undefined on Escape). */
export async function folderShape(folder: vscode.Uri, ask: (folder: vscode.Uri) => Thenable<FolderShape | undefined> = askTreeOrFlat): Promise<FolderShape | undefined> {
  return (await recordedTree(folder)) ? 'tree' : ask(folder);
}

/**
 * Whether the folder is a page tree the repository records, as its tree publish opens it (openTreeManifest): its own
 * .wiki-pages.json records pages or where it hangs, or the nearest manifest above records the folder's page (a part of
 * a tree published from further up). Its own manifest that cannot be read is a tree's too: the tree's publish says why
 * it cannot go on, where a flat publish would pass over the pages it records.
 */
export async function recordedTree(folder: vscode.Uri): Promise<boolean> {
  const opened = await onDemand().openTreeManifest(
    workspaceManifestPort(), vscode.Uri.joinPath(folder, MANIFEST_FILE_NAME).toString(), manifestAncestors(folder.with({ path: `${folder.path.replace(/\/+$/, '')}/` })),
    { writing: false, messages: editorManifestMessages }, {},
  ).catch(() => ({ ok: false as const }));
  return !opened.ok || opened.store.holdsRecords();
}

/** One folder: a page tree (its subfolders become pages) or every file flat under one parent page; undefined on Escape. */
async function askTreeOrFlat(folder: vscode.Uri): Promise<FolderShape | undefined> {
  const items: Array<vscode.QuickPickItem & { shape: FolderShape }> = [
    {
      shape: 'tree', label: vscode.l10n.t('As a page tree'),
      detail: vscode.l10n.t('The folder maps to a parent page; subfolders become pages; links between files become page links. Page IDs are kept in the folder\'s .wiki-pages.json.'),
    },
    { shape: 'flat', label: vscode.l10n.t('As flat pages'), detail: vscode.l10n.t('Every Markdown file becomes a page directly under one parent page.') },
  ];
  const name = folder.path.slice(folder.path.lastIndexOf('/') + 1);
  const picked = await vscode.window.showQuickPick(items, { title: neutralise(vscode.l10n.t('Publish "{0}" to Wiki', name)), placeHolder: vscode.l10n.t('Publish the folder as a page tree or as flat pages?'), ignoreFocusOut: true });
  return picked?.shape;
}
