// Publishing refuses a file that still holds conflict markers outside code (docs/wiki-pages-view.md). Which lines are
// code is CommonMark's answer (the project's scanner), not "a line that starts with three backticks": a code span, or
// a fence's backticks inside an HTML block, opens no fence, and a fence ends with its container. A fence that one side
// of a conflict opens and does not close must not hide the conflict either.
import assert from 'node:assert/strict';
import { HtmlRenderer, Parser } from 'commonmark';
import { countConflicts } from '../../src/core/markdown/conflictMarkers';

const CONFLICT = '<<<<<<< ours\nRun it twice.\n=======\nRun it once.\n>>>>>>> wiki\n';
/** A conflict Git wrote into a tutorial on purpose: in a code block, it is code. */
const TUTORIAL_FENCE = '```text\n<<<<<<< HEAD\nmine\n=======\nyours\n>>>>>>> branch\n```\n';

const crlf = (text: string): string => text.replace(/\n/g, '\r\n');

/** What commonmark.js, the reference implementation, makes of `markdown`: the wiki shows the same. */
const referenceHtml = (markdown: string): string => new HtmlRenderer().render(new Parser().parse(markdown));
/** The start marker as commonmark.js shows CONFLICT's: text of a heading (its separator underlines it), not code. */
const MARKER_AS_TEXT = /\n<h1>(?:&lt;){7} ours\n/;

