import assert from 'node:assert/strict';
import { foreseeRewrite, rewriteLinks, type PageLookup, type RewriteContext, type RewriteResult } from '../../src/core/links/rewrite';
import { withLinkCautions } from '../../src/core/links/rewrite/linkCautions';
import { englishTreeMessages } from '../../src/core/messages/treeMessages';

const PAGES = 'https://wiki.example/wiki/spaces/DOCS/pages';
const SETUP = `${PAGES}/101/Setup`;
const INSTALL = `${PAGES}/102/Install`;
const HOME = `${PAGES}/100/Home`;
const SPACED = `${PAGES}/103/My+file`;

const pages: Record<string, PageLookup> = {
  'guide/setup.md': { url: SETUP, title: 'Setup', headings: ['Setup', 'Install', 'Configure the proxy'] },
  'guide/install.md': { url: INSTALL, title: 'Install', headings: ['Install', 'Requirements', 'Requirements', 'Step 2 (optional)', '`npm` **ci**'] },
  'index.md': { url: HOME, title: 'Home', headings: [] },
  'my file.md': { url: SPACED, title: 'My file', headings: ['Overview'] },
  'guide/new.md': 'pending',
  'guide/': { url: `${PAGES}/104/Guide`, title: 'Guide', headings: ['Guide', 'Start here'] },
  'reference/': 'pending',
};

let asked: string[] = [];
function context(overrides: Partial<RewriteContext> = {}): RewriteContext {
  return {
    filePath: 'guide/setup.md',
    resolvePage: (path) => {
      asked.push(path);
      return pages[path];
    },
    ...overrides,
  };
}

function rewrite(markdown: string, overrides: Partial<RewriteContext> = {}): RewriteResult {
  return rewriteLinks(markdown, context(overrides));
}

function unchanged(markdown: string, overrides: Partial<RewriteContext> = {}): RewriteResult {
  const result = rewrite(markdown, overrides);
  assert.equal(result.markdown, markdown);
  assert.equal(result.rewritten, 0);
  return result;
}

