// A `vscode` module with one workspace folder on the real disk, for the editor's code that reads files, manifests and
// settings (the Problems panel's checks, Open Wiki Page's look for a file of a page, the folder publish's question, the
// Explorer badges): Uri (parse, joinPath, file), workspace.fs over the disk with VS Code's FileNotFound errors, the open
// documents, settings by their dotted keys, FileType, FileSystemError, FileDecoration and an English l10n.t.
// Installed for one describe block; the editor modules loaded under it are dropped when it is removed.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, posix, relative, sep } from 'node:path';
import { fillPlaceholders } from './fakeL10n';
import { installFakeVscode } from './fakeVscodeModule';
import { diskFs } from './vscodeDiskFs';

/** vscode.Uri for file: URIs, as the editor's modules use it. */
export class EditorUri {
  readonly scheme = 'file';
  constructor(readonly path: string) {}
  static parse(text: string): EditorUri {
    return new EditorUri(decodeURIComponent(text.replace(/^file:\/\//, '')));
  }
  static file(path: string): EditorUri {
    return new EditorUri(path);
  }
  static joinPath(base: EditorUri, ...segments: string[]): EditorUri {
    return new EditorUri(posix.join(base.path, ...segments));
  }
  get fsPath(): string {
    return this.path;
  }
  with(change: { path?: string; scheme?: string }): EditorUri {
    return new EditorUri(change.path ?? this.path);
  }
  toString(): string {
    return `file://${encodeURI(this.path)}`;
  }
}

/** vscode.FileDecoration and vscode.ThemeColor: what a decoration provider hands VS Code. */
export class FakeFileDecoration {
  propagate?: boolean;
  constructor(readonly badge?: string, readonly tooltip?: string, readonly color?: { id: string }) {}
}

class ThemeColor {
  constructor(readonly id: string) {}
}

class FileSystemError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** A document as the editor's checks read it. */
export interface FakeDocument {
  uri: EditorUri;
  languageId: string;
  version: number;
  isClosed: boolean;
  getText(): string;
}

export function fakeDocument(path: string, text: string): FakeDocument {
  return { uri: new EditorUri(path), languageId: 'markdown', version: 1, isClosed: false, getText: () => text };
}

/** What the person sees and does: the answers the fake window gives, and what it was asked to show or run. */
export interface FakeUi {
  /** The text typed into an input box (undefined: Escape). */
  inputBox?: string;
  /** The button chosen in a message or modal, by its label (undefined: dismissed). */
  button?: (items: readonly string[]) => string | undefined;
  /** Messages and modals shown: `message` and `detail`, with their buttons. */
  messages: Array<{ message: string; detail?: string; items: string[] }>;
  /** Progress notifications started, by title; `runs` says whether the task runs (the export does not, here). */
  progress: string[];
  runs?: (title: string) => boolean;
  /** Documents shown and commands run, as strings. */
  shown: string[];
  commands: string[];
}

export function fakeUi(): FakeUi {
  return { messages: [], progress: [], shown: [], commands: [] };
}

export interface FakeEditor {
  /** The window and commands: absent for code that never shows anything. */
  ui?: FakeUi;
  folder: string;
  /** Settings by their dotted keys (`wikiPublisher.omitTitleHeading`, `files.exclude`); a default otherwise. */
  settings: Record<string, unknown>;
  /** workspace.textDocuments. */
  documents: FakeDocument[];
}

function notFound<T>(read: () => Promise<T>): Promise<T> {
  return read().catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' || error.code === 'ENOTDIR' ? new FileSystemError('FileNotFound') : error;
  });
}

/** Makes `require('vscode')` give the fake over `editor`; returns the function that undoes it. */
export function installEditorVscode(editor: FakeEditor): () => void {
  const inside = (uri: EditorUri): boolean => uri.path === editor.folder || uri.path.startsWith(`${editor.folder}/`);
  const workspaceFolder = () => ({ uri: new EditorUri(editor.folder), name: 'workspace', index: 0 });
  const showMessage = async (message: string, options: { detail?: string } | string | undefined, ...items: string[]): Promise<string | undefined> => {
    const buttons = typeof options === 'string' ? [options, ...items] : items;
    editor.ui?.messages.push({ message, ...(typeof options === 'object' && options.detail ? { detail: options.detail } : {}), items: buttons });
    return editor.ui?.button?.(buttons);
  };
  return installFakeVscode('vscode-editor-workspace', {
    l10n: { t: (text: string, ...args: unknown[]) => fillPlaceholders(text, args) },
    env: { language: 'en' },
    Uri: EditorUri,
    FileType: { Unknown: 0, File: 1, Directory: 2, SymbolicLink: 64 },
    FileSystemError,
    FileDecoration: FakeFileDecoration,
    ThemeColor,
    ProgressLocation: { Notification: 15 },
    window: {
      get activeTextEditor() {
        return undefined;
      },
      showInputBox: async () => editor.ui?.inputBox,
      showInformationMessage: showMessage,
      showWarningMessage: showMessage,
      showErrorMessage: showMessage,
      showQuickPick: async <T>(items: readonly T[]) => items[0],
      showTextDocument: async (shown: EditorUri) => void editor.ui?.shown.push(shown.toString()),
      withProgress: async <T>(options: { title: string }, task: (progress: unknown, token: unknown) => Promise<T>) => {
        editor.ui?.progress.push(options.title);
        if (editor.ui?.runs && !editor.ui.runs(options.title)) return undefined;
        return task({ report: () => undefined }, { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) });
      },
    },
    commands: {
      executeCommand: async (command: string, ...args: unknown[]) => void editor.ui?.commands.push([command, ...args.map(String)].join(' ')),
    },
    workspace: {
      fs: {
        readDirectory: (uri: EditorUri) => notFound(() => diskFs.readDirectory(uri)),
        stat: (uri: EditorUri) => notFound(() => diskFs.stat(uri)),
        readFile: (uri: EditorUri) => notFound(() => diskFs.readFile(uri)),
        writeFile: async (uri: EditorUri, content: Uint8Array) => {
          await mkdir(dirname(uri.path), { recursive: true });
          await writeFile(uri.path, content);
        },
      },
      get workspaceFolders() {
        return [workspaceFolder()];
      },
      get textDocuments() {
        return editor.documents;
      },
      getWorkspaceFolder: (uri: EditorUri) => (inside(uri) ? workspaceFolder() : undefined),
      asRelativePath: (uri: EditorUri | string) => {
        const path = typeof uri === 'string' ? uri : uri.path;
        return path.startsWith(`${editor.folder}/`) ? relative(editor.folder, path).split(sep).join('/') : path;
      },
      getConfiguration: (section: string) => ({
        get: (key: string, fallback: unknown) => (`${section}.${key}` in editor.settings ? editor.settings[`${section}.${key}`] : fallback),
        inspect: (key: string) => ({ globalValue: editor.settings[`${section}.${key}`] }),
      }),
    },
  });
}
