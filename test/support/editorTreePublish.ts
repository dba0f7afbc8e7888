// A folder published as a page tree the way the editor's folder publish does it (publishTree.ts), its questions
// answered (space DOCS, parent page 123456) and its confirmation accepted: the editor's walk over workspace.fs, the
// workspace's manifest port (the .wiki-pages.json is written on disk as pages land), this machine's links, the core's
// plan and run against the sandbox wiki. For tests running under the fake `vscode` of fakeEditorWorkspace.ts.
import assert from 'node:assert/strict';
import type { GlobalStateLinkStore } from '../../src/editor/publish/pageLinks';
import type { Logger } from '../../src/core/ports';
import { pageAddress } from '../../src/core/publish/pageAddress';
import { ThrottleGate } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import { openTreeManifest } from '../../src/core/tree/pageManifest';
import type { TreeFileResult } from '../../src/core/tree/runTypes';
import { planTreeOnDisk, treeLinks, type TreePlan } from '../../src/core/tree/treePlan';
import { runTree, treeLandedLink } from '../../src/core/tree/treeRun';
import { EditorUri } from './fakeEditorWorkspace';
import type { SignedInWorld } from './signedInWorld';

/** The editor's modules a folder publish uses, loaded once the fake `vscode` is installed. */
export interface EditorTreeTools {
  readSelection: typeof import('../../src/editor/publish/collectMarkdown').readSelection;
  lookUpFs: typeof import('../../src/editor/publish/collectMarkdown').lookUpFs;
  workspaceManifestPort: typeof import('../../src/editor/publish/manifestPort').workspaceManifestPort;
  editorFileLinkPorts: typeof import('../../src/editor/publish/fileLinkPorts').editorFileLinkPorts;
  labelOfFolder: typeof import('../../src/editor/publish/folderLabel').labelOfFolder;
}

export async function loadEditorTreeTools(): Promise<EditorTreeTools> {
  const [collect, manifestPort, ports, folderLabel] = await Promise.all([
    import('../../src/editor/publish/collectMarkdown'), import('../../src/editor/publish/manifestPort'),
    import('../../src/editor/publish/fileLinkPorts'), import('../../src/editor/publish/folderLabel'),
  ]);
  return {
    readSelection: collect.readSelection, lookUpFs: collect.lookUpFs, workspaceManifestPort: manifestPort.workspaceManifestPort,
    editorFileLinkPorts: ports.editorFileLinkPorts, labelOfFolder: folderLabel.labelOfFolder,
  };
}

/** This machine's side: its link store, and what the file-link ports ask of the editor (not signed in: no page reads). */
export interface EditorMachine {
  links: GlobalStateLinkStore;
  deps: { links: GlobalStateLinkStore; log: Logger; wiki: { baseUrl(): string; pages(): Promise<undefined> } };
}

/** The folder publish's plan, as its confirmation shows it. */
export async function planTreeAsEditor(tools: EditorTreeTools, signedIn: SignedInWorld, machine: EditorMachine, folder: EditorUri) {
  const read = await tools.readSelection([folder as never]);
  assert.ok(read.ok);
  const opened = await openTreeManifest(tools.workspaceManifestPort(), EditorUri.joinPath(folder, '.wiki-pages.json').toString(), [], { writing: true }, {});
  assert.ok(opened.ok);
  const identity = opened.store.withRoot({ space: 'DOCS', parent: '123456' });
  const rootPath = tools.labelOfFolder(folder as never, read.sources);
  const plan: TreePlan = await planTreeOnDisk(read.sources, {
    rootPath, spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: await treeLinks(read.sources, rootPath, machine.links),
    wiki: { pages: signedIn.pages, parentRecorded: opened.store.rootTarget() !== undefined },
  }, { fs: tools.lookUpFs(), root: folder as never }, tools.editorFileLinkPorts(machine.deps));
  return { plan, identity, store: opened.store };
}

/** The folder publish, confirmed: its run's results once every landed page is linked and recorded. */
export async function publishTreeAsEditor(tools: EditorTreeTools, signedIn: SignedInWorld, machine: EditorMachine, folder: EditorUri): Promise<{ results: TreeFileResult[] }> {
  const { plan, identity, store } = await planTreeAsEditor(tools, signedIn, machine, folder);
  const addressOf = (pageId: string, title: string) => pageAddress(signedIn.world.sandbox.baseUrl, 'DOCS', pageId, title);
  const linking: Array<Promise<void>> = [];
  const run = await runTree({
    plan, pages: signedIn.pages, identity, gate: new ThrottleGate(), concurrency: 4, addressOf, addressInSpace: async () => addressOf,
    guard: { noAccessReason: 'not signed in' },
    send: (item, target, context) => sendPlanned(item, target, context, {
      endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
    }),
    onResult: (result) => {
      const link = treeLandedLink(result, Date.now());
      if (link) linking.push(machine.links.set(result.item.file.key, link));
    },
  });
  await Promise.all(linking);
  await store.settled();
  return { results: run.results };
}
