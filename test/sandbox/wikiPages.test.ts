import assert from 'node:assert/strict';
import { control, importBody, platformGet, postImport, send, type JsonAnswer } from './sandboxTestKit';
import { startSandbox, type Sandbox, type SandboxPage } from './server';

interface PageAnswer {
  id: string; title: string; status: string; spaceId: string; parentId: string | null;
  version: { number: number; createdAt: string; authorId: string; message: string; minorEdit: boolean };
  _links: { webui: string; base: string };
}
interface ChildrenAnswer { results: Array<{ id: string; title: string; status: string; spaceId: string }>; _links: { next?: string; base: string } }

const START = Date.parse('2026-03-02T09:00:00.000Z');
const ALICE = 'platform-alice';

describe('sandbox page identity: IDs, versions, the page and children routes, edits on the wiki', () => {
  let sandbox: Sandbox;
  let now = START;
  let token: string;

  before(async () => {
    const platformTokens: Record<string, string> = { [ALICE]: 'alice', 'platform-carol': 'carol' };
    sandbox = await startSandbox({
      now: () => now,
      verifyPlatformToken: (bearer) => (platformTokens[bearer] ? { owner: platformTokens[bearer] } : undefined),
    });
  });
  beforeEach(() => {
    now = START;
    sandbox.reset();
    token = sandbox.issueToken({ owner: 'bob', label: 'writer' }).token;
  });
  after(() => sandbox.close());

  async function publish(title: string, content = `# ${title}\n`, overwrite = false): Promise<SandboxPage> {
    const answer = await postImport(sandbox, importBody({ pageTitle: title, content, overwrite }), token);
    assert.ok(answer.status === 201 || answer.status === 200, `publish ${title}: ${answer.status}`);
    const page = sandbox.findPageByTitle('DOCS', '123456', title);
    assert.ok(page);
    return page;
  }

  const pageRoute = async (id: string, bearer = ALICE): Promise<PageAnswer> => {
    const answer = await platformGet(sandbox, `/wiki/api/v2/pages/${id}`, bearer);
    assert.equal(answer.status, 200, answer.text);
    return answer.json as PageAnswer;
  };

  it('versions a page from 1, one up per change, with the time and the author of the last change', async () => {
    const created = await publish('Release notes');
    assert.deepEqual([created.version, created.versionCreatedAt, created.authorId], [1, '2026-03-02T09:00:00.000Z', 'bob']);
    assert.deepEqual(await pageRoute(created.id), {
      id: created.id, title: 'Release notes', status: 'current', spaceId: '1001', parentId: '123456',
      version: { number: 1, createdAt: '2026-03-02T09:00:00.000Z', authorId: 'bob', message: '', minorEdit: false },
      _links: { webui: `/spaces/DOCS/pages/${created.id}/Release+notes`, base: `${sandbox.baseUrl}/wiki` },
    });

    now += 60_000;
    await publish('Release notes', '# v2\n', true);
    assert.deepEqual((await pageRoute(created.id)).version, { number: 2, createdAt: '2026-03-02T09:01:00.000Z', authorId: 'bob', message: '', minorEdit: false });

    now += 60_000;
    const edited = sandbox.editPageOnWiki(created.id, '# Edited by a colleague\n');
    assert.deepEqual([edited.id, edited.version, edited.markdown, edited.authorId], [created.id, 3, '# Edited by a colleague\n', 'wiki-editor']);
    assert.deepEqual((await pageRoute(created.id)).version, { number: 3, createdAt: '2026-03-02T09:02:00.000Z', authorId: 'wiki-editor', message: '', minorEdit: false });

    // A title changed on the wiki keeps the ID; the address follows the title.
    const renamed = sandbox.editPageOnWiki(created.id, '# Renamed\n', { title: 'Release notes 2026' });
    const answer = await pageRoute(created.id);
    assert.deepEqual([renamed.version, answer.title, answer._links.webui], [4, 'Release notes 2026', `/spaces/DOCS/pages/${created.id}/Release+notes+2026`]);
    assert.equal(sandbox.findPageByTitle('DOCS', '123456', 'Release notes'), undefined);
  });

  it('refuses edits on the wiki to unknown or deleted pages and to a title a sibling has', async () => {
    const first = await publish('First');
    await publish('Second');
    assert.throws(() => sandbox.editPageOnWiki('999', 'x'), /No live page 999/);
    assert.throws(() => sandbox.editPageOnWiki(first.id, 'x', { title: 'Second' }), /Another page/);
    sandbox.deletePage(first.id);
    assert.throws(() => sandbox.editPageOnWiki(first.id, 'x'), /No live page/);
  });

  it('edits a page on the wiki over the control listener, and answers mistakes there with 400', async () => {
    const page = await publish('Release notes');
    const edited = await control(sandbox, 'POST', `/pages/${page.id}/edit`, { markdown: '# From the demo\n' });
    assert.equal(edited.status, 200);
    assert.deepEqual((edited.json as SandboxPage).version, 2);
    assert.equal(sandbox.pages().find((candidate) => candidate.id === page.id)?.markdown, '# From the demo\n');
    const shown = (await control(sandbox, 'GET', `/pages/${page.id}`)).json as SandboxPage & { address: string };
    assert.deepEqual([shown.version, shown.authorId, shown.address], [2, 'wiki-editor', sandbox.pageAddress(page.id)]);

    const mistakes: Array<[string, string, unknown]> = [
      ['POST', `/pages/${page.id}/edit`, {}],
      ['POST', `/pages/${page.id}/edit`, { markdown: 'x', title: '' }],
      ['POST', '/pages/999/edit', { markdown: 'x' }],
      ['GET', '/pages/999', undefined],
      ['POST', '/paging', { maxChildrenPageSize: 0 }],
      ['POST', '/paging', { maxChildrenPageSize: '2' }],
    ];
    for (const [method, route, body] of mistakes) {
      const answer = await control(sandbox, method, route, body);
      assert.equal(answer.status, 400, `${method} ${route} ${JSON.stringify(body)}`);
      assert.equal(typeof (answer.json as { error: unknown }).error, 'string');
    }
  });

  it('refuses a title used anywhere in the space while the control route turns the platform\'s old rule on, ignoring case; reset turns it off', async () => {
    const parent = await publish('Runbooks');
    const underOther = (title: string) => postImport(sandbox, importBody({ parentId: parent.id, pageTitle: title }), token);
    assert.equal((await control(sandbox, 'POST', '/uniqueTitles', { inSpace: true })).status, 200);
    const refused = await underOther('RUNBOOKS');
    assert.equal(refused.status, 400);
    assert.match((refused.json as { body: string }).body, /A page titled "Runbooks" already exists in the space "DOCS"/);
    assert.equal((await underOther('Deploy')).status, 201, 'a title nobody holds');
    for (const body of [{}, { inSpace: 'yes' }]) assert.equal((await control(sandbox, 'POST', '/uniqueTitles', body)).status, 400, JSON.stringify(body));
    assert.equal((await control(sandbox, 'POST', '/uniqueTitles', { inSpace: false })).status, 200);
    assert.equal((await underOther('runbooks')).status, 201, 'titles are unique only under one parent again');
    assert.equal((await control(sandbox, 'POST', '/uniqueTitles', { inSpace: true })).status, 200);
    sandbox.reset();
    token = sandbox.issueToken({ owner: 'bob', label: 'writer' }).token;
    const again = await publish('Runbooks');
    assert.equal((await postImport(sandbox, importBody({ parentId: again.id, pageTitle: 'Runbooks' }), token)).status, 201, 'reset turns the rule off');
  });

  it('shows the page at {base}/wiki + webui, whatever the title slug, and only under its own space key', async () => {
    const page = await publish('Tom & <Jerry> notes');
    const { _links: links } = await pageRoute(page.id);
    assert.equal(links.webui, `/spaces/DOCS/pages/${page.id}/Tom+%26+%3CJerry%3E+notes`);
    assert.equal(sandbox.pageAddress(page.id), `${links.base}${links.webui}`);
    for (const url of [`${links.base}${links.webui}`, `${links.base}/spaces/DOCS/pages/${page.id}`, `${links.base}/spaces/DOCS/pages/${page.id}/Old-title`]) {
      const view = await send(url);
      assert.equal(view.status, 200, url);
      assert.match(view.contentType ?? '', /^text\/html/);
      assert.ok(view.text.includes('<h1>Tom &#38; &#60;Jerry&#62; notes</h1>'), url);
    }
    assert.equal((await send(sandbox.pageViewUrl(page.id))).status, 200, 'the short view path still works');
    assert.equal((await send(`${links.base}/spaces/ENG/pages/${page.id}/x`)).status, 404);
    assert.equal((await send(`${links.base}/spaces/DOCS/pages/4242424/x`)).status, 404);
  });

  it('sends the platform\'s page-ID address (viewpage.action?pageId=) on to the page\'s own address, and 404s an unknown ID', async () => {
    const page = await publish('Setup guide');
    const moved = await send(`${sandbox.baseUrl}/wiki/pages/viewpage.action?pageId=${page.id}`, { redirect: 'manual' });
    assert.equal(moved.status, 302);
    assert.equal(moved.headers.get('location'), sandbox.pageAddress(page.id));
    const followed = await send(`${sandbox.baseUrl}/wiki/pages/viewpage.action?pageId=${page.id}`);
    assert.equal(followed.status, 200);
    assert.ok(followed.text.includes('<h1>Setup guide</h1>'));
    assert.equal((await send(`${sandbox.baseUrl}/wiki/pages/viewpage.action?pageId=4242424`, { redirect: 'manual' })).status, 404);
    assert.equal((await send(`${sandbox.baseUrl}/wiki/pages/viewpage.action`, { redirect: 'manual' })).status, 404);
  });

  it('answers the page route with 401 without a valid token and 404 for pages the caller cannot see', async () => {
    const page = await publish('Release notes');
    assert.equal((await platformGet(sandbox, `/wiki/api/v2/pages/${page.id}`)).status, 401);
    assert.equal((await platformGet(sandbox, `/wiki/api/v2/pages/${page.id}`, token)).status, 401, 'an import token is no platform token');
    assert.equal((await platformGet(sandbox, '/wiki/api/v2/pages/345678', ALICE)).status, 404);
    assert.equal((await pageRoute('345678', 'platform-carol')).title, 'Secret home');
    sandbox.deletePage(page.id);
    assert.equal((await platformGet(sandbox, `/wiki/api/v2/pages/${page.id}`, ALICE)).status, 404);
  });

  it('lists live children in creation order, a page at a time, through _links.next and the Link header', async () => {
    const titles = ['One', 'Two', 'Three', 'Four', 'Five'];
    const pages: SandboxPage[] = [];
    for (const title of titles) pages.push(await publish(title));

    const seen: string[] = [];
    const links: Array<string | undefined> = [];
    let next: string | undefined = '/wiki/api/v2/pages/123456/children?limit=2';
    while (next !== undefined) {
      const answer: JsonAnswer = await platformGet(sandbox, next, ALICE);
      assert.equal(answer.status, 200, answer.text);
      const body = answer.json as ChildrenAnswer;
      assert.equal(body._links.base, `${sandbox.baseUrl}/wiki`);
      assert.ok(body.results.length <= 2);
      for (const child of body.results) assert.deepEqual({ ...child, title: '', id: '' }, { id: '', title: '', status: 'current', spaceId: '1001' });
      seen.push(...body.results.map((child) => child.title));
      next = body._links.next;
      assert.equal(answer.headers.get('link'), next === undefined ? null : `<${next}>; rel="next"`);
      if (next !== undefined) assert.match(next, /^\/wiki\/api\/v2\/pages\/123456\/children\?limit=2&cursor=[\w-]+$/);
      links.push(next);
    }
    assert.deepEqual(seen, titles, 'the deleted seeded child "Old notes" is not listed');
    assert.equal(links.length, 3);

    // A child deleted between two calls is neither skipped past nor repeated.
    const first = (await platformGet(sandbox, '/wiki/api/v2/pages/123456/children?limit=2', ALICE)).json as ChildrenAnswer;
    sandbox.deletePage(pages[1]?.id ?? '');
    const rest = (await platformGet(sandbox, first._links.next ?? '', ALICE)).json as ChildrenAnswer;
    assert.deepEqual(rest.results.map((child) => child.title), ['Three', 'Four']);
  });

  it('pages 25 children by default, honours limit up to 250, and can be capped server-side', async () => {
    for (let index = 1; index <= 27; index++) await publish(`Page ${index}`);
    const children = (query: string) => platformGet(sandbox, `/wiki/api/v2/pages/123456/children${query}`, ALICE);

    const byDefault = (await children('')).json as ChildrenAnswer;
    assert.equal(byDefault.results.length, 25);
    assert.match(byDefault._links.next ?? '', /limit=25&cursor=/);
    assert.deepEqual(((await children('?limit=300')).json as ChildrenAnswer).results.length, 27, 'a limit over 250 is clamped, not refused');

    sandbox.setMaxChildrenPageSize(4);
    const capped = await children('?limit=100');
    assert.equal((capped.json as ChildrenAnswer).results.length, 4);
    assert.match(capped.headers.get('link') ?? '', /^<\/wiki\/api\/v2\/pages\/123456\/children\?limit=4&cursor=[\w-]+>; rel="next"$/);
    assert.equal((await control(sandbox, 'POST', '/paging', { maxChildrenPageSize: null })).status, 200);
    assert.equal(((await children('?limit=100')).json as ChildrenAnswer).results.length, 27);
    assert.equal((await control(sandbox, 'POST', '/paging', { maxChildrenPageSize: 3 })).status, 200);
    assert.equal(((await children('')).json as ChildrenAnswer).results.length, 3);
    sandbox.reset();
    assert.equal((await platformGet(sandbox, '/wiki/api/v2/pages/123456/children', ALICE)).status, 200, 'reset lifts the cap');
  });

  it('answers the children route with 401, 404 or 400 for a bad token, parent, limit or cursor', async () => {
    const page = await publish('Parent');
    const cases: Array<[string, string | undefined, number]> = [
      ['/wiki/api/v2/pages/123456/children', undefined, 401],
      ['/wiki/api/v2/pages/123456/children', 'nobody', 401],
      ['/wiki/api/v2/pages/4242424/children', ALICE, 404],
      ['/wiki/api/v2/pages/345678/children', ALICE, 404],
      ['/wiki/api/v2/pages/345678/children', 'platform-carol', 200],
      ['/wiki/api/v2/pages/123457/children', ALICE, 404],
      [`/wiki/api/v2/pages/${page.id}/children`, ALICE, 200],
      ['/wiki/api/v2/pages/123456/children?limit=0', ALICE, 400],
      ['/wiki/api/v2/pages/123456/children?limit=ten', ALICE, 400],
      ['/wiki/api/v2/pages/123456/children?cursor=bogus', ALICE, 400],
    ];
    for (const [route, bearer, status] of cases) {
      assert.equal((await platformGet(sandbox, route, bearer)).status, status, `${route} as ${bearer}`);
    }
    assert.deepEqual(((await platformGet(sandbox, `/wiki/api/v2/pages/${page.id}/children`, ALICE)).json as ChildrenAnswer).results, []);
    const post = await send(`${sandbox.baseUrl}/wiki/api/v2/pages/123456/children`, { method: 'POST', headers: { Authorization: `Bearer ${ALICE}` } });
    assert.equal(post.status, 405);
  });

  it('lists pages by ID with their versions, leaving out missing, deleted and hidden ones, at most 250 IDs', async () => {
    const first = await publish('First');
    await publish('First', '# Again\n', true);
    const answer = await platformGet(sandbox, `/wiki/api/v2/pages?id=${first.id},123456,123457,345678,999999`, ALICE);
    assert.equal(answer.status, 200, answer.text);
    const results = (answer.json as { results: PageAnswer[] }).results;
    assert.deepEqual(results.map((page) => [page.id, page.version.number, page.version.authorId]), [['123456', 1, 'wiki-editor'], [first.id, 2, 'bob']]);
    assert.deepEqual(results[1], await pageRoute(first.id), 'each entry is what the page route gives');
    const carols = await platformGet(sandbox, '/wiki/api/v2/pages?id=345678', 'platform-carol');
    assert.equal((carols.json as { results: PageAnswer[] }).results.length, 1);

    const ids = Array.from({ length: 251 }, (_, index) => String(2_000_000 + index));
    assert.equal((await platformGet(sandbox, `/wiki/api/v2/pages?id=${ids.slice(0, 250).join(',')}`, ALICE)).status, 200);
    assert.equal((await platformGet(sandbox, `/wiki/api/v2/pages?id=${ids.join(',')}`, ALICE)).status, 400);
    assert.equal((await platformGet(sandbox, '/wiki/api/v2/pages?id=12,abc', ALICE)).status, 400);
    assert.equal((await platformGet(sandbox, '/wiki/api/v2/pages?id=123456')).status, 401);
  });

  it('finds an exact title in a space by its numeric ID, a page of results at a time', async () => {
    const notes = await publish('Notes');
    const byTitle = (query: string): Promise<JsonAnswer> => platformGet(sandbox, `/wiki/api/v2/pages?${query}`, ALICE);
    const found = (answer: JsonAnswer): string[] => (answer.json as { results: PageAnswer[] }).results.map((page) => page.id);
    assert.deepEqual(found(await byTitle('space-id=1001&title=Notes')), [notes.id]);
    assert.deepEqual(found(await byTitle('space-id=1002&title=Notes')), []);
    assert.deepEqual(found(await byTitle('space-id=1001&title=notes')), [], 'exact, case and all');
    assert.deepEqual(found(await byTitle(`space-id=1001&title=${encodeURIComponent('Old notes')}`)), [], 'deleted');
    assert.equal((await byTitle('space-id=DOCS&title=Notes')).status, 400, 'a key is not a space ID');

    const more: string[] = [];
    for (const title of ['A', 'B', 'C']) more.push((await publish(title)).id);
    const pageOne = await byTitle('space-id=1001&limit=2');
    assert.deepEqual(found(pageOne), ['123456', notes.id]);
    const next = (pageOne.json as ChildrenAnswer)._links.next ?? '';
    assert.equal(pageOne.headers.get('link'), `<${next}>; rel="next"`);
    const pageTwo = await platformGet(sandbox, next, ALICE);
    assert.deepEqual(found(pageTwo), more.slice(0, 2));
    const last = await platformGet(sandbox, (pageTwo.json as ChildrenAnswer)._links.next ?? '', ALICE);
    assert.deepEqual(found(last), more.slice(2));
    assert.equal((last.json as ChildrenAnswer)._links.next, undefined);
  });
});
