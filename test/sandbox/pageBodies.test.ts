// The sandbox's page bodies (`body-format=storage` and `atlas_doc_format`) on the page, version and page list routes,
// and the colleague's one-line edit the demo prints.
import assert from 'node:assert/strict';
import { appendToFirstParagraphLine } from './sandboxLineEdit';
import { control, importBody, platformGet, postImport } from './sandboxTestKit';
import { startSandbox, type Sandbox, type SandboxPage } from './server';

interface Body { storage?: { representation: string; value: string }; atlas_doc_format?: { representation: string; value: string } }
interface PageAnswer { id: string; version: { number: number }; body?: Body }
interface AdfNode { type: string; attrs?: Record<string, unknown>; content?: AdfNode[]; text?: string; marks?: Array<{ type: string; attrs?: Record<string, unknown> }> }

const ALICE = 'platform-alice';

const MARKDOWN = [
  '# Install guide',
  '',
  'Read [the setup](guide/setup.md#install-steps), [the API](https://example.com/api?v=2&lang=en) and [notes](<release notes.md>).',
  'Never [this](javascript:alert(1)) and no <script>alert(1)</script> either.',
  '',
  '```sh',
  'curl -s "https://example.com/?a=1&b=2" | grep "<title>" # ]]> inside',
  '```',
  '',
  'Run `npm ci && npm test` first.',
  '',
].join('\n');

