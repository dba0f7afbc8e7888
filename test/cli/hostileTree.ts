// A docs folder whose file names and titles hold everything GitHub would turn into a link, an image, a mention or a
// reference, and bidirectional controls; and the check of a document written of it. Shared by the CLI's and the
// Action's tests of what they write (issue 81).
import assert from 'node:assert/strict';
import { assertInertHtml, bidiShown, linksIn, visibleText, type GfmOracle } from '../support/gfmOracle';

/** File → page title. Names hold what a file name can (no "//"); titles hold the rest. */
export const HOSTILE_TITLES: Readonly<Record<string, string>> = {
  'docs/www.evil.example.md': 'https://evil.example/x',
  'docs/a@b.co.md': 'www.evil.example and http://x.y',
  'docs/@someone.md': 'Mail a@b.co, ping @someone',
  'docs/@org/team.md': 'Hi @org/team, fixes #123 and GH-123',
  'docs/![x](https:evil.example).md': '![x](https://evil.example/i.png)',
  'docs/[x](https:e.x).md': '[x](https://e.x)',
  'docs/<a href=x>.md': '<a href="https://evil.example/a">a</a>',
  'docs/#123 GH-123.md': '<https://x.example> <img src="https://evil.example/i.png">',
  'docs/\u202Egnp.md': 'report\u202Efdp.exe',
  'docs/\u2066iso\u2069.md': '\u2066isolated\u2069 \u2067rtl\u2069 \u200F',
};

/** A second file with the first file's title (both refused, quoting it). */
const TWIN = { 'docs/twin.md': page('https://evil.example/x', '') };

function page(title: string, body: string): string {
  return `---\ntitle: ${JSON.stringify(title)}\n---\n\n${body}Text.\n`;
}

/**
 * The folder's files, each with a local image whose caution quotes its path (an annotation on the file); `edit`
 * changes every text, so a later plan updates each page.
 */
export function hostileTree(edit = ''): Record<string, string> {
  const files: Record<string, string> = { ...TWIN };
  for (const [file, title] of Object.entries(HOSTILE_TITLES)) files[file] = page(title, `![i](www.evil.example/@someone.png)\n\n${edit}`);
  return files;
}

/**
 * A document whose only links go to `pageAddress` (our page links), with no image, mention, reference or bidi
 * control, in which every file name and title reads as written; its links.
 */
export function assertInertDocument(oracle: GfmOracle, markdown: string, pageAddress: string, what: string): string[] {
  const html = oracle.html(markdown);
  assertInertHtml(html, (href) => href.startsWith(pageAddress), what);
  const seen = visibleText(html);
  for (const [file, title] of Object.entries(HOSTILE_TITLES)) {
    assert.ok(seen.includes(bidiShown(file)), `${what} names ${JSON.stringify(file)} as it is:\n${seen}`);
    assert.ok(seen.includes(bidiShown(title)), `${what} names the title ${JSON.stringify(title)} as it is:\n${seen}`);
  }
  return linksIn(html);
}
