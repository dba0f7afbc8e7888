// What the Problems panel's registration needs of `vscode` beyond fakeEditorWorkspace.ts: the workspace's document, file
// and settings events (fired by the test), a file system watcher, the languages API (a diagnostic collection the test
// reads, the code action providers registered), and Range, Position, Diagnostic, CodeAction and WorkspaceEdit.
// Added to the installed fake before the editor's diagnostics modules load (LinkFixProvider reads CodeActionKind then).
import { EditorUri } from './fakeEditorWorkspace';

type Listener<T> = (event: T) => unknown;

/** An event as VS Code's: subscribe with the function, fire from the test. */
export class FakeEvent<T> {
  private readonly listeners = new Set<Listener<T>>();
  readonly event = (listener: Listener<T>): { dispose(): void } => {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  };
  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
  get listening(): number {
    return this.listeners.size;
  }
}

export class FakePosition {
  constructor(readonly line: number, readonly character: number) {}
}

export class FakeRange {
  constructor(readonly start: FakePosition, readonly end: FakePosition) {}
  isEqual(other: FakeRange): boolean {
    return other.start.line === this.start.line && other.start.character === this.start.character
      && other.end.line === this.end.line && other.end.character === this.end.character;
  }
}

export class FakeDiagnostic {
  source?: string;
  constructor(readonly range: FakeRange, readonly message: string, readonly severity: number) {}
}

export class FakeWorkspaceEdit {
  readonly replaced: Array<{ uri: string; range: FakeRange; text: string }> = [];
  replace(uri: EditorUri, range: FakeRange, text: string): void {
    this.replaced.push({ uri: uri.toString(), range, text });
  }
}

export class FakeCodeAction {
  edit?: FakeWorkspaceEdit;
  diagnostics?: FakeDiagnostic[];
  isPreferred?: boolean;
  command?: unknown;
  constructor(readonly title: string, readonly kind: unknown) {}
}

/** A diagnostic collection: what the Problems panel would list, by document. */
export class FakeDiagnosticCollection {
  readonly entries = new Map<string, FakeDiagnostic[]>();
  disposed = false;
  constructor(readonly name: string) {}
  set(uri: EditorUri, diagnostics: FakeDiagnostic[]): void {
    this.entries.set(uri.toString(), diagnostics);
  }
  delete(uri: EditorUri): void {
    this.entries.delete(uri.toString());
  }
  clear(): void {
    this.entries.clear();
  }
  dispose(): void {
    this.disposed = true;
    this.entries.clear();
  }
}

/** An open document whose text the test edits: positions as VS Code counts them (lines by \n). */
export class EditableDocument {
  readonly uri: EditorUri;
  version = 1;
  isClosed = false;
  constructor(path: string, private text: string, readonly languageId = 'markdown') {
    this.uri = new EditorUri(path);
  }
  setText(text: string): void {
    this.text = text;
    this.version++;
  }
  positionAt(offset: number): FakePosition {
    const before = this.text.slice(0, offset);
    const line = before.split('\n').length - 1;
    return new FakePosition(line, offset - (before.lastIndexOf('\n') + 1));
  }
  offsetAt(position: FakePosition): number {
    const lines = this.text.split('\n');
    return lines.slice(0, position.line).reduce((sum, line) => sum + line.length + 1, 0) + position.character;
  }
  getText(range?: FakeRange): string {
    return range ? this.text.slice(this.offsetAt(range.start), this.offsetAt(range.end)) : this.text;
  }
}

export interface FakeEditorEvents {
  opened: FakeEvent<EditableDocument>;
  changed: FakeEvent<{ document: EditableDocument; contentChanges: unknown[] }>;
  closed: FakeEvent<EditableDocument>;
  saved: FakeEvent<EditableDocument>;
  configuration: FakeEvent<{ affectsConfiguration(section: string): boolean }>;
  /** Every file watcher's create, change and delete events. */
  watched: { created: FakeEvent<EditorUri>; changed: FakeEvent<EditorUri>; deleted: FakeEvent<EditorUri> };
  collections: FakeDiagnosticCollection[];
  codeActionProviders: unknown[];
}

/** Adds the events and the languages API to the installed fake `vscode` (require('vscode') gives it). */
export function addEditorEvents(vscode: Record<string, unknown>): FakeEditorEvents {
  const events: FakeEditorEvents = {
    opened: new FakeEvent(), changed: new FakeEvent(), closed: new FakeEvent(), saved: new FakeEvent(), configuration: new FakeEvent(),
    watched: { created: new FakeEvent(), changed: new FakeEvent(), deleted: new FakeEvent() },
    collections: [], codeActionProviders: [],
  };
  const none = new FakeEvent<unknown>();
  Object.assign(vscode.workspace as object, {
    onDidOpenTextDocument: events.opened.event,
    onDidChangeTextDocument: events.changed.event,
    onDidCloseTextDocument: events.closed.event,
    onDidSaveTextDocument: events.saved.event,
    onDidChangeConfiguration: events.configuration.event,
    onDidDeleteFiles: none.event,
    onDidRenameFiles: none.event,
    createFileSystemWatcher: () => ({
      onDidCreate: events.watched.created.event, onDidChange: events.watched.changed.event, onDidDelete: events.watched.deleted.event,
      dispose: () => undefined,
    }),
  });
  Object.assign(vscode, {
    Position: FakePosition, Range: FakeRange, Diagnostic: FakeDiagnostic, DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
    CodeAction: FakeCodeAction, CodeActionKind: { QuickFix: { value: 'quickfix' } }, WorkspaceEdit: FakeWorkspaceEdit,
    languages: {
      createDiagnosticCollection: (name: string) => {
        const collection = new FakeDiagnosticCollection(name);
        events.collections.push(collection);
        return collection;
      },
      registerCodeActionsProvider: (_selector: unknown, provider: unknown) => {
        events.codeActionProviders.push(provider);
        return { dispose: () => void events.codeActionProviders.splice(events.codeActionProviders.indexOf(provider), 1) };
      },
    },
  });
  return events;
}

/** Resolves once `holds` is true, looking after each turn of the event loop's timers (the checks wait on timers). */
export async function until(holds: () => boolean): Promise<void> {
  while (!holds()) await new Promise((resolve) => setTimeout(resolve, 25));
}
