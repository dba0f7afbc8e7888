// Finds what the service cannot take: local images (the wiki only shows images at public URLs) and links to other
// local Markdown files (they would point nowhere on the wiki), plus the first level-one heading for the title.
// It runs on every publish of documents up to about 1 MB, so it jumps between markers with indexOf (native and
// fast) and looks closer only at what it finds, instead of running line-anchored regular expressions over the
// whole text, which cost about a millisecond per megabyte each (measured with `npm run bench`).

export interface MarkdownFindings {
  firstHeading: string | undefined;
  localImages: string[];
  localMarkdownLinks: string[];
}

// Read-only: fencedBlocks hands the same ranges to every caller of the same text.
export type Ranges = ReadonlyArray<readonly [number, number]>;

const HTML_IMAGE = /<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]\n]+\]:[ \t]*<?([^\s>]+)>?/gm;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const MARKDOWN_FILE = /\.(md|markdown)(#.*)?$/i;

export function inspectMarkdown(markdown: string): MarkdownFindings {
  const code = fencedBlocks(markdown);
  const findings: MarkdownFindings = { firstHeading: firstHeading(markdown, code), localImages: [], localMarkdownLinks: [] };
  for (let at = markdown.indexOf(']('); at !== -1; at = markdown.indexOf('](', at + 2)) {
    const target = destinationAt(markdown, at + 2);
    if (!isLocal(target)) continue;
    const open = markdown.lastIndexOf('[', at);
    const isImage = open > 0 && markdown[open - 1] === '!';
    if (!isImage && !MARKDOWN_FILE.test(target)) continue;
    if (isInCode(markdown, open === -1 ? at : open, code)) continue;
    pushUnique(isImage ? findings.localImages : findings.localMarkdownLinks, target);
  }
  if (markdown.includes('<')) collect(markdown, HTML_IMAGE, code, findings.localImages, () => true);
  if (holdsDefinitionMarker(markdown)) collect(markdown, REFERENCE_DEFINITION, code, findings.localMarkdownLinks, (t) => MARKDOWN_FILE.test(t));
  return findings;
}

/**
 * What follows "](", after any white space: a destination in <angle brackets> (without them) when a `>` closes it on
 * its line, else a run without white space or ")"; '' when neither is there. The regular expression it replaces,
 * /\s*(?:<([^>\n]*)>|([^)\s]+))/y, cost a match array per link of every file; white space is what \s matches.
 */
function destinationAt(markdown: string, from: number): string {
  let start = from;
  while (start < markdown.length && isRegExpSpace(markdown.charCodeAt(start))) start++;
  if (markdown.charCodeAt(start) === LESS_THAN) {
    let close = start + 1;
    while (close < markdown.length && markdown.charCodeAt(close) !== GREATER_THAN && markdown.charCodeAt(close) !== LINE_FEED) close++;
    if (markdown.charCodeAt(close) === GREATER_THAN) return markdown.slice(start + 1, close);
  }
  let end = start;
  while (end < markdown.length && markdown.charCodeAt(end) !== CLOSE_PARENTHESIS && !isRegExpSpace(markdown.charCodeAt(end))) end++;
  return markdown.slice(start, end);
}

/** The characters \s matches in a regular expression: ECMAScript's WhiteSpace and LineTerminator. */
function isRegExpSpace(code: number): boolean {
  if (code <= SPACE) return code === SPACE || (code >= TAB && code <= CR);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

function collect(markdown: string, pattern: RegExp, code: Ranges, into: string[], wanted: (target: string) => boolean): void {
  for (const match of markdown.matchAll(pattern)) {
    const target = match[1] ?? '';
    if (isLocal(target) && wanted(target) && !isInCode(markdown, match.index, code)) pushUnique(into, target);
  }
}

// The last text's fences: planning a file asks for them four times (findings, diagrams, headings, links), each a
// scan of the whole text for two markers. Callers only read the ranges.
const lastFences: { markdown: string | undefined; ranges: Ranges } = { markdown: undefined, ranges: [] };

// Whether the last text asked about holds `]:`: the findings and the link destinations of every file ask, and a text
// without a reference definition (most) was searched to its end for it each time.
const lastDefinitionMarker: { markdown: string | undefined; holds: boolean } = { markdown: undefined, holds: false };

/** Whether the text holds `]:`, which every reference definition does (none is looked for in a text without it). */
export function holdsDefinitionMarker(markdown: string): boolean {
  if (lastDefinitionMarker.markdown !== markdown) {
    lastDefinitionMarker.holds = markdown.includes(']:');
    lastDefinitionMarker.markdown = markdown;
  }
  return lastDefinitionMarker.holds;
}

/** [start, end) offsets of fenced code blocks; an unclosed fence runs to the end, as CommonMark says. */
export function fencedBlocks(markdown: string): Ranges {
  if (lastFences.markdown !== markdown) {
    lastFences.ranges = findFencedBlocks(markdown);
    lastFences.markdown = markdown;
  }
  return lastFences.ranges;
}

/**
 * The fence lines (after up to three spaces, ``` or ~~~) paired in document order: the first opens a block, and one of
 * the same character, at least as long and with nothing after it, closes it. Both markers are looked for with indexOf
 * and taken in turn, whichever comes first, with no list of fence lines to sort: this runs on every file planned.
 */
function findFencedBlocks(markdown: string): Ranges {
  const ranges: Array<[number, number]> = [];
  let openChar = 0;
  let openLength = 0;
  let openStart = 0;
  let backticks = markdown.indexOf('```');
  let tildes = markdown.indexOf('~~~');
  while (backticks !== -1 || tildes !== -1) {
    const isBacktick = tildes === -1 || (backticks !== -1 && backticks < tildes);
    const at = isBacktick ? backticks : tildes;
    const char = isBacktick ? BACKTICK : TILDE;
    let end = markdown.indexOf('\n', at);
    if (end === -1) end = markdown.length;
    const start = lineStartIfIndented(markdown, at);
    if (start !== undefined) {
      let length = 3;
      while (markdown.charCodeAt(at + length) === char) length++;
      if (openChar === 0) {
        openChar = char;
        openLength = length;
        openStart = start;
      } else if (char === openChar && length >= openLength && isBlank(markdown, at + length, end)) {
        ranges.push([openStart, end]);
        openChar = 0;
      }
    }
    // A line is looked at once per marker: the next fence line of this marker starts after it.
    if (isBacktick) backticks = markdown.indexOf('```', end);
    else tildes = markdown.indexOf('~~~', end);
  }
  if (openChar !== 0) ranges.push([openStart, markdown.length]);
  return ranges;
}

/** Whether [from, end) holds only what trim() removes: spaces, tabs and a CR looked at by code, anything else by trim. */
function isBlank(markdown: string, from: number, end: number): boolean {
  for (let at = from; at < end; at++) {
    const code = markdown.charCodeAt(at);
    if (code !== SPACE && code !== TAB && code !== CR) return markdown.slice(at, end).trim() === '';
  }
  return true;
}

/** The line's start offset when only up to three spaces stand between it and `at`; undefined otherwise. */
function lineStartIfIndented(markdown: string, at: number): number | undefined {
  let spaces = 0;
  while (spaces < 3 && markdown.charCodeAt(at - spaces - 1) === SPACE) spaces++;
  const before = at - spaces - 1;
  return before < 0 || markdown.charCodeAt(before) === LINE_FEED ? at - spaces : undefined;
}

// The title's line ends at a bare CR too, as in CommonMark: an old Mac file's title would otherwise run on into the
// text. Only the title reads lines this way; what is sent keeps the file's line ends.
const LINE_END = /[\r\n]/g;

function firstHeading(markdown: string, code: Ranges): string | undefined {
  for (let at = markdown.indexOf('#'); at !== -1; at = markdown.indexOf('#', at + 1)) {
    const next = markdown[at + 1];
    if ((next !== ' ' && next !== '\t') || !startsLine(markdown, at) || isInCode(markdown, at, code)) continue;
    LINE_END.lastIndex = at;
    const end = LINE_END.exec(markdown)?.index ?? markdown.length;
    const text = markdown.slice(at + 1, end).replace(/[ \t]+#+[ \t]*$/, '').trim();
    if (text) return text;
  }
  return undefined;
}

/**
 * Whether only up to three spaces stand between the start of `at`'s line, after a CR or LF, and `at`. Looks back at
 * most four characters: searching back for a CR in a file without any would cross the whole text for every '#'.
 */
function startsLine(markdown: string, at: number): boolean {
  let before = at - 1;
  while (before >= 0 && at - before <= 3 && markdown[before] === ' ') before--;
  return before < 0 || markdown[before] === '\n' || markdown[before] === '\r';
}

/** Inside a fenced block, an indented code line, or an inline code span on its line. */
export function isInCode(markdown: string, offset: number, fenced: Ranges): boolean {
  for (const [start, end] of fenced) if (offset >= start && offset < end) return true;
  const lineStart = lineStartOf(markdown, offset);
  // Four spaces or a tab before the line's first character: an indented code line, unless the line is a list item's
  // content (`- item` then `    - nested [link](x.md)`, as MkDocs writes lists) or continues a paragraph.
  if ((offset > lineStart && markdown.charCodeAt(lineStart) === TAB) || (offset - lineStart >= 4 && markdown.startsWith('    ', lineStart))) {
    if (indentedCodeLines(markdown, fenced).has(lineStart)) return true;
  }
  // An odd number of backtick runs before the match on its line means the match sits in an open code span. Counted
  // by character codes: a slice and a match array per link cost more than the rest of planning the link.
  let runs = 0;
  for (let at = backtickFrom(markdown, lineStart); at !== -1 && at < offset; at = backtickFrom(markdown, at)) {
    runs++;
    while (markdown.charCodeAt(at) === BACKTICK) at++;
  }
  return (runs & 1) === 1;
}

// The last text's indented code lines, found only for a text where isInCode is asked about an indented line.
const lastIndented: { markdown: string | undefined; lines: ReadonlySet<number> } = { markdown: undefined, lines: new Set() };

function indentedCodeLines(markdown: string, fenced: Ranges): ReadonlySet<number> {
  if (lastIndented.markdown !== markdown) {
    lastIndented.lines = findIndentedCodeLines(markdown, fenced);
    lastIndented.markdown = markdown;
  }
  return lastIndented.lines;
}

const LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/;
const NOT_PARAGRAPH = /^(?:#{1,6}(?:[ \t]|$)|(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,}|=+[ \t]*)$)/;

/**
 * The starts of the lines (after an LF, as isInCode reads lines) that are code by their indentation, as CommonMark
 * has it: four columns right of where the enclosing list item's content starts (a line of `- item` content starts two
 * right of the marker), and never a line that continues a paragraph. A fence inside a list item, indented four or more
 * (which fencedBlocks, at most three, does not see), makes its lines code too. Block quotes and HTML blocks are read
 * as paragraphs: a line is taken for code no more often than before.
 */
function findIndentedCodeLines(markdown: string, fenced: Ranges): Set<number> {
  const code = new Set<number>();
  // The columns where the open list items' content starts, outermost first.
  const lists: number[] = [];
  let paragraph = false;
  let nestedFence: { closing: RegExp; base: number } | undefined;
  let fence = 0;
  for (let start = 0; start <= markdown.length; ) {
    let end = markdown.indexOf('\n', start);
    if (end === -1) end = markdown.length;
    const lineStart = start;
    start = end + 1;
    while (fence < fenced.length && (fenced[fence] as readonly [number, number])[1] <= lineStart) fence++;
    const inFence = fence < fenced.length && (fenced[fence] as readonly [number, number])[0] <= lineStart;
    let column = 0;
    let at = lineStart;
    for (; at < end; at++) {
      const char = markdown.charCodeAt(at);
      if (char === SPACE) column++;
      else if (char === TAB) column += 4 - (column % 4);
      else break;
    }
    const rest = markdown.slice(at, end).replace(/\r$/, '');
    if (inFence) {
      // A fence at most three spaces in, its own lines code already: only its first line says which lists it is in.
      if ((fenced[fence] as readonly [number, number])[0] === lineStart) while (lists.length > 0 && column < (lists.at(-1) as number)) lists.pop();
      paragraph = false;
      continue;
    }
    if (rest === '') {
      paragraph = false;
      if (nestedFence) code.add(lineStart);
      continue;
    }
    if (nestedFence) {
      if (column >= nestedFence.base) {
        code.add(lineStart);
        if (column - nestedFence.base < 4 && nestedFence.closing.test(rest)) nestedFence = undefined;
        continue;
      }
      nestedFence = undefined; // the list item it was in ends, and the fence with it
    }
    let depth = lists.length;
    while (depth > 0 && column < (lists[depth - 1] as number)) depth--;
    const base = depth > 0 ? (lists[depth - 1] as number) : 0;
    const marker = column - base < 4 ? LIST_MARKER.exec(rest) : null;
    if (marker === null && paragraph) continue; // a paragraph's continuation line, however far in: never code
    lists.length = depth;
    if (column - base >= 4) {
      code.add(lineStart);
      continue;
    }
    if (marker !== null) {
      const after = rest.slice(marker[0].length);
      const spaces = after.length - after.trimStart().length;
      const content = after.trim() === '' || spaces > 4 ? column + marker[0].length + 1 : column + marker[0].length + spaces;
      lists.push(content);
      const text = after.trimStart();
      const fenceMark = /^(`{3,}|~{3,})/.exec(text);
      if (fenceMark) nestedFence = { closing: closingFence(fenceMark[1] as string), base: content };
      paragraph = text !== '' && !fenceMark && !NOT_PARAGRAPH.test(text);
      continue;
    }
    const fenceMark = /^(`{3,}|~{3,})/.exec(rest);
    if (fenceMark && column >= 4) {
      nestedFence = { closing: closingFence(fenceMark[1] as string), base };
      paragraph = false;
      continue;
    }
    paragraph = !NOT_PARAGRAPH.test(rest);
  }
  return code;
}

/** The line that closes a fence opened by `opening` (backticks or tildes): as many of them or more, nothing after. */
function closingFence(opening: string): RegExp {
  return new RegExp(`^\\${opening[0] ?? '`'}{${opening.length},}[ \\t]*$`);
}

/**
 * Where isInCode last looked in the last text asked about. A link's brackets, and the links after it on the same line,
 * are asked about in turn, by the findings and by the link destinations: the line's start is kept (a search back for
 * it, lastIndexOf, is a call into the runtime), and so is the next backtick, which indexOf otherwise looked for from
 * each line's start to wherever it is (most lines have none, so often the next code block, far down the text).
 */
const lastLooked = { markdown: '', lineOffset: -1, lineStart: 0, backtickFrom: 0, backtick: -1 };

/** The offset just after the last LF before `offset` (0 when none). */
function lineStartOf(markdown: string, offset: number): number {
  const known = lastLooked;
  if (known.markdown === markdown && known.lineOffset >= 0 && offset >= known.lineStart) {
    // Nothing but the line's own characters between its start and the offset asked about before; between that offset
    // and this one, the next LF says whether this one is still on the line.
    const lineFeed = offset <= known.lineOffset ? -1 : markdown.indexOf('\n', known.lineOffset);
    if (lineFeed === -1 || lineFeed >= offset) {
      if (offset > known.lineOffset) known.lineOffset = offset;
      return known.lineStart;
    }
  }
  const start = markdown.lastIndexOf('\n', offset - 1) + 1;
  lookingAt(markdown);
  known.lineOffset = offset;
  known.lineStart = start;
  return start;
}

/** markdown.indexOf('`', from), found again only when `from` is past the backtick found last (or before its search). */
function backtickFrom(markdown: string, from: number): number {
  const known = lastLooked;
  if (known.markdown === markdown && from >= known.backtickFrom && (known.backtick === -1 || from <= known.backtick)) return known.backtick;
  lookingAt(markdown);
  known.backtickFrom = from;
  known.backtick = markdown.indexOf('`', from);
  return known.backtick;
}

/** Forgets what was found in another text. */
function lookingAt(markdown: string): void {
  if (lastLooked.markdown === markdown) return;
  lastLooked.markdown = markdown;
  lastLooked.lineOffset = -1;
  lastLooked.backtickFrom = markdown.length + 1;
  lastLooked.backtick = -1;
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const CLOSE_PARENTHESIS = 0x29;
const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const BACKTICK = 0x60;
const TILDE = 0x7e;

/** Anything without a scheme (and not protocol-relative or an anchor) is a path on this machine, as is file:. */
function isLocal(target: string): boolean {
  if (target === '' || target.startsWith('#') || target.startsWith('//')) return false;
  if (/^file:/i.test(target)) return true;
  return !SCHEME.test(target);
}

function pushUnique(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}
