// A `vscode` module with one workspace folder on the real disk: workspace.fs (vscodeDiskFs), workspaceFolders,
// getWorkspaceFolder, asRelativePath, getConfiguration (files.exclude only) and an English l10n.t. Enough for the
// editor's folder walk (collectMarkdown) and the Wiki Pages scan (workspaceScan) to run in a test as in VS Code.
// Installed for one describe block; the editor modules loaded under it are dropped when it is removed.
import { relative, sep } from 'node:path';
import { fillPlaceholders } from './fakeL10n';
import { installFakeVscode } from './fakeVscodeModule';
import { diskFs, FakeUri } from './vscodeDiskFs';

export interface FakeWorkspace {
  folder: string;
  /** files.exclude as the settings hold it. */
  exclude: Record<string, unknown>;
}

/** Makes `require('vscode')` give the fake over `workspace`; returns the function that undoes it. */
export function installWorkspaceVscode(workspace: FakeWorkspace): () => void {
  const root = new FakeUri(workspace.folder);
  const inside = (uri: FakeUri): boolean => uri.path === workspace.folder || uri.path.startsWith(`${workspace.folder}/`);
  return installFakeVscode('vscode-workspace', {
    l10n: { t: (text: string, ...args: unknown[]) => fillPlaceholders(text, args) },
    env: { language: 'en' },
    workspace: {
      fs: diskFs,
      workspaceFolders: [{ uri: root, name: 'workspace', index: 0 }],
      textDocuments: [],
      getWorkspaceFolder: (uri: FakeUri) => (inside(uri) ? { uri: root, name: 'workspace', index: 0 } : undefined),
      asRelativePath: (uri: FakeUri) => (inside(uri) ? relative(workspace.folder, uri.path).split(sep).join('/') : uri.path),
      getConfiguration: (section: string) => ({
        get: (key: string, fallback: unknown) => (section === 'files' && key === 'exclude' ? workspace.exclude : fallback),
      }),
    },
  });
}
