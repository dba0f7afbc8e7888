// The export client against the sandbox world: the page's stored Markdown comes back, a 401 costs exactly one
// refresh and one retry, throttling and server faults are retried, and hostile archives are refused.
import assert from 'node:assert/strict';
import { serve } from '../support/loopbackServers';
import { createServer } from 'node:http';
import { ExportError, exportPageMarkdown, type ExportErrorKind, type ExportPageOptions } from '../../src/core/export';
import { createUndiciTransport, type UndiciTransport } from '../../src/core/http/undiciTransport';
import { MemoryLogger } from '../fakes/memoryLogger';
import { MemorySecretStore } from '../fakes/memorySecretStore';
import { systemClock } from '../../src/core/ports';
import { makeTempDir, managerFor, readSession, signInThroughSandbox } from '../sandbox/oauthTestKit';
import { importBody, postImport } from '../sandbox/sandboxTestKit';
import { startSandboxWorld, type SandboxWorld } from '../sandbox/world';

function failsWith(kind: ExportErrorKind, pattern?: RegExp, secret?: string): (error: unknown) => boolean {
  return (error) => {
    assert.ok(error instanceof ExportError, `expected an ExportError, got ${String(error)}`);
    assert.equal(error.kind, kind, error.message);
    if (pattern) assert.match(error.message, pattern);
    if (secret) assert.ok(!error.message.includes(secret), 'the message carries the token');
    return true;
  };
}

