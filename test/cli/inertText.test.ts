// Text from files and the wiki in what we write for GitHub and GitLab, piece by piece, with GitHub's Markdown
// (micromark with GFM) as the oracle: each hostile form is first shown to become a link, an image, a mention or a
// reordering when written raw, then shown to stay text, reading as written, through inlineText/linkText (the plan's
// Markdown), workflowCommand (annotations), the JUnit report and the editor's escapeMarkdown.
import assert from 'node:assert/strict';
import MarkdownIt from 'markdown-it';
import { workflowCommand } from '../../src/cli/annotations';
import { junitReport } from '../../src/cli/junit';
import { inlineText, linkText } from '../../src/cli/markdownText';
import { RunRecords } from '../../src/cli/runRecords';
import { escapeControlCharacters } from '../../src/core/text/controlCharacters';
import { escapeMarkdown } from '../../src/core/text/neutralise';
import { assertInertHtml, bidiShown, linksIn, loadGfmOracle, RAW_BIDI_CONTROL, visibleText, type GfmOracle } from '../support/gfmOracle';

const OURS = 'https://wiki.example/wiki/spaces/DOCS/pages/42/Page';

/** Each form and what GitHub makes of it raw, so a test of it cannot pass by testing nothing. */
const HOSTILE: ReadonlyArray<{ text: string; raw: 'link' | 'image' | 'mention' | 'reference' | 'bidi' }> = [
  { text: 'https://evil.example/x', raw: 'link' },
  { text: 'http://x.y', raw: 'link' },
  { text: 'www.evil.example', raw: 'link' },
  { text: 'see WWW.Evil.example/a', raw: 'link' },
  { text: 'a@b.co', raw: 'link' },
  { text: 'mailto:a@b.co', raw: 'link' },
  { text: '@someone', raw: 'mention' },
  { text: 'ping @org/team now', raw: 'mention' },
  { text: '![x](https://evil.example/i.png)', raw: 'image' },
  { text: '[x](https://e.x)', raw: 'link' },
  { text: '<a href="https://evil.example/a">a</a>', raw: 'link' },
  { text: '<https://x.example>', raw: 'link' },
  { text: '<img src="https://evil.example/i.png">', raw: 'image' },
  { text: 'fixes #123', raw: 'reference' },
  { text: 'see GH-123', raw: 'reference' },
  { text: 'report\u202Efdp.exe', raw: 'bidi' },
  { text: '\u2066isolated\u2069 \u2067rtl\u2069 \u2068first\u2069', raw: 'bidi' },
  { text: 'marks \u200E\u200F\u061C \u202A\u202B\u202C\u202D', raw: 'bidi' },
];

describe('Text from files stays text where GitHub and GitLab show it', () => {
  let oracle: GfmOracle;
  before(async () => {
    oracle = await loadGfmOracle();
  });

  it('each hostile form is live when written raw (the oracle finds what the tests below rule out)', () => {
    for (const { text, raw } of HOSTILE) {
      const html = oracle.html(`| File |\n|---|\n| ${text} |\n`);
      if (raw === 'link') assert.ok(linksIn(html).length > 0, `${text} links:\n${html}`);
      if (raw === 'image') assert.match(html, /<img\b/, text);
      if (raw === 'mention') assert.match(visibleText(html), /(^|\s)@[a-z]/, text);
      if (raw === 'reference') assert.match(visibleText(html), /#\d|GH-\d/, text);
      if (raw === 'bidi') assert.match(html, RAW_BIDI_CONTROL, text);
    }
  });

  it('in the plan\'s Markdown: no link but ours, no image, mention, reference or bidi control, and it reads as written', () => {
    for (const { text } of HOSTILE) {
      for (const markdown of [
        `| File | Page |\n|---|---|\n| ${inlineText(text)} | ${linkText(text, OURS)} in ${inlineText(text)} |\n`,
        `- **${inlineText(text)}**: ${linkText(`page ${text}`, OURS)}: ${inlineText(`"${text}"`)}\n`,
      ]) {
        const html = oracle.html(markdown);
        assertInertHtml(html, (href) => href === OURS, JSON.stringify(text));
        assert.equal(linksIn(html).length, 1, `our page link stays: ${html}`);
        assert.ok(visibleText(html).includes(bidiShown(text)), `${JSON.stringify(text)} reads as written in:\n${visibleText(html)}`);
      }
    }
  });

  it('in annotations: title and message are text without links or bidi controls, and say what the file said', () => {
    for (const { text, raw } of HOSTILE) {
      const command = workflowCommand({ level: 'warning', file: `docs/${text}.md`, line: 1, title: `Title ${text}`, message: `Its title "${text}" is also the title of ${text}.md.` });
      assert.equal(command.split('\n').length, 1);
      assert.doesNotMatch(command, RAW_BIDI_CONTROL, command);
      const [, properties = '', message = ''] = /^::warning ([^:]*)::(.*)$/.exec(command) ?? [];
      const title = /title=(.*)$/.exec(properties)?.[1]?.replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%') ?? '';
      for (const shown of [title, message.replace(/%25/g, '%')]) {
        assert.deepEqual(linksIn(oracle.linkified(shown)), [], `no address is linked in ${JSON.stringify(shown)}`);
        assert.doesNotMatch(shown, /(^|[^\w])@[A-Za-z0-9]/, shown);
        assert.ok(shown.replace(/\u2060/g, '').includes(bidiShown(text)), `${JSON.stringify(shown)} says ${JSON.stringify(text)}`);
      }
      if (raw === 'link' || raw === 'image') assert.ok(linksIn(oracle.linkified(text)).length > 0, `the linkifier links ${text} written raw`);
    }
  });

  it('in the JUnit report: no raw bidi control in names or messages, which show it as its code point', () => {
    const records = new RunRecords();
    for (const [index, { text }] of HOSTILE.entries()) {
      records.add({ type: 'plan', file: `docs/${index}-${text}.md`, status: 'refused', title: text, spaceId: 'DOCS', parentId: '7', refusals: [`Its title "${text}" is taken.`], cautions: [`A caution about ${text}`] });
    }
    records.add({ type: 'summary', dryRun: true, exitCode: 1 });
    const xml = junitReport(records, { elapsedSeconds: 1, timestamp: new Date(0) });
    assert.doesNotMatch(xml, RAW_BIDI_CONTROL);
    assert.match(xml, /name="docs\/15-report&lt;U\+202E&gt;fdp\.exe\.md"/);
    assert.match(xml, /Its title &quot;&lt;U\+2066&gt;isolated&lt;U\+2069&gt; &lt;U\+2067&gt;rtl/);
  });

  it('in log lines and the editor\'s tooltips: bidi controls are shown, the rest as before', () => {
    assert.equal(escapeControlCharacters('docs/\u202Egnp.md\n'), 'docs/<U+202E>gnp.md\\n');
    assert.equal(escapeControlCharacters('plain docs/a.md'), 'plain docs/a.md');
    const markdown = new MarkdownIt({ linkify: true });
    for (const { text } of HOSTILE) {
      const html = markdown.renderInline(escapeMarkdown(text));
      assert.doesNotMatch(html, RAW_BIDI_CONTROL, text);
      assert.doesNotMatch(html, /<(a|img)\b/, text);
      assert.equal(visibleText(html), bidiShown(text));
    }
  });
});