describe('rewriteLinks', () => {
  beforeEach(() => {
    asked = [];
  });

  describe('links to Markdown files of the run', () => {
    it('become page addresses, resolving `./`, `..` and plain relative paths against the linking file', () => {
      const result = rewrite('See [install](install.md), [again](./install.md), [home](../index.md) and [long](../guide/./install.md).');
      assert.equal(result.markdown, `See [install](${INSTALL}), [again](${INSTALL}), [home](${HOME}) and [long](${INSTALL}).`);
      assert.deepEqual([result.rewritten, result.cautions, result.needsSecondPass], [4, [], false]);
      assert.deepEqual(asked, ['guide/install.md', 'guide/install.md', 'index.md', 'guide/install.md']);
    });

    it('keeps a title and takes the other destination forms: angle brackets, percent-encoding, balanced parentheses, a query', () => {
      assert.equal(rewrite('[t](install.md "The title")').markdown, `[t](${INSTALL} "The title")`);
      assert.equal(rewrite("[t]( install.md\n  'Title' )").markdown, `[t]( ${INSTALL}\n  'Title' )`);
      assert.equal(rewrite('[t](<../my file.md>)').markdown, `[t](<${SPACED}>)`);
      assert.equal(rewrite('[t](../my%20file.md)').markdown, `[t](${SPACED})`);
      assert.equal(rewrite('[t](install.md?plain=1#requirements)').markdown, `[t](${INSTALL}#Requirements)`);
      unchanged('[t](file(1).md)');
      assert.deepEqual(asked.at(-1), 'guide/file(1).md');
    });

    it('drops a query (GitHub\'s ?plain=1) from a link it sends to a page, and says so: a page\'s address takes none', () => {
      const result = rewrite('[a](install.md?plain=1) [b](install.md?x=1#requirements) [c](install.md?) [d](install.md?plain=1)');
      assert.equal(result.markdown, `[a](${INSTALL}) [b](${INSTALL}#Requirements) [c](${INSTALL}) [d](${INSTALL})`);
      assert.deepEqual(result.cautions, [{ target: 'install.md?plain=1', reason: 'queryDropped' }, { target: 'install.md?x=1#requirements', reason: 'queryDropped' }]);
      const [caution] = withLinkCautions([], result.cautions, englishTreeMessages);
      assert.equal(caution?.message, '2 links go to their pages without the queries they were written with (a page\'s address takes none): install.md?plain=1, install.md?x=1#requirements.');
      // Said in the plan of a link to a page made in this run too, which the second pass writes.
      const pending = rewrite('[n](new.md?plain=1)');
      assert.deepEqual([pending.needsSecondPass, pending.cautions], [true, [{ target: 'new.md?plain=1', reason: 'queryDropped' }]]);
      // A link that stays as written keeps its query: nothing is dropped from it.
      assert.deepEqual(rewrite('[e](gone.md?plain=1)').cautions.map((each) => each.reason), ['unknownPage']);
    });

    it('rewrites reference definitions, also with the destination on the next line or in angle brackets', () => {
      const text = 'Read [the guide][g] and [home].\n\n[g]: ./install.md#requirements "Guide"\n[home]:\n   <../index.md>\n';
      assert.equal(rewrite(text).markdown, `Read [the guide][g] and [home].\n\n[g]: ${INSTALL}#Requirements "Guide"\n[home]:\n   <${HOME}>\n`);
    });

    it('rewrites a link around an image but never the image', () => {
      const result = rewrite('[![badge](install.md)](install.md) ![diagram](./diagram.png) ![page](install.md)');
      assert.equal(result.markdown, `[![badge](install.md)](${INSTALL}) ![diagram](./diagram.png) ![page](install.md)`);
      assert.deepEqual(result.cautions, []);
    });

    it('maps a file link to its own page, with the anchor mapped too', () => {
      assert.equal(rewrite('[x](setup.md#configure-the-proxy)').markdown, `[x](${SETUP}#Configure-the-proxy)`);
    });

    it('knows Markdown files by .md, .markdown, .mdown and .mkd in any case', () => {
      const result = rewrite('[a](a.MD) [b](b.markdown) [c](c.mdown) [d](d.Mkd)');
      assert.deepEqual(result.cautions.map((caution) => caution.reason), ['unknownPage', 'unknownPage', 'unknownPage', 'unknownPage']);
      assert.deepEqual(asked, ['guide/a.MD', 'guide/b.markdown', 'guide/c.mdown', 'guide/d.Mkd']);
    });

    it('works the same with CRLF line ends', () => {
      const text = '# Setup\r\n\r\n[i](install.md)\r\n[j](\r\n  install.md \r\n  "Title")\r\n\r\n[r]: ../index.md\r\n[s]:\r\n  ../index.md\r\n';
      assert.equal(rewrite(text).markdown, `# Setup\r\n\r\n[i](${INSTALL})\r\n[j](\r\n  ${INSTALL} \r\n  "Title")\r\n\r\n[r]: ${HOME}\r\n[s]:\r\n  ${HOME}\r\n`);
    });
  });

  describe('anchors', () => {
    it('maps GitHub-style slugs to the wiki heading anchors, repeats and punctuation included', () => {
      const result = rewrite('[a](install.md#requirements) [b](install.md#requirements-1) [c](install.md#step-2-optional) [d](install.md#npm-ci) [e](install.md#Requirements)');
      assert.equal(result.markdown,
        `[a](${INSTALL}#Requirements) [b](${INSTALL}#Requirements.1) [c](${INSTALL}#Step-2-%28optional%29) [d](${INSTALL}#npm-ci) [e](${INSTALL}#Requirements)`);
      assert.deepEqual(result.cautions, []);
    });

    it('follows the legacy editor form when told', () => {
      assert.equal(rewrite('[a](install.md#requirements-1)', { anchorStyle: 'legacy' }).markdown, `[a](${INSTALL}#Install-Requirements.1)`);
    });

    it('keeps an anchor no heading of the target has, as written, with a caution', () => {
      const result = rewrite('[a](install.md#nowhere) [b](install.md#)');
      assert.equal(result.markdown, `[a](${INSTALL}#nowhere) [b](${INSTALL})`);
      assert.deepEqual(result.cautions, [{ target: 'install.md#nowhere', reason: 'unknownAnchor' }]);
      assert.equal(result.rewritten, 2);
    });

    it('maps a link to a heading of the same file to the wiki\'s anchor of that heading in the text sent, no page link', () => {
      const text = '# Setup\n\n## Step 2: Configure it!\n\n## Step 2: Configure it!\n\nSee [above](#step-2-configure-it), [again](#step-2-configure-it-1), [as the wiki writes it](#Step-2:-Configure-it!) and [top](#).\n';
      const result = rewrite(text);
      assert.equal(result.markdown, text.replace('(#step-2-configure-it)', '(#Step-2%3A-Configure-it%21)')
        .replace('(#step-2-configure-it-1)', '(#Step-2%3A-Configure-it%21.1)').replace('(#Step-2:-Configure-it!)', '(#Step-2%3A-Configure-it%21)'));
      assert.deepEqual([result.rewritten, result.cautions, result.needsSecondPass], [0, [], false], 'a link into the same page is no link to a page');
      assert.deepEqual(asked, [], 'no page is looked up for it');
    });

    it('keeps a link to a heading the file lacks (none outside code) as written, with a caution of its own', () => {
      const result = unchanged('# Setup\n\n```\n# Not a heading\n```\n\n[x](#not-a-heading) [y](#nowhere)');
      assert.deepEqual(result.cautions, [{ target: '#not-a-heading', reason: 'unknownOwnAnchor' }, { target: '#nowhere', reason: 'unknownOwnAnchor' }]);
    });

    it('takes the headings it is given in place of the text\'s (a title heading the page leaves out), and the page\'s title in the legacy form', () => {
      const result = rewrite('[a](#install) [b](#setup)', { ownPage: { title: 'Setup Guide', headings: ['Install'] }, anchorStyle: 'legacy' });
      assert.equal(result.markdown, '[a](#SetupGuide-Install) [b](#setup)');
      assert.deepEqual(result.cautions, [{ target: '#setup', reason: 'unknownOwnAnchor' }]);
    });

    it('counts links that no page address can be made for, foreseen or rewritten, and names none of them in cautions', () => {
      const noAddress = context({ resolvePage: () => 'noAddress' });
      const foreseen = foreseeRewrite(['a.md', 'b.md#part'], noAddress);
      assert.deepEqual([foreseen.cautions, foreseen.unaddressed], [[], 2]);
      // A destination written twice counts once, as the plan's foreseeRewrite of the file's distinct destinations does.
      const rewritten = rewriteLinks('[a](a.md) [b](b.md#part) [c](missing.md) [a again](a.md)', context({ resolvePage: (path) => (path === 'guide/missing.md' ? 'noFile' : 'noAddress') }));
      assert.deepEqual([rewritten.cautions, rewritten.unaddressed], [[{ target: 'missing.md', reason: 'noFile' }], 2]);
      assert.equal(rewritten.markdown, '[a](a.md) [b](b.md#part) [c](missing.md) [a again](a.md)');
    });

    it('foresees the same caution only when told the page\'s headings: it has no text to take them from', () => {
      const destinations = ['#install', '#nowhere'];
      assert.deepEqual(foreseeRewrite(destinations, context()).cautions, []);
      assert.deepEqual(foreseeRewrite(destinations, context({ ownPage: { title: 'Setup', headings: ['Install'] } })).cautions, [{ target: '#nowhere', reason: 'unknownOwnAnchor' }]);
    });
  });

  describe('links that stay as written', () => {
    it('leaves addresses with a scheme, protocol-relative ones and mail links alone, silently', () => {
      const result = unchanged('[a](https://x.example/a.md) [b](//x.example/b.md) [c](mailto:a@x.example) [d](file:///tmp/d.md) [e](C:\\docs\\e.md)');
      assert.deepEqual([result.cautions, asked], [[], []]);
    });

    it('leaves links that leave the root, with a caution naming them', () => {
      const result = unchanged('[a](../../x.md) [b](/docs/x.md) [c](../../x.md)');
      assert.deepEqual(result.cautions, [{ target: '../../x.md', reason: 'outsideRun' }, { target: '/docs/x.md', reason: 'outsideRun' }]);
    });

    it('leaves links to Markdown files with no known page, with a caution', () => {
      const result = unchanged('[m](missing.md#part)');
      assert.deepEqual(result.cautions, [{ target: 'missing.md#part', reason: 'unknownPage' }]);
      assert.deepEqual(asked, ['guide/missing.md']);
    });

    it('says a path written with backslashes between folders is one, where "no page is known" or "no such file" was all it said', () => {
      // Markdown keeps `\g` as a character: `..\guide\install.md` names no file, here or on GitHub (which sends it as %5C).
      const result = unchanged('[a](..\\guide\\install.md) [b](<..%5Cguide%5Cinstall.md>) [c](..\\\\guide\\\\install.md#requirements) [d](..\\guide)');
      assert.deepEqual(result.cautions.map((caution) => [caution.target, caution.reason]), [
        ['..\\guide\\install.md', 'backslashPath'], ['..%5Cguide%5Cinstall.md', 'backslashPath'], ['..\\\\guide\\\\install.md#requirements', 'backslashPath'], ['..\\guide', 'backslashPath'],
      ]);
      assert.deepEqual(withLinkCautions([], result.cautions, englishTreeMessages).map((caution) => caution.message), [
        '4 links stay as written and will not work on the wiki (written with \\ between folders, where links take /): ..\\guide\\install.md, ..%5Cguide%5Cinstall.md, ..\\\\guide\\\\install.md#requirements, ...',
      ]);
      // Found after all (a file of that odd name the walk took), it is that file's page; a backslash escape (`\_`) is
      // no backslash of the path; and one to nothing on disk says so as well.
      const named = rewrite('[a](a\\b.md) [b](install\\_notes.md) [c](gone\\x.md)', {
        resolvePage: (path) => (path === 'guide/a\\b.md' ? { url: INSTALL, title: 'A', headings: [] } : path === 'guide/gone\\x.md' ? 'noFile' : undefined),
      });
      assert.equal(named.markdown, `[a](${INSTALL}) [b](install\\_notes.md) [c](gone\\x.md)`);
      assert.deepEqual(named.cautions, [{ target: 'install\\_notes.md', reason: 'unknownPage' }, { target: 'gone\\x.md', reason: 'backslashPath' }]);
      assert.deepEqual(foreseeRewrite(['..\\guide\\install.md'], context()).cautions, [{ target: '..\\guide\\install.md', reason: 'backslashPath' }]);
    });

    it('leaves links to files that are not pages, with a caution: images as links, other files, folders without a page', () => {
      const result = unchanged('[d](./diagram.png) [l](../LICENSE) [f](../other/) [r](..)');
      assert.deepEqual(result.cautions.map((caution) => [caution.target, caution.reason]),
        [['./diagram.png', 'notMarkdown'], ['../LICENSE', 'notMarkdown'], ['../other/', 'unknownPage'], ['..', 'unknownPage']]);
      // A name without an extension is asked for as a folder (it may be one); a folder as itself; the root as ''.
      assert.deepEqual(asked, ['guide/diagram.png/', 'LICENSE/', 'other/', '']);
    });

    it('turns a link to a folder into a link to its page, with or without the slash, anchor mapped', () => {
      const result = rewrite('[a](./) [b](../guide/#start-here) [c](../guide) [d](.) [e](../reference/)', { filePath: 'guide/setup.md' });
      assert.equal(result.markdown, `[a](${PAGES}/104/Guide) [b](${PAGES}/104/Guide#Start-here) [c](${PAGES}/104/Guide) [d](${PAGES}/104/Guide) [e](../reference/)`);
      assert.equal(result.rewritten, 4);
      assert.deepEqual(result.cautions, []);
      assert.equal(result.needsSecondPass, true, 'a folder page created in the same run is waited for');
    });

    it('does not take Windows backslashes for folders, and says so', () => {
      const result = unchanged('[w](..\\guide\\install.md)');
      assert.deepEqual(asked, ['guide/..\\guide\\install.md']);
      assert.deepEqual(result.cautions, [{ target: '..\\guide\\install.md', reason: 'backslashPath' }]);
      assert.equal(rewrite('[e](my\\_file.md)').cautions[0]?.reason, 'unknownPage');
      assert.equal(asked.at(-1), 'guide/my_file.md', 'an escaped punctuation character is the character');
    });

    it('ignores links in fenced code, indented code and code spans', () => {
      const text = '```md\n[a](install.md)\n```\n~~~\n[b]: install.md\n~~~\n\n    [c](install.md)\n\nUse `[d](install.md)` here.\n';
      const result = unchanged(text);
      assert.deepEqual([result.cautions, asked], [[], []]);
    });

    it('rewrites links indented four spaces that are no code: a nested list item\'s, a list item\'s paragraph, a paragraph\'s continuation', () => {
      const text = '- Steps\n    - see [a](install.md)\n\n1. Then\n\n    read [b](install.md)\n\nLong\n    line [c](install.md)\n';
      assert.equal(rewrite(text).markdown, `- Steps\n    - see [a](${INSTALL})\n\n1. Then\n\n    read [b](${INSTALL})\n\nLong\n    line [c](${INSTALL})\n`);
    });

    it('ignores links in code indented in a list item, and in a fence indented four spaces in one', () => {
      unchanged('- item\n\n      [a](install.md)\n\n1. Run:\n\n    ```md\n    [b](install.md)\n    ```\n');
      assert.deepEqual(asked, []);
    });

    it('ignores links in a fence opened in a block quote or on a list item\'s marker line, and reads on after it', () => {
      unchanged('> Run:\n>\n> ```sh\n> see [a](install.md)\n> ```\n');
      unchanged('- ```md\n  [b](install.md)\n  ```\n1. ~~~\n   [c](install.md)\n   ~~~\n> - ```\n>   [d](install.md)\n>   ```\n');
      assert.deepEqual(asked, []);
      // The container's end ends the fence: what follows is read as Markdown again.
      const after = '- ```md\n  [e](install.md)\n  ```\n\nThen [f](install.md).\n> ```\n> [g](install.md)\nNo longer quoted: [h](install.md)\n';
      assert.equal(rewrite(after).markdown, `- \`\`\`md\n  [e](install.md)\n  \`\`\`\n\nThen [f](${INSTALL}).\n> \`\`\`\n> [g](install.md)\nNo longer quoted: [h](${INSTALL})\n`);
    });

    it('reads code spans as CommonMark pairs them: across lines, by run length, never from an escaped backtick', () => {
      unchanged('Type `a\n[b](install.md)\nc` here.\n');
      unchanged('> `a\n> [b](install.md) c`\n');
      assert.deepEqual(asked, []);
      const real = '``a`b`` then [c](install.md)\n\\` then [d](install.md)\nA lone ` then [e](install.md)\n\n`x\n\n[f](install.md)`\n';
      assert.equal(rewrite(real).markdown, real.replace(/\(install\.md\)/g, `(${INSTALL})`));
      unchanged('``a ` [g](install.md) ` b`` and \\``[h](install.md)`\n');
      // Each list item, and a heading, is a paragraph of its own: a backtick left open in one opens no span in the next.
      const apart = '- Use `a\n- see [i](install.md) and `b`\n\n## The `c\nSee [j](install.md) `d`\n';
      assert.equal(rewrite(apart).markdown, apart.replace(/\(install\.md\)/g, `(${INSTALL})`));
    });

    it('ignores links in HTML, which CommonMark does not read as Markdown: comments, <pre> and other HTML blocks', () => {
      unchanged('<!-- [a](install.md) -->\n\n<!--\nOld: [b](install.md)\n-->\n\nText <!-- [c](install.md) --> more.\n');
      unchanged('<pre>\n[d](install.md)\n</pre>\n<div align="center">\n[e](install.md)\n</div>\n');
      assert.deepEqual(asked, []);
      const markdownAgain = '<details>\n<summary>More</summary>\n\n[f](install.md)\n\n</details>\n\n<!-- note -->\n[g](install.md) `<!--` [h](install.md) `-->`\n';
      assert.equal(rewrite(markdownAgain).markdown, markdownAgain.replace(/\(install\.md\)/g, `(${INSTALL})`));
    });

    it('rewrites a link after a paragraph\'s `<!--` that the paragraph does not close: it is text, and a heading, a list item or a fence ends the paragraph', () => {
      const text = 'Draft <!-- start\n# Setup [a](install.md)\nold -->\n\n- Item <!--\n- [b](install.md) -->\n\nMore <!--\n```\nx\n```\n[c](install.md) -->\n\nNote <!--\n    # [d](install.md) -->\n';
      assert.equal(rewrite(text).markdown, text.replace('[a](install.md)', `[a](${INSTALL})`).replace('[b](install.md)', `[b](${INSTALL})`).replace('[c](install.md)', `[c](${INSTALL})`),
        'a line four spaces in goes on with the paragraph, and its comment');
    });

    it('rewrites a link after an HTML block in a list item once the item has ended, never one inside the block', () => {
      const text = '1. Step one\n   <details><summary>More</summary>\n   [a](install.md)\n   </details>\n2. Step two: [b](install.md)\n';
      assert.equal(rewrite(text).markdown, text.replace('[b](install.md)', `[b](${INSTALL})`));
    });

    it('rewrites after a fence line commented out or in an HTML block, never in a lone tag\'s HTML block, and pairs no backticks across a quote that starts', () => {
      unchanged('<custom-note>\n[a](install.md)\n\n</details>\n[b]: install.md\n');
      assert.deepEqual(asked, []);
      const text = '<!--\n```\n[c](install.md)\n-->\n[d](install.md)\n\n<div>\n~~~\n</div>\n\n[e]: install.md\n\nType `f [f](install.md)\n> g` [g](install.md)\n';
      assert.equal(rewrite(text).markdown, text.replace('[d](install.md)', `[d](${INSTALL})`).replace('[e]: install.md', `[e]: ${INSTALL}`)
        .replace('[f](install.md)', `[f](${INSTALL})`).replace('[g](install.md)', `[g](${INSTALL})`));
    });

    it('ignores what only looks like a link: escaped brackets, footnotes, a definition inside a paragraph, an unclosed link', () => {
      unchanged('\\[a](install.md) and [b](install.md oops)');
      unchanged('[^1]: see install.md\n\nText\n[r]: install.md');
      assert.deepEqual(asked, []);
    });
  });

  describe('pages created in the same run', () => {
    it('rewrites nothing for a link to a pending page and asks for a second pass, rewriting the other links', () => {
      const result = rewrite('[n](new.md#intro) [i](install.md)');
      assert.equal(result.markdown, `[n](new.md#intro) [i](${INSTALL})`);
      assert.deepEqual([result.needsSecondPass, result.rewritten, result.cautions], [true, 1, []]);
    });
  });

  it('never changes the text it is given and reports every distinct caution once', () => {
    const text = '[m](missing.md) [m](missing.md) [i](install.md)';
    const copy = `${text}`;
    const result = rewrite(text);
    assert.equal(text, copy);
    assert.notEqual(result.markdown, text);
    assert.deepEqual(result.cautions, [{ target: 'missing.md', reason: 'unknownPage' }]);
    assert.deepEqual(unchanged('No links here.').cautions, []);
  });
});

