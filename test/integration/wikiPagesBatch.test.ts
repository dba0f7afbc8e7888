// The wiki page client's list routes against the sandbox world: many pages by ID in batches of at most 250,
// a title in a space, and a space by key or ID (so DOCS and 1001 are known to be one space).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { HttpRequest } from '../../src/core/http/transport';
import { createUndiciTransport, type UndiciTransport } from '../../src/core/http/undiciTransport';
import { createWikiPagesClient, isWikiReadError, type WikiPagesClient } from '../../src/core/wikiPages';
import { importBody, postImport } from '../sandbox/sandboxTestKit';
import { startSandboxWorld, type SandboxWorld } from '../sandbox/world';
import { serve } from '../support/loopbackServers';

describe('wiki page client: pages in batches, titles in a space, spaces', () => {
  let world: SandboxWorld;
  let transport: UndiciTransport;
  let token: string;
  let importToken: string;
  const seen: URL[] = [];
  const recording = { name: 'recording', send: (request: HttpRequest) => (seen.push(new URL(request.url)), transport.send(request)) };
  const clientFor = (options: Partial<Parameters<typeof createWikiPagesClient>[0]> = {}): WikiPagesClient =>
    createWikiPagesClient({ baseUrl: world.sandbox.baseUrl, transport: recording, getAccessToken: async () => token, ...options });

  async function publish(pageTitle: string, spaceId = 'DOCS', parentId = '123456'): Promise<string> {
    const answer = await postImport(world.sandbox, importBody({ pageTitle, content: `# ${pageTitle}\n`, spaceId, parentId }), importToken);
    assert.ok(answer.status === 201, `import answered ${answer.status}`);
    const page = world.sandbox.findPageByTitle(spaceId, parentId, pageTitle);
    assert.ok(page);
    return page.id;
  }

  before(async () => {
    world = await startSandboxWorld();
    transport = createUndiciTransport({}, {});
  });
  beforeEach(() => {
    world.sandbox.reset();
    world.sandbox.setMaxChildrenPageSize(undefined);
    seen.length = 0;
    token = world.idp.issueSessionDirectly().access_token;
    importToken = world.sandbox.issueToken({ label: 'batch-test' }).token;
  });
  after(async () => {
    await transport.close();
    await world.close();
  });

  const idsAsked = (url: URL): string[] => (url.searchParams.get('id') ?? '').split(',').filter(Boolean);

  describe('getPages', () => {
    it('reads 260 pages in two requests of at most 250 IDs, with versions and authors', async () => {
      const ids: string[] = [];
      for (let index = 0; index < 260; index++) ids.push(await publish(`Batch ${index}`));
      world.sandbox.editPageOnWiki(ids[7] ?? '', '# Edited\n');
      const pages = await clientFor().getPages(ids);
      assert.equal(pages.size, 260);
      assert.deepEqual(seen.map((url) => idsAsked(url).length), [250, 10]);
      assert.ok(seen.every((url) => url.pathname === '/wiki/api/v2/pages' && url.searchParams.get('limit') === '250'));
      const edited = pages.get(ids[7] ?? '');
      assert.equal(edited?.version, 2);
      assert.equal(edited?.versionAuthorId, 'wiki-editor');
      assert.ok(edited?.versionCreatedAt && edited.webUrl === world.sandbox.pageAddress(edited.id));
      assert.equal(pages.get(ids[0] ?? '')?.title, 'Batch 0');
    });

    it('follows the pagination within a batch, and batches by the client\'s own size', async () => {
      const ids = [await publish('One'), await publish('Two'), await publish('Three')];
      world.sandbox.setMaxChildrenPageSize(1);
      assert.deepEqual([...(await clientFor().getPages(ids)).keys()], ids);
      assert.equal(seen.length, 3, 'one batch, three pages of one result');
      seen.length = 0;
      world.sandbox.setMaxChildrenPageSize(undefined);
      assert.equal((await clientFor({ idsPerRequest: 2 }).getPages(ids)).size, 3);
      assert.deepEqual(seen.map((url) => idsAsked(url)), [ids.slice(0, 2), ids.slice(2)]);
    });

    it('asks up to four batches at once, not one after another, and keeps the answers whole and in order', async () => {
      const ids: string[] = [];
      for (let index = 0; index < 12; index++) ids.push(await publish(`At once ${index}`));
      // Each page route answers after 30 ms: batches asked one after another would never overlap.
      world.sandbox.setPageLookupLatency(30);
      try {
        const pages = await clientFor({ idsPerRequest: 2 }).getPages(ids);
        assert.deepEqual([...pages.keys()], ids);
        assert.equal(seen.length, 6);
        assert.equal(world.sandbox.maxConcurrentPageLookups, 4, 'four batches in flight together, no more');
      } finally {
        world.sandbox.setPageLookupLatency(0);
      }
    });

    it('leaves out missing, deleted, hidden and non-numeric IDs, asks once per ID, and sends nothing for none', async () => {
      const gone = await publish('Gone');
      world.sandbox.deletePage(gone);
      const pages = await clientFor().getPages(['123456', '123456', gone, '345678', '999999', '12,34', 'abc']);
      assert.deepEqual([...pages.keys()], ['123456']);
      assert.deepEqual(idsAsked(seen[0] ?? new URL('http://x')), ['123456', gone, '345678', '999999']);
      seen.length = 0;
      assert.equal((await clientFor().getPages([])).size, 0);
      assert.equal(seen.length, 0);
    });

    it('reports a rejected token as unauthorized', async () => {
      token = 'not-a-token';
      await assert.rejects(clientFor().getPages(['123456']), (error: unknown) => isWikiReadError(error, 'unauthorized'));
    });
  });

  describe('findPagesByTitle', () => {
    it('finds an exact title in a space by numeric ID or by key, and nothing elsewhere', async () => {
      const id = await publish('Runbook');
      await publish('Runbook', 'ENG', '234567');
      const client = clientFor();
      const byId = await client.findPagesByTitle('1001', 'Runbook');
      assert.deepEqual(byId.map((page) => [page.id, page.spaceId, page.version]), [[id, '1001', 1]]);
      assert.ok(seen.every((url) => !url.searchParams.has('space-id') || url.searchParams.get('space-id') === '1001'));
      assert.deepEqual((await client.findPagesByTitle('DOCS', 'Runbook')).map((page) => page.id), [id]);
      assert.deepEqual(await client.findPagesByTitle('1001', 'runbook'), []);
      assert.deepEqual(await client.findPagesByTitle('NOPE', 'Runbook'), []);
      assert.deepEqual(await client.findPagesByTitle('1003', 'Secret home'), [], 'a space alice cannot see');
    });
  });

  describe('listSpacePages', () => {
    it('lists every current page of a space across answers, by ID or key; a space that needs more answers than allowed is no list', async () => {
      const ids: string[] = [];
      for (let index = 0; index < 5; index++) ids.push(await publish(`Listed ${index}`));
      await publish('Elsewhere', 'ENG', '234567');
      world.sandbox.setMaxChildrenPageSize(3);
      const client = clientFor();
      const listed = await client.listSpacePages('1001', 10);
      assert.ok(listed, 'listed whole');
      const titles = listed.map((page) => page.title);
      for (let index = 0; index < 5; index++) assert.ok(titles.includes(`Listed ${index}`), `Listed ${index} is listed`);
      assert.ok(!titles.includes('Elsewhere'), 'a page of another space is not');
      assert.ok(listed.every((page) => page.spaceId === '1001' && page.version === 1));
      const answers = seen.filter((url) => url.searchParams.get('space-id') === '1001').length;
      assert.ok(answers >= 2, `followed the pages of answers (${answers})`);
      assert.deepEqual((await client.listSpacePages('DOCS', 10))?.map((page) => page.id).sort(), listed.map((page) => page.id).sort());
      // Cut short: one answer fewer than the space needs is no list (a title missed would be said to be free).
      assert.equal(await client.listSpacePages('1001', answers - 1), undefined);
      assert.equal((await client.listSpacePages('1001', answers))?.length, listed.length, 'as many answers as the space needs list it');
      assert.deepEqual(await client.listSpacePages('NOPE', 10), []);
    });
  });

  describe('resolveSpace', () => {
    it('tells that DOCS and 1001 are one space, and knows nothing of unknown or hidden ones', async () => {
      const client = clientFor();
      assert.deepEqual(await client.resolveSpace('DOCS'), { id: '1001', key: 'DOCS' });
      assert.deepEqual(await client.resolveSpace('1001'), { id: '1001', key: 'DOCS' });
      assert.deepEqual(await client.resolveSpace(' ENG '), { id: '1002', key: 'ENG' });
      assert.equal(await client.resolveSpace('SECRET'), undefined);
      assert.equal(await client.resolveSpace('docs'), undefined, 'keys are exact');
      assert.equal(await client.resolveSpace('4242'), undefined);
      seen.length = 0;
      assert.equal(await client.resolveSpace(''), undefined);
      assert.equal(seen.length, 0);
    });

    it('asks by key too when a numeric text is no space ID, and refuses a malformed answer', async () => {
      let answer = (url: URL): unknown => (url.searchParams.has('keys') ? { results: [{ id: '77', key: '4242', name: 'Digits' }] } : { results: [] });
      const odd = await serve(createServer((req, res) => {
        const body = JSON.stringify(answer(new URL(req.url ?? '/', 'http://127.0.0.1')));
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      }));
      try {
        const client = clientFor({ baseUrl: odd.url });
        assert.deepEqual(await client.resolveSpace('4242'), { id: '77', key: '4242' });
        answer = () => ({ results: [{ name: 'no id or key' }] });
        await assert.rejects(client.resolveSpace('DOCS'), (error: unknown) => isWikiReadError(error, 'protocol'));
        answer = () => ({ results: [{ id: '1', title: 'no version' }] });
        await assert.rejects(client.getPages(['1']), (error: unknown) => isWikiReadError(error, 'protocol'));
      } finally {
        await odd.close();
      }
    });
  });
});
