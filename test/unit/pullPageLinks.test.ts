// Pull on a file of a page tree: the wiki holds page addresses where the file links to other files, and a
// colleague's edit near such a link must merge as it does anywhere else, while a link the colleague changed arrives.
import assert from 'node:assert/strict';
import { manifestPageIdOf, mergeThreeWay, pageInFileForms, pullPage, withFileLinkForms } from '../../src/core/pull';

const SITE = 'https://wiki.example.test/wiki/spaces/DOCS/pages';
const PAGES = new Map([
  ['guide/', { id: '11', title: 'Guide' }],
  ['guide/setup.md', { id: '12', title: 'Setup' }],
  ['reference/api.md', { id: '13', title: 'API' }],
  ['index.md', { id: '14', title: 'Overview' }],
  ['other/README.md', { id: '15', title: 'Other readme' }],
  ['other/', { id: '16', title: 'Other' }],
]);
const pageIdOf = manifestPageIdOf(PAGES, 'guide/setup.md');

describe('Pull on a file of a page tree', () => {
  const ours = '# Setup\n\nCall [the API](../reference/api.md#set-up-the-api) with a token.\nSee the [guide](README.md).\n\nKeep the token secret.\n';
  const published = `# Setup\n\nCall [the API](${SITE}/13/API#Set-up-the-API) with a token.\nSee the [guide](${SITE}/11/Guide).\n\nKeep the token secret.\n`;

  it('merges a colleague\'s edit beside a linked line, and the file keeps its own links', () => {
    const theirs = published.replace('with a token.', 'with a token (one per job).');
    const plain = mergeThreeWay(published, theirs, ours);
    assert.equal(plain.kind, 'conflicts', 'compared as they are, every line with a link differs from the file');
    const merged = mergeThreeWay(withFileLinkForms(published, ours, pageIdOf), withFileLinkForms(theirs, ours, pageIdOf), ours);
    assert.equal(merged.kind, 'merged');
    assert.equal(merged.kind === 'merged' ? merged.text : '', ours.replace('with a token.', 'with a token (one per job).'));
  });

  it('brings in a link the colleague pointed at another page or heading', () => {
    const theirs = published.replace(`${SITE}/11/Guide`, `${SITE}/14/Overview`).replace('#Set-up-the-API', '#Errors');
    const merged = mergeThreeWay(withFileLinkForms(published, ours, pageIdOf), withFileLinkForms(theirs, ours, pageIdOf), ours);
    assert.equal(merged.kind, 'merged');
    const text = merged.kind === 'merged' ? merged.text : '';
    assert.match(text, new RegExp(`\\[guide\\]\\(${SITE.replace(/[.]/g, '\\.')}/14/Overview\\)`), 'the colleague\'s new target');
    assert.match(text, /API#Errors\)/, 'the colleague\'s new heading');
  });

  it('a link to the tree\'s folder itself, sent as the chosen page\'s address, is written back as the file writes it', () => {
    const withoutTopIndex = new Map([...PAGES].filter(([key]) => key !== 'index.md'));
    const toTop = manifestPageIdOf(withoutTopIndex, 'guide/setup.md', undefined, { name: 'docs', parent: '123456' });
    // With an index at the top, a link to the folder names its page, as a link to any folder does.
    assert.equal(manifestPageIdOf(PAGES, 'guide/setup.md', undefined, { name: 'docs', parent: '123456' })('../'), '14');
    const file = '# Setup\n\nBack to [the docs](../).\n\nKeep the token secret.\n';
    const sent = `# Setup\n\nBack to [the docs](${SITE}/123456).\n\nKeep the token secret.\n`;
    // The colleague edited the line that holds the link: without the write-back, both sides changed it.
    const theirs = sent.replace('Back to', 'Go back to');
    assert.equal(mergeThreeWay(sent, theirs, file).kind, 'conflicts');
    const merged = mergeThreeWay(withFileLinkForms(sent, file, toTop), withFileLinkForms(theirs, file, toTop), file);
    assert.equal(merged.kind, 'merged');
    assert.equal(merged.kind === 'merged' ? merged.text : '', file.replace('Back to', 'Go back to'));
    assert.equal(pageIdOf('../'), undefined, 'without the manifest\'s parent, no page is known for it');
  });

  it('nothing new when the wiki only has its own addresses for the file\'s links', () => {
    const merged = mergeThreeWay(withFileLinkForms(published, ours, pageIdOf), withFileLinkForms(published, ours, pageIdOf), ours);
    assert.equal(merged.kind, 'nothingNew');
  });

  it('leaves an address alone where the file spells one page and heading two ways', () => {
    const twice = `${ours}Also [the API](../reference/./api.md#set-up-the-api).\n`;
    const formed = withFileLinkForms(published, twice, pageIdOf);
    assert.match(formed, /\(https:\/\/wiki\.example\.test\/wiki\/spaces\/DOCS\/pages\/13\/API#Set-up-the-API\)/, 'which spelling a line meant cannot be told');
    assert.match(formed, /See the \[guide\]\(README\.md\)/, 'the other link is the file\'s own');
  });

  it('tells two spellings of one page apart by their links\' texts', () => {
    const toTop = manifestPageIdOf(PAGES, 'guide/setup.md', undefined, { name: 'docs', parent: '123456' });
    // `../index.md` and `../` both name the top index's page, and went out as the same address.
    const file = '# Setup\n\nBack [home](../index.md) or to [the *docs*](../), or the [guide](README.md) and [its folder](./).\n\nKeep the token secret.\n';
    const sent = `# Setup\n\nBack [home](${SITE}/14/Overview) or to [the _docs_](${SITE}/14/Overview), or the [guide](${SITE}/11/Guide) and [its folder](${SITE}/11/Guide).\n\nKeep the token secret.\n`;
    const theirs = sent.replace('Back [home]', 'Go back [home]');
    const merged = mergeThreeWay(withFileLinkForms(sent, file, toTop), withFileLinkForms(theirs, file, toTop), file, file);
    assert.equal(merged.kind, 'merged');
    // The colleague's line as the wiki writes it (`_docs_`), with each link as the file writes it.
    assert.equal(merged.text, file.replace('Back [home]', 'Go back [home]').replace('*docs*', '_docs_'));
    // A text the colleague changed leaves nothing to tell them by: that address stays as the wiki writes it.
    const renamed = sent.replace('[home]', '[start]');
    assert.equal(withFileLinkForms(renamed, file, toTop), file.replace(`[home](../index.md)`, `[start](${SITE}/14/Overview)`).replace('*docs*', '_docs_'));
  });

  it('a link to one of the page\'s own headings, in a tree or not, merges as the file writes it; one the colleague pointed elsewhere arrives', () => {
    const toc = '# Handbook\n\n- [Install](#install)\n- [Configure](#step-2-configure-it)\n\n## Install\n\n## Step 2: Configure it!\n';
    const sent = '# Handbook\n\n- [Install](#Install)\n- [Configure](#Step-2%3A-Configure-it%21)\n\n## Install\n\n## Step 2: Configure it!\n';
    const theirs = sent.replace('[Install](#Install)', '[Install it](#Install)').replace('[Configure](#Step-2%3A-Configure-it%21)', '[Configure](#Install)');
    assert.equal(mergeThreeWay(sent, theirs, toc).kind, 'conflicts', 'compared as they are, the colleague\'s line and the file\'s differ');
    for (const idOf of [undefined, pageIdOf]) {
      const merged = mergeThreeWay(withFileLinkForms(sent, toc, idOf), withFileLinkForms(theirs, toc, idOf), toc);
      assert.equal(merged.kind, 'merged');
      assert.equal(merged.kind === 'merged' ? merged.text : '', toc.replace('[Install](#install)', '[Install it](#install)').replace('[Configure](#step-2-configure-it)', '[Configure](#install)'));
    }
    assert.equal(mergeThreeWay(withFileLinkForms(sent, toc, undefined), withFileLinkForms(sent, toc, undefined), toc).kind, 'nothingNew');
  });

  it('knows a file\'s pages from the manifest: its own entry, else its folder\'s page for index, README or <folder>.md', () => {
    assert.equal(pageIdOf('../reference/api.md'), '13');
    assert.equal(pageIdOf('README.md'), '11', 'guide/README.md gives the guide folder its page');
    assert.equal(pageIdOf('guide.md'), '11');
    assert.equal(pageIdOf('../other/README.md'), '15', 'a README recorded as a page of its own');
    assert.equal(pageIdOf('../index.md'), '14', 'a root index is an ordinary page');
    assert.equal(pageIdOf('notes.md'), undefined, 'not recorded');
    assert.equal(pageIdOf('../../outside.md'), undefined, 'outside the tree');
    assert.equal(pageIdOf('../reference/diagram.png'), undefined, 'not Markdown');
    // A link to a folder names its page, written with the slash or without, from inside it or beside it.
    assert.deepEqual(['./', '.', '../guide/#start', '../guide', '../other/', '../reference/', '..'].map(pageIdOf), ['11', '11', '11', '11', '16', undefined, undefined]);
    assert.equal(pageIdOf('https://example.test/reference/api.md'), undefined);
  });
});

// The wiki's anchors map back to the file's only through the same heading of the linked page: `b.md` has `## C` and
// `## C++`, which GitHub slugs `c` and `c-1` and the wiki anchors `C` and `C++`. Compared by letters alone, both read
// `c`, and Pull pointed the file's C++ link at the "C" heading.
describe('Pull and Compare map a link\'s heading back through the same heading', () => {
  const BEE = `${SITE}/21/Bee`;
  const beeIdOf = manifestPageIdOf(new Map([['b.md', { id: '21', title: 'Bee' }]]), 'a.md');
  const link = { spaceId: 'DOCS', parentId: '123456', pageTitle: 'A', pageId: '20', version: 1, publishedAt: 0 };

  /** Pull of the file `ours`, published as `sent` (the file's text kept with the base), the wiki's page now `theirs`. */
  async function pulled(ours: string, sent: string, theirs: string): Promise<string> {
    const outcome = await pullPage({
      ours, link, base: { pageId: '20', version: 1, markdown: sent, savedAt: 0, fileText: ours },
      pages: { getPage: async (id) => ({ id, version: 2, title: 'A' } as never) },
      exportMarkdown: async () => theirs, linkedPages: async () => beeIdOf,
    });
    assert.equal(outcome.kind, 'merged');
    return outcome.kind === 'merged' ? outcome.text : '';
  }

  it('headings with one slug (C, C++): a colleague\'s edit of the line keeps each link on its own heading', async () => {
    const ours = '# A\n\nSee [C](b.md#c) and [C++](b.md#c-1) headings.\n';
    const sent = `# A\n\nSee [C](${BEE}#C) and [C++](${BEE}#C%2B%2B) headings.\n`;
    assert.equal(await pulled(ours, sent, sent.replace('headings.', 'headings, edited.')), ours.replace('headings.', 'headings, edited.'));
  });

  it('a link to the second heading of a slug alone (`#c-1`, sent as `#C%2B%2B`) stays as the file writes it', async () => {
    const ours = '# A\n\nRead the [C++ notes](b.md#c-1) first.\n';
    const sent = `# A\n\nRead the [C++ notes](${BEE}#C%2B%2B) first.\n`;
    assert.equal(await pulled(ours, sent, sent.replace('first.', 'first, edited.')), ours.replace('first.', 'first, edited.'));
  });

  it('Compare with Pull\'s base writes a link to a repeated heading back as the file writes it (`b.md#intro-1`, sent as `#Intro.1`)', () => {
    const file = '# A\n\nSee [y](b.md#intro-1) here.\n';
    const page = `# A\n\nSee [y](${BEE}#Intro.1) here.\n`;
    assert.equal(pageInFileForms(page, file, beeIdOf), page, 'without the base, which `Intro` the file meant takes b.md\'s headings');
    assert.equal(pageInFileForms(page, file, beeIdOf, undefined, { file, page }), file);
    // A colleague who re-pointed the link to the first Intro: that arrives as the wiki writes it.
    const repointed = page.replace('#Intro.1', '#Intro');
    assert.equal(pageInFileForms(repointed, file, beeIdOf, undefined, { file, page }), repointed);
  });

  it('Compare, without the published file to tell them apart, never shows one of them at the other heading', () => {
    const file = '# A\n\nSee [C](b.md#c) and [C++](b.md#c-1) headings.\n';
    const page = `# A\n\nSee [C](${BEE}#C) and [C++](${BEE}#C%2B%2B) headings.\n`;
    assert.equal(pageInFileForms(page, file, beeIdOf), page, 'which heading `c` is takes the page\'s headings: both stay the wiki\'s');
    // The same with the file's two links the other way round, and with only one of them.
    assert.equal(pageInFileForms(page, '# A\n\n[C++](b.md#c) [C](b.md#c-1)\n', beeIdOf), page);
    assert.equal(pageInFileForms(page, '# A\n\nRead [C](b.md#c).\n', beeIdOf), page);
  });

  it('a heading with punctuation: mapped back through its slug, never to the heading whose slug has the same letters', () => {
    // `## Node.js` slugs `nodejs`, `## Node JS` slugs `node-js`; the wiki anchors them `Node.js` and `Node-JS`.
    const file = '# A\n\nUse [Node JS](b.md#node-js).\n';
    const page = `# A\n\nUse [Node JS](${BEE}#Node-JS), or rather [Node.js](${BEE}#Node.js).\n`;
    assert.equal(pageInFileForms(page, file, beeIdOf), `# A\n\nUse [Node JS](b.md#node-js), or rather [Node.js](${BEE}#Node.js).\n`);
    const both = '# A\n\n[Node.js](b.md#nodejs) then [Step 2](b.md#step-2-configure-it)\n';
    assert.equal(pageInFileForms(`# A\n\n[Node.js](${BEE}#Node.js) then [Step 2](${BEE}#Step-2%3A-Configure-it%21)\n`, both, beeIdOf), both);
  });

  it('a link the file writes in the wiki\'s own form stays as written, beside a slug that could name either heading', () => {
    const file = '# A\n\nSee [C](b.md#c) and [C++](b.md#C%2B%2B).\n';
    const page = `# A\n\nSee [C](${BEE}#C) and [C++](${BEE}#C%2B%2B).\n`;
    assert.equal(pageInFileForms(page, file, beeIdOf), `# A\n\nSee [C](${BEE}#C) and [C++](b.md#C%2B%2B).\n`);
  });

  it('a link to one of the file\'s own headings maps through those headings (`## C`, `## C++`)', () => {
    const file = '# A\n\n[C](#c) and [C++](#c-1)\n\n## C\n\n## C++\n';
    const page = '# A\n\n[C](#C) and [C++](#C%2B%2B)\n\n## C\n\n## C++\n';
    assert.equal(pageInFileForms(page, file, undefined), file);
    assert.equal(pageInFileForms(page.replace('[C++](#C%2B%2B)', '[C++](#C)'), file, undefined), file.replace('[C++](#c-1)', '[C++](#c)'), 'a colleague\'s re-pointed link arrives');
  });
});

describe('Compare\'s side of the wiki with the title heading a publish leaves out', () => {
  it('shows the file\'s title heading where the file has it, when the front matter or the setting leaves it out', () => {
    const page = 'Run it.\n\nThen [stop](b.md).\n';
    const body = '# Setup\n\nRun it.\n\nThen [stop](b.md).\n';
    assert.equal(pageInFileForms(page, `---\nomitTitleHeading: true\n---\n${body}`, undefined, { omitTitleHeading: false, pageTitle: 'Setup' }), body);
    assert.equal(pageInFileForms(page, body, undefined, { omitTitleHeading: true, pageTitle: 'Setup' }), body);
    const before = '<!-- intro -->\n\n';
    assert.equal(pageInFileForms(`${before}${page}`, `${before}${body}`, undefined, { omitTitleHeading: true, pageTitle: 'Setup' }), `${before}${body}`);
    // Not left out (the setting off, another title, the front matter says no): the page as the wiki holds it.
    assert.equal(pageInFileForms(page, body, undefined, { omitTitleHeading: false, pageTitle: 'Setup' }), page);
    assert.equal(pageInFileForms(page, body, undefined, { omitTitleHeading: true, pageTitle: 'Install' }), page);
    assert.equal(pageInFileForms(page, `---\nomitTitleHeading: false\n---\n${body}`, undefined, { omitTitleHeading: true, pageTitle: 'Setup' }), page);
  });
});
