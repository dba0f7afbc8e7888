// The core's sentences reach the user in the editor's language: the editor's catalogues (src/editor/messages) answer
// through vscode.l10n, here a fake German bundle, and the core's outcome (from the sandbox wiki), preflight reason and
// status tooltip come out in it. With the English bundle the editor's catalogues say exactly what the core's English
// catalogues say (the command line's words), entry by entry.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tokenExpiryState } from '../../src/core/apiToken/expiry';
import { tokenStatusView } from '../../src/core/apiToken/statusView';
import { exportPageMarkdown } from '../../src/core/export/bulkExport';
import { isExportError } from '../../src/core/export/isExportError';
import { checkEndpoint } from '../../src/core/http/endpoint';
import { createFetchTransport } from '../../src/core/http/fetchTransport';
import { englishAddressMessages, type AddressMessages } from '../../src/core/messages/addressMessages';
import { englishEndpointMessages, type EndpointMessages } from '../../src/core/messages/endpointMessages';
import { englishExportMessages, type ExportMessages } from '../../src/core/messages/exportMessages';
import { englishManifestMessages, type ManifestMessages } from '../../src/core/messages/manifestMessages';
import { englishNetworkMessages, type NetworkMessages } from '../../src/core/messages/networkMessages';
import { englishPageRouteMessages, type PageRouteMessages } from '../../src/core/messages/pageRouteMessages';
import { englishPublishMessages, type PublishMessages } from '../../src/core/messages/publishMessages';
import { englishSignInMessages, type SignInMessages } from '../../src/core/messages/signInMessages';
import { englishTokenMessages, type TokenMessages } from '../../src/core/messages/tokenMessages';
import { englishTreeMessages, type TreeMessages } from '../../src/core/messages/treeMessages';
import { englishWalkMessages, type WalkMessages } from '../../src/core/messages/walkMessages';
import { startLoopbackServer } from '../../src/core/oauth/loopbackServer';
import { TokenClient } from '../../src/core/oauth/tokenClient';
import { planFile } from '../../src/core/run/plan';
import { parseManifest } from '../../src/core/tree/manifestFormat';
import { createWikiPagesClient } from '../../src/core/wikiPages/client';
import { readFailureText } from '../../src/core/wikiPages/readFailureText';
import { createUndiciTransport } from '../../src/core/http/undiciTransport';
import { importPage } from '../../src/core/publish/pipeline';
import { DOCS_HOME, useSandbox } from '../support/importHarness';
import { installL10nOnlyVscode } from '../support/fakeL10n';
import { ANSWER_LIMITS } from '../../src/core/http/transport';

interface EditorCatalogues {
  address: AddressMessages;
  endpoint: EndpointMessages;
  export: ExportMessages;
  manifest: ManifestMessages;
  network: NetworkMessages;
  pageRoutes: PageRouteMessages;
  publish: PublishMessages;
  signIn: SignInMessages;
  token: TokenMessages;
  tree: TreeMessages;
  walk: WalkMessages;
}

async function loadEditorCatalogues(): Promise<EditorCatalogues> {
  const [address, endpoint, exported, manifest, network, pageRoutes, publish, signIn, token, tree, walk] = await Promise.all([
    import('../../src/editor/messages/addressMessages'),
    import('../../src/editor/messages/endpointMessages'),
    import('../../src/editor/messages/exportMessages'),
    import('../../src/editor/messages/manifestMessages'),
    import('../../src/editor/messages/networkMessages'),
    import('../../src/editor/messages/pageRouteMessages'),
    import('../../src/editor/messages/publishMessages'),
    import('../../src/editor/messages/signInMessages'),
    import('../../src/editor/messages/tokenMessages'),
    import('../../src/editor/messages/treeMessages'),
    import('../../src/editor/messages/walkMessages'),
  ]);
  return {
    address: address.editorAddressMessages, endpoint: endpoint.editorEndpointMessages, export: exported.editorExportMessages, manifest: manifest.editorManifestMessages, network: network.editorNetworkMessages,
    pageRoutes: pageRoutes.editorPageRouteMessages,
    publish: publish.editorPublishMessages, signIn: signIn.editorSignInMessages,
    token: token.editorTokenMessages, tree: tree.editorTreeMessages, walk: walk.editorWalkMessages,
  };
}

