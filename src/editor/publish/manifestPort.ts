// The page manifest (.wiki-pages.json) read and written through vscode.workspace.fs, so a remote workspace's
// manifest is the remote file. Locations are URI strings. The port itself is manifestPortOver.ts.
import * as vscode from 'vscode';
import type { ManifestFilePort } from '../../core/tree/manifest';
import { manifestPortOver } from './manifestPortOver';

export function workspaceManifestPort(): ManifestFilePort {
  return manifestPortOver(vscode.workspace.fs, (location) => vscode.Uri.parse(location, true), (error) => error instanceof vscode.FileSystemError && error.code === 'FileNotFound');
}
