// The editor's side of a session another window wrote an older copy over (code-server writes a tab's whole secret set
// back on any change, replaced refresh token included): Compare with Wiki Page against the sandbox wiki, through the
// editor's own sign-in service (ExportSessionService, WikiAccess) under test/support/fakeEditorVscode.ts, and the status
// bar's export section. While the latest session may still be on its way, "try again in a moment" and the status
// signed in; once it cannot be (here: a window reloaded after the write-back), the sign-in is lost here, said so, with
// Sign In, and the status no longer says "signed in". Neither sends the replaced refresh token or signs anyone out.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as vscode from 'vscode';
import { tokenStatusView } from '../../src/core/apiToken/statusView';
import { SESSION_SECRET_KEY, type ExportSession } from '../../src/core/oauth';
import { parseSession, serializeSession, sessionFromTokens } from '../../src/core/oauth/session';
import type { ExportSessionService } from '../../src/editor/auth/exportSessionService';
import type { RecentTargets } from '../../src/editor/publish/recentTargets';
import { ManualClock } from '../fakes/manualClock';
import { MemoryLogger } from '../fakes/memoryLogger';
import { MemoryMemento } from '../fakes/memoryMemento';
import { MemorySecretStore } from '../fakes/memorySecretStore';
import { installEditorVscode, Uri, type FakeEditor } from '../support/fakeEditorVscode';
import { useSignedInWorld } from '../support/signedInWorld';

const MINUTE = 60_000;
const LOST = /^Compare with Wiki Page failed: Could not use the export sign-in: The export sign-in stored for this window was replaced by an older copy from another window, so it is lost here\. Sign in again\.$/;
const TRY_AGAIN = /^Compare with Wiki Page failed: Could not use the export sign-in: This window has not yet received the export session another window stored\. Try again in a moment\.$/;

