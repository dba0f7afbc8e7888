// A `vscode` module for running the editor's Pull and Compare commands in a test, over one workspace folder on the
// real disk: text documents (opened from disk, edited with WorkspaceEdit, saved, undone step by step as Ctrl+Z does),
// settings by their dotted names, notifications recorded (and answered by the test), the diff editor's tab, context
// keys. With `files.autoSave` other than "off" a dirty file is saved as VS Code's auto-save saves it: after the edit,
// not within it (the test waits for idle(), never for a time). Installed for one describe block; the editor modules
// loaded under it are dropped when it is removed.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative, sep } from 'node:path';
import { fillPlaceholders } from './fakeL10n';
import { installFakeVscode } from './fakeVscodeModule';
import { diskFs } from './vscodeDiskFs';

/** As workspace.fs rejects for a missing file: a FileSystemError whose code is FileNotFound. */
class FileSystemError extends Error {
  constructor(message: string, readonly code: string) {
    super(message);
  }
}

function asFileSystemError<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    throw (error as NodeJS.ErrnoException).code === 'ENOENT' ? new FileSystemError(String(error), 'FileNotFound') : error;
  });
}
const URI = /^([a-zA-Z][\w+.-]*):(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/;

export class Uri {
  constructor(readonly scheme: string, readonly authority: string, readonly path: string, readonly query = '', readonly fragment = '') {}
  static parse(text: string): Uri {
    const match = URI.exec(text);
    if (!match) throw new Error(`not a URI: ${text}`);
    return new Uri(match[1] as string, match[2] ?? '', decodeURIComponent(match[3] ?? ''), match[4] ?? '', match[5] ?? '');
  }
  static file(path: string): Uri {
    return new Uri('file', '', path);
  }
  static from(parts: { scheme: string; authority?: string; path?: string; query?: string; fragment?: string }): Uri {
    return new Uri(parts.scheme, parts.authority ?? '', parts.path ?? '', parts.query ?? '', parts.fragment ?? '');
  }
  static joinPath(base: Uri, ...segments: string[]): Uri {
    const joined = [base.path.replace(/\/+$/, ''), ...segments].join('/');
    const parts: string[] = [];
    for (const part of joined.split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.' && (part !== '' || parts.length === 0)) parts.push(part);
    }
    return base.with({ path: parts.join('/') || '/' });
  }
  get fsPath(): string {
    return this.path;
  }
  with(change: { scheme?: string; path?: string; query?: string }): Uri {
    return new Uri(change.scheme ?? this.scheme, this.authority, change.path ?? this.path, change.query ?? this.query, this.fragment);
  }
  toString(): string {
    const authority = this.authority !== '' || this.scheme === 'file' ? `//${this.authority}` : '';
    return `${this.scheme}:${authority}${encodeURI(this.path)}${this.query ? `?${this.query}` : ''}${this.fragment ? `#${this.fragment}` : ''}`;
  }
  toJSON(): string {
    return this.toString();
  }
}

class EventEmitter<T> {
  private readonly listeners = new Set<(value: T) => unknown>();
  readonly event = (listener: (value: T) => unknown): { dispose(): void } => {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  };
  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
  dispose(): void {
    this.listeners.clear();
  }
}

/** An input box as the multi-step prompts drive it: the test types into it and presses Enter or Escape. */
export class FakeInputBox {
  title: string | undefined;
  step: number | undefined;
  totalSteps: number | undefined;
  ignoreFocusOut = false;
  enabled = true;
  busy = false;
  buttons: readonly unknown[] = [];
  placeholder: string | undefined;
  prompt: string | undefined;
  value = '';
  validationMessage: string | { message: string; severity: number } | undefined;
  shown = false;
  private readonly changed = new EventEmitter<string>();
  private readonly accepted = new EventEmitter<void>();
  private readonly hidden = new EventEmitter<void>();
  private readonly triggered = new EventEmitter<unknown>();
  readonly onDidChangeValue = this.changed.event;
  readonly onDidAccept = this.accepted.event;
  readonly onDidHide = this.hidden.event;
  readonly onDidTriggerButton = this.triggered.event;
  /** Set by the fake editor: the test's answer to an input shown (FakeEditor.onInput). */
  whenShown: (() => void) | undefined;
  show(): void {
    this.shown = true;
    const answer = this.whenShown;
    if (answer) setImmediate(answer);
  }
  dispose(): void {
    this.shown = false;
  }
  /** Typing: the value changes and the box hears it, as each keystroke does. */
  type(value: string): void {
    this.value = value;
    this.changed.fire(value);
  }
  accept(): void {
    this.accepted.fire();
  }
  escape(): void {
    this.hidden.fire();
  }
}

class Position {
  constructor(readonly offset: number) {}
}
class Range {
  constructor(readonly start: Position, readonly end: Position) {}
}
class WorkspaceEdit {
  readonly edits: Array<{ uri: Uri; range: Range; text: string }> = [];
  replace(uri: Uri, range: Range, text: string): void {
    this.edits.push({ uri, range, text });
  }
}
export class TabInputTextDiff {
  constructor(readonly original: Uri, readonly modified: Uri) {}
}

/** A quick pick as the multi-step prompts drive it: the test types a filter, then picks an item or presses Escape. */
export class FakeQuickPick extends FakeInputBox {
  items: ReadonlyArray<{ label: string }> = [];
  activeItems: ReadonlyArray<{ label: string }> = [];
  selectedItems: ReadonlyArray<{ label: string }> = [];
  /** Clicks the first item whose label matches. */
  choose(label: RegExp): void {
    const item = this.items.find((each) => label.test(each.label));
    if (!item) throw new Error(`no item ${String(label)} among ${this.items.map((each) => each.label).join(', ')}`);
    this.selectedItems = [item];
    this.accept();
  }
}

/** An open document: its text, and every text it had before (Ctrl+Z goes back one). */
export class FakeTextDocument {
  version = 1;
  isDirty = false;
  isClosed = false;
  readonly history: string[] = [];
  constructor(readonly uri: Uri, private text: string, readonly languageId = 'markdown') {}
  get isUntitled(): boolean {
    return this.uri.scheme === 'untitled';
  }
  getText(): string {
    return this.text;
  }
  positionAt(offset: number): Position {
    return new Position(offset);
  }
  /** Sets the text as an edit does. */
  change(text: string): void {
    this.history.push(this.text);
    this.text = text;
    this.version++;
    this.isDirty = true;
  }
}

/** `detail`: a modal dialog's detail text. */
export interface Notification { severity: 'info' | 'warning' | 'error'; message: string; items: string[]; detail?: string }

export interface FakeEditor {
  /** Settings by their dotted names (`files.autoSave`, `wikiPublisher.export.apiUrl`). */
  settings: Record<string, unknown>;
  notifications: Notification[];
  /** Picks a notification's button; none by default. */
  answer: (notification: Notification) => string | undefined;
  /** The documents shown in an editor, in order. */
  shown: string[];
  /** The diffs opened with `vscode.diff`. */
  diffs: Array<{ left: Uri; right: Uri; title: string }>;
  contexts: Map<string, unknown>;
  /** The document VS Code holds for this file (opened by the command or the test). */
  document(uri: Uri): FakeTextDocument | undefined;
  open(uri: Uri): Promise<FakeTextDocument>;
  /** Makes a document the active editor's, as clicking its tab does. */
  activate(document: FakeTextDocument): void;
  /** Ctrl+Z: the document's text before its last edit. */
  undo(document: FakeTextDocument): void;
  /** Ctrl+S. */
  save(document: FakeTextDocument): Promise<void>;
  /** Settles once every save auto-save started has been written and heard. */
  idle(): Promise<void>;
  /** The input boxes (and quick picks) the prompts created, in order. */
  inputBoxes: FakeInputBox[];
  /** Told of each progress notification as it appears, with its Cancel button (nothing by default). */
  onProgress: ((title: string, cancel: () => void) => void) | undefined;
  /** Answers each input box or quick pick as it is shown (nothing by default: the test drives them itself). */
  onInput: ((input: FakeInputBox | FakeQuickPick) => void) | undefined;
  /** Paths on disk whose workspace.fs.writeFile is refused, as a read-only file system provider refuses it. */
  refusedWrites: Set<string>;
  /** Removes the fake (and the editor modules loaded under it). */
  uninstall(): void;
}

/** Makes `require('vscode')` give the fake, over the workspace folder `folder` (a path on disk). */
export function installEditorVscode(folder: string, settings: Record<string, unknown> = {}): FakeEditor {
  const documents = new Map<string, FakeTextDocument>();
  const saved = new EventEmitter<FakeTextDocument>();
  const closed = new EventEmitter<FakeTextDocument>();
  const tabsChanged = new EventEmitter<unknown>();
  let activeTab: { input: unknown } | undefined;
  let activeEditor: { document: FakeTextDocument } | undefined;
  let saving: Promise<void> = Promise.resolve();
  const root = Uri.file(folder);
  const inside = (uri: Uri): boolean => uri.scheme === 'file' && (uri.path === folder || uri.path.startsWith(`${folder}/`));
  const setting = (key: string): unknown => editor.settings[key];

  const open = async (uri: Uri): Promise<FakeTextDocument> => {
    const known = documents.get(uri.toString());
    if (known && !known.isClosed) return known;
    const text = new TextDecoder().decode(await diskFs.readFile(uri));
    const document = new FakeTextDocument(uri, text);
    documents.set(uri.toString(), document);
    return document;
  };
  const save = async (document: FakeTextDocument): Promise<void> => {
    await mkdir(dirname(document.uri.path), { recursive: true });
    await writeFile(document.uri.path, document.getText());
    document.isDirty = false;
    saved.fire(document);
  };
  const autoSaves = (document: FakeTextDocument): boolean => !document.isUntitled && (setting('files.autoSave') ?? 'off') !== 'off';
  const showMessage = (severity: Notification['severity']) => async (message: string, options: { detail?: string } | undefined, ...items: string[]): Promise<string | undefined> => {
    const notification: Notification = { severity, message, items, ...(options?.detail !== undefined ? { detail: options.detail } : {}) };
    editor.notifications.push(notification);
    return editor.answer(notification);
  };

  const editor: FakeEditor = {
    settings: { ...settings },
    notifications: [],
    answer: () => undefined,
    shown: [],
    diffs: [],
    contexts: new Map(),
    document: (uri) => documents.get(uri.toString()),
    open,
    activate: (document) => {
      activeEditor = { document };
    },
    undo: (document) => {
      const before = document.history.pop();
      if (before === undefined) throw new Error('nothing to undo');
      document.change(before);
      document.history.pop();
      if (autoSaves(document)) saving = saving.then(() => save(document));
    },
    save,
    idle: async () => {
      let last: Promise<void> | undefined;
      while (last !== saving) {
        last = saving;
        await last;
        // What a save's listeners start (the pulled edit's record) settles too.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    refusedWrites: new Set(),
    inputBoxes: [],
    onInput: undefined,
    onProgress: undefined,
    uninstall: () => undefined,
  };

  const fake = {
    Uri, EventEmitter, Position, Range, WorkspaceEdit, TabInputTextDiff,
    FileType: { Unknown: 0, File: 1, Directory: 2, SymbolicLink: 64 },
    FileSystemError,
    InputBoxValidationSeverity: { Info: 1, Warning: 2, Error: 3 },
    QuickInputButtons: { Back: { id: 'back' } },
    ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
    ViewColumn: { Active: -1, One: 1 },
    ExtensionKind: { UI: 1, Workspace: 2 },
    UIKind: { Desktop: 1, Web: 2 },
    env: { language: 'en' },
    l10n: { t: (text: string, ...args: unknown[]) => fillPlaceholders(text, args) },
    workspace: {
      fs: {
        readDirectory: (uri: Uri) => asFileSystemError(diskFs.readDirectory(uri)),
        stat: (uri: Uri) => asFileSystemError(diskFs.stat(uri)),
        readFile: (uri: Uri) => asFileSystemError(diskFs.readFile(uri)),
        writeFile: async (uri: Uri, bytes: Uint8Array) => {
          if (editor.refusedWrites.has(uri.path)) throw new FileSystemError(`EACCES: permission denied, open '${uri.path}'`, 'NoPermissions');
          await writeFile(uri.path, bytes);
        },
      },
      workspaceFolders: [{ uri: root, name: 'workspace', index: 0 }],
      get textDocuments() {
        return [...documents.values()].filter((document) => !document.isClosed);
      },
      getWorkspaceFolder: (uri: Uri) => (inside(uri) ? { uri: root, name: 'workspace', index: 0 } : undefined),
      asRelativePath: (uri: Uri | string) => {
        const path = typeof uri === 'string' ? uri : uri.path;
        return path.startsWith(`${folder}/`) ? relative(folder, path).split(sep).join('/') : path;
      },
      getConfiguration: (section: string) => ({
        get: <T>(key: string, fallback?: T): T | undefined => (setting(`${section}.${key}`) as T | undefined) ?? fallback,
        inspect: (key: string) => ({ key: `${section}.${key}`, globalValue: setting(`${section}.${key}`), defaultValue: undefined }),
      }),
      openTextDocument: async (target: Uri | { language?: string; content?: string }) => {
        if (target instanceof Uri) return open(target);
        const document = new FakeTextDocument(Uri.from({ scheme: 'untitled', path: `Untitled-${documents.size + 1}` }), target.content ?? '', target.language);
        documents.set(document.uri.toString(), document);
        return document;
      },
      applyEdit: async (edit: WorkspaceEdit) => {
        for (const { uri, range, text } of edit.edits) {
          const document = documents.get(uri.toString()) ?? await open(uri);
          const before = document.getText();
          document.change(before.slice(0, range.start.offset) + text + before.slice(range.end.offset));
          // VS Code's auto-save writes the file after the edit, never within it.
          if (autoSaves(document)) saving = saving.then(() => new Promise((resolve) => setImmediate(resolve))).then(() => save(document));
        }
        return true;
      },
      onDidSaveTextDocument: saved.event,
      onDidCloseTextDocument: closed.event,
      onDidChangeConfiguration: () => ({ dispose: () => undefined }),
    },
    window: {
      showInformationMessage: showMessage('info'),
      showWarningMessage: showMessage('warning'),
      showErrorMessage: showMessage('error'),
      createInputBox: () => {
        const box = new FakeInputBox();
        box.whenShown = () => editor.onInput?.(box);
        editor.inputBoxes.push(box);
        return box;
      },
      createQuickPick: () => {
        const pick = new FakeQuickPick();
        pick.whenShown = () => editor.onInput?.(pick);
        editor.inputBoxes.push(pick);
        return pick;
      },
      withProgress: async (options: { title?: string }, task: (progress: unknown, token: unknown) => Promise<unknown>) => {
        const cancelled = new EventEmitter<void>();
        const token = { isCancellationRequested: false, onCancellationRequested: cancelled.event };
        editor.onProgress?.(options.title ?? '', () => {
          token.isCancellationRequested = true;
          cancelled.fire();
        });
        return task({ report: () => undefined }, token);
      },
      showTextDocument: async (document: FakeTextDocument) => {
        editor.shown.push(document.uri.toString());
        activeEditor = { document };
        activeTab = { input: { uri: document.uri } };
        tabsChanged.fire(undefined);
        return activeEditor;
      },
      get visibleTextEditors() {
        return activeEditor ? [{ ...activeEditor, viewColumn: 1 }] : [];
      },
      get activeTextEditor() {
        return activeEditor;
      },
      tabGroups: {
        get activeTabGroup() {
          return { activeTab };
        },
        onDidChangeTabs: tabsChanged.event,
        onDidChangeTabGroups: tabsChanged.event,
      },
    },
    commands: {
      executeCommand: async (command: string, ...args: unknown[]) => {
        if (command === 'setContext') editor.contexts.set(args[0] as string, args[1]);
        if (command === 'vscode.diff') {
          const [left, right, title] = args as [Uri, Uri, string];
          editor.diffs.push({ left, right, title });
          activeTab = { input: new TabInputTextDiff(left, right) };
          tabsChanged.fire(undefined);
        }
        return undefined;
      },
    },
  };

  editor.uninstall = installFakeVscode('vscode-editor', fake);
  return editor;
}
