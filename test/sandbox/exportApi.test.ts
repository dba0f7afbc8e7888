import assert from 'node:assert/strict';
import { strFromU8, unzipSync } from 'fflate';
import { control, exportBody, importBody, postExport, postImport, rawPost, send, type JsonAnswer } from './sandboxTestKit';
import type { SandboxPage } from './server';
import { startSandboxWorld, type SandboxWorld } from './world';

interface ExportSuccess { success: true; exportId: string; spaceKey: string | null; pageId: string | null; pageCount: number; zipBase64: string }

const FIFTY_MB = 50 * 1024 * 1024;

/** Every entry's name and declared uncompressed size, without inflating anything. */
function entrySizes(answer: JsonAnswer): Map<string, number> {
  const sizes = new Map<string, number>();
  unzipSync(Buffer.from((answer.json as ExportSuccess).zipBase64, 'base64'), {
    filter: (file) => {
      sizes.set(file.name, file.originalSize);
      return false;
    },
  });
  return sizes;
}

function unzipAnswer(answer: JsonAnswer): Record<string, string> {
  const files = unzipSync(Buffer.from((answer.json as ExportSuccess).zipBase64, 'base64'));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

describe('sandbox export API (bulkExport)', () => {
  let world: SandboxWorld;
  let accessToken: string;
  let page: SandboxPage;

  before(async () => {
    world = await startSandboxWorld();
  });
  beforeEach(async () => {
    world.sandbox.reset();
    world.idp.faults.clear();
    accessToken = world.idp.issueSessionDirectly().access_token;
    const { token } = world.sandbox.issueToken({ label: 'writer' });
    const markdown = '# Release notes\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n';
    assert.equal((await postImport(world.sandbox, importBody({ content: markdown }), token)).status, 201);
    const found = world.sandbox.findPageByTitle('DOCS', '123456', 'Release notes');
    assert.ok(found);
    page = found;
  });
  after(() => world.close());

  it('sits under the base URL as an opaque app address, and the world points the settings at it', () => {
    const { sandbox, settings } = world;
    assert.equal(sandbox.exportApiUrl, `${sandbox.baseUrl}/gateway/api/svc/wiki/apps/wiki-publisher-sandbox_dev`);
    assert.equal(settings['wikiPublisher.export.apiUrl'], sandbox.exportApiUrl);
  });

  it('answers a real ZIP holding the page\'s stored Markdown as DOCS/<Title>.md', async () => {
    const answer = await postExport(world.sandbox, exportBody(page.id), accessToken);
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.contentType, 'application/json');
    const body = answer.json as ExportSuccess;
    assert.deepEqual({ ...body, exportId: '', zipBase64: '' }, {
      success: true, exportId: '', spaceKey: null, pageId: page.id, pageCount: 1, zipBase64: '',
    });
    assert.match(body.exportId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.deepEqual(unzipAnswer(answer), { 'DOCS/Release notes.md': page.markdown });

    world.sandbox.editPageOnWiki(page.id, '# Changed on the wiki\n');
    const again = await postExport(world.sandbox, exportBody(page.id), accessToken);
    assert.notEqual((again.json as ExportSuccess).exportId, body.exportId);
    assert.deepEqual(unzipAnswer(again), { 'DOCS/Release notes.md': '# Changed on the wiki\n' });
    assert.deepEqual(world.sandbox.exports.map((entry) => [entry.operation, entry.status, entry.authorization]), [
      ['/bulkExport', 200, 'present'], ['/bulkExport', 200, 'present'],
    ]);
    assert.deepEqual(world.sandbox.exports[0]?.body, exportBody(page.id));
    assert.ok(!JSON.stringify(world.sandbox.exports).includes(accessToken), 'the token is never recorded');
  });

  it('exports descendants with bulkExport, a whole space by spaceKey, at most maxPages', async () => {
    const { token } = world.sandbox.issueToken({ label: 'writer-2' });
    assert.equal((await postImport(world.sandbox, importBody({ parentId: page.id, pageTitle: 'Child: 1/2', content: '# c\n' }), token)).status, 201);
    const withChildren = await postExport(world.sandbox, exportBody(page.id, { bulkExport: true, maxPages: 10 }), accessToken);
    assert.equal((withChildren.json as ExportSuccess).pageCount, 2);
    assert.deepEqual(Object.keys(unzipAnswer(withChildren)), ['DOCS/Release notes.md', 'DOCS/Child_ 1_2.md']);

    const space = await postExport(world.sandbox, { spaceKey: 'DOCS' }, accessToken);
    assert.deepEqual([(space.json as ExportSuccess).spaceKey, (space.json as ExportSuccess).pageId, (space.json as ExportSuccess).pageCount], ['DOCS', null, 3]);
    const capped = await postExport(world.sandbox, { spaceKey: 'DOCS', maxPages: 2 }, accessToken);
    assert.equal((capped.json as ExportSuccess).pageCount, 2);
  });

  it('needs a valid, unexpired access token carrying export:markdown:custom', async () => {
    const unauthorized: Array<[string, string | undefined]> = [
      ['no Authorization header', undefined],
      ['a garbage token', 'not-a-token'],
      ['an import API token', world.sandbox.issueToken({ label: 'import' }).token],
    ];
    for (const [what, token] of unauthorized) {
      const answer = await postExport(world.sandbox, exportBody(page.id), token);
      assert.equal(answer.status, 401, what);
      assert.equal((answer.json as { error: string }).error, 'unauthorized', what);
      assert.equal(answer.headers.get('www-authenticate'), 'Bearer');
    }

    const readOnly = world.idp.issueSessionDirectly(['read:platform-app:wiki', 'offline_access']).access_token;
    const forbidden = await postExport(world.sandbox, exportBody(page.id), readOnly);
    assert.equal(forbidden.status, 403);
    const refusal = forbidden.json as { error: string; message: string };
    assert.equal(refusal.error, 'forbidden');
    assert.match(refusal.message, /scope export:markdown:custom/);

    world.idp.advance(2 * 60 * 60 * 1000);
    assert.equal((await postExport(world.sandbox, exportBody(page.id), accessToken)).status, 401, 'expired');
    const fresh = world.idp.issueSessionDirectly().access_token;
    assert.equal((await postExport(world.sandbox, exportBody(page.id), fresh)).status, 200);
    world.idp.revokeAll();
    assert.equal((await postExport(world.sandbox, exportBody(page.id), fresh)).status, 401, 'revoked');
  });

  it('answers 404 "Page not found" for unknown, hidden and deleted pages, and 400 for a bad body', async () => {
    for (const pageId of ['4242424', '345678', '123457']) {
      const answer = await postExport(world.sandbox, exportBody(pageId), accessToken);
      assert.deepEqual([answer.status, answer.json], [404, { success: false, message: 'Page not found' }], pageId);
    }
    const badBodies: Array<[string, unknown, string?]> = [
      ['not JSON', undefined, '{"pageId":'],
      ['an array', [page.id]],
      ['a numeric pageId', { pageId: Number(page.id) }],
      ['neither pageId nor spaceKey', { bulkExport: false }],
      ['both pageId and spaceKey', { pageId: page.id, spaceKey: 'DOCS' }],
      ['maxPages 0', exportBody(page.id, { maxPages: 0 })],
      ['maxPages 101', exportBody(page.id, { maxPages: 101 })],
      ['bulkExport "no"', exportBody(page.id, { bulkExport: 'no' })],
      ['includeAttachments 1', exportBody(page.id, { includeAttachments: 1 })],
    ];
    for (const [what, body, raw] of badBodies) {
      const answer = await postExport(world.sandbox, body, accessToken, raw);
      assert.equal(answer.status, 400, what);
      assert.equal((answer.json as { success: boolean }).success, false, what);
    }
    const get = await send(`${world.sandbox.exportApiUrl}/bulkExport`, { headers: { Authorization: `Bearer ${accessToken}` } });
    assert.deepEqual([get.status, get.headers.get('allow')], [405, 'POST']);
    const other = await send(`${world.sandbox.exportApiUrl}/singleExport`, { method: 'POST', body: '{}' });
    assert.equal(other.status, 404);
  });

  it('fails on demand: 429 with Retry-After, 500, a reset connection, a proxy page, each once, and counts them', async () => {
    world.sandbox.injectExportFaults({ rateLimitNext: 1, retryAfterSeconds: 7, failNext: 1, resetNext: 1, nonJsonNext: 1 });
    const url = `${world.sandbox.exportApiUrl}/bulkExport`;
    const body = JSON.stringify(exportBody(page.id));
    assert.deepEqual(await rawPost(url, body, accessToken), { kind: 'error', code: 'ECONNRESET' });
    const proxy = await postExport(world.sandbox, exportBody(page.id), accessToken);
    assert.deepEqual([proxy.status, proxy.contentType], [502, 'text/html']);
    const limited = await postExport(world.sandbox, exportBody(page.id), accessToken);
    assert.deepEqual([limited.status, limited.headers.get('retry-after')], [429, '7']);
    const failed = await postExport(world.sandbox, exportBody(page.id), accessToken);
    assert.deepEqual([failed.status, failed.json], [500, { success: false, message: 'Internal server error' }]);
    assert.equal((await postExport(world.sandbox, exportBody(page.id), accessToken)).status, 200);
    assert.deepEqual(world.sandbox.exports.map((entry) => [entry.status, entry.fault]), [
      [0, 'reset'], [502, 'nonJson'], [429, 'rateLimit'], [500, 'fail'], [200, undefined],
    ]);
    assert.equal(world.sandbox.imports.length, 1, 'export faults never touch the import endpoint');
  });

  it('can stall after the headers until the client gives up', async () => {
    world.sandbox.injectExportFaults({ stallAfterHeadersNext: 1 });
    const abandon = new AbortController();
    const response = await fetch(`${world.sandbox.exportApiUrl}/bulkExport`, {
      method: 'POST', signal: abandon.signal, headers: { Authorization: `Bearer ${accessToken}` }, body: JSON.stringify(exportBody(page.id)),
    });
    assert.equal(response.status, 200);
    abandon.abort();
    await assert.rejects(response.text());
    assert.equal((await postExport(world.sandbox, exportBody(page.id), accessToken)).status, 200);
  });

  it('serves hostile archives on demand: a ZIP bomb, a ../ entry, an absolute entry, bytes that are no ZIP', async () => {
    world.sandbox.injectExportFaults({ zipBombNext: 1 });
    // A refused request does not use up a hostile archive: only a 200 answer carries one.
    assert.equal((await postExport(world.sandbox, exportBody('4242424'), accessToken)).status, 404);
    const bomb = await postExport(world.sandbox, exportBody(page.id), accessToken);
    assert.equal(bomb.status, 200);
    assert.ok(bomb.text.length < 200_000, 'the bomb is small on the wire');
    const bombSizes = entrySizes(bomb);
    assert.deepEqual([...bombSizes.keys()], ['DOCS/Release notes.md']);
    assert.ok((bombSizes.get('DOCS/Release notes.md') ?? 0) > FIFTY_MB);

    world.sandbox.injectExportFaults({ dotDotEntryNext: 1 });
    assert.deepEqual([...entrySizes(await postExport(world.sandbox, exportBody(page.id), accessToken)).keys()], ['DOCS/Release notes.md', '../evil.md']);
    assert.equal((await control(world.sandbox, 'POST', '/exportFaults', { absoluteEntryNext: 1 })).status, 200);
    assert.deepEqual([...entrySizes(await postExport(world.sandbox, exportBody(page.id), accessToken)).keys()], ['DOCS/Release notes.md', '/abs.md']);
    world.sandbox.injectExportFaults({ corruptZipNext: 1 });
    const corrupt = await postExport(world.sandbox, exportBody(page.id), accessToken);
    assert.equal((corrupt.json as ExportSuccess).success, true);
    assert.throws(() => unzipAnswer(corrupt));

    assert.deepEqual(unzipAnswer(await postExport(world.sandbox, exportBody(page.id), accessToken)), { 'DOCS/Release notes.md': page.markdown });
    const recorded = (await control(world.sandbox, 'GET', '/exports')).json as Array<{ status: number; fault?: string }>;
    assert.deepEqual(recorded.map((entry) => entry.fault ?? null), [null, 'zipBomb', 'dotDotEntry', 'absoluteEntry', 'corruptZip', null]);
  });

  it('drives export faults over the control listener, refusing unknown or negative ones', async () => {
    assert.equal((await control(world.sandbox, 'POST', '/exportFaults', { failNext: 2 })).status, 200);
    assert.equal((await control(world.sandbox, 'DELETE', '/exportFaults')).status, 200);
    assert.equal((await postExport(world.sandbox, exportBody(page.id), accessToken)).status, 200);
    for (const plan of [{ failNext: -1 }, { explodeNext: 1 }, { retryAfterSeconds: 1.5 }]) {
      assert.equal((await control(world.sandbox, 'POST', '/exportFaults', plan)).status, 400, JSON.stringify(plan));
    }
    world.sandbox.injectExportFaults({ failNext: 1 });
    world.sandbox.reset();
    assert.deepEqual([world.sandbox.exports.length], [0]);
    const answer = await postExport(world.sandbox, exportBody('123456'), accessToken);
    assert.equal(answer.status, 200, 'reset clears export faults');
  });
});
