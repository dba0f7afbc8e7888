// The Markdown of a generated folder page: a list of its children, each a relative link to the child's file, as if
// the page were a file inside the folder. A later link-rewriting step turns those links into page links, the same
// way as links between the user's own files. A child folder links to its content file, or, when its page is generated
// too, to the folder itself (`sub/`), which the rewriting step takes as the folder's page. (Its page is created after
// this one, like every child's, so a first publish fills these links in on its second pass.) A child the plan
// refuses has no page to link to: it is listed by its title alone, so the page still says what the folder holds, and
// never goes out empty (or is refused as empty) because every child of its folder is refused. The next publish that
// sends the child links it.
import { isFolderPath } from './paths';
import type { PageTree, TreeNode } from './shape';

/**
 * One line per child, in tree order; '' for a node without children. Meant for generated folder pages. `refused`: the
 * children the plan refuses, listed without a link.
 */
export function generatedFolderMarkdown(node: TreeNode, tree: PageTree, refused: (child: TreeNode) => boolean = () => false): string {
  const lines: string[] = [];
  for (const path of node.children) {
    const child = tree.byPath.get(path);
    if (!child) continue;
    const title = escapeMarkdownText(child.title);
    if (refused(child)) {
      lines.push(`- ${title}`);
      continue;
    }
    const target = isFolderPath(child.path) ? child.contentFrom ?? child.path : child.path;
    lines.push(`- [${title}](${linkDestination(relativeTo(node.path, target))})`);
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
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

/**
 * A bare destination ends at a space or a parenthesis, so such a path goes in <angle brackets>, which keep it
 * literal (the link-rewriting step reads it back as the file's path); '<' and '>' cannot stand inside those and are
 * percent-encoded.
 */
function linkDestination(path: string): string {
  if (!/[\s()<>]/.test(path)) return path;
  return `<${path.replace(/</g, '%3C').replace(/>/g, '%3E')}>`;
}

