// The editor's own publishers (publishFile.ts, publishMany.ts, publishTree.ts) run whole under the fake `vscode` of
// fakeEditorVscode.ts, against the sandbox wiki: the dependencies the extension gives them (the import endpoint
// setting, the API token, this machine's links, the wiki read with the test's sign-in), with nothing of our own client
// replaced. The notifications, modal confirmations and input boxes they show are the fake editor's to read and answer.
import type * as vscode from 'vscode';
import { API_TOKEN_ENV_VAR } from '../../src/core/apiToken/tokenSource';
import { systemClock } from '../../src/core/ports';
import type { GlobalStateLinkStore } from '../../src/editor/publish/pageLinks';
import type { PublishDependencies } from '../../src/editor/publish/publishContext';
import type { WikiAccess } from '../../src/editor/wiki/wikiAccess';
import { MemoryLogger } from '../fakes/memoryLogger';
import { MemoryMemento } from '../fakes/memoryMemento';
import { MemorySecretStore } from '../fakes/memorySecretStore';
import type { FakeEditor } from './fakeEditorVscode';
import type { SignedInWorld } from './signedInWorld';

/** The editor's publishers, loaded once the fake `vscode` is installed. */
export interface EditorPublishers {
  FilePublisher: typeof import('../../src/editor/publish/publishFile').FilePublisher;
  ManyPublisher: typeof import('../../src/editor/publish/publishMany').ManyPublisher;
  TreePublisher: typeof import('../../src/editor/publish/publishTree').TreePublisher;
  GlobalStateLinkStore: typeof import('../../src/editor/publish/pageLinks').GlobalStateLinkStore;
  RecentTargets: typeof import('../../src/editor/publish/recentTargets').RecentTargets;
}

export async function loadEditorPublishers(): Promise<EditorPublishers> {
  const [file, many, tree, links, recent] = await Promise.all([
    import('../../src/editor/publish/publishFile'), import('../../src/editor/publish/publishMany'), import('../../src/editor/publish/publishTree'),
    import('../../src/editor/publish/pageLinks'), import('../../src/editor/publish/recentTargets'),
  ]);
  return { FilePublisher: file.FilePublisher, ManyPublisher: many.ManyPublisher, TreePublisher: tree.TreePublisher, GlobalStateLinkStore: links.GlobalStateLinkStore, RecentTargets: recent.RecentTargets };
}

/** One window's side: its link store (global state), its log and how often Show Log/Show Results was chosen. */
export interface EditorWindow {
  deps: PublishDependencies;
  links: GlobalStateLinkStore;
  log: MemoryLogger;
  logsShown: number;
}

/**
 * The extension's dependencies of a publish, signed in with the test's export session (the wiki read for the edit
 * guard) and the test's API token (or `apiToken`) in the environment. `fake`'s settings get the sandbox's import endpoint.
 */
export function editorWindow(publishers: EditorPublishers, signedIn: SignedInWorld, fake: FakeEditor, apiToken = signedIn.apiToken): EditorWindow {
  fake.settings['wikiPublisher.importEndpoint'] = signedIn.world.sandbox.importEndpoint;
  const globalState = new MemoryMemento() as unknown as vscode.Memento;
  const links = new publishers.GlobalStateLinkStore(globalState);
  const log = new MemoryLogger();
  const wiki = { baseUrl: () => signedIn.world.sandbox.baseUrl, pages: async () => signedIn.pages } as unknown as WikiAccess;
  const window: EditorWindow = {
    links, log, logsShown: 0,
    deps: {
      secrets: new MemorySecretStore(), links, recent: new publishers.RecentTargets(globalState), log, clock: systemClock,
      env: { [API_TOKEN_ENV_VAR]: apiToken }, transport: () => signedIn.transport, wiki,
      showLog: () => {
        window.logsShown++;
      },
      setApiToken: async () => false,
    },
  };
  return window;
}
