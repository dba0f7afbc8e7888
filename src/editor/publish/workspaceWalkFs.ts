// The walk's port over vscode.workspace.fs, so the Explorer's folder publish walks by the core's rules and works for
// remote workspaces too. Written against the shape of workspace.fs and Uri, without importing vscode at run time,
// so a unit test drives it with a node:fs fake that reports entry types exactly as VS Code's disk provider does.
import type { EntryKind, EntryType, WalkFs } from '../../core/walk/walkFs';

// vscode.FileType's bit flags: Unknown = 0, File = 1, Directory = 2, SymbolicLink = 64. VS Code reports a link as
// SymbolicLink | what it points at (File, Directory, or Unknown when it leads nowhere); a pipe or a device is Unknown.
const FILE = 1;
const DIRECTORY = 2;
const SYMBOLIC_LINK = 64;

/** What this port needs of a vscode.Uri. */
export interface UriLike<U> {
  readonly path: string;
  with(change: { path: string }): U;
  toString(): string;
}

/** What this port needs of vscode.workspace.fs. */
export interface WorkspaceFsLike<U> {
  readDirectory(uri: U): PromiseLike<Array<[string, number]>>;
  readFile(uri: U): PromiseLike<Uint8Array>;
  stat(uri: U): PromiseLike<{ type: number }>;
}

export interface WorkspaceWalkOptions<U> {
  /** How people know a file: vscode.workspace.asRelativePath. */
  label(uri: U): string;
  /**
   * A location the user opened as a workspace folder: followed even when it is a link (a project opened through a
   * link). workspace.fs cannot say where any other link leads, so other links named in a selection are refused.
   */
  isWorkspaceFolder?(uri: U): boolean;
}

export function workspaceWalkFs<U extends UriLike<U>>(fs: WorkspaceFsLike<U>, options: WorkspaceWalkOptions<U>): WalkFs<U> {
  const type = async (uri: U): Promise<EntryType | undefined> => {
    try {
      return entryType((await fs.stat(uri)).type);
    } catch {
      return undefined;
    }
  };
  return {
    list: async (folder) => (await fs.readDirectory(folder)).map(([name, flags]) => ({ name, ...entryType(flags) })),
    type,
    read: async (file) => fs.readFile(file),
    child: (folder, name) => folder.with({ path: `${folder.path.replace(/\/+$/, '')}/${name}` }),
    parent: (location) => {
      const path = location.path.replace(/\/+$/, '');
      return path === '' ? undefined : location.with({ path: path.slice(0, path.lastIndexOf('/')) || '/' });
    },
    baseName: (location) => location.path.replace(/\/+$/, '').split('/').pop() ?? '',
    key: (location) => location.toString(),
    label: options.label,
    followLink: async (location) => {
      if (!options.isWorkspaceFolder?.(location)) return undefined;
      return { target: location, kind: (await type(location))?.linkTo, inside: true };
    },
    ...(options.isWorkspaceFolder ? { isTreeTop: options.isWorkspaceFolder } : {}),
  };
}

export function entryType(flags: number): EntryType {
  const target = kindOf(flags);
  return flags & SYMBOLIC_LINK ? (target ? { kind: 'symbolicLink', linkTo: target } : { kind: 'symbolicLink' }) : { kind: target ?? 'other' };
}

function kindOf(flags: number): EntryKind | undefined {
  if (flags & DIRECTORY) return 'directory';
  return flags & FILE ? 'file' : undefined;
}
