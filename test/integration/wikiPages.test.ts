// The wiki page client against the sandbox world: a page's version and address by ID, a child by title across
// several pages of children, 404 as "missing", and every failure as one WikiReadError.
import assert from 'node:assert/strict';
import { serve, type RunningServer } from '../support/loopbackServers';
import { createServer } from 'node:http';
import { createUndiciTransport, type UndiciTransport } from '../../src/core/http/undiciTransport';
import { WikiReadError, createWikiPagesClient, type WikiPagesClient, type WikiReadErrorKind } from '../../src/core/wikiPages';
import { importBody, postImport } from '../sandbox/sandboxTestKit';
import { startSandboxWorld, type SandboxWorld } from '../sandbox/world';

function failsWith(kind: WikiReadErrorKind, pattern?: RegExp, secret?: string): (error: unknown) => boolean {
  return (error) => {
    assert.ok(error instanceof WikiReadError, `expected a WikiReadError, got ${String(error)}`);
    assert.equal(error.kind, kind, error.message);
    if (pattern) assert.match(error.message, pattern);
    if (secret) assert.ok(!error.message.includes(secret), 'the message carries the token');
    return true;
  };
}

describe('wiki page client against the sandbox', () => {
  let world: SandboxWorld;
  let transport: UndiciTransport;
  let token: string;
  let importToken: string;
  const clientFor = (options: Partial<Parameters<typeof createWikiPagesClient>[0]> = {}): WikiPagesClient =>
    createWikiPagesClient({ baseUrl: world.sandbox.baseUrl, transport, getAccessToken: async () => token, ...options });

  async function publish(pageTitle: string, content = `# ${pageTitle}\n`, overwrite = false): Promise<string> {
    const answer = await postImport(world.sandbox, importBody({ pageTitle, content, overwrite }), importToken);
    assert.ok(answer.status === 201 || answer.status === 200, `import answered ${answer.status}`);
    const page = world.sandbox.findPageByTitle('DOCS', '123456', pageTitle);
    assert.ok(page, `the sandbox has no page ${pageTitle}`);
    return page.id;
  }

  before(async () => {
    world = await startSandboxWorld();
    transport = createUndiciTransport({}, {});
  });
  beforeEach(() => {
    world.sandbox.reset();
    world.sandbox.setMaxChildrenPageSize(undefined);
    token = world.idp.issueSessionDirectly().access_token;
    importToken = world.sandbox.issueToken({ label: 'wiki-pages-test' }).token;
  });
  after(async () => {
    await transport.close();
    await world.close();
  });

  describe('getPage', () => {
    it('reads a page\'s version, author, time and address, and sees the version grow with a wiki edit', async () => {
      const id = await publish('Release notes');
      const client = clientFor();
      const first = await client.getPage(id);
      assert.ok(first);
      assert.equal(first.id, id);
      assert.equal(first.title, 'Release notes');
      assert.equal(first.version, 1);
      assert.equal(first.parentId, '123456');
      assert.equal(first.spaceId, '1001');
      assert.equal(first.webUrl, world.sandbox.pageAddress(id));
      assert.ok(first.webUrl?.startsWith(`${world.sandbox.baseUrl}/wiki/`));
      assert.ok(first.versionCreatedAt && !Number.isNaN(Date.parse(first.versionCreatedAt)));

      world.sandbox.editPageOnWiki(id, '# Changed on the wiki\n');
      const edited = await client.getPage(id);
      assert.equal(edited?.version, 2);
      assert.equal(edited?.versionAuthorId, 'wiki-editor');

      await publish('Release notes', '# Republished\n', true);
      assert.equal((await client.getPage(id))?.version, 3);
    });

    it('answers undefined for a page that does not exist, was deleted, or is hidden from the user', async () => {
      const client = clientFor();
      assert.equal(await client.getPage('999999'), undefined);
      assert.equal(await client.getPage('123457'), undefined, 'a deleted page');
      assert.equal(await client.getPage('345678'), undefined, 'a page in a space only carol sees');
      const id = await publish('Short-lived');
      world.sandbox.deletePage(id);
      assert.equal(await client.getPage(id), undefined);
    });

    it('reports a rejected token as unauthorized, without the token in the message', async () => {
      token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJtYWxsb3J5In0.c2lnbmF0dXJl';
      await assert.rejects(clientFor().getPage('123456'), failsWith('unauthorized', /HTTP 401/, token));
    });

    it('reports no sign-in as unauthorized, and the session\'s own failure with it as the cause', async () => {
      await assert.rejects(clientFor({ getAccessToken: async () => undefined }).getPage('123456'), failsWith('unauthorized', /not signed in/));
      const dead = new Error('refresh_token=abc123secretvalue was refused');
      await assert.rejects(
        clientFor({ getAccessToken: async () => Promise.reject(dead) }).getPage('123456'),
        (error: unknown) => failsWith('unauthorized', /export sign-in/, 'abc123secretvalue')(error) && (error as WikiReadError).details.cause === dead,
      );
    });

    it('refuses a plain-http wiki address that is not loopback, sending nothing', async () => {
      let asked = 0;
      const client = clientFor({ baseUrl: 'http://wiki.example.com', getAccessToken: async () => (asked++, token) });
      await assert.rejects(client.getPage('123456'), failsWith('config', /https/));
      assert.equal(asked, 0);
    });

    it('cancels at once when the caller\'s signal is already aborted', async () => {
      const cancel = new AbortController();
      cancel.abort();
      await assert.rejects(clientFor().getPage('123456', cancel.signal), failsWith('cancelled'));
    });
  });

  describe('findChildByTitle', () => {
    it('finds a child on a later page of children, following the pagination links', async () => {
      const ids: string[] = [];
      for (let index = 1; index <= 7; index++) ids.push(await publish(`Child ${index}`));
      world.sandbox.setMaxChildrenPageSize(2); // the server gives 2 per page whatever the client asks for
      const seen: string[] = [];
      const recording = { name: 'recording', send: (request: Parameters<UndiciTransport['send']>[0]) => (seen.push(request.url), transport.send(request)) };
      const client = clientFor({ transport: recording });
      assert.deepEqual(await client.findChildByTitle('123456', 'Child 7'), { id: ids[6], title: 'Child 7' });
      assert.equal(seen.length, 4, 'four pages of two children');
      assert.ok(seen.slice(1).every((url) => url.startsWith(`${world.sandbox.baseUrl}/wiki/api/v2/pages/123456/children?`) && url.includes('cursor=')));

      seen.length = 0;
      assert.deepEqual(await client.findChildByTitle('123456', 'Child 1'), { id: ids[0], title: 'Child 1' });
      assert.equal(seen.length, 1, 'stops at the first page that has it');
    });

    it('follows the client\'s own small page size', async () => {
      for (let index = 1; index <= 5; index++) await publish(`Page ${index}`);
      const client = clientFor({ childrenPageSize: 1 });
      const found = await client.findChildByTitle('123456', 'Page 5');
      assert.equal(found?.title, 'Page 5');
    });

    it('answers undefined when no child has the title (exact match only), or the parent is missing', async () => {
      await publish('Release notes');
      world.sandbox.setMaxChildrenPageSize(1);
      const client = clientFor();
      assert.equal(await client.findChildByTitle('123456', 'release notes'), undefined);
      assert.equal(await client.findChildByTitle('123456', 'Nothing like it'), undefined);
      assert.equal(await client.findChildByTitle('999999', 'Release notes'), undefined);
    });

    it('does not find a deleted child', async () => {
      const id = await publish('Gone soon');
      world.sandbox.deletePage(id);
      assert.equal(await clientFor().findChildByTitle('123456', 'Gone soon'), undefined);
    });

    it('gives up after its cap on pages followed', async () => {
      for (let index = 1; index <= 4; index++) await publish(`Capped ${index}`);
      world.sandbox.setMaxChildrenPageSize(1);
      await assert.rejects(clientFor({ maxChildPages: 2 }).findChildByTitle('123456', 'Capped 4'), failsWith('protocol', /more than 2 pages/));
    });

    it('reports a rejected token as unauthorized', async () => {
      token = 'not-a-token';
      await assert.rejects(clientFor().findChildByTitle('123456', 'Anything'), failsWith('unauthorized', /HTTP 401/));
    });
  });

  describe('a hostile or broken wiki', () => {
    let hostile: RunningServer;
    let elsewhere: RunningServer;
    let hostileUrl: string;
    const reachedElsewhere: (string | undefined)[] = [];
    let answer: (url: string) => { status: number; body: string; headers?: Record<string, string> };

    before(async () => {
      elsewhere = await serve(createServer((req, res) => {
        reachedElsewhere.push(req.headers.authorization);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"results":[{"id":"1","title":"Target","status":"current"}]}');
      }));
      hostile = await serve(createServer((req, res) => {
        const reply = answer(req.url ?? '/');
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(reply.body);
      }));
      hostileUrl = `http://127.0.0.1:${hostile.port}`;
    });
    beforeEach(() => void (reachedElsewhere.length = 0));
    after(async () => Promise.all([hostile.close(), elsewhere.close()]));

    const hostileClient = (): WikiPagesClient => clientFor({ baseUrl: hostileUrl });
    const elsewhereUrl = (path: string): string => `http://127.0.0.1:${elsewhere.port}${path}`;

    it('refuses a next link to another origin, in the body or the Link header, and never sends the token there', async () => {
      answer = () => ({ status: 200, body: JSON.stringify({ results: [], _links: { next: elsewhereUrl('/wiki/api/v2/pages/1/children?cursor=x') } }) });
      await assert.rejects(hostileClient().findChildByTitle('1', 'Target'), failsWith('protocol', /another site/));
      answer = () => ({ status: 200, body: '{"results":[],"_links":{}}', headers: { link: `<${elsewhereUrl('/next')}>; rel="next"` } });
      await assert.rejects(hostileClient().findChildByTitle('1', 'Target'), failsWith('protocol', /another site/));
      answer = () => ({ status: 200, body: JSON.stringify({ results: [], _links: { next: `//127.0.0.1:${elsewhere.port}/wiki/next` } }) });
      await assert.rejects(hostileClient().findChildByTitle('1', 'Target'), failsWith('protocol', /another site/));
      assert.deepEqual(reachedElsewhere, []);
    });

    it('follows a Link header when the body has no next link', async () => {
      answer = (url) => url.includes('cursor=2')
        ? { status: 200, body: '{"results":[{"id":"22","title":"Target","status":"current"}]}' }
        : { status: 200, body: '{"results":[{"id":"11","title":"Other"}]}', headers: { link: '</wiki/api/v2/pages/1/children?limit=1&cursor=2>; rel="next"' } };
      assert.deepEqual(await hostileClient().findChildByTitle('1', 'Target'), { id: '22', title: 'Target' });
    });

    it('stops a pagination loop', async () => {
      answer = () => ({ status: 200, body: '{"results":[],"_links":{"next":"/wiki/api/v2/pages/1/children?cursor=same"}}' });
      await assert.rejects(hostileClient().findChildByTitle('1', 'Target'), failsWith('protocol', /already read/));
    });

    it('does not follow a redirect, so the token never reaches another host', async () => {
      answer = () => ({ status: 302, body: '', headers: { location: elsewhereUrl('/wiki/api/v2/pages/1') } });
      await assert.rejects(hostileClient().getPage('1'), failsWith('protocol', /redirect/));
      assert.deepEqual(reachedElsewhere, []);
    });

    it('reports 5xx as a server error, 429 too, and a proxy\'s HTML page as a protocol error', async () => {
      answer = () => ({ status: 503, body: '{}' });
      await assert.rejects(hostileClient().getPage('1'), failsWith('server', /HTTP 503/));
      answer = () => ({ status: 429, body: '{}' });
      await assert.rejects(hostileClient().getPage('1'), failsWith('server', /HTTP 429/));
      answer = () => ({ status: 200, body: '<html>Proxy login</html>' });
      await assert.rejects(hostileClient().getPage('1'), failsWith('protocol', /not the expected JSON/));
      answer = () => ({ status: 200, body: '{"id":"1","title":"No version"}' });
      await assert.rejects(hostileClient().getPage('1'), failsWith('protocol', /version/));
    });

    it('drops a page address that would leave the wiki origin', async () => {
      answer = () => ({ status: 200, body: JSON.stringify({ id: '1', title: 'T', version: { number: 3 }, _links: { webui: '//evil.example/x' } }) });
      const page = await hostileClient().getPage('1');
      assert.equal(page?.version, 3);
      assert.equal(page?.webUrl, undefined);
    });

    it('reports a refused connection as a network error', async () => {
      const closed = await serve(createServer());
      const url = `http://127.0.0.1:${closed.port}`;
      await closed.close();
      await assert.rejects(clientFor({ baseUrl: url }).getPage('1'), failsWith('network', /ECONNREFUSED/));
    });

    it('reports a response that stalls after its headers as a timeout', async () => {
      const stalling = await serve(createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.flushHeaders();
      }));
      try {
        await assert.rejects(clientFor({ baseUrl: `http://127.0.0.1:${stalling.port}`, timeoutMs: 200 }).getPage('1'), failsWith('timeout'));
      } finally {
        await stalling.close();
      }
    });
  });
});