describe('the editor when another window wrote an older copy of the export sign-in over this window\'s', function () {
  this.timeout(20_000);
  // The identity provider keeps the test's time: a window whose clock alone jumped ahead would judge access tokens
  // by the provider's clock (ProviderClock) and still find the written-back copy's access token fresh.
  const signedIn = useSignedInWorld({ idp: { now: () => (clock ? clock.now() : Date.now()) } });
  let folder: string;
  let fake: FakeEditor;
  let editor: {
    ExportSessionService: typeof import('../../src/editor/auth/exportSessionService').ExportSessionService;
    CompareWithWikiCommand: typeof import('../../src/editor/commands/compareWithWiki').CompareWithWikiCommand;
    WikiPageContentProvider: typeof import('../../src/editor/wiki/pageContentProvider').WikiPageContentProvider;
    GlobalStateLinkStore: typeof import('../../src/editor/publish/pageLinks').GlobalStateLinkStore;
    WikiAccess: typeof import('../../src/editor/wiki/wikiAccess').WikiAccess;
    editorSignInMessages: typeof import('../../src/editor/messages/signInMessages').editorSignInMessages;
    editorTokenMessages: typeof import('../../src/editor/messages/tokenMessages').editorTokenMessages;
  };
  let store: MemorySecretStore;
  let clock: ManualClock;
  const services: ExportSessionService[] = [];

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'wiki-publisher-overwritten-'));
    fake = installEditorVscode(folder);
    const [service, compare, provider, pageLinks, wikiAccess, signInMessages, tokenMessages] = await Promise.all([
      import('../../src/editor/auth/exportSessionService'), import('../../src/editor/commands/compareWithWiki'), import('../../src/editor/wiki/pageContentProvider'),
      import('../../src/editor/publish/pageLinks'), import('../../src/editor/wiki/wikiAccess'), import('../../src/editor/messages/signInMessages'),
      import('../../src/editor/messages/tokenMessages'),
    ]);
    editor = {
      ExportSessionService: service.ExportSessionService, CompareWithWikiCommand: compare.CompareWithWikiCommand, WikiPageContentProvider: provider.WikiPageContentProvider,
      GlobalStateLinkStore: pageLinks.GlobalStateLinkStore, WikiAccess: wikiAccess.WikiAccess, editorSignInMessages: signInMessages.editorSignInMessages,
      editorTokenMessages: tokenMessages.editorTokenMessages,
    };
  });
  after(async () => {
    fake.uninstall();
    await rm(folder, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.settings = { ...signedIn.world.settings };
    fake.notifications.length = 0;
    store = new MemorySecretStore();
    clock = new ManualClock(Date.now());
  });
  afterEach(() => {
    for (const service of services.splice(0)) service.dispose();
  });

  /** A window's sign-in service: activation is its start. */
  function window(): ExportSessionService {
    const service = new editor.ExportSessionService({
      secrets: store, onDidChangeSecret: () => ({ dispose: () => undefined }), globalState: new MemoryMemento() as unknown as vscode.Memento,
      globalStorageDir: folder, clock, log: new MemoryLogger(), env: { WIKI_PUBLISHER_CLIENT_SECRET: signedIn.world.idp.clientSecret },
      claimNotice: async () => false, signInMessages: () => editor.editorSignInMessages,
    });
    services.push(service);
    return service;
  }

  /** Window 1 signs in and refreshes; window 2's copy from before the refresh is then written back over the store. */
  async function writtenBack(window1: ExportSessionService): Promise<{ latest: ExportSession; copy: ExportSession }> {
    const issued = signedIn.world.idp.issueSessionDirectly();
    const copy = sessionFromTokens({ accessToken: issued.access_token, refreshToken: issued.refresh_token as string, scope: issued.scope }, clock.now());
    assert.ok(copy);
    await window1.manager().saveSignedInSession(copy);
    clock.set(copy.accessExpiresAt - 2 * MINUTE);
    await window1.refreshNowQuietly();
    const latest = parseSession(await store.get(SESSION_SECRET_KEY));
    assert.ok(latest && latest.refreshToken !== copy.refreshToken, 'the refresh rotated the token');
    await store.store(SESSION_SECRET_KEY, serializeSession(copy));
    return { latest, copy };
  }

  async function compareIn(service: ExportSessionService): Promise<void> {
    const file = join(folder, 'a.md');
    await writeFile(file, '# Page A\n');
    const links = new editor.GlobalStateLinkStore(new MemoryMemento() as unknown as vscode.Memento);
    await links.set(Uri.file(file).toString(), { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Page A', pageId: '1000000', publishedAt: clock.now() });
    const wiki = new editor.WikiAccess({ session: service, transport: () => signedIn.transport });
    const compare = new editor.CompareWithWikiCommand({ wiki, links, recent: {} as RecentTargets, pages: new editor.WikiPageContentProvider(), log: new MemoryLogger() });
    await compare.execute(Uri.file(file));
  }

  function exportSection(info: Awaited<ReturnType<ExportSessionService['statusInfo']>>): string {
    const view = tokenStatusView({ kind: 'none' }, editor.editorTokenMessages, { exportSession: info, now: clock.now() });
    return view.tooltipMarkdown.split('\n\n').find((section) => section.startsWith('**Export API**')) ?? '';
  }

  function chainIntact(latest: ExportSession): void {
    const { idp } = signedIn.world;
    assert.equal(idp.stats.revokedChains, 0);
    assert.ok(idp.chainAlive(latest.refreshToken), 'the chain lives: the replaced refresh token was never sent');
  }

  it('after a reload that starts with the old copy: Compare says the sign-in is lost here and offers Sign In; the status bar no longer says signed in', async () => {
    const before = window();
    const { latest } = await writtenBack(before);
    // The window reloads: its extension host ends, a new one starts with what the store holds.
    before.dispose();
    clock.advance(10_000);
    const reloaded = window();
    let changes = 0;
    reloaded.onDidChange(() => changes++);

    const status = await reloaded.statusInfo();
    assert.deepEqual(status, { signedIn: false, overwritten: true });
    assert.equal(exportSection(status), '**Export API**: not signed in here. Another window replaced the sign-in stored for this window with an older copy, so it is lost. [Sign in](command:wikiPublisher.signIn)');

    await compareIn(reloaded);
    const [shown] = fake.notifications;
    assert.equal(shown?.severity, 'error');
    assert.match(shown.message, LOST);
    assert.deepEqual(shown.items, ['Sign In']);
    assert.ok(changes >= 1, 'the session service told its listeners (the status bar) once the read found it lost');
    chainIntact(latest);
  });

  it('while the latest may still be on its way: Compare says to try again in a moment, and the status bar still says signed in', async () => {
    const window1 = window();
    const { latest } = await writtenBack(window1);
    clock.advance(2000);
    const status = await window1.statusInfo();
    assert.equal(status.signedIn, true);
    assert.match(exportSection(status), /^\*\*Export API\*\*: signed in\./);

    await compareIn(window1);
    const [shown] = fake.notifications;
    assert.match(shown?.message ?? '', TRY_AGAIN);
    assert.deepEqual(shown?.items, ['Show Log']);
    chainIntact(latest);
  });
});
