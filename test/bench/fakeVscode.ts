// A small stand-in for the `vscode` module, enough for an extension's activate() to run in plain Node. It records
// what activation did (commands, log lines, messages) so the bench can tell a real activation from a failed one.
import Module from 'node:module';
import { posix } from 'node:path';

export interface ActivationRecord {
  commands: string[];
  errorLines: string[];
  errorMessages: string[];
}

type Listener<T> = (event: T) => unknown;
type Event<T> = (listener: Listener<T>) => Disposable;

class Disposable {
  constructor(private readonly onDispose: () => void = () => undefined) {}
  static from(...items: { dispose(): unknown }[]): Disposable {
    return new Disposable(() => items.forEach((item) => item.dispose()));
  }
  dispose(): void {
    this.onDispose();
  }
}

class EventEmitter<T> {
  private readonly listeners = new Set<Listener<T>>();
  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return new Disposable(() => this.listeners.delete(listener));
  };
  fire(event: T): void {
    for (const listener of this.listeners) listener(event);
  }
  dispose(): void {
    this.listeners.clear();
  }
}

class Uri {
  private constructor(readonly scheme: string, readonly path: string) {}
  static parse(value: string): Uri {
    const url = new URL(value);
    return new Uri(url.protocol.replace(/:$/, ''), url.pathname);
  }
  static file(path: string): Uri {
    return new Uri('file', path);
  }
  /** As VS Code's: the path segments appended, '..' and '.' resolved (posix paths, which are all this host has). */
  static joinPath(base: Uri, ...segments: string[]): Uri {
    return new Uri(base.scheme, posix.join(base.path, ...segments));
  }
  get fsPath(): string {
    return this.path;
  }
  toString(): string {
    return `${this.scheme}://${this.path}`;
  }
}

class MarkdownString {
  isTrusted: boolean | { enabledCommands: string[] } = false;
  supportThemeIcons = false;
  constructor(public value = '') {}
  appendMarkdown(text: string): this {
    this.value += text;
    return this;
  }
  appendText(text: string): this {
    this.value += text;
    return this;
  }
}

class ThemeColor {
  constructor(readonly id: string) {}
}

