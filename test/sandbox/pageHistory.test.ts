// The sandbox's page history, as the platform's routes give it: every version kept, the page as it was at a version,
// the versions list and its pages, who the wiki records as an import's author, and the page-route request counter.
import assert from 'node:assert/strict';
import { control, importBody, platformGet, postImport, type JsonAnswer } from './sandboxTestKit';
import { IMPORT_APP_ACCOUNT, startSandbox, type Sandbox, type SandboxPage } from './server';

interface VersionAnswer { number: number; message: string; minorEdit: boolean; authorId: string; createdAt: string }
interface PageAnswer { id: string; title: string; status: string; parentId: string | null; version: VersionAnswer }
interface VersionsAnswer { results: Array<VersionAnswer & { page: { id: string; title: string } }>; _links: { next?: string; base: string } }

const START = Date.parse('2026-03-02T09:00:00.000Z');
const MINUTE = 60_000;
const at = (minutes: number): string => new Date(START + minutes * MINUTE).toISOString();
const ALICE = 'platform-alice';

describe('sandbox page history: versions kept, ?version=N, the versions list, the import author, the request counter', () => {
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

  async function publish(title: string, content: string, overwrite = false, parentId = '123456'): Promise<SandboxPage> {
    const answer = await postImport(sandbox, importBody({ pageTitle: title, content, overwrite, parentId }), token);
    assert.ok(answer.status === 201 || answer.status === 200, `publish ${title}: ${answer.status} ${answer.text}`);
    const page = sandbox.pages().find((candidate) => candidate.title === title && candidate.parentId === parentId && !candidate.deleted);
    assert.ok(page);
    return page;
  }

  /** A page with four versions: an import, an import over it, a wiki edit with a message, a rename on the wiki. */
  async function pageWithHistory(): Promise<SandboxPage> {
    const page = await publish('Runbook', '# Runbook\n\nv1\n');
    now = START + MINUTE;
    await publish('Runbook', '# Runbook\n\nv2\n', true);
    now = START + 2 * MINUTE;
    sandbox.editPageOnWiki(page.id, '# Runbook\n\nv3\n', { message: 'Fixed a typo' });
    now = START + 3 * MINUTE;
    sandbox.editPageOnWiki(page.id, '# Runbook\n\nv4\n', { title: 'Operations runbook' });
    return page;
  }

  const versionsOf = async (pageId: string, query = ''): Promise<VersionsAnswer> => {
    const answer = await platformGet(sandbox, `/wiki/api/v2/pages/${pageId}/versions${query}`, ALICE);
    assert.equal(answer.status, 200, answer.text);
    return answer.json as VersionsAnswer;
  };

  it('keeps every version with its title, Markdown, parent, author, time and message; a move makes none, a deleted page keeps them', async () => {
    const page = await pageWithHistory();
    const other = await publish('Operations', '# Operations\n');
    sandbox.movePageOnWiki(page.id, other.id);
    const expected = [
      { number: 1, title: 'Runbook', markdown: '# Runbook\n\nv1\n', parentId: '123456', authorId: 'bob', createdAt: at(0), message: '' },
      { number: 2, title: 'Runbook', markdown: '# Runbook\n\nv2\n', parentId: '123456', authorId: 'bob', createdAt: at(1), message: '' },
      { number: 3, title: 'Runbook', markdown: '# Runbook\n\nv3\n', parentId: '123456', authorId: 'wiki-editor', createdAt: at(2), message: 'Fixed a typo' },
      { number: 4, title: 'Operations runbook', markdown: '# Runbook\n\nv4\n', parentId: '123456', authorId: 'wiki-editor', createdAt: at(3), message: '' },
    ];
    assert.deepEqual(sandbox.pageVersions(page.id), expected, 'the move to another parent made no version');
    assert.equal(sandbox.pages().find((candidate) => candidate.id === page.id)?.version, 4);
    assert.deepEqual(sandbox.pageVersions('123456'), [
      { number: 1, title: 'Documentation home', markdown: '# Documentation\n\nPublish pages under this one.\n', parentId: null, authorId: 'wiki-editor', createdAt: at(0), message: '' },
    ], 'seeded pages have their first version');

    sandbox.deletePage(page.id);
    assert.deepEqual(sandbox.pageVersions(page.id), expected, 'a deleted page keeps its history');
    assert.equal(sandbox.pageVersions('123457').length, 1, 'the seeded deleted page too');
    assert.deepEqual(sandbox.pageVersions('4242424'), []);
    assert.deepEqual((await control(sandbox, 'GET', `/pages/${page.id}/versions`)).json, expected, 'the control route gives the same');
    assert.equal((await control(sandbox, 'GET', '/pages/4242424/versions')).status, 400);
  });

  it('gives the page as it was at ?version=N (title, parent, author, message, status "historical"); the current one as it is', async () => {
    const page = await pageWithHistory();
    const other = await publish('Operations', '# Operations\n');
    sandbox.movePageOnWiki(page.id, other.id);
    const atVersion = async (query: string): Promise<PageAnswer> => {
      const answer = await platformGet(sandbox, `/wiki/api/v2/pages/${page.id}${query}`, ALICE);
      assert.equal(answer.status, 200, `${query}: ${answer.text}`);
      return answer.json as PageAnswer;
    };
    const third = await atVersion('?version=3');
    assert.deepEqual([third.title, third.status, third.parentId], ['Runbook', 'historical', '123456']);
    assert.deepEqual(third.version, { number: 3, message: 'Fixed a typo', minorEdit: false, authorId: 'wiki-editor', createdAt: at(2) });
    assert.deepEqual((await atVersion('?version=1')).version, { number: 1, message: '', minorEdit: false, authorId: 'bob', createdAt: at(0) });
    const latest = await atVersion('');
    assert.deepEqual(await atVersion('?version=4'), latest, 'the current version is the page as it is');
    assert.deepEqual([latest.title, latest.status, latest.parentId, latest.version.number], ['Operations runbook', 'current', other.id, 4]);

    const cases: Array<[string, string | undefined, number]> = [
      ['?version=5', ALICE, 404], ['?version=0', ALICE, 400], ['?version=-1', ALICE, 400], ['?version=two', ALICE, 400],
      ['?version=1.5', ALICE, 400], ['?version=1', undefined, 401],
    ];
    for (const [query, bearer, status] of cases) {
      assert.equal((await platformGet(sandbox, `/wiki/api/v2/pages/${page.id}${query}`, bearer)).status, status, query);
    }
    assert.equal((await platformGet(sandbox, '/wiki/api/v2/pages/345678?version=1', ALICE)).status, 404, 'a page alice may not see');
    assert.equal((await platformGet(sandbox, '/wiki/api/v2/pages/345678?version=1', 'platform-carol')).status, 200);
    sandbox.deletePage(page.id);
    assert.equal((await platformGet(sandbox, `/wiki/api/v2/pages/${page.id}?version=1`, ALICE)).status, 404, 'a deleted page');
  });

  it('lists versions newest first, a page at a time through _links.next and the Link header, each naming its page and title', async () => {
    const page = await pageWithHistory();
    const seen: VersionsAnswer['results'] = [];
    let next: string | undefined = `/wiki/api/v2/pages/${page.id}/versions?limit=3`;
    let requests = 0;
    while (next !== undefined) {
      const answer: JsonAnswer = await platformGet(sandbox, next, ALICE);
      requests++;
      assert.equal(answer.status, 200, answer.text);
      const body = answer.json as VersionsAnswer;
      assert.equal(body._links.base, `${sandbox.baseUrl}/wiki`);
      seen.push(...body.results);
      next = body._links.next;
      assert.equal(answer.headers.get('link'), next === undefined ? null : `<${next}>; rel="next"`);
      if (next !== undefined) assert.match(next, new RegExp(`^/wiki/api/v2/pages/${page.id}/versions\\?limit=3&cursor=[\\w-]+$`));
    }
    assert.equal(requests, 2);
    assert.deepEqual(seen, [
      { number: 4, message: '', minorEdit: false, authorId: 'wiki-editor', createdAt: at(3), page: { id: page.id, title: 'Operations runbook' } },
      { number: 3, message: 'Fixed a typo', minorEdit: false, authorId: 'wiki-editor', createdAt: at(2), page: { id: page.id, title: 'Runbook' } },
      { number: 2, message: '', minorEdit: false, authorId: 'bob', createdAt: at(1), page: { id: page.id, title: 'Runbook' } },
      { number: 1, message: '', minorEdit: false, authorId: 'bob', createdAt: at(0), page: { id: page.id, title: 'Runbook' } },
    ]);

    // A version made between two calls comes first next time; the cursor's walk neither repeats nor skips older ones.
    const first = await versionsOf(page.id, '?limit=2');
    sandbox.editPageOnWiki(page.id, '# Runbook\n\nv5\n');
    const rest = await platformGet(sandbox, first._links.next ?? '', ALICE);
    assert.deepEqual((rest.json as VersionsAnswer).results.map((version) => version.number), [2, 1]);
  });

  it('pages versions 25 by default, clamps limit at 250, obeys the server-side cap, and refuses bad input like the other lists', async () => {
    const page = await publish('Busy page', 'v1\n');
    for (let edit = 2; edit <= 260; edit++) sandbox.editPageOnWiki(page.id, `v${edit}\n`);
    const byDefault = await versionsOf(page.id);
    assert.deepEqual([byDefault.results.length, byDefault.results[0]?.number, byDefault.results[24]?.number], [25, 260, 236]);
    assert.match(byDefault._links.next ?? '', /limit=25&cursor=/);
    const clamped = await versionsOf(page.id, '?limit=1000');
    assert.deepEqual([clamped.results.length, clamped.results[249]?.number], [250, 11], 'a limit over 250 is clamped, not refused');
    const last = await platformGet(sandbox, clamped._links.next ?? '', ALICE);
    assert.deepEqual((last.json as VersionsAnswer).results.map((version) => version.number), [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    assert.equal((last.json as VersionsAnswer)._links.next, undefined);

    sandbox.setMaxChildrenPageSize(4);
    const capped = await platformGet(sandbox, `/wiki/api/v2/pages/${page.id}/versions?limit=100`, ALICE);
    assert.equal((capped.json as VersionsAnswer).results.length, 4);
    assert.match(capped.headers.get('link') ?? '', /versions\?limit=4&cursor=[\w-]+>; rel="next"$/);
    sandbox.setMaxChildrenPageSize(undefined);

    const hidden = '345678';
    const cases: Array<[string, string | undefined, number]> = [
      [`/wiki/api/v2/pages/${page.id}/versions`, undefined, 401],
      [`/wiki/api/v2/pages/${page.id}/versions`, 'nobody', 401],
      ['/wiki/api/v2/pages/4242424/versions', ALICE, 404],
      [`/wiki/api/v2/pages/${hidden}/versions`, ALICE, 404],
      [`/wiki/api/v2/pages/${hidden}/versions`, 'platform-carol', 200],
      ['/wiki/api/v2/pages/123457/versions', ALICE, 404],
      [`/wiki/api/v2/pages/${page.id}/versions?limit=0`, ALICE, 400],
      [`/wiki/api/v2/pages/${page.id}/versions?limit=ten`, ALICE, 400],
      [`/wiki/api/v2/pages/${page.id}/versions?cursor=bogus`, ALICE, 400],
    ];
    for (const [route, bearer, status] of cases) assert.equal((await platformGet(sandbox, route, bearer)).status, status, `${route} as ${bearer}`);
    const post = await fetch(`${sandbox.baseUrl}/wiki/api/v2/pages/${page.id}/versions`, { method: 'POST', headers: { Authorization: `Bearer ${ALICE}` } });
    assert.equal(post.status, 405);
  });

  it('records the token\'s owner as an import\'s author by default, and one app account (not the token\'s sub) when switched', async () => {
    const page = await publish('Authored', 'v1\n');
    const subject = (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: string }).sub;
    assert.equal(subject, 'bob');
    assert.equal(sandbox.pageVersions(page.id)[0]?.authorId, 'bob', 'the default: the token\'s owner');

    sandbox.setImportAuthor('app');
    await publish('Authored', 'v2\n', true);
    const created = await publish('Made by the app', 'v1\n');
    assert.notEqual(IMPORT_APP_ACCOUNT, subject);
    assert.deepEqual(sandbox.pageVersions(page.id).map((version) => version.authorId), ['bob', IMPORT_APP_ACCOUNT]);
    assert.deepEqual([created.authorId, sandbox.pageVersions(created.id)[0]?.authorId], [IMPORT_APP_ACCOUNT, IMPORT_APP_ACCOUNT]);
    const shown = await platformGet(sandbox, `/wiki/api/v2/pages/${page.id}`, ALICE);
    assert.equal((shown.json as PageAnswer).version.authorId, 'wiki-publisher-app');
    sandbox.editPageOnWiki(page.id, 'v3\n');
    assert.equal(sandbox.pageVersions(page.id)[2]?.authorId, 'wiki-editor', 'an edit on the wiki is still the colleague\'s');

    assert.equal((await control(sandbox, 'POST', '/importAuthor', { author: 'tokenOwner' })).status, 200);
    await publish('Authored', 'v4\n', true);
    assert.equal(sandbox.pageVersions(page.id)[3]?.authorId, 'bob');
    assert.equal((await control(sandbox, 'POST', '/importAuthor', { author: 'app' })).status, 200);
    await publish('Authored', 'v5\n', true);
    assert.equal(sandbox.pageVersions(page.id)[4]?.authorId, IMPORT_APP_ACCOUNT);
    for (const body of [{}, { author: 'bob' }, { author: true }]) {
      assert.equal((await control(sandbox, 'POST', '/importAuthor', body)).status, 400, JSON.stringify(body));
    }
    assert.throws(() => sandbox.setImportAuthor('someone' as 'app'), /tokenOwner/);

    sandbox.reset();
    token = sandbox.issueToken({ owner: 'bob', label: 'writer' }).token;
    assert.equal((await publish('After reset', 'v1\n')).authorId, 'bob', 'reset restores the token\'s owner');
  });

  it('counts every request under /wiki/api/v2/ (refused and faulted ones too) since the last reset, apart from imports and views', async () => {
    assert.equal(sandbox.pageRouteRequests, 0);
    const page = await publish('Counted', 'v1\n');
    await platformGet(sandbox, `/wiki/api/v2/pages/${page.id}`, ALICE);
    await platformGet(sandbox, `/wiki/api/v2/pages/${page.id}/versions`, ALICE);
    await platformGet(sandbox, `/wiki/api/v2/pages?id=${page.id}`, ALICE);
    await platformGet(sandbox, '/wiki/api/v2/pages/123456/children', ALICE);
    await platformGet(sandbox, '/wiki/api/v2/spaces?keys=DOCS', ALICE);
    await platformGet(sandbox, `/wiki/api/v2/pages/${page.id}`);
    await platformGet(sandbox, '/wiki/api/v2/nothing-here', ALICE);
    sandbox.setPageLookupFault('error');
    assert.equal((await platformGet(sandbox, `/wiki/api/v2/pages/${page.id}`, ALICE)).status, 500);
    sandbox.setPageLookupFault(undefined);
    await platformGet(sandbox, sandbox.pageAddress(page.id));
    await platformGet(sandbox, '/wiki/api/v1/content');
    assert.equal(sandbox.pageRouteRequests, 8, 'six answered, one unknown v2 path, one faulted; the view and the v1 path are not counted');
    assert.equal(sandbox.imports.length, 1);
    assert.deepEqual((await control(sandbox, 'GET', '/counters')).json, { imports: 1, pageRouteRequests: 8 });

    sandbox.reset();
    assert.equal(sandbox.pageRouteRequests, 0);
    assert.deepEqual((await control(sandbox, 'GET', '/counters')).json, { imports: 0, pageRouteRequests: 0 });
  });
});
