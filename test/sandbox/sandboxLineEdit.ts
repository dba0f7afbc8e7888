// A colleague's small edit on the wiki (issue 83): one line of the page changed, the rest kept as it was, so a
// publisher that tells a colleague's edit from its own sees the usual case, not a page replaced wholesale.
import MarkdownIt from 'markdown-it';

/** What the demo's colleague adds to a line, unless told otherwise. */
export const DEFAULT_LINE_EDIT = ' (edited on the wiki)';

// Only block structure matters here: which line a paragraph starts on (never one inside code or a heading).
let parser: MarkdownIt | undefined;

/**
 * The Markdown with `appended` added to the end of its first paragraph's first line (before a hard break's trailing
 * spaces or backslash, so the break stays a break). A page with no paragraph gets `appended`, trimmed, as a new last
 * paragraph: still one line changed.
 */
export function appendToFirstParagraphLine(markdown: string, appended: string): string {
  parser ??= new MarkdownIt({ html: false, linkify: false });
  const paragraph = parser.parse(markdown, {}).find((token) => token.type === 'paragraph_open' && token.map !== null);
  const lineIndex = paragraph?.map?.[0];
  const lines = markdown.split('\n');
  const line = lineIndex === undefined ? undefined : lines[lineIndex];
  if (lineIndex === undefined || line === undefined) {
    const separator = markdown === '' || markdown.endsWith('\n\n') ? '' : markdown.endsWith('\n') ? '\n' : '\n\n';
    return `${markdown}${separator}${appended.trim()}\n`;
  }
  const [, text = line, lineEnd = ''] = /^(.*?)((?: {2,}|\\)?\r?)$/.exec(line) ?? [];
  lines[lineIndex] = `${text}${appended}${lineEnd}`;
  return lines.join('\n');
}