class Memento {
  private readonly values = new Map<string, unknown>();
  get<T>(key: string, fallback?: T): T | undefined {
    return this.values.has(key) ? (this.values.get(key) as T) : fallback;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
  keys(): readonly string[] {
    return [...this.values.keys()];
  }
  setKeysForSync(): void {}
}

class SecretStorage {
  private readonly values = new Map<string, string>();
  private readonly changes = new EventEmitter<{ key: string }>();
  readonly onDidChange = this.changes.event;
  async get(key: string): Promise<string | undefined> {
    return this.values.get(key);
  }
  async store(key: string, value: string): Promise<void> {
    this.values.set(key, value);
    this.changes.fire({ key });
  }
  async delete(key: string): Promise<void> {
    this.values.delete(key);
    this.changes.fire({ key });
  }
}

const noEvent: Event<unknown> = () => new Disposable();

function outputChannel(name: string, record: ActivationRecord): Record<string, unknown> {
  const ignore = (): void => undefined;
  return {
    name, logLevel: 2, onDidChangeLogLevel: noEvent,
    trace: ignore, debug: ignore, info: ignore, warn: ignore,
    error: (message: unknown) => record.errorLines.push(String(message)),
    append: ignore, appendLine: ignore, replace: ignore, clear: ignore, show: ignore, hide: ignore, dispose: ignore,
  };
}

function statusBarItem(id: string, alignment: number, priority: number): Record<string, unknown> {
  return { id, alignment, priority, text: '', show: () => undefined, hide: () => undefined, dispose: () => undefined };
}

function configuration(): Record<string, unknown> {
  return {
    get: <T>(_key: string, fallback?: T) => fallback,
    has: () => false,
    inspect: (key: string) => ({ key }),
    update: async () => undefined,
  };
}

/** The module object `require('vscode')` returns. */
export function createFakeVscode(record: ActivationRecord): Record<string, unknown> {
  const message = async (): Promise<undefined> => undefined;
  return {
    version: '1.95.0',
    Disposable, EventEmitter, Uri, MarkdownString, ThemeColor,
    StatusBarAlignment: { Left: 1, Right: 2 },
    ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
    ExtensionMode: { Production: 1, Development: 2, Test: 3 },
    ExtensionKind: { UI: 1, Workspace: 2 },
    UIKind: { Desktop: 1, Web: 2 },
    // English, as VS Code does with no language pack: the message with its {0}, {1} filled in.
    l10n: { t: (text: string, ...args: unknown[]) => text.replace(/\{(\d+)\}/g, (match, index: string) => String(args[Number(index)] ?? match)) },
    window: {
      activeTextEditor: undefined,
      createOutputChannel: (name: string) => outputChannel(name, record),
      createStatusBarItem: (id: string, alignment: number, priority: number) => statusBarItem(id, alignment, priority),
      showInformationMessage: message,
      showWarningMessage: message,
      showErrorMessage: async (text: string) => {
        record.errorMessages.push(text);
        return undefined;
      },
      showInputBox: message,
      showQuickPick: message,
      withProgress: async <T>(_options: unknown, task: (progress: unknown, token: unknown) => Promise<T>) =>
        task({ report: () => undefined }, { isCancellationRequested: false, onCancellationRequested: noEvent }),
      registerUriHandler: () => new Disposable(),
      // The Wiki Pages view and its Explorer badges, registered at start-up.
      createTreeView: () => ({ visible: false, message: undefined, onDidChangeVisibility: noEvent, dispose: () => undefined }),
      registerFileDecorationProvider: () => new Disposable(),
    },
    commands: {
      registerCommand: (id: string) => {
        record.commands.push(id);
        return new Disposable();
      },
      executeCommand: message,
    },
    workspace: {
      getConfiguration: () => configuration(),
      onDidChangeConfiguration: noEvent,
      onDidCloseTextDocument: noEvent,
      onDidRenameFiles: noEvent,
      onDidDeleteFiles: noEvent,
      registerTextDocumentContentProvider: () => new Disposable(),
      openTextDocument: message,
    },
    authentication: {
      registerAuthenticationProvider: () => new Disposable(),
      getSession: message,
      onDidChangeSessions: noEvent,
    },
    env: { uiKind: 1, remoteName: undefined, uriScheme: 'vscode', appName: 'Visual Studio Code', openExternal: async () => true, asExternalUri: async (uri: Uri) => uri },
  };
}

export interface FakeExtensionContext {
  subscriptions: { dispose(): unknown }[];
  secrets: SecretStorage;
  globalState: Memento;
  workspaceState: Memento;
  extensionUri: Uri;
  extensionPath: string;
  globalStorageUri: Uri;
  logUri: Uri;
  extensionMode: number;
  /** Where the extension host runs; 1 = ExtensionKind.UI, the local side. */
  extension: { extensionKind: number };
}

export function createFakeContext(extensionPath: string): FakeExtensionContext {
  return {
    subscriptions: [],
    secrets: new SecretStorage(),
    globalState: new Memento(),
    workspaceState: new Memento(),
    extensionUri: Uri.file(extensionPath),
    extensionPath,
    globalStorageUri: Uri.file(`${extensionPath}/.global-storage`),
    logUri: Uri.file(`${extensionPath}/.log`),
    extensionMode: 1,
    extension: { extensionKind: 1 },
  };
}

interface ModuleInternals {
  _resolveFilename(request: string, parent: unknown, isMain: boolean, options?: unknown): string;
}

const FAKE_VSCODE_PATH = '/__wiki-publisher-bench__/vscode.js';

/** Makes `require('vscode')` resolve to `api` from anywhere, the way VS Code's extension host provides it. */
export function installFakeVscode(api: Record<string, unknown>): void {
  const internals = Module as unknown as ModuleInternals;
  const resolve = internals._resolveFilename.bind(Module);
  internals._resolveFilename = (request, parent, isMain, options) =>
    request === 'vscode' ? FAKE_VSCODE_PATH : resolve(request, parent, isMain, options);
  const fake = new Module(FAKE_VSCODE_PATH);
  fake.filename = FAKE_VSCODE_PATH;
  fake.exports = api;
  fake.loaded = true;
  require.cache[FAKE_VSCODE_PATH] = fake;
}

export function isFakeVscodePath(path: string): boolean {
  return path === FAKE_VSCODE_PATH;
}