const GERMAN: Record<string, string> = {
  '{0} Sent to space "{1}" under parent page {2}; the wiki answers the same when the API token\'s owner cannot see them.':
    '{0} Gesendet an Bereich "{1}" unter der übergeordneten Seite {2}; das Wiki antwortet genauso, wenn der Besitzer des API-Tokens sie nicht sehen kann.',
  'The parent page ID "{0}" must consist of digits only, such as 123456.': 'Die ID der übergeordneten Seite "{0}" darf nur aus Ziffern bestehen, etwa 123456.',
  '**Wiki API token**': '**Wiki-API-Token**',
  'Expires **{0}** (in {1}).': 'Läuft ab am **{0}** (in {1}).',
  '{0} days': '{0} Tagen',
  'Kept in VS Code\'s secret storage.': 'In der Geheimnisablage von VS Code gespeichert.',
  'Wiki token: {0}': 'Wiki-Token: {0}',
  'The identity provider rejected the client ID or client secret (HTTP {0}).': 'Der Identitätsanbieter hat die Client-ID oder das Client-Geheimnis abgelehnt (HTTP {0}).',
  'Invalid sign-in link': 'Ungültiger Anmeldelink',
  'This callback does not belong to the sign-in VS Code started. Nothing was changed.': 'Dieser Rückruf gehört nicht zu der von VS Code gestarteten Anmeldung. Nichts wurde geändert.',
  '{0} is not a valid URL.': '{0} ist keine gültige URL.',
  'The network request failed.': 'Die Netzwerkanfrage ist fehlgeschlagen.',
  '{0} must use https:// (plain http:// is allowed only for 127.0.0.1, [::1] and localhost), so diagram source is never sent unencrypted.':
    '{0} muss https:// verwenden (einfaches http:// nur für 127.0.0.1, [::1] und localhost), damit der Quelltext der Diagramme nie unverschlüsselt gesendet wird.',
  '{0} has merge conflict markers; resolve them (keep both sides\' entries) and run again.': '{0} enthält Konfliktmarkierungen; lösen Sie sie auf (behalten Sie die Einträge beider Seiten) und versuchen Sie es erneut.',
  'The wiki is busy or failing (HTTP {0}).': 'Das Wiki ist ausgelastet oder gestört (HTTP {0}).',
  'The export API found no such page (HTTP 404): it was deleted, or you may not see it.': 'Die Export-API fand keine solche Seite (HTTP 404): Sie wurde gelöscht, oder Sie dürfen sie nicht sehen.',
};

