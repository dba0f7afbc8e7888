import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { control, importBody, postImport, send } from './sandboxTestKit';
import { startSandbox, type IssuedToken, type Sandbox, type SandboxPage } from './server';

describe('sandbox control surface, lookups and page views', () => {
  let sandbox: Sandbox;

  before(async () => {
    // The identity provider normally supplies this; here a fixed platform token per owner stands in.
    const platformTokens: Record<string, string> = { 'platform-alice': 'alice', 'platform-carol': 'carol' };
    sandbox = await startSandbox({
      verifyPlatformToken: (bearer) => (platformTokens[bearer] ? { owner: platformTokens[bearer] } : undefined),
    });
  });
  beforeEach(() => sandbox.reset());
  after(() => sandbox.close());

  it('drives tokens, license, faults, pages and reset over the control listener', async () => {
    const issued = await control(sandbox, 'POST', '/tokens', { label: 'from-e2e', lifetime: '1w', owner: 'bob' });
    assert.equal(issued.status, 201);
    const { token, label, owner } = issued.json as IssuedToken;
    assert.deepEqual([label, owner], ['from-e2e', 'bob']);
    assert.equal((await postImport(sandbox, importBody(), token)).status, 201);

    assert.equal((await control(sandbox, 'POST', '/faults', { failNext: 1 })).status, 200);
    assert.equal((await postImport(sandbox, importBody({ pageTitle: 'second' }), token)).status, 500);
    await control(sandbox, 'POST', '/faults', { nonJsonNext: 1 });
    assert.equal((await control(sandbox, 'DELETE', '/faults')).status, 200);
    assert.equal((await postImport(sandbox, importBody({ pageTitle: 'second' }), token)).status, 201);

    const imports = (await control(sandbox, 'GET', '/imports')).json as Array<{ status: number }>;
    assert.deepEqual(imports.map((entry) => entry.status), [201, 500, 201]);
    const pages = (await control(sandbox, 'GET', '/pages')).json as SandboxPage[];
    const second = pages.find((page) => page.title === 'second');
    assert.ok(second);

    assert.equal((await control(sandbox, 'POST', `/pages/${second.id}/delete`)).status, 200);
    const under = await postImport(sandbox, importBody({ parentId: second.id }), token);
    assert.equal(under.status, 404);

    assert.equal((await control(sandbox, 'DELETE', '/tokens/from-e2e')).status, 200);
    assert.equal((await postImport(sandbox, importBody({ pageTitle: 'third' }), token)).status, 401);

    await control(sandbox, 'POST', '/license', { active: false });
    const unlicensed = (await control(sandbox, 'POST', '/tokens', {})).json as IssuedToken;
    assert.equal((await postImport(sandbox, importBody({ pageTitle: 'third' }), unlicensed.token)).status, 402);

    assert.equal((await control(sandbox, 'POST', '/reset')).status, 200);
    assert.equal(sandbox.pages().length, 4);
    assert.equal(sandbox.imports.length, 0);
    assert.equal((await postImport(sandbox, importBody(), unlicensed.token)).status, 401);
  });

  it('answers mistakes on the control listener with 400, 404 or 405 and a reason', async () => {
    const cases: Array<[string, string, unknown, number]> = [
      ['POST', '/tokens', { label: 'no' }, 400],
      ['POST', '/tokens', { lifetime: '5d' }, 400],
      ['POST', '/tokens', { owner: 7 }, 400],
      ['POST', '/tokens', { issuedAt: 'yesterday' }, 400],
      ['POST', '/license', { active: 'yes' }, 400],
      ['POST', '/faults', { failNext: -2 }, 400],
      ['POST', '/pages/999/delete', undefined, 400],
      ['GET', '/tokens', undefined, 405],
      ['GET', '/nothing', undefined, 404],
    ];
    for (const [method, route, body, status] of cases) {
      const answer = await control(sandbox, method, route, body);
      assert.equal(answer.status, status, `${method} ${route}`);
      assert.equal(typeof (answer.json as { error: unknown }).error, 'string');
    }
    const notJson = await send(`${sandbox.controlUrl}/faults`, { method: 'POST', body: 'nope' });
    assert.equal(notJson.status, 400);
  });

  it('does not expose any control route on the base server', async () => {
    const probes: Array<[string, string]> = [
      ['POST', '/tokens'], ['DELETE', '/tokens/token-1'], ['POST', '/license'], ['POST', '/faults'], ['DELETE', '/faults'],
      ['GET', '/imports'], ['GET', '/pages'], ['POST', '/pages/123456/delete'], ['POST', '/reset'],
      ['GET', '/pages/123456'], ['POST', '/pages/123456/edit'], ['POST', '/exportFaults'], ['DELETE', '/exportFaults'],
      ['GET', '/exports'], ['POST', '/paging'], ['POST', '/uniqueTitles'], ['POST', '/pages/123456/editLine'],
      ['GET', '/pages/123456/versions'], ['POST', '/importAuthor'], ['GET', '/counters'],
    ];
    for (const [method, route] of probes) {
      const answer = await send(`${sandbox.baseUrl}${route}`, { method, body: method === 'GET' ? undefined : '{}' });
      assert.equal(answer.status, 404, `${method} ${route}`);
    }
    assert.equal(sandbox.pages().find((page) => page.id === '123456')?.deleted, false);
    assert.notEqual(new URL(sandbox.controlUrl).port, new URL(sandbox.baseUrl).port);
  });

  it('answers the platform lookups for a verified caller, within what the caller may see', async () => {
    const lookup = (route: string, bearer?: string) =>
      send(`${sandbox.baseUrl}${route}`, { headers: bearer ? { Authorization: `Bearer ${bearer}` } : {} });
    const docs = { id: '1001', key: 'DOCS', name: 'Documentation' };
    const secret = { id: '1003', key: 'SECRET', name: 'Secret' };
    const seededAt = sandbox.pages().find((page) => page.id === '123456')?.versionCreatedAt;
    const home = {
      id: '123456', title: 'Documentation home', status: 'current', spaceId: '1001', parentId: null,
      version: { number: 1, createdAt: seededAt, authorId: 'wiki-editor', message: '', minorEdit: false },
      _links: { webui: '/spaces/DOCS/pages/123456/Documentation+home', base: `${sandbox.baseUrl}/wiki` },
    };
    const cases: Array<[string, string | undefined, number, unknown]> = [
      ['/wiki/api/v2/spaces?keys=DOCS', 'platform-alice', 200, { results: [docs] }],
      ['/wiki/api/v2/spaces?keys=NOPE', 'platform-alice', 200, { results: [] }],
      ['/wiki/api/v2/spaces?keys=SECRET', 'platform-alice', 200, { results: [] }],
      ['/wiki/api/v2/spaces?keys=SECRET', 'platform-carol', 200, { results: [secret] }],
      ['/wiki/api/v2/pages/123456', 'platform-alice', 200, home],
      ['/wiki/api/v2/pages/123457', 'platform-alice', 404, { errors: [{ status: 404, title: 'Not Found' }] }],
      ['/wiki/api/v2/pages/345678', 'platform-alice', 404, { errors: [{ status: 404, title: 'Not Found' }] }],
      ['/wiki/api/v2/pages/999', 'platform-alice', 404, { errors: [{ status: 404, title: 'Not Found' }] }],
      ['/wiki/api/v2/spaces?keys=DOCS', undefined, 401, { errors: [{ status: 401, title: 'Unauthorized' }] }],
      ['/wiki/api/v2/pages/123456', 'not-a-platform-token', 401, { errors: [{ status: 401, title: 'Unauthorized' }] }],
    ];
    for (const [route, bearer, status, json] of cases) {
      const answer = await lookup(route, bearer);
      assert.deepEqual([answer.status, answer.json], [status, json], `${route} as ${bearer}`);
    }
    const importToken = sandbox.issueToken().token;
    assert.equal((await lookup('/wiki/api/v2/pages/123456', importToken)).status, 401, 'import tokens are not platform tokens');
  });

  it('answers every lookup with 401 when no verifier was given', async () => {
    const bare = await startSandbox();
    try {
      for (const route of ['/wiki/api/v2/spaces?keys=DOCS', '/wiki/api/v2/pages/123456']) {
        const answer = await send(`${bare.baseUrl}${route}`, { headers: { Authorization: 'Bearer anything' } });
        assert.equal(answer.status, 401, route);
      }
    } finally {
      await bare.close();
    }
  });

  it('shows an index and each page rendered from Markdown, with titles and raw HTML escaped', async () => {
    const { token } = sandbox.issueToken();
    const markdown = '# Heading\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<script>alert(1)</script>\n';
    await postImport(sandbox, importBody({ pageTitle: 'Tom & <Jerry>', content: markdown }), token);
    const page = sandbox.findPageByTitle('DOCS', '123456', 'Tom & <Jerry>');
    assert.ok(page);

    const index = await send(`${sandbox.baseUrl}/`);
    assert.equal(index.status, 200);
    assert.match(index.contentType ?? '', /^text\/html/);
    assert.ok(index.text.includes(`href="/wiki/pages/${page.id}"`));
    assert.ok(index.text.includes('Tom &#38; &#60;Jerry&#62;'));
    assert.ok(index.text.includes('Old notes</a></del> (deleted)'));

    const view = await send(sandbox.pageViewUrl(page.id));
    assert.equal(view.status, 200);
    assert.ok(view.text.includes('<h1 id="Heading">Heading</h1>') && view.text.includes('<table>'));
    assert.ok(!view.text.includes('<script>'), 'raw HTML in Markdown is shown as text');
    assert.ok(view.text.includes('<h1>Tom &#38; &#60;Jerry&#62;</h1>') && view.text.includes('version 1'));
    assert.ok(view.text.includes('href="/"'));
    assert.equal((await send(sandbox.pageViewUrl('424242'))).status, 404);
  });

  it('runs from the command line, prints one JSON line with --json, and exits cleanly on SIGTERM', async () => {
    const cli = spawn(process.execPath, [path.join(__dirname, 'cli.js'), '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<number | null>((resolve) => cli.once('exit', (code) => resolve(code)));
    try {
      const [firstLine] = (await once(createInterface({ input: cli.stdout }), 'line')) as [string];
      const printed = JSON.parse(firstLine) as { importEndpoint: string; baseUrl: string; controlUrl: string; token: string };
      assert.deepEqual(Object.keys(printed).sort(), [
        'authUrl', 'baseUrl', 'ciClientId', 'ciClientSecret', 'clientId', 'clientSecret', 'controlUrl', 'exportApiUrl', 'importEndpoint', 'token',
      ]);
      const answer = await send(printed.importEndpoint, {
        method: 'POST', headers: { Authorization: `Bearer ${printed.token}` }, body: JSON.stringify(importBody()),
      });
      assert.equal(answer.status, 201);
    } finally {
      cli.kill('SIGTERM');
    }
    assert.equal(await exited, 0);
  });
});
