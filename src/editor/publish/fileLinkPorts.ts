// What the core needs from the editor to find the pages of the files a publish links to (core/run/fileLinks.ts): the
// files of the linking file's workspace folder, looked up and read through vscode.workspace.fs (a remote workspace's
// files are the remote ones), never through a symbolic link; this machine's links; the site's address setting.
import * as vscode from 'vscode';
import type { FileLinkPorts } from '../../core/run/fileLinks';
import { editorTreeMessages } from '../messages/treeMessages';
import { onDemand } from '../onDemandLoader';
import { omitTitleHeadingSetting, type PublishDependencies } from './publishContext';
import { recordedPagesOf } from './repositoryLinks';
import { workspaceWalkFs } from './workspaceWalkFs';
import type { WikiAccess } from '../wiki/wikiAccess';

export function editorFileLinkPorts(deps: Pick<PublishDependencies, 'links' | 'log'> & { wiki: Pick<WikiAccess, 'baseUrl' | 'pages'> }): FileLinkPorts<vscode.Uri> {
  return {
    fs: workspaceWalkFs(vscode.workspace.fs, { label: (uri) => vscode.workspace.asRelativePath(uri) }),
    placeOf: (key) => {
      const uri = vscode.Uri.parse(key, true);
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      const top = folder?.uri.path.replace(/\/+$/, '');
      return folder && top !== undefined && uri.path.startsWith(`${top}/`) ? { folder: folder.uri, path: uri.path.slice(top.length + 1) } : undefined;
    },
    linkOf: (key) => deps.links.get(key),
    recordedLinks: async (keys) => ({ links: await recordedPagesOf(keys, deps.log) }),
    siteBase: deps.wiki.baseUrl().trim() || undefined,
    // Page access only when a link needs a numeric space's key: most publishes link to no page at all.
    spaceKey: async (spaceId) => onDemand().addressSpaceKey(spaceId, await deps.wiki.pages()),
    pageAccess: async () => (await deps.wiki.pages()) !== undefined,
    omitTitleHeading: omitTitleHeadingSetting(),
    messages: editorTreeMessages,
  };
}