describe('sandbox page bodies: storage and atlas_doc_format on the page routes, and a colleague\'s one-line edit', () => {
  let sandbox: Sandbox;
  let token: string;

  before(async () => {
    sandbox = await startSandbox({ verifyPlatformToken: (bearer) => (bearer === ALICE ? { owner: 'alice' } : undefined) });
  });
  beforeEach(() => {
    sandbox.reset();
    token = sandbox.issueToken({ owner: 'bob', label: 'writer' }).token;
  });
  after(() => sandbox.close());

  async function publish(title: string, content: string, overwrite = false): Promise<SandboxPage> {
    const answer = await postImport(sandbox, importBody({ pageTitle: title, content, overwrite }), token);
    assert.ok(answer.status === 201 || answer.status === 200, `publish ${title}: ${answer.status}`);
    const page = sandbox.findPageByTitle('DOCS', '123456', title);
    assert.ok(page);
    return page;
  }

  const bodyOf = async (route: string): Promise<Body> => {
    const answer = await platformGet(sandbox, route, ALICE);
    assert.equal(answer.status, 200, answer.text);
    const body = (answer.json as PageAnswer).body;
    assert.ok(body, `${route} gives a body`);
    return body;
  };

  it('gives the storage body of an import: the wiki\'s XHTML, with the Markdown\'s text, link targets and code', async () => {
    const page = await publish('Install guide', MARKDOWN);
    const plain = await platformGet(sandbox, `/wiki/api/v2/pages/${page.id}`, ALICE);
    assert.equal((plain.json as PageAnswer).body, undefined, 'no body unless asked for');
    const { storage } = await bodyOf(`/wiki/api/v2/pages/${page.id}?body-format=storage`);
    assert.equal(storage?.representation, 'storage');
    const xhtml = storage?.value ?? '';
    assert.ok(xhtml.includes('<h1>Install guide</h1>'), xhtml);
    assert.ok(xhtml.includes('<a href="guide/setup.md#install-steps">the setup</a>'), 'a relative target as written');
    assert.ok(xhtml.includes('<a href="https://example.com/api?v=2&amp;lang=en">the API</a>'), 'an absolute one, & escaped in XML');
    assert.ok(xhtml.includes('<a href="release%20notes.md">notes</a>'), 'markdown-it\'s URL normalisation: a space percent-encoded');
    assert.ok(!xhtml.includes('javascript:alert(1)"') && xhtml.includes('[this](javascript:alert(1))'), 'an unsafe target is no link');
    assert.ok(!xhtml.includes('<script>') && xhtml.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), 'raw HTML is text');
    const code = 'curl -s "https://example.com/?a=1&b=2" | grep "<title>" # ]]]]><![CDATA[> inside';
    assert.ok(xhtml.includes(`<ac:structured-macro ac:name="code" ac:schema-version="1"><ac:parameter ac:name="language">sh</ac:parameter><ac:plain-text-body><![CDATA[${code}]]></ac:plain-text-body></ac:structured-macro>`), xhtml);
    assert.ok(xhtml.includes('<p>Run <code>npm ci &amp;&amp; npm test</code> first.</p>'));
    assert.ok(!xhtml.includes('# Install guide') && !xhtml.includes('```'), 'a body is not the Markdown');
  });

  it('gives the atlas_doc_format body as a JSON document: headings, paragraphs, link marks, code blocks', async () => {
    const page = await publish('Install guide', MARKDOWN);
    const { atlas_doc_format: adf } = await bodyOf(`/wiki/api/v2/pages/${page.id}?body-format=atlas_doc_format`);
    assert.equal(adf?.representation, 'atlas_doc_format');
    assert.equal(typeof adf?.value, 'string');
    const doc = JSON.parse(adf?.value ?? '') as AdfNode & { version: number };
    assert.deepEqual([doc.type, doc.version, doc.content?.map((node) => node.type)], ['doc', 1, ['heading', 'paragraph', 'codeBlock', 'paragraph']]);
    assert.deepEqual(doc.content?.[0], { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Install guide' }] });
    const links = (doc.content?.[1]?.content ?? []).flatMap((node) => (node.marks ?? []).filter((mark) => mark.type === 'link').map((mark) => [node.text, mark.attrs?.href]));
    assert.deepEqual(links, [['the setup', 'guide/setup.md#install-steps'], ['the API', 'https://example.com/api?v=2&lang=en'], ['notes', 'release%20notes.md']]);
    assert.deepEqual(doc.content?.[2], {
      type: 'codeBlock', attrs: { language: 'sh' }, content: [{ type: 'text', text: 'curl -s "https://example.com/?a=1&b=2" | grep "<title>" # ]]> inside' }],
    });
    assert.deepEqual(doc.content?.[3]?.content?.[1], { type: 'text', text: 'npm ci && npm test', marks: [{ type: 'code' }] });
  });

  it('gives each version\'s own body on ?version=N and on the versions list, and bodies on the page list', async () => {
    const page = await publish('Changing', 'First [link](one.md).\n');
    await publish('Changing', 'Second [link](two.md).\n', true);
    const storageAt = async (query: string): Promise<string> => (await bodyOf(`/wiki/api/v2/pages/${page.id}${query}`)).storage?.value ?? '';
    assert.equal(await storageAt('?version=1&body-format=storage'), '<p>First <a href="one.md">link</a>.</p>\n');
    assert.equal(await storageAt('?body-format=storage'), '<p>Second <a href="two.md">link</a>.</p>\n');

    const versions = await platformGet(sandbox, `/wiki/api/v2/pages/${page.id}/versions?body-format=storage&limit=1`, ALICE);
    const listed = versions.json as { results: Array<{ number: number; page: { body: Body } }>; _links: { next?: string } };
    assert.deepEqual(listed.results.map((version) => [version.number, version.page.body.storage?.value]), [[2, '<p>Second <a href="two.md">link</a>.</p>\n']]);
    assert.match(listed._links.next ?? '', /body-format=storage/, 'the next page keeps the format');
    const older = (await platformGet(sandbox, listed._links.next ?? '', ALICE)).json as typeof listed;
    assert.deepEqual(older.results.map((version) => [version.number, version.page.body.storage?.value]), [[1, '<p>First <a href="one.md">link</a>.</p>\n']]);

    const other = await publish('Other', '# Other\n');
    const ids = [page.id, other.id, '123456'];
    const list = await platformGet(sandbox, `/wiki/api/v2/pages?id=${ids.join(',')}&body-format=storage&limit=250`, ALICE);
    const results = (list.json as { results: PageAnswer[] }).results;
    assert.deepEqual(results.map((result) => [result.id, result.body?.storage?.value]), [
      ['123456', '<h1>Documentation</h1>\n<p>Publish pages under this one.</p>\n'],
      [page.id, '<p>Second <a href="two.md">link</a>.</p>\n'],
      [other.id, '<h1>Other</h1>\n'],
    ]);
    const withoutBodies = (await platformGet(sandbox, `/wiki/api/v2/pages?id=${ids.join(',')}`, ALICE)).json as { results: PageAnswer[] };
    assert.ok(withoutBodies.results.every((result) => result.body === undefined));
  });

  it('refuses a body-format it does not serve with 400 on every route that takes one', async () => {
    const page = await publish('Formats', 'Text.\n');
    for (const format of ['view', 'export_view', 'STORAGE', '']) {
      for (const route of [`/wiki/api/v2/pages/${page.id}`, `/wiki/api/v2/pages/${page.id}/versions`, `/wiki/api/v2/pages?id=${page.id}`]) {
        const answer = await platformGet(sandbox, `${route}${route.includes('?') ? '&' : '?'}body-format=${format}`, ALICE);
        assert.equal(answer.status, 400, `${route} with ${format}`);
        assert.match(JSON.stringify(answer.json), /body-format must be one of: storage, atlas_doc_format/);
      }
    }
  });

  it('edits one line on the wiki: the first paragraph line gets " (edited on the wiki)", the rest stays, in a new version', async () => {
    const markdown = '# Runbook\n\n```\ncode line\n```\n\nRestart the service.\nThen check it.\n\nLast paragraph.\n';
    const page = await publish('Runbook', markdown);
    const edited = sandbox.editLineOnWiki(page.id);
    assert.deepEqual([edited.version, edited.authorId], [2, 'wiki-editor']);
    assert.equal(edited.markdown, '# Runbook\n\n```\ncode line\n```\n\nRestart the service. (edited on the wiki)\nThen check it.\n\nLast paragraph.\n');
    const storage = (await bodyOf(`/wiki/api/v2/pages/${page.id}?body-format=storage`)).storage?.value ?? '';
    assert.ok(storage.includes('<p>Restart the service. (edited on the wiki)\nThen check it.</p>'), storage);

    const overControl = await control(sandbox, 'POST', `/pages/${page.id}/editLine`, { append: ' and again', message: 'One more' });
    assert.equal(overControl.status, 200, overControl.text);
    assert.equal((overControl.json as SandboxPage).markdown, edited.markdown.replace('(edited on the wiki)', '(edited on the wiki) and again'));
    assert.deepEqual(sandbox.pageVersions(page.id).map((version) => [version.number, version.message]), [[1, ''], [2, ''], [3, 'One more']]);
    const empty = await control(sandbox, 'POST', `/pages/${page.id}/editLine`);
    assert.equal(empty.status, 200, 'no body: the default edit');
    assert.equal(sandbox.pageVersions(page.id).length, 4);

    const mistakes: Array<[string, unknown]> = [
      [`/pages/${page.id}/editLine`, { append: '' }], [`/pages/${page.id}/editLine`, { append: 'two\nlines' }],
      [`/pages/${page.id}/editLine`, { append: 7 }], [`/pages/${page.id}/editLine`, { message: 7 }], ['/pages/4242424/editLine', {}],
      ['/pages/123457/editLine', {}], [`/pages/${page.id}/edit`, { markdown: 'x', message: false }],
    ];
    for (const [route, body] of mistakes) assert.equal((await control(sandbox, 'POST', route, body)).status, 400, `${route} ${JSON.stringify(body)}`);
    assert.equal(sandbox.pageVersions(page.id).length, 4, 'a refused edit makes no version');
    assert.throws(() => sandbox.editLineOnWiki('123457'), /No live page 123457/);
  });

  it('finds the first paragraph line past headings, code and tables, keeps hard breaks, and adds a line to a page without one', () => {
    const edit = (markdown: string): string => appendToFirstParagraphLine(markdown, ' (edited)');
    assert.equal(edit('Setext title\n============\n\n    indented code\n\n| a |\n|---|\n| 1 |\n\n- item one\n- item two\n'),
      'Setext title\n============\n\n    indented code\n\n| a |\n|---|\n| 1 |\n\n- item one (edited)\n- item two\n');
    assert.equal(edit('> Quoted line\n> more\n'), '> Quoted line (edited)\n> more\n');
    assert.equal(edit('Hard break  \nnext\n'), 'Hard break (edited)  \nnext\n');
    assert.equal(edit('Backslash break\\\nnext\n'), 'Backslash break (edited)\\\nnext\n');
    assert.equal(edit('Windows line\r\nnext\r\n'), 'Windows line (edited)\r\nnext\r\n');
    assert.equal(edit('No newline at the end'), 'No newline at the end (edited)');
    assert.equal(edit('# Only a heading\n'), '# Only a heading\n\n(edited)\n');
    assert.equal(edit('# Only a heading'), '# Only a heading\n\n(edited)\n');
    assert.equal(edit('```\ncode\n```\n\n'), '```\ncode\n```\n\n(edited)\n');
  });
});
