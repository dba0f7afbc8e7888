// A pulled edit never retitles the page. A file's page title comes from its front matter, else its first heading,
// else its name (publish/target.ts, suggestTitle), and the wiki's importer finds a page by its title: a colleague's
// edit of the page's first heading, pulled into the file, would make the next publish take the heading as a new
// title. A single file's publish then asks; a page tree's makes a new page and leaves the old one holding the
// colleague's text; a teammate's clone or CI, reading the committed file, does the same. So Pull names the page's own
// title in the file's front matter (`wiki.pageTitle`, which every publish, tree and command line honour): the page
// keeps it, the heading is the colleague's, and the line in the merge's diff says so. Renaming the page is the user's
// choice: change or remove that line (a single file's publish then asks, naming the page).
import { findFrontMatter } from '../markdown/frontMatter';
import { firstLevelOneHeading } from '../markdown/headings/headings';
import { splitFrontMatter } from '../publish/frontMatter';
import { suggestTitle } from '../publish/target';

/** The file's title that Pull's edit made, and the page's title it put in the front matter to keep. */
export interface TitleKept {
  pageTitle: string;
  fileTitle: string;
}

/**
 * `merged` (the file with the wiki's edit) with the page's title in its front matter, when the edit changed the title
 * the file gives its page (from `before`, the file as it was) to one that is not the page's. `label`: the file's name,
 * the title of a file without a heading.
 */
export function keepingPageTitle(before: string, merged: string, pageTitle: string, label: string): { text: string; titleKept?: TitleKept } {
  const now = titleOf(merged, label);
  if (now.named || now.title === pageTitle || now.title === titleOf(before, label).title) return { text: merged };
  const text = withPageTitle(merged, pageTitle);
  // A front matter block this cannot add a key to as written is left alone: the publish then asks, naming the page.
  return text === undefined ? { text: merged } : { text, titleKept: { pageTitle, fileTitle: now.title } };
}

/** The title the text gives its page, and whether its front matter names it (`wiki.pageTitle`, the user's choice). */
function titleOf(text: string, label: string): { title: string; named: boolean } {
  const split = splitFrontMatter(text);
  const named = split.target.pageTitle;
  return { title: suggestTitle(named ?? split.title, firstLevelOneHeading(split.content)?.text, label), named: named !== undefined };
}

// A top-level key's line, and the `wiki:` key with nothing after it (a block mapping follows).
const TOP_LEVEL_KEY = /^[^\s#-][^:]*:(?:\s|$)/;
const WIKI_BLOCK = /^wiki:[ \t]*(?:#.*)?$/;

/**
 * The text with `wiki.pageTitle` set to `title` in its front matter, the rest of the block as written: a block added
 * when there is none, a `wiki:` mapping added at the end of one that has none, the key added first in an indented
 * `wiki:` mapping. Undefined when the block is written another way (a flow mapping, say), or the result would not read
 * back as that title.
 */
export function withPageTitle(text: string, title: string): string | undefined {
  const bom = text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const found = findFrontMatter(text);
  const newline = /\r\n/.test(found === undefined ? text : text.slice(0, text.length - found.body.length)) ? '\r\n' : '\n';
  const value = JSON.stringify(title);
  let written: string | undefined;
  if (found === undefined) {
    written = `${bom}---${newline}wiki:${newline}  pageTitle: ${value}${newline}---${newline}${text.slice(bom.length)}`;
  } else {
    const head = text.slice(bom.length, text.length - found.body.length);
    const lines = head.split(/\r?\n/);
    // lines: the opening fence, the block's lines, the closing fence, and '' after the closing fence's line ending.
    const closing = lines.length - (lines[lines.length - 1] === '' ? 2 : 1);
    const wiki = lines.findIndex((line, index) => index > 0 && index < closing && line.startsWith('wiki:'));
    if (wiki === -1) lines.splice(closing, 0, 'wiki:', `  pageTitle: ${value}`);
    else if (WIKI_BLOCK.test(lines[wiki] as string)) {
      const next = lines.slice(wiki + 1, closing).find((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
      const indent = next !== undefined && !TOP_LEVEL_KEY.test(next) ? /^[ \t]*/.exec(next)?.[0] ?? '  ' : '  ';
      lines.splice(wiki + 1, 0, `${indent === '' ? '  ' : indent}pageTitle: ${value}`);
    } else return undefined;
    written = bom + lines.join(newline) + found.body;
  }
  const read = splitFrontMatter(written);
  return read.target.pageTitle === title && read.problems.length === 0 && read.content === splitFrontMatter(text).content ? written : undefined;
}