describe('the editor\'s message catalogues, through vscode.l10n', () => {
  const env = useSandbox();
  let german: EditorCatalogues;
  let restore: () => void = () => undefined;
  before(async () => {
    restore = installL10nOnlyVscode(GERMAN);
    german = await loadEditorCatalogues();
  });
  after(() => restore());

  it('an outcome: the sandbox\'s 404 keeps the service\'s words, and the core\'s sentence is German', async () => {
    const outcome = await importPage({
      endpoint: new URL(env.sandbox.importEndpoint), token: env.token, target: { ...DOCS_HOME, parentId: '999999' },
      content: '# Notes\n', transport: createUndiciTransport({}, {}), deadlineMs: 10_000, messages: german.publish,
    });
    assert.equal(outcome.kind, 'notFound');
    assert.equal(outcome.message, `${outcome.said} Gesendet an Bereich "DOCS" unter der übergeordneten Seite 999999; das Wiki antwortet genauso, wenn der Besitzer des API-Tokens sie nicht sehen kann.`);
  });

  it('a preflight reason: a parent page ID that is not digits', () => {
    const item = planFile({ key: 'a.md', label: 'a.md', text: '---\nwiki:\n  spaceId: DOCS\n  parentId: "12a"\n  pageTitle: A\n---\nText.\n' }, undefined, { messages: german.publish });
    assert.equal(item.state, 'refused');
    assert.deepEqual(item.refusals.map((refusal) => refusal.message), ['Die ID der übergeordneten Seite "12a" darf nur aus Ziffern bestehen, etwa 123456.']);
  });

  it('a sign-in failure: the identity provider (a loopback stub) refuses the client, and the editor words it in German', async () => {
    const provider = createServer((_req, res) => res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}'));
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = provider.address() as AddressInfo;
      const client = new TokenClient({ authUrl: `http://127.0.0.1:${port}`, clientId: 'wiki-publisher', getClientSecret: async () => 'client-secret', retry: { maxAttempts: 1 } });
      const result = await client.refresh('refresh-token');
      assert.ok(!result.ok);
      assert.equal(result.error.message, 'The identity provider rejected the client ID or client secret (HTTP 401).');
      assert.equal(result.error.wordedIn(german.signIn), 'Der Identitätsanbieter hat die Client-ID oder das Client-Geheimnis abgelehnt (HTTP 401).');
    } finally {
      provider.close();
    }
  });

  it('the sign-in\'s browser page: a callback of another sign-in is refused in German', async () => {
    const server = await startLoopbackServer({ port: 0, expectedState: 'expected-state', messages: german.signIn });
    try {
      const page = await (await fetch(`${server.redirectUri}?state=another-state&code=c`)).text();
      assert.match(page, /<h1>Ungültiger Anmeldelink<\/h1><p>Dieser Rückruf gehört nicht zu der von VS Code gestarteten Anmeldung\. Nichts wurde geändert\.<\/p>/);
    } finally {
      await server.close();
    }
  });

  it('an export failure: the export API (a loopback stub) knows no such page, and the editor words it in German', async () => {
    const api = createServer((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{}'));
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = api.address() as AddressInfo;
      const failure = await exportPageMarkdown({
        apiUrl: `http://127.0.0.1:${port}/api`, pageId: '123456', transport: createUndiciTransport({}, {}), getAccessToken: async () => 'access-token',
      }).then(() => undefined, (error: unknown) => error);
      assert.ok(isExportError(failure, 'notFound'));
      assert.equal(failure.message, 'The export API found no such page (HTTP 404): it was deleted, or you may not see it.');
      assert.equal(failure.wordedIn(german.export), 'Die Export-API fand keine solche Seite (HTTP 404): Sie wurde gelöscht, oder Sie dürfen sie nicht sehen.');
    } finally {
      api.close();
    }
  });

  it('a failed read of the wiki (a loopback stub failing), as Open Wiki Page and the Wiki Pages view show it, in German', async () => {
    const wiki = createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((resolve) => wiki.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = wiki.address() as AddressInfo;
      const pages = createWikiPagesClient({ baseUrl: `http://127.0.0.1:${port}/wiki`, transport: createUndiciTransport({}, {}), getAccessToken: async () => 'access-token' });
      const failure = await pages.getPage('123456').then(() => undefined, (error: unknown) => error);
      assert.ok(failure instanceof Error);
      assert.equal(failure.message, 'The wiki is busy or failing (HTTP 503).');
      assert.equal(readFailureText(failure, german.pageRoutes), 'Das Wiki ist ausgelastet oder gestört (HTTP 503).');
      assert.equal(readFailureText(failure, german.tree), 'Das Wiki ist ausgelastet oder gestört (HTTP 503).');
    } finally {
      wiki.close();
    }
  });

  it('a page manifest left mid-merge, as the Wiki Pages view and Publish as Page Tree refuse it, in German', () => {
    const parsed = parseManifest('{\n<<<<<<< ours\n=======\n>>>>>>> theirs\n}\n', 'docs/.wiki-pages.json', german.manifest);
    assert.deepEqual(parsed, { ok: false, message: 'docs/.wiki-pages.json:2 enthält Konfliktmarkierungen; lösen Sie sie auf (behalten Sie die Einträge beider Seiten) und versuchen Sie es erneut.' });
  });

  it('a network failure that says nothing itself, through the editor\'s transport', async () => {
    const transport = createFetchTransport({ name: 'test', fetchFor: () => () => Promise.reject(new Error('')), messages: german.network });
    await assert.rejects(transport.send({ method: 'GET', url: 'http://127.0.0.1:9/', headers: {}, maxResponseBytes: ANSWER_LIMITS.smallJson }), { message: 'Die Netzwerkanfrage ist fehlgeschlagen.' });
  });

  it('a diagram renderer at a plain-http address that is not loopback refuses the file', () => {
    const item = planFile(
      { key: 'a.md', label: 'a.md', text: '---\nwiki:\n  spaceId: DOCS\n  parentId: "123"\n  pageTitle: A\n---\nText.\n' },
      undefined,
      { messages: german.publish, diagramRenderer: 'http://kroki.example.com' },
    );
    assert.equal(item.state, 'refused');
    assert.deepEqual(item.refusals.map((refusal) => refusal.message), [
      'wikiPublisher.diagrams muss https:// verwenden (einfaches http:// nur für 127.0.0.1, [::1] und localhost), damit der Quelltext der Diagramme nie unverschlüsselt gesendet wird.',
    ]);
  });

  it('an address setting\'s refusal', () => {
    const checked = checkEndpoint('not an address', 'wikiPublisher.endpoint');
    assert.ok(!checked.ok);
    assert.equal(checked.say(german.endpoint), 'wikiPublisher.endpoint ist keine gültige URL.');
  });

  it('the status item and its tooltip: text, title, expiry with the time left, and the source', () => {
    const now = Date.UTC(2026, 10, 21, 12);
    const exp = now / 1000 + 12 * 86_400;
    const view = tokenStatusView(tokenExpiryState({ claims: { exp, iat: exp - 30 * 86_400 }, now, warningDays: 3 }), german.token, { source: 'secretStorage' });
    assert.equal(view.text, '$(key) Wiki-Token: 12 Tagen');
    const sections = view.tooltipMarkdown.split('\n\n');
    assert.deepEqual(sections.slice(0, 3), ['**Wiki-API-Token**', 'Läuft ab am **2026-12-03 12:00:00 UTC** (in 12 Tagen).', 'In der Geheimnisablage von VS Code gespeichert.']);
  });
});