describe('countConflicts: markers outside code as CommonMark reads it', () => {
  it('counts a conflict after a line that starts with a code span, which opens no fence (CommonMark 4.5)', () => {
    const markdown = `\`\`\`npm ci\`\`\` installs the packages.\n\n${CONFLICT}`;
    assert.match(referenceHtml(markdown), /^<p><code>npm ci<\/code> installs the packages\.<\/p>\n/);
    assert.match(referenceHtml(markdown), MARKER_AS_TEXT);
    assert.equal(countConflicts(markdown), 1);
    assert.equal(countConflicts(`Intro.\n\n\`\`\`x\`y\n\n${CONFLICT}`), 1, 'nor does a fence whose info string holds a backtick');
  });

  it('counts a conflict after an HTML block that holds a line of backticks, which is HTML and no fence (CommonMark 4.6)', () => {
    const markdown = `<pre>\n\`\`\`\n</pre>\n\n${CONFLICT}`;
    assert.match(referenceHtml(markdown), /^<pre>\n```\n<\/pre>\n/);
    assert.match(referenceHtml(markdown), MARKER_AS_TEXT);
    assert.equal(countConflicts(markdown), 1);
    assert.equal(countConflicts(`<div>\n\`\`\`\n</div>\n\n${CONFLICT}`), 1);
  });

  it('counts a conflict whose "ours" side opens a fence it does not close', () => {
    // The ours side's fence takes in the separator and is closed by the wiki's side: the markers would reach the wiki.
    const closedByTheirs = '<<<<<<< ours\n```\ncode a ours\ncode b\n=======\n```\ncode a wiki\ncode b\n>>>>>>> wiki\n';
    assert.equal(countConflicts(closedByTheirs), 1);
    // Neither side closes it: unclosed, it runs to the end of the text.
    assert.equal(countConflicts('<<<<<<< ours\n```\ncode a ours\n=======\ncode a wiki\n>>>>>>> wiki\n'), 1);
    // Both sides open one (a closing fence has no info string), and the text after the conflict closes it.
    assert.equal(countConflicts('<<<<<<< ours\n```sh\nnpm ci\n=======\n```bash\nnpm install\n>>>>>>> wiki\nnpm test\n```\n'), 1);
    // Then a second conflict inside that same fence counts too: the fence is the first conflict's own.
    const twoInOne = '<<<<<<< ours\n```sh\nnpm ci\n=======\n```bash\nnpm install\n>>>>>>> wiki\nnpm test\n<<<<<<< ours\nnpm run build\n=======\nnpm run compile\n>>>>>>> wiki\n```\n';
    assert.equal(countConflicts(twoInOne), 2);
  });

  it('counts a conflict in a file whose last fence is unclosed, and one after a fence its list item closed', () => {
    assert.equal(countConflicts(`Intro.\n\n\`\`\`sh\nnpm ci\n${CONFLICT}`), 1, 'an unclosed fence: Pull\'s markers would be code only by accident');
    // A tutorial whose last fence runs to the end shows Git's own markers on purpose: code, as CommonMark reads it.
    assert.equal(countConflicts('# Resolving conflicts\n\n```text\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> feature\n'), 0);
    const listItem = `- Install:\n\n  \`\`\`sh\n  npm ci\n\n${CONFLICT}`;
    assert.match(referenceHtml(listItem), /<\/ul>\n<h1>/);
    assert.match(referenceHtml(listItem), MARKER_AS_TEXT);
    assert.equal(countConflicts(listItem), 1);
  });

  it('does not count markers in a closed fenced code block outside any conflict', () => {
    assert.equal(countConflicts(`Resolve it so:\n\n${TUTORIAL_FENCE}\nThe end.\n`), 0);
    // The code span opens no fence, so the block's own backticks open and close it (not the other way round).
    assert.equal(countConflicts(`\`\`\`npm ci\`\`\` installs the packages.\n\n${TUTORIAL_FENCE.replace('```text', '```')}`), 0);
    // Nor when a line of prose starts like a marker before it: the block shows a conflict of its own.
    assert.equal(countConflicts(`<<<<<<< is what Git writes first.\n\n${TUTORIAL_FENCE}`), 0);
    // A real conflict beside such a block is still counted, once.
    assert.equal(countConflicts(`${TUTORIAL_FENCE}\n${CONFLICT}`), 1);
  });

  it('does not count markers in an indented code block', () => {
    const indented = '    <<<<<<< HEAD\n    mine\n    =======\n    yours\n    >>>>>>> branch\n';
    assert.equal(countConflicts(`Resolve it so:\n\n${indented}`), 0);
    assert.equal(countConflicts(`\`\`\`npm ci\`\`\` installs the packages.\n\n${indented}\n${CONFLICT}`), 1, 'only the conflict after it');
  });

  it('counts markers around block quotes and list items as before, and not those behind a container\'s marker', () => {
    assert.equal(countConflicts('<<<<<<< ours\n> Quoted here.\n=======\n> Quoted on the wiki.\n>>>>>>> wiki\n'), 1);
    assert.equal(countConflicts('- one\n<<<<<<< ours\n- two\n=======\n- three\n>>>>>>> wiki\n'), 1);
    assert.equal(countConflicts(`> Note:\n> \`\`\`\n> code\n\n${CONFLICT}`), 1, 'a fence in a block quote ends with it');
    assert.equal(countConflicts(`> \`\`\`npm ci\`\`\` first.\n\n${CONFLICT}`), 1);
    assert.equal(countConflicts(`- Install:\n  \`\`\`npm ci\`\`\` first.\n\n${CONFLICT}`), 1, 'a code span in a list item opens no fence either');
    assert.equal(countConflicts('> <<<<<<< ours\n> a\n> =======\n> b\n> >>>>>>> wiki\n'), 0, 'not at the start of the line');
    assert.equal(countConflicts('- <<<<<<< ours\n- =======\n- >>>>>>> wiki\n'), 0);
  });

  it('reads CRLF line endings as LF', () => {
    assert.equal(countConflicts(crlf(`\`\`\`npm ci\`\`\` installs the packages.\n\n${CONFLICT}`)), 1);
    assert.equal(countConflicts(crlf(`<pre>\n\`\`\`\n</pre>\n\n${CONFLICT}`)), 1);
    assert.equal(countConflicts(crlf('<<<<<<< ours\n```\ncode a ours\ncode b\n=======\n```\ncode a wiki\ncode b\n>>>>>>> wiki\n')), 1);
    assert.equal(countConflicts(crlf(`Resolve it so:\n\n${TUTORIAL_FENCE}`)), 0);
    assert.equal(countConflicts(crlf(`${CONFLICT}\n${CONFLICT}`)), 2);
  });
});
