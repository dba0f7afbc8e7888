// The sandbox's page view gives headings the ids the core's wikiHeadingAnchors computes, so a link rewritten by
// rewriteLinks (page address + mapped anchor) can be followed to its heading on the sandbox.
import assert from 'node:assert/strict';
import { markdownHeadings, rewriteLinks, type LinkedPage } from '../../src/core/links/rewrite';
import { pageAddress } from '../../src/core/publish/pageAddress';
import { importBody, postImport, send } from './sandboxTestKit';
import { startSandbox, type Sandbox } from './server';

const TARGET = [
  '# Install guide', '', '## Requirements', 'Node.', '', '## Requirements', 'Again.', '',
  'Step 2 (optional)', '---', '', '### Tom & `<Jerry>`', '', '```md', '## Not a heading', '```', '',
  '## Use <kbd>Ctrl</kbd>+C', '', '## Fish &amp; Chips', '',
].join('\n');

/** The attribute as markdown-it writes it. */
function idAttribute(id: string): string {
  const escaped = id.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `id="${escaped}"`;
}

describe('sandbox page view: heading ids for rewritten links', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(() => sandbox.close());

  it('shows every heading with the id a rewritten link\'s anchor names, repeats numbered', async () => {
    const token = sandbox.issueToken({ owner: 'bob', label: 'writer' }).token;
    const answer = await postImport(sandbox, importBody({ pageTitle: 'Install guide', content: TARGET }), token);
    assert.equal(answer.status, 201, answer.text);
    const page = sandbox.findPageByTitle('DOCS', '123456', 'Install guide');
    assert.ok(page);
    const url = pageAddress(sandbox.baseUrl, page.spaceKey, page.id, page.title);
    assert.ok(url);
    const target: LinkedPage = { url, title: page.title, headings: markdownHeadings(TARGET) };

    // The last two are GitHub's slugs of headings holding HTML and a character reference (tags dropped, `&amp;` read as `&`).
    const links = ['#install-guide', '#requirements', '#requirements-1', '#step-2-optional', '#tom--jerry', '#use-ctrlc', '#fish--chips'];
    const source = links.map((anchor) => `[x](install.md${anchor})`).join('\n');
    const result = rewriteLinks(source, { filePath: 'setup.md', resolvePage: (path) => (path === 'install.md' ? target : undefined) });
    assert.deepEqual([result.rewritten, result.cautions], [links.length, []]);

    const addresses = [...result.markdown.matchAll(/\]\(<?([^)>]+)>?\)/g)].map((match) => match[1] ?? '');
    const fragments = addresses.map((address) => decodeURIComponent(new URL(address).hash.slice(1)));
    assert.deepEqual(fragments, ['Install-guide', 'Requirements', 'Requirements.1', 'Step-2-(optional)', 'Tom-&-<Jerry>',
      'Use-<kbd>Ctrl</kbd>+C', 'Fish-&amp;-Chips']);
    const view = await send(addresses[0]?.split('#')[0] ?? '');
    assert.equal(view.status, 200);
    for (const fragment of fragments) assert.ok(view.text.includes(idAttribute(fragment)), `no heading with id ${fragment}`);
    assert.ok(!view.text.includes('id="Not-a-heading"'), 'a heading in a code block is text');
  });
});
