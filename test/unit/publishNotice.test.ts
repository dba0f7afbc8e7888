// The publish notice a page ends with (src/core/publish/publishNotice.ts): what is sent keeps the file's text to the
// letter before it, its marker is read back from the text or the wiki's body, and Pull and Compare take it away again.
import { strict as assert } from 'node:assert';
import { Parser, HtmlRenderer } from 'commonmark';
import { withoutNotice } from '../../src/core/publish/noticeTakenOff';
import { ANOTHER_REPOSITORY, contentDigest, findMarker, markerText, pathDigest, repositoryDigest, withNotice, type PageNotice } from '../../src/core/publish/publishNotice';

const notice = (label = 'docs/setup.md', version = 3): PageNotice => ({
  label, marker: { version, digest: contentDigest('a'.repeat(64), ''), path: pathDigest(label) }, sourceUrl: 'https://git.example.test/org/repo/blob/main/docs/setup.md',
});

/** Markdown as the wiki stores it: XHTML (what findMarker reads). */
const storageOf = (markdown: string): string => new HtmlRenderer().render(new Parser().parse(markdown));

describe('publish notice', () => {
  it('keeps the text before it as written, CRLF, CR-only and trailing blank lines included, and ends its lines as the file does', () => {
    const cases: Array<[string, string]> = [['# Setup\n\nRun it.\n', '\n'], ['# Setup\r\n\r\nRun it.\r\n', '\r\n'], ['# Mac\r\rRun it.\r', '\r'], ['No newline at the end', '\n'], ['One\r\nTwo', '\r\n'], ['Text\n\n\n', '\n'], ['', '\n']];
    for (const [text, eol] of cases) {
      const sent = withNotice(text, notice());
      const ended = text === '' || /[\r\n]$/.test(text) ? text : `${text}${eol}`;
      assert.ok(sent.startsWith(ended), JSON.stringify(sent));
      assert.equal(sent.slice(ended.length).replace(/\*Published from .*\*/, 'NOTICE'), `${eol}---${eol}${eol}NOTICE${eol}`, JSON.stringify(sent));
      // The last line of the text stays a paragraph: no rule right under it.
      const html = new HtmlRenderer().render(new Parser().parse(sent));
      assert.doesNotMatch(html, /<h2>/, html);
    }
  });

  it('is its own paragraph after a rule, never a setext underline of the last line, and its link carries the marker', () => {
    const sent = withNotice('Last line of the text', notice());
    const html = new HtmlRenderer().render(new Parser().parse(sent));
    assert.doesNotMatch(html, /<h2>/, html);
    assert.match(html, /<p>Last line of the text<\/p>\n<hr \/>\n<p><em>Published from <a href="https:\/\/git\.example\.test\/org\/repo\/blob\/main\/docs\/setup\.md#wiki-publisher\.v3\.[0-9a-f]{20}\.[0-9a-f]{8}">docs\/setup\.md<\/a>/, html);
  });

  it('a file name cannot end the link or start markup in it', () => {
    const sent = withNotice('Text\n', notice('docs/](javascript:x)*[a].md'));
    const html = new HtmlRenderer().render(new Parser().parse(sent));
    assert.match(html, /<a href="https:\/\/git\.example\.test[^"]*#wiki-publisher\.v3\.[0-9a-f]{20}\.[0-9a-f]{8}">docs\/\]\(javascript:x\)\*\[a\]\.md<\/a>/, html);
  });

  it('finds the last marker of a body, and none in a page without one', () => {
    const marker = notice().marker;
    const quoted = `A page about the tool quotes ${markerText({ ...marker, version: 9 })} in its text.`;
    assert.deepEqual(findMarker(storageOf(withNotice(quoted, notice()))), marker);
    assert.deepEqual(findMarker(`<p>${quoted}</p><hr/><p><em><a href="#${markerText(marker)}">x</a></em></p>`), marker);
    assert.equal(findMarker('# A page\n\nNo notice.\n'), undefined);
  });

  it('reads the marker of the page\'s notice from its storage body: a marker in code, a quote, a list, a table or a paragraph below the notice is not it', () => {
    const own = notice().marker;
    const other = markerText({ ...own, version: 9, path: 'fedcba98' });
    const ownNotice = `<hr /><p><em>Published from <a href="https://git.example/x#${markerText(own)}">x</a> with Wiki Publisher.</em></p>`;
    const quotes = [
      `<ac:structured-macro ac:name="code"><ac:plain-text-body><![CDATA[<p><em><a href="#${other}">x</a></em></p>]]></ac:plain-text-body></ac:structured-macro>`,
      `<pre><em><a href="#${other}">x</a></em></pre>`,
      `<p><em><code>#${other}</code></em></p>`,
      `<blockquote><p><em><a href="#${other}">x</a></em></p></blockquote>`,
      `<ul><li><p><em><a href="#${other}">x</a></em></p></li></ul>`,
      `<table><tbody><tr><td><em><a href="#${other}">x</a></em></td></tr></tbody></table>`,
      `<p>Moved here from <a href="https://git.example/o.md#${other}">the old page</a>.</p>`,
      `<!-- <p><em><a href="#${other}">x</a></em></p> -->`,
    ];
    for (const quote of quotes) {
      assert.deepEqual(findMarker(`<p>Text.</p>${ownNotice}${quote}`), own, quote);
      assert.equal(findMarker(`<p>Text.</p>${quote}`), undefined, quote);
    }
    // A page laid out in sections: its paragraphs are still the page's own; an anchor link carries the marker as written.
    assert.deepEqual(findMarker(`<ac:layout><ac:layout-section><ac:layout-cell><p>Text.</p>${ownNotice}</ac:layout-cell></ac:layout-section></ac:layout>`), own);
    assert.deepEqual(findMarker(`<p><em>Published from <ac:link ac:anchor="${markerText(own)}"><ac:plain-text-link-body><![CDATA[x]]></ac:plain-text-link-body></ac:link></em></p>`), own);
    // Read in one pass: many elements left open, and many markers in paragraphs of their own.
    const deep = `${'<blockquote><div>'.repeat(100_000)}${'</div>'.repeat(100_000)}${ownNotice}`;
    assert.equal(findMarker(deep), undefined);
    assert.deepEqual(findMarker(`${'<!--<![CDATA[<'.repeat(100_000)}${ownNotice}`), own);
    const many = `${`<p><em><a href="#${other}">x</a></em></p>`.repeat(50_000)}${ownNotice}`;
    assert.deepEqual(findMarker(many), own);
  });

  it('reads no marker a file quotes in an HTML comment or block, which the wiki shows escaped as paragraphs', () => {
    const own = notice().marker;
    const other = markerText({ ...own, version: 9, path: 'fedcba98' });
    const ownNotice = `<hr /><p><em>Published from <a href="https://git.example/x#${markerText(own)}">x</a> with Wiki Publisher.</em></p>`;
    const quoted = `<em>Published from <a href="#${other}">x</a></em>`;
    // Each with whether it closes: one left open runs to the end of the page, as CommonMark reads it.
    const quotes: Array<[string, boolean]> = [
      [`<p>&lt;!--\n${quoted}\n--&gt;</p>`, true],
      [`<p>&lt;div&gt;\n${quoted}\n&lt;/div&gt;</p>`, true],
      [`<p>&#60;!--</p><hr /><p>${quoted}</p><p>--&#62;</p>`, true],
      [`<p>&lt;pre&gt;</p><p>${quoted}</p><p>&lt;/pre&gt;</p>`, true],
      [`<p>&lt;!--</p><p>${quoted}</p>`, false],
      [`<p>&lt;?php</p><p>${quoted}</p>`, false],
    ];
    for (const [quote, closes] of quotes) {
      assert.equal(findMarker(`<p>Text.</p>${quote}`), undefined, quote);
      if (closes) assert.deepEqual(findMarker(`<p>Text.</p>${quote}${ownNotice}`), own, quote);
    }
    // An opener the file escaped (`\\<!--`, `\\<script>` in docs about HTML) never meets its end: its run stops at the rule
    // directly in the page that the notice's own is (a block the file left open is closed before it, closingLine.ts).
    for (const opener of ['&lt;!-- starts a comment', '&lt;script&gt; tags are stripped', '&lt;?php shows as text']) {
      assert.deepEqual(findMarker(`<p>Text.</p><p>${opener}</p><p>First.</p>${ownNotice}`), own, opener);
      assert.deepEqual(findMarker(`<p>${opener}</p><ul><li><p>--&gt; &lt;/script&gt; ?&gt;</p></li></ul><p>First.</p>${ownNotice}`), own, opener);
      assert.equal(findMarker(`<p>${opener}</p><p>${quoted}</p><p>First.</p>`), undefined, opener);
    }
    // Closed, the comment leaves the page's paragraphs after it the page's own.
    assert.deepEqual(findMarker(`<p>&lt;!-- a note --&gt;</p><p>${quoted.replace(other, markerText(own))}</p>`), own);
  });

  it('writes a source address with spaces or angle brackets encoded, so the notice comes off again', () => {
    const file = '# Setup\n\nRun it.\n';
    for (const sourceUrl of ['https://dev.azure.example/org/My Project/_git/docs?path=/docs/setup.md', 'https://git.example/a<b>/c\u00a0d.md']) {
      const sent = withNotice(file, { ...notice(), sourceUrl });
      assert.ok(!/\(<[^>]*[\s<][^>]*#wiki-publisher/u.test(sent), sent);
      assert.match(sent, /My%20Project|a%3Cb%3E\/c%C2%A0d\.md/);
      assert.equal(withoutNotice(sent), file, sent);
    }
  });

  it('names the repository where the run knows it: read by its own repository as its file\'s, by another as no file\'s, by a run that does not know its own by the path', () => {
    const ours = repositoryDigest('github:github.com:101');
    const theirs = repositoryDigest('github:github.com:202');
    assert.notEqual(ours, theirs);
    const marker = { ...notice().marker, repository: ours };
    const sent = withNotice('Text\n', { ...notice(), marker });
    assert.match(sent, new RegExp(`#wiki-publisher\\.v3\\.[0-9a-f]{20}\\.${pathDigest('docs/setup.md')}\\.${ours}>`));
    const body = storageOf(sent);
    assert.deepEqual(findMarker(body, ours), marker);
    assert.deepEqual(findMarker(body), marker);
    assert.deepEqual(findMarker(body, theirs), { ...marker, path: ANOTHER_REPOSITORY });
    // An older marker names no repository: its path decides, whoever reads it.
    assert.deepEqual(findMarker(storageOf(withNotice('Text\n', notice())), theirs), notice().marker);
    // Pull and Compare take the longer marker's notice off as they take the older one's.
    assert.equal(withoutNotice(`# Setup\n\nRun it.\n\n---\n\n*Published from [docs/setup.md](https://git.example.test/x#${markerText(marker)}) with Wiki Publisher. Edit the file in its repository rather than this page.*\n`), '# Setup\n\nRun it.\n');
  });

  it('digests differ with the content, the pages its links reached, and the file', () => {
    const sha = 'b'.repeat(64);
    assert.notEqual(contentDigest(sha, ''), contentDigest('c'.repeat(64), ''));
    assert.notEqual(contentDigest(sha, ''), contentDigest(sha, '1000001'));
    assert.equal(contentDigest(sha, undefined), contentDigest(sha, ''));
    assert.notEqual(pathDigest('docs/a.md'), pathDigest('docs/b.md'));
  });

  it('comes off the exported Markdown again, whatever the exporter did to its rule, leaving the text as it was', () => {
    const marker = markerText(notice().marker);
    const exported = [
      `# Setup\n\nRun it.\n\n---\n\n*Published from [docs/setup.md](https://git.example.test/x#${marker}) with Wiki Publisher.*\n`,
      `# Setup\n\nRun it.\n\n* * *\n\n_Published from [docs/setup.md](https://git.example.test/x#${marker}) with Wiki Publisher.\nEdit the file in its repository rather than this page._\n\n`,
    ];
    for (const markdown of exported) assert.equal(withoutNotice(markdown), '# Setup\n\nRun it.\n');
    assert.equal(withoutNotice('# Setup\n\nNo notice here.\n\n---\n\nA closing line.\n'), '# Setup\n\nNo notice here.\n\n---\n\nA closing line.\n');
  });

  it('takes off only the notice: a paragraph that quotes a marker stays, and so do words a colleague wrote into the notice', () => {
    const marker = markerText(notice().marker);
    // A page published with the notice off, or whose notice a colleague took away, that talks about markers.
    const quoting = [
      `# Troubleshooting\n\nA page carries a marker such as ${marker} in its notice link.\n\nOther text.\n`,
      `# Page\n\nExample marker: \`${marker}\` in text.\n\nMore.\n`,
      `# Page\n\n---\n\nSee [the marker](https://git.example.test/x#${marker}) we write.\n`,
    ];
    for (const markdown of quoting) assert.equal(withoutNotice(markdown), markdown);
    // Words a colleague added after a hard break in the notice's paragraph, or before it in the same paragraph.
    const link = `[docs/setup.md](<https://git.example.test/x#${marker}>)`;
    const sentence = `*Published from ${link} with Wiki Publisher. Edit the file in its repository rather than this page.*`;
    assert.equal(withoutNotice(`# Setup\n\nRun it.\n\n---\n\n${sentence}\\\nColleague words after a line break.\n`), '# Setup\n\nRun it.\n\nColleague words after a line break.\n');
    assert.equal(withoutNotice(`# Setup\n\nRun it.\n\n---\n\nColleague words first.\\\n${sentence}\n`), '# Setup\n\nRun it.\n\n---\n\nColleague words first.\n');
  });

  it('takes the notice out of a line a colleague typed on: their words stay, a paragraph of their own', () => {
    const marker = markerText(notice().marker);
    const link = `[docs/setup.md](<https://git.example.test/x#${marker}>)`;
    const sentence = `*Published from ${link} with Wiki Publisher. Edit the file in its repository rather than this page.*`;
    const page = (paragraph: string): string => `# Setup\n\nRun it.\n\n---\n\n${paragraph}\n`;
    assert.equal(withoutNotice(page(`${sentence} Ask Dana first.`)), '# Setup\n\nRun it.\n\nAsk Dana first.\n');
    assert.equal(withoutNotice(page(`_Published from ${link} with Wiki Publisher. Edit the file in its repository rather than this page._ Bob: checked.`)), '# Setup\n\nRun it.\n\nBob: checked.\n');
    // Words before it on its line keep the rule above them, as words on a line before it do.
    assert.equal(withoutNotice(page(`Bob says: ${sentence}`)), '# Setup\n\nRun it.\n\n---\n\nBob says:\n');
    // Its second sentence reworded: the colleague's sentence stays, in the notice's emphasis as the page shows it.
    assert.equal(withoutNotice(page(`*Published from ${link} with Wiki Publisher. Ask Dana before editing.*`)), '# Setup\n\nRun it.\n\n*Ask Dana before editing.*\n');
    // Words inside its emphasis before it.
    assert.equal(withoutNotice(page(`*Note: Published from ${link} with Wiki Publisher. Edit the file in its repository rather than this page.*`)), '# Setup\n\nRun it.\n\n---\n\n*Note:*\n');
    // Wrapped by an exporter, words after it on its last line.
    assert.equal(withoutNotice(page(`_Published from ${link} with Wiki Publisher.\nEdit the file in its repository rather than this page._ Thanks.`)), '# Setup\n\nRun it.\n\nThanks.\n');
    assert.equal(withoutNotice(page(`${sentence} Ask Dana first.`).replace(/\n/g, '\r\n')), '# Setup\r\n\r\nRun it.\r\n\r\nAsk Dana first.\r\n');
  });

  it('looks through a long paragraph in time that grows with it, not with its square', () => {
    const marker = markerText(notice().marker);
    // Runs of emphasis characters, and many lines with a marker in one paragraph: each tried once.
    const runs = `# Page\n\n${'*_'.repeat(100_000)} see [x](#${marker}).\n`;
    assert.ok(withoutNotice(runs) === runs, 'no notice in a run of emphasis characters');
    const lines = `# Page\n\n${Array.from({ length: 20_000 }, () => `A line [x](#${marker}) here.`).join('\n')}\n`;
    assert.ok(withoutNotice(lines) === lines, 'no notice in many lines with a marker');
  });

  it('never takes off a notice the file holds: its last notice-shaped paragraph is then the file\'s text, and the page has none', () => {
    const quoted = `*Published from [docs/x.md](<https://git.example/x.md#wiki-publisher.v3.0123456789abcdef0123.01234567>) with Wiki Publisher. Edit the file in its repository rather than this page.*`;
    const file = `# About\n\nEvery page ends like this:\n\n---\n\n${quoted}\n`;
    // The page's own notice taken away by a colleague (or notices off): the quote is all there is, and it stays.
    assert.equal(withoutNotice(file.replace('like this', 'like so'), { fileTexts: [file] }), file.replace('like this', 'like so'));
    assert.equal(withoutNotice(file, { fileTexts: [undefined, file] }), file);
    // Not knowing the file, the last notice is the page's.
    assert.equal(withoutNotice(file), '# About\n\nEvery page ends like this:\n');
    // With the page's own notice after it, that one goes and the quote stays.
    assert.equal(withoutNotice(withNotice(file, notice()), { fileTexts: [file] }), file);
  });

  it('keeps the indentation of the first line a colleague added after the notice: indented code stays code', () => {
    const marker = markerText(notice().marker);
    const line = `*Published from [docs/setup.md](<https://git.example.test/x#${marker}>) with Wiki Publisher.*`;
    const after = '    indented code added after\n    second\n';
    assert.equal(withoutNotice(`# Spaced\n\n---\n\n${line}\n\n${after}`), `# Spaced\n\n${after}`);
    assert.equal(withoutNotice(`# Spaced\n\n---\n\n${line}\n\n  \n\t\n${after}\n\n`), `# Spaced\n\n${after}`, 'only the blank lines around it go');
  });

  it('takes the rule off with the notice in a CRLF export, and a rule directly above the notice', () => {
    const marker = markerText(notice().marker);
    const line = `*Published from [docs/setup.md](https://git.example.test/x#${marker}) with Wiki Publisher. Edit the file in its repository rather than this page.*`;
    assert.equal(withoutNotice(`# Setup\r\n\r\nRun it.\r\n\r\n---\r\n\r\n${line}\r\n`), '# Setup\r\n\r\nRun it.\r\n');
    assert.equal(withoutNotice(`# Setup\n\nRun it.\n\n---\n${line}\n`), '# Setup\n\nRun it.\n');
    assert.equal(withoutNotice(`# Setup\r\n\r\n---\r\n\r\nColleague words.\\\r\n${line}\r\n`), '# Setup\r\n\r\n---\r\n\r\nColleague words.\r\n', 'the hard break that led into the notice goes with it');
  });

  it('is found in a body whatever was looked for before: a long export taken apart first leaves no place to start from', () => {
    const marker = markerText(notice().marker);
    const long = `# Setup\n\n${'Run it. '.repeat(200)}\n\n---\n\n*Published from [docs/setup.md](#${marker}) with Wiki Publisher.*\n`;
    assert.notEqual(withoutNotice(long), long);
    assert.deepEqual(findMarker(`<p><em><a href="#${marker}">x</a></em></p>`), notice().marker);
    assert.deepEqual(findMarker(`<p><em><a href="#${marker}">x</a></em></p>`), notice().marker, 'and again');
  });
});