describe('the plan\'s link cautions', () => {
  it('say apart the links that stay as written and those that reach their page without the heading they name', () => {
    const earlier = { code: 'localLinks' as const, message: 'every local link points nowhere' };
    const other = { code: 'largeContent' as const, message: 'large' };
    const said = withLinkCautions([other, earlier], [
      { target: 'api.md#gone', reason: 'unknownAnchor' },
      { target: 'missing.md', reason: 'unknownPage' },
      { target: '#nowhere', reason: 'unknownOwnAnchor' },
    ], englishTreeMessages);
    assert.deepEqual(said.map((caution) => caution.message), [
      'large',
      '2 links stay as written and will not work on the wiki: missing.md (no page is known for it), #nowhere (no such heading on this page).',
      '1 link goes to its page, not to the heading it names (the page has no such heading): api.md#gone.',
    ]);
    const many = withLinkCautions([], ['a', 'b', 'c', 'd'].map((name) => ({ target: `${name}.md#x`, reason: 'unknownAnchor' as const })), englishTreeMessages);
    assert.deepEqual(many.map((caution) => caution.message), ['4 links go to their pages, not to the headings they name (the pages have no such headings): a.md#x, b.md#x, c.md#x, ...']);
    // A reason every link that stays shares is said once; mixed reasons are said after each link.
    const missing = withLinkCautions([], ['a', 'b', 'c', 'd'].map((name) => ({ target: `${name}.md`, reason: 'noFile' as const })), englishTreeMessages);
    assert.deepEqual(missing.map((caution) => caution.message), [
      '4 links stay as written and will not work on the wiki (no such file): a.md, b.md, c.md, ...',
    ]);
    const mixedLater = withLinkCautions([], [
      { target: 'a.md', reason: 'unknownPage' }, { target: 'b.md', reason: 'unknownPage' }, { target: 'c.md', reason: 'unknownPage' },
      { target: 'd.png', reason: 'notMarkdown' },
    ], englishTreeMessages);
    assert.deepEqual(mixedLater.map((caution) => caution.message), [
      '4 links stay as written and will not work on the wiki: a.md (no page is known for it), b.md (no page is known for it), c.md (no page is known for it), ...',
    ], 'a reason of an unlisted link still makes the listed ones say theirs: none is said for all');
    assert.deepEqual(withLinkCautions([other, earlier], [], englishTreeMessages), [other], 'no link left: the old caution goes too');
  });
});
