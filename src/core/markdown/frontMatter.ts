// The YAML front matter block a Markdown file may open with (as static-site generators and GitHub read it): `---` on
// the first line, then a YAML mapping, closed by `---` or `...` on a line of its own. Only a block that reads as a
// mapping is front matter: a document that opens with a thematic break (`---`) and has another one further on is
// Markdown between them, not a block of YAML to take away.

// The block may be empty ("---" right after "---", as static-site generators write it), so the body and its line end
// are optional. Its lines end in LF, CRLF or a bare CR (an old Mac file), as YAML and CommonMark read them.
const FRONT_MATTER = /^---[ \t]*(?:\r\n?|\n)(?:([\s\S]*?)(?:\r\n?|\n))?(?:---|\.\.\.)[ \t]*(?:\r\n?|\n|$)/;
// A line that opens a mapping: a key (plain, or quoted) and `:` then white space or the line's end, an explicit key
// (`? `), or a flow mapping (`{`). A plain key starts with no YAML indicator but `-`, `?` or `:` before a non-space.
// Its one lazy run meets the `:` without a run of spaces beside it: a line of many spaces is read once, not once a space.
const MAPPING_START = /^(?:(?:[^\s#'"\-?:,[\]{}&*!|>%@`]|[-?:]\S)[^\r\n]*?|(?:"[^"\r\n]*"|'[^'\r\n]*')[ \t]*):(?:[ \t]|$)|^\?(?:[ \t]|$)|^\{/;
const SKIPPED_LINE = /^[ \t]*(?:#.*)?$/;

export interface FrontMatter {
  /** The YAML between the fences, its line ends as written ('' for an empty block). */
  yaml: string;
  /** The text after the closing fence's line. */
  body: string;
}

/** The text's front matter block, a byte order mark before it allowed; undefined when the text opens with none. */
export function findFrontMatter(text: string): FrontMatter | undefined {
  if (!text.startsWith('---', text.charCodeAt(0) === 0xfeff ? 1 : 0)) return undefined;
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const match = FRONT_MATTER.exec(withoutBom);
  if (match === null) return undefined;
  const yaml = match[1] ?? '';
  return opensMapping(yaml) ? { yaml, body: withoutBom.slice(match[0].length) } : undefined;
}

/** The text after its front matter block (the whole text when it has none), without reading the block. */
export function frontMatterBody(text: string): string {
  return findFrontMatter(text)?.body ?? text;
}

/**
 * Whether the block's first line that is not blank or a comment opens a mapping. A block of blank lines only is front
 * matter (an empty one); one of comments only is not: `# Title` between two rules is a heading.
 */
function opensMapping(yaml: string): boolean {
  let comments = false;
  for (let start = 0; start < yaml.length; ) {
    let end = start;
    while (end < yaml.length && yaml.charCodeAt(end) !== 0x0a && yaml.charCodeAt(end) !== 0x0d) end++;
    const line = yaml.slice(start, end);
    if (!SKIPPED_LINE.test(line)) return MAPPING_START.test(line);
    comments ||= line.trim() !== '';
    start = end + 1;
  }
  return !comments;
}