describe('the editor\'s catalogues in English say what the core\'s English catalogues say', () => {
  let english: EditorCatalogues;
  let restore: () => void = () => undefined;
  before(async () => {
    restore = installL10nOnlyVscode({});
    english = await loadEditorCatalogues();
  });
  after(() => restore());

  // Each entry is called with every kind of value it takes: texts, 1 and 2 (singular and plural), true and false.
  const argumentSets: unknown[][] = [['a0', 'a1', 'a2', 'a3'], [1, 1, 1, 1], [2, 2, 2, 2], ['b0', 'b1', true, 'b3'], ['c0', 'c1', false, 'c3'], ['d0', 'd1', 'd2', true], ['e0', undefined, undefined, false]];
  const areas: Array<[keyof EditorCatalogues, object]> = [
    ['address', englishAddressMessages], ['endpoint', englishEndpointMessages], ['export', englishExportMessages], ['manifest', englishManifestMessages], ['network', englishNetworkMessages],
    ['pageRoutes', englishPageRouteMessages],
    ['publish', englishPublishMessages], ['signIn', englishSignInMessages],
    ['token', englishTokenMessages], ['tree', englishTreeMessages], ['walk', englishWalkMessages],
  ];
  for (const [area, core] of areas) {
    it(`${area}: every entry, word for word`, () => {
      const editor = english[area] as unknown as Record<string, (...args: unknown[]) => string>;
      const entries = Object.entries(core as Record<string, (...args: unknown[]) => string>);
      assert.deepEqual(Object.keys(editor).sort(), entries.map(([key]) => key).sort());
      for (const [key, say] of entries) {
        for (const args of argumentSets) assert.equal(editor[key]?.(...args), say(...args), `${area}.${key}(${args.map(String).join(', ')})`);
      }
    });
  }
});