describe('export API client against the sandbox', () => {
  let world: SandboxWorld;
  let transport: UndiciTransport;
  let token: string;
  let pageId: string;
  let sleeps: number[];
  const markdown = '# Release notes\n\n- Faster publishing\n- Ünïcödé 🚀\n';

  const exportOptions = (overrides: Partial<ExportPageOptions> = {}): ExportPageOptions => ({
    apiUrl: world.sandbox.exportApiUrl,
    pageId,
    pageTitle: 'Release notes',
    transport,
    getAccessToken: async () => token,
    retry: { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5 },
    ...overrides,
  });
  const statuses = (): number[] => world.sandbox.exports.map((recorded) => recorded.status);

  before(async () => {
    world = await startSandboxWorld();
    transport = createUndiciTransport({}, {});
  });
  beforeEach(async () => {
    world.sandbox.reset();
    sleeps = [];
    token = world.idp.issueSessionDirectly().access_token;
    const importToken = world.sandbox.issueToken({ label: 'export-test' }).token;
    const answer = await postImport(world.sandbox, importBody({ pageTitle: 'Release notes', content: markdown }), importToken);
    assert.equal(answer.status, 201);
    pageId = world.sandbox.findPageByTitle('DOCS', '123456', 'Release notes')?.id ?? '';
  });
  after(async () => {
    await transport.close();
    await world.close();
  });

  it('answers the page\'s stored Markdown and its entry name, and follows an edit made on the wiki', async () => {
    const exported = await exportPageMarkdown(exportOptions());
    assert.equal(exported.markdown, world.sandbox.pages().find((page) => page.id === pageId)?.markdown);
    assert.equal(exported.markdown, markdown);
    assert.equal(exported.entryName, 'DOCS/Release notes.md');
    assert.deepEqual(world.sandbox.exports[0]?.body, { pageId, bulkExport: false, maxPages: 1, includeAttachments: false });
    assert.equal(world.sandbox.exports[0]?.operation, '/bulkExport');

    world.sandbox.editPageOnWiki(pageId, '# Edited by a colleague\n');
    assert.equal((await exportPageMarkdown(exportOptions())).markdown, '# Edited by a colleague\n');
  });

  it('exports a 1 MB page intact', async () => {
    const big = `# Big\n\n${'Lorem ipsum dolor sit amet, ünïcödé. '.repeat(28_000)}\n`;
    world.sandbox.editPageOnWiki(pageId, big);
    assert.equal((await exportPageMarkdown(exportOptions())).markdown, big);
  });

  describe('401 with a real session', () => {
    let temp: { dir: string; remove(): Promise<void> };
    beforeEach(async () => void (temp = await makeTempDir('export-refresh-')));
    afterEach(async () => temp.remove());

    it('refreshes exactly once and retries exactly once, then succeeds', async () => {
      const store = new MemorySecretStore();
      const logger = new MemoryLogger();
      const { manager } = managerFor(world.idp, { store, clock: systemClock, logger, lockDir: temp.dir, lockTimeoutMs: 2000 });
      const signedIn = await signInThroughSandbox(world.idp, manager, systemClock);
      // The session's access token looks fresh, but the wiki no longer takes it (revoked early, say).
      const rejected = `${signedIn.accessToken.slice(0, -6)}AAAAAA`;
      const refreshesBefore = world.idp.stats.refreshRequests;
      const forced: boolean[] = [];
      const exported = await exportPageMarkdown(exportOptions({
        getAccessToken: async (signal, { forceRefresh }) => {
          forced.push(forceRefresh);
          return forceRefresh ? (await manager.refreshNow(signal)).accessToken : rejected;
        },
      }));
      assert.equal(exported.markdown, markdown);
      assert.deepEqual(forced, [false, true]);
      assert.equal(world.idp.stats.refreshRequests - refreshesBefore, 1, 'one refresh');
      assert.deepEqual(statuses(), [401, 200], 'one retry');
      const stored = await readSession(store);
      assert.ok(stored && stored.accessToken !== signedIn.accessToken, 'the refreshed session is stored');
      assert.deepEqual(sleeps, [], 'no backoff for the refresh');
    });

    it('gives up after the one retry when the refreshed token is refused too', async () => {
      const forced: boolean[] = [];
      token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtYWxsb3J5In0.c2lnbmF0dXJl';
      await assert.rejects(
        exportPageMarkdown(exportOptions({ getAccessToken: async (_signal, { forceRefresh }) => (forced.push(forceRefresh), token) })),
        failsWith('unauthorized', /HTTP 401/, token),
      );
      assert.deepEqual(forced, [false, true]);
      assert.deepEqual(statuses(), [401, 401]);
    });

    it('reports a session that cannot be refreshed as not signed in, keeping the session\'s error as the cause', async () => {
      const store = new MemorySecretStore();
      const { manager } = managerFor(world.idp, { store, clock: systemClock, logger: new MemoryLogger(), lockDir: temp.dir, lockTimeoutMs: 2000 });
      await assert.rejects(
        exportPageMarkdown(exportOptions({ getAccessToken: (signal) => manager.getAccessToken(signal) })),
        (error: unknown) => failsWith('notSignedIn', /not signed in/)(error) && (error as ExportError).details.cause instanceof Error,
      );
      await assert.rejects(exportPageMarkdown(exportOptions({ getAccessToken: async () => undefined })), failsWith('notSignedIn'));
      assert.deepEqual(statuses(), [], 'nothing sent without a token');
    });
  });

  describe('faults', () => {
    it('retries 429, waiting at least Retry-After, then succeeds', async () => {
      world.sandbox.injectExportFaults({ rateLimitNext: 2, retryAfterSeconds: 3 });
      assert.equal((await exportPageMarkdown(exportOptions())).markdown, markdown);
      assert.deepEqual(statuses(), [429, 429, 200]);
      assert.equal(sleeps.length, 2);
      assert.ok(sleeps.every((ms) => ms >= 3000), `waits ${sleeps.join(', ')}`);
    });

    it('does not wait out a Retry-After longer than its cap: a clear rate-limit error', async () => {
      world.sandbox.injectExportFaults({ rateLimitNext: 1, retryAfterSeconds: 600 });
      await assert.rejects(exportPageMarkdown(exportOptions()), (error: unknown) =>
        failsWith('rateLimited', /HTTP 429/)(error) && (error as ExportError).details.retryAfterMs === 600_000);
      assert.deepEqual(statuses(), [429]);
    });

    it('retries 500, a proxy\'s 502 page and a reset connection, then succeeds', async () => {
      world.sandbox.injectExportFaults({ failNext: 1, nonJsonNext: 1, resetNext: 1 });
      assert.equal((await exportPageMarkdown(exportOptions())).markdown, markdown);
      assert.deepEqual(statuses(), [0, 502, 500, 200]);
      assert.equal(sleeps.length, 3);
      assert.ok(sleeps[0]! < sleeps[2]!, 'the waits grow');
    });

    it('gives a clear server error once the attempts are used up', async () => {
      world.sandbox.injectExportFaults({ failNext: 10 });
      await assert.rejects(exportPageMarkdown(exportOptions()), failsWith('server', /HTTP 500/));
      assert.deepEqual(statuses(), [500, 500, 500, 500]);
    });

    it('ends a response that stalls after its headers at the deadline', async () => {
      world.sandbox.injectExportFaults({ stallAfterHeadersNext: 1 });
      await assert.rejects(exportPageMarkdown(exportOptions({ timeoutMs: 300 })), failsWith('timeout'));
    });

    it('stops waiting between attempts when cancelled', async () => {
      world.sandbox.injectExportFaults({ failNext: 10 });
      const cancel = new AbortController();
      const options = exportOptions({ signal: cancel.signal, retry: { sleep: async () => cancel.abort() } });
      await assert.rejects(exportPageMarkdown(options), failsWith('cancelled'));
      assert.deepEqual(statuses(), [500]);
    });
  });

  describe('hostile archives from the sandbox', () => {
    it('refuses a ZIP bomb', async () => {
      world.sandbox.injectExportFaults({ zipBombNext: 1 });
      await assert.rejects(exportPageMarkdown(exportOptions()), failsWith('archive', /more than 50 MB/));
    });

    it('refuses an archive with a ".." entry, and one with an absolute path', async () => {
      world.sandbox.injectExportFaults({ dotDotEntryNext: 1, absoluteEntryNext: 1 });
      await assert.rejects(exportPageMarkdown(exportOptions()), failsWith('archive', /"\.\."/));
      await assert.rejects(exportPageMarkdown(exportOptions()), failsWith('archive', /absolute path/));
    });

    it('refuses an answer whose archive is not a ZIP', async () => {
      world.sandbox.injectExportFaults({ corruptZipNext: 1 });
      await assert.rejects(exportPageMarkdown(exportOptions()), failsWith('archive', /not a readable ZIP/));
    });
  });

  describe('refusals', () => {
    it('reports a sign-in without the export scope as forbidden', async () => {
      token = world.idp.issueSessionDirectly(['read:platform-app:wiki', 'offline_access']).access_token;
      await assert.rejects(exportPageMarkdown(exportOptions()), failsWith('forbidden', /export:markdown:custom/, token));
    });

    it('reports an unknown or hidden page as not found, without retrying', async () => {
      await assert.rejects(exportPageMarkdown(exportOptions({ pageId: '999999' })), failsWith('notFound', /HTTP 404/));
      await assert.rejects(exportPageMarkdown(exportOptions({ pageId: '345678' })), failsWith('notFound'));
      assert.deepEqual(statuses(), [404, 404]);
    });

    it('refuses an unsafe or missing export API address and a page ID that is not one, sending nothing', async () => {
      let asked = 0;
      const counting = { getAccessToken: async () => (asked++, token) };
      await assert.rejects(exportPageMarkdown(exportOptions({ apiUrl: 'http://export.example.com/svc', ...counting })), failsWith('config', /https/));
      await assert.rejects(exportPageMarkdown(exportOptions({ apiUrl: '  ', ...counting })), failsWith('config', /wikiPublisher\.export\.apiUrl/));
      await assert.rejects(exportPageMarkdown(exportOptions({ pageId: '12/../34', ...counting })), failsWith('config', /page ID/));
      assert.equal(asked, 0);
      assert.deepEqual(statuses(), []);
    });

    it('does not follow a redirect, so the token never reaches another host', async () => {
      const reached: (string | undefined)[] = [];
      const elsewhere = await serve(createServer((req, res) => (reached.push(req.headers.authorization), res.end('{}'))));
      const redirector = await serve(createServer((_req, res) => res.writeHead(307, { location: `http://127.0.0.1:${elsewhere.port}/bulkExport` }).end()));
      try {
        await assert.rejects(exportPageMarkdown(exportOptions({ apiUrl: `http://127.0.0.1:${redirector.port}/svc` })), failsWith('protocol', /redirect/));
        assert.deepEqual(reached, []);
      } finally {
        await Promise.all([elsewhere.close(), redirector.close()]);
      }
    });

    it('refuses a 200 answer for another page or without success', async () => {
      const answers = [
        { success: true, pageId: '1', zipBase64: 'UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==' },
        { success: false, message: 'Export failed' },
        { success: true, pageId },
      ];
      const fake = await serve(createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answers.shift()))));
      try {
        const options = exportOptions({ apiUrl: `http://127.0.0.1:${fake.port}` });
        await assert.rejects(exportPageMarkdown(options), failsWith('protocol', /another page/));
        await assert.rejects(exportPageMarkdown(options), failsWith('protocol', /did not report success/));
        await assert.rejects(exportPageMarkdown(options), failsWith('protocol', /without an archive/));
      } finally {
        await fake.close();
      }
    });
  });
});

