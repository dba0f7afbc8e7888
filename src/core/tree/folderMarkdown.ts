// The Markdown of a generated folder page: a list of its children, each a relative link to the child's file, as if
// the page were a file inside the folder. A later link-rewriting step turns those links into page links, the same
// way as links between the user's own files. A child folder links to its content file, or, when its page is generated
// too, to the folder itself (`sub/`), which the rewriting step takes as the folder's page. (Its page is created after
// this one, like every child's, so a first publish fills these links in on its second pass.) A child the plan
// refuses has no page to link to: it is listed by its title alone, so the page still says what the folder holds, and
// never goes out empty (or is refused as empty) because every child of its folder is refused. The next publish that
// sends the child links it.
import { isFolderPath } from '../walk/relativePaths';
import type { PageTree, TreeNode } from './shape';

/**
 * A bare destination ends at a space or a parenthesis, so such a path goes in <angle brackets>, which keep it
 * literal (the link-rewriting step reads it back as the file's path); '<' and '>' cannot stand inside those and are
 * percent-encoded.
 */
const NEEDS_ANGLE_BRACKETS = /[\s()<>]/;
const READ_BACK = /[%\\\r\n#?]/;
const READ_BACK_ALL = new RegExp(READ_BACK.source, 'g');
const percentEncoded = (char: string): string => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** A generated folder page: its Markdown, and the destinations of its links as the link parser reads them back. */
export interface GeneratedFolderPage {
  markdown: string;
  /**
   * Distinct, in document order, each as findLinkDestinations gives its text (without angle brackets): the plan's link
   * facts for the page without parsing the list back, which was a tenth of planning a tree whose folders have no
   * content file (10,000 links for 10,000 files).
   */
  destinations: string[];
}

/**
 * One line per child, in tree order; '' for a node without children. Meant for generated folder pages. `refused`: the
 * children the plan refuses, listed without a link.
 */
export function generatedFolderPage(node: TreeNode, tree: PageTree, refused: (child: TreeNode) => boolean = () => false): GeneratedFolderPage {
  let markdown = '';
  const destinations: string[] = [];
  for (const path of node.children) {
    const child = tree.byPath.get(path);
    if (!child) continue;
    const title = escapeMarkdownText(child.title);
    if (refused(child)) {
      markdown += `- ${title}\n`;
      continue;
    }
    const target = isFolderPath(child.path) ? child.contentFrom ?? child.path : child.path;
    const relative = relativeTo(node.path, target);
    // Read back, a destination is cut at '#' and '?', unescaped and percent-decoded (links/rewrite/linkTarget.ts): so
    // those characters of a name are percent-encoded, and `#intro.md`, `why?.md`, `a%20b.md` and `a\_b.md` stay those
    // files, and a folder `x\` does not escape the link's closing parenthesis. A line break cannot stand in a
    // destination at all.
    const destination = READ_BACK.test(relative) ? relative.replace(READ_BACK_ALL, percentEncoded) : relative;
    if (NEEDS_ANGLE_BRACKETS.test(destination)) {
      const inBrackets = destination.replace(/</g, '%3C').replace(/>/g, '%3E');
      markdown += `- [${title}](<${inBrackets}>)\n`;
      destinations.push(inBrackets);
    } else {
      markdown += `- [${title}](${destination})\n`;
      destinations.push(destination);
    }
  }
  return { markdown, destinations };
}

/** `file` relative to `folder` (a folder key), for a file at or below it; anything else stays as given. */
function relativeTo(folder: string, file: string): string {
  return file.startsWith(folder) ? file.slice(folder.length) : file;
}

/** What escapeMarkdownText changes: ASCII punctuation, line breaks. */
const NEEDS_ESCAPING = /[!-/:-@[-`{-~\r\n]/;

/**
 * Titles are the user's text: every ASCII punctuation character is backslash-escaped (CommonMark allows it for all
 * of them), so a title like "# Setup", "1. Intro", "A & B" or "[draft]" shows as written instead of becoming a
 * heading, a nested list, an entity or a link.
 */
export function escapeMarkdownText(text: string): string {
  // Most titles hold neither punctuation nor a line break: one test instead of two replacements, one with a callback.
  if (!NEEDS_ESCAPING.test(text)) return text;
  return text.replace(/[!-/:-@[-`{-~]/g, (char) => `\\${char}`).replace(/[\r\n]+/g, ' ');
}
