// Finds what the service cannot take: local images (the wiki only shows images at public URLs) and links to other
// local Markdown files (they would point nowhere on the wiki), plus the first level-one heading for the title.
// It runs on every publish of documents up to about 1 MB, so it jumps between markers with indexOf (native and
// fast) and looks closer only at what it finds, instead of running line-anchored regular expressions over the
// whole text, which cost about a millisecond per megabyte each (measured with `npm run bench`).

import { isEscaped } from '../text/escaped';
import { firstLevelOneHeading, type TextBlocks } from './headingWalk';

export interface MarkdownFindings {
  firstHeading: string | undefined;
  localImages: string[];
  localMarkdownLinks: string[];
  /**
   * The local files HTML links name (`<a href="setup.md">`), outside code and comments: sent as written, since only
   * Markdown links are turned into page links, so each leads nowhere on the wiki. Listed however links are checked.
   */
  htmlLinks: string[];
}

// Read-only: fencedBlocks hands the same ranges to every caller of the same text.
export type Ranges = ReadonlyArray<readonly [number, number]>;

// The src of an <img>: quoted, or unquoted as HTML also allows (`<img src=diagram.png>`). Each attribute is looked for
// after white space, where an attribute name starts: `data-src` (a script's lazy loading) is no src. Nor does a look
// pass another `<`: a text of many unclosed `<img ` (a pull request controls it) is read in time linear in its length,
// where looking on to the next `>` from each took seconds for 100 KB.
const HTML_IMAGE = /<img\b[^<>]*\ssrc\s*=\s*(?:"([^"]+)"|'([^']+)'|([^\s"'=<>`]+))/gi;
// The href of an <a>, quoted or unquoted, as HTML_IMAGE reads an <img>'s src.
const HTML_LINK = /<a\s(?:[^<>]*?\s)?href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;
// The srcset of an <img> or of a <picture>'s <source>: a list of candidates (`a.png 1x, b.png 2x`), each an image the
// browser may pick, so each local one is an image the wiki cannot show.
const HTML_SRCSET = /<(?:img|source)\b[^<>]*\ssrcset\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;
const REFERENCE_DEFINITION = /^ {0,3}\[([^\]\n]+)\]:[ \t]*<?([^\s>]+)>?/gm;
// A reference, `[text][label]`, `[label][]` or `[label]`, with the `!` of an image before it.
const REFERENCE_USE = /(!?)\[((?:[^[\]\\\n]|\\.)*)\](?:\[((?:[^[\]\\\n]|\\.)*)\])?/g;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const MARKDOWN_FILE = /\.(md|markdown)(#.*)?$/i;

/**
 * `markdownLinks: false`: leaves localMarkdownLinks empty, for a caller that checks every link itself (a page tree
 * rewrites them): each inline link that is no image is passed over at its bracket, and no definition is listed.
 */
export function inspectMarkdown(markdown: string, options: { markdownLinks?: boolean } = {}): MarkdownFindings {
  const code = fencedBlocks(markdown);
  const findings: MarkdownFindings = { firstHeading: firstHeading(markdown, code), localImages: [], localMarkdownLinks: [], htmlLinks: [] };
  const markdownLinks = options.markdownLinks !== false;
  // The last `[` before each `](`, found going forward with the links: looked for back from each, a text of many `](`
  // and no `[` (a pull request controls it) was read back to its start for each, in time that grew with its square.
  let open = -1;
  let nextOpen = markdown.indexOf('[');
  const stops: DestinationStops = { angle: new NextStop(isAngleStop), bare: new NextStop(isBareStop), end: 0 };
  for (let at = markdown.indexOf(']('); at !== -1; at = markdown.indexOf('](', at + 2)) {
    // A `](` inside the destination just read is part of it, not a link of its own: a text of many (`](!](!...`) made
    // each the start of a destination running on to the same end, each read whole.
    if (at < stops.end) continue;
    while (nextOpen !== -1 && nextOpen < at) {
      open = nextOpen;
      nextOpen = markdown.indexOf('[', nextOpen + 1);
    }
    const isImage = open > 0 && markdown[open - 1] === '!';
    if (!isImage && !markdownLinks) continue;
    const target = destinationAt(markdown, at + 2, stops);
    const local = isLocal(target);
    if (!local && !isDrivePath(target)) continue;
    if (!isImage && (!local || !MARKDOWN_FILE.test(target))) continue;
    if (isInCodeOrHtml(markdown, open === -1 ? at : open, code)) continue;
    pushUnique(isImage ? findings.localImages : findings.localMarkdownLinks, target);
  }
  // An <img> tag is shown wherever HTML is, but not in a comment.
  if (markdown.includes('<')) {
    const hidden = (at: number): boolean => isInCode(markdown, at, code) || htmlAt(markdown, at, code) === 'comment';
    collectImages(markdown, HTML_IMAGE, hidden, findings.localImages, false);
    if (markdown.includes('srcset')) collectImages(markdown, HTML_SRCSET, hidden, findings.localImages, true);
    // Every HTML link holds `href` (any case): a text without the word is not searched for tags.
    if (/href/i.test(markdown)) collectHtmlLinks(markdown, hidden, findings.htmlLinks);
  }
  if (holdsDefinitionMarker(markdown)) {
    // A definition only images use (`![chart][c]` then `[c]: chart.png`) is an image the wiki cannot show.
    const imageOnly = imageOnlyLabels(markdown);
    for (const match of markdown.matchAll(REFERENCE_DEFINITION)) {
      const target = match[2] ?? '';
      const local = isLocal(target);
      if ((!local && !isDrivePath(target)) || isInCodeOrHtml(markdown, match.index, code)) continue;
      if (imageOnly?.has(referenceLabel(match[1] ?? ''))) pushUnique(findings.localImages, target);
      else if (markdownLinks && local && MARKDOWN_FILE.test(target)) pushUnique(findings.localMarkdownLinks, target);
    }
  }
  return findings;
}

/** A reference label as CommonMark matches it: case-folded, its white space runs made one space, trimmed. */
export function referenceLabel(written: string): string {
  return written.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The labels that only images refer to (`![alt][label]`, `![label][]`, `![label]`) and no link does, outside code;
 * undefined when the text holds no `![`. Their definitions are images, not links: none is a page to link to.
 */
export function imageOnlyLabels(markdown: string): ReadonlySet<string> | undefined {
  if (!markdown.includes('![')) return undefined;
  const code = fencedBlocks(markdown);
  const images = new Set<string>();
  const links = new Set<string>();
  for (const match of markdown.matchAll(REFERENCE_USE)) {
    const after = markdown[match.index + match[0].length];
    // An inline link or image, or a definition's own label.
    if (match[3] === undefined && (after === '(' || after === ':')) continue;
    if (isInCode(markdown, match.index, code)) continue;
    const label = referenceLabel(match[3] || (match[2] ?? ''));
    (match[1] === '!' && !isEscaped(markdown, match.index) ? images : links).add(label);
  }
  for (const label of links) images.delete(label);
  return images;
}

/**
 * What follows "](", after any white space: a destination in <angle brackets> (without them) when a `>` closes it on
 * its line, else a run without white space or ")"; '' when neither is there. The regular expression it replaces,
 * /\s*(?:<([^>\n]*)>|([^)\s]+))/y, cost a match array per link of every file; white space is what \s matches.
 */
function destinationAt(markdown: string, from: number, stops: DestinationStops): string {
  let start = from;
  while (start < markdown.length && isRegExpSpace(markdown.charCodeAt(start))) start++;
  if (markdown.charCodeAt(start) === LESS_THAN) {
    const close = stops.angle.at(markdown, start + 1);
    if (markdown.charCodeAt(close) === GREATER_THAN) {
      stops.end = close;
      return markdown.slice(start + 1, close);
    }
  }
  stops.end = stops.bare.at(markdown, start);
  return markdown.slice(start, stops.end);
}

/** Where destinations stop, for one text read front to back; `end`: where the last destination read ends. */
interface DestinationStops {
  angle: NextStop;
  bare: NextStop;
  end: number;
}

/** Where an angle-bracketed destination stops: its `>`, or the end of its line (then it is none). */
function isAngleStop(code: number): boolean {
  return code === GREATER_THAN || code === LINE_FEED;
}

/** Where a bare destination stops: a `)` or white space. */
function isBareStop(code: number): boolean {
  return code === CLOSE_PARENTHESIS || isRegExpSpace(code);
}

/**
 * The first offset at or after a given one whose character is a stop (the text's length when none is), for offsets
 * asked in increasing order of one text: the last answer serves every offset up to it. Scanned afresh for each
 * destination, a text of many links whose destinations never stop (`<](<](...`) was read to its end for each.
 */
class NextStop {
  private from = -1;
  private stop = -1;
  constructor(private readonly isStop: (code: number) => boolean) {}

  at(text: string, offset: number): number {
    if (offset >= this.from && offset <= this.stop) return this.stop;
    let stop = offset;
    while (stop < text.length && !this.isStop(text.charCodeAt(stop))) stop++;
    this.from = offset;
    this.stop = stop;
    return stop;
  }
}

/** The characters \s matches in a regular expression: ECMAScript's WhiteSpace and LineTerminator. */
function isRegExpSpace(code: number): boolean {
  if (code <= SPACE) return code === SPACE || (code >= TAB && code <= CR);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/** The local images of the tags `pattern` finds: its attribute's value is one address, or a srcset's candidates. */
function collectImages(markdown: string, pattern: RegExp, skipped: (offset: number) => boolean, into: string[], isSrcset: boolean): void {
  for (const match of markdown.matchAll(pattern)) {
    const value = match[1] ?? match[2] ?? match[3] ?? '';
    const local = (isSrcset ? srcsetAddresses(value) : [value]).filter(namesLocalFile);
    if (local.length === 0 || skipped(match.index)) continue;
    for (const target of local) pushUnique(into, target);
  }
}

/** The local files that <a href> tags name, except where `skipped` (code, comments). */
function collectHtmlLinks(markdown: string, skipped: (offset: number) => boolean, into: string[]): void {
  for (const match of markdown.matchAll(HTML_LINK)) {
    const target = match[1] ?? match[2] ?? match[3] ?? '';
    if (namesLocalFile(target) && !skipped(match.index)) pushUnique(into, target);
  }
}

/**
 * The addresses of a srcset's candidates, as HTML splits them: an address runs to white space (commas at its end cut
 * off, which then end the candidate), and its descriptors (`2x`, `480w`) to the next comma.
 */
function srcsetAddresses(srcset: string): string[] {
  const addresses: string[] = [];
  let at = 0;
  while (at < srcset.length) {
    while (at < srcset.length && (srcset[at] === ',' || isRegExpSpace(srcset.charCodeAt(at)))) at++;
    const start = at;
    while (at < srcset.length && !isRegExpSpace(srcset.charCodeAt(at))) at++;
    let end = at;
    while (end > start && srcset[end - 1] === ',') end--;
    if (end > start) addresses.push(srcset.slice(start, end));
    // Descriptors follow only an address that no comma ended.
    if (end === at) while (at < srcset.length && srcset[at] !== ',') at++;
  }
  return addresses;
}

// The last text's fences: planning a file asks for them four times (findings, diagrams, headings, links), each a
// scan of the whole text for two markers. Callers only read the ranges.
/**
 * Whether `cache` holds what was found in this text. The caller's string is kept either way: a text equal to the one
 * kept but another string (the same page exported again, a file read again) is compared character by character, and
 * keeping the old string made every later question about the new one (one per link of a page) compare the whole text
 * again. Kept, the new string is found by reference.
 */
function holdsText(cache: { markdown: string | undefined }, markdown: string): boolean {
  const same = cache.markdown === markdown;
  cache.markdown = markdown;
  return same;
}

const lastFences: { markdown: string | undefined; ranges: Ranges } = { markdown: undefined, ranges: [] };

// Whether the last text asked about holds `]:`: the findings and the link destinations of every file ask, and a text
// without a reference definition (most) was searched to its end for it each time.
const lastDefinitionMarker: { markdown: string | undefined; holds: boolean } = { markdown: undefined, holds: false };

/** Whether the text holds `]:`, which every reference definition does (none is looked for in a text without it). */
export function holdsDefinitionMarker(markdown: string): boolean {
  if (!holdsText(lastDefinitionMarker, markdown)) lastDefinitionMarker.holds = markdown.includes(']:');
  return lastDefinitionMarker.holds;
}

/** [start, end) offsets of fenced code blocks; an unclosed fence runs to the end, as CommonMark says. */
export function fencedBlocks(markdown: string): Ranges {
  if (!holdsText(lastFences, markdown)) lastFences.ranges = findFencedBlocks(markdown);
  return lastFences.ranges;
}

/**
 * The fence lines (after up to three spaces, ``` or ~~~) paired in document order: the first opens a block, and one of
 * the same character, at least as long and with nothing after it, closes it. Both markers are looked for with indexOf
 * and taken in turn, whichever comes first, with no list of fence lines to sort: this runs on every file planned. A
 * fence opened after block quote or list item markers (`> ```sh`, `- ```sh`) is walked line by line to its end there.
 */
function findFencedBlocks(markdown: string): Ranges {
  const ranges: Array<[number, number]> = [];
  // An HTML block's lines are passed on as written until its end: a fence line there (a fence commented out) opens
  // nothing, and must not swallow the text after the block as code. Asked only by a line that would open a fence.
  let html: HtmlBlocksAhead | undefined;
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
    let length = 3;
    while (markdown.charCodeAt(at + length) === char) length++;
    // A backtick fence's info string holds no backtick: ```a``` is a code span on a line of its own.
    const opens = openChar === 0 && !(isBacktick && markdown.lastIndexOf('`', end - 1) >= at + length);
    const start = lineStartIfIndented(markdown, at);
    if (start !== undefined) {
      if (opens && !(html ??= new HtmlBlocksAhead(markdown, ranges)).holds(start)) {
        openChar = char;
        openLength = length;
        openStart = start;
      } else if (openChar !== 0 && char === openChar && length >= openLength && isBlank(markdown, at + length, end)) {
        ranges.push([openStart, end]);
        openChar = 0;
      }
    } else if (opens) {
      const lineStart = markdown.lastIndexOf('\n', at - 1) + 1;
      const containers = containersBefore(markdown, lineStart, at);
      if (containers !== undefined && !(html ??= new HtmlBlocksAhead(markdown, ranges)).holds(lineStart)) {
        const blockEnd = containedFenceEnd(markdown, end, containers, char, length);
        ranges.push([lineStart, blockEnd]);
        end = blockEnd;
      }
    }
    // A line is looked at once per marker: the next fence line of this marker starts after it.
    // So does the other marker's, once it is behind: on this line, or within a fence walked to its end here.
    if (backticks !== -1 && backticks < end) backticks = markdown.indexOf('```', end);
    if (tildes !== -1 && tildes < end) tildes = markdown.indexOf('~~~', end);
  }
  if (openChar !== 0) ranges.push([openStart, markdown.length]);
  return ranges;
}

/**
 * For a fenced block (as fencedBlocks gives it) opened after block quote or list item markers (`> ```mermaid`): the
 * offset of its fence marker on the opening line, the marker's indentation inside the containers, and the offset where each later line's content starts inside those
 * containers (up to the block's end); undefined for a block opened at the start of its line. The diagrams read a fence
 * in a block quote through this, where every line carries a `>` that is no part of the diagram.
 */
export function containedFenceLines(markdown: string, start: number, end: number): { fence: number; indent: number; contentStarts: number[] } | undefined {
  let fence = start;
  while (markdown.charCodeAt(fence) === SPACE) fence++;
  if (markdown.charCodeAt(fence) === BACKTICK || markdown.charCodeAt(fence) === TILDE) return undefined;
  let lineEnd = markdown.indexOf('\n', start);
  if (lineEnd === -1 || lineEnd > end) lineEnd = end;
  while (fence < lineEnd && markdown.charCodeAt(fence) !== BACKTICK && markdown.charCodeAt(fence) !== TILDE) fence++;
  const containers = fence < lineEnd ? containersBefore(markdown, start, fence) : undefined;
  if (containers === undefined) return undefined;
  // Where the containers leave the opening line's content, as containersBefore walked it: the spaces from there to
  // the marker are the fence's own indentation, which CommonMark removes from its content lines too.
  let content = start;
  for (const width of containers) {
    let spaces = 0;
    while (spaces < 3 && markdown.charCodeAt(content + spaces) === SPACE) spaces++;
    if (width !== 0) content += width;
    else content += spaces + (markdown.charCodeAt(content + spaces + 1) === SPACE ? 2 : 1);
  }
  const contentStarts: number[] = [];
  while (lineEnd < end) {
    const lineStart = lineEnd + 1;
    lineEnd = markdown.indexOf('\n', lineStart);
    if (lineEnd === -1 || lineEnd > end) lineEnd = end;
    const at = containedLineContent(markdown, lineStart, lineEnd, containers);
    contentStarts.push(at === -1 ? lineStart : at);
  }
  return { fence, indent: fence - content, contentStarts };
}

/**
 * The block quote and list item markers a fence line opens with, outermost first (a list item as the width its
 * content is indented by on the lines that continue it), when nothing but such markers and up to three spaces stands
 * between the line's start and the fence at `fence`; undefined otherwise (the fence is then no fence, or indented code).
 */
function containersBefore(markdown: string, lineStart: number, fence: number): number[] | undefined {
  // A block quote is written as 0, a list item as its content's width.
  const containers: number[] = [];
  let at = lineStart;
  for (;;) {
    let spaces = 0;
    while (spaces < 3 && markdown.charCodeAt(at + spaces) === SPACE) spaces++;
    if (at + spaces === fence) return containers.length > 0 ? containers : undefined;
    const marker = at + spaces;
    if (markdown.charCodeAt(marker) === GREATER_THAN) {
      containers.push(0);
      at = marker + 1;
      if (markdown.charCodeAt(at) === SPACE) at++;
      continue;
    }
    const markerEnd = listMarkerEnd(markdown, marker);
    if (markerEnd === -1) return undefined;
    let after = 0;
    while (markdown.charCodeAt(markerEnd + after) === SPACE) after++;
    // One to four spaces after the marker; five or more would make the rest indented code.
    if (after === 0 || after > 4 || markerEnd + after > fence) return undefined;
    containers.push(markerEnd + after - at);
    at = markerEnd + after;
  }
}

/**
 * Where a fence opened inside block quotes and list items ends (the offset of its last line's end): at its closing
 * line, at the last line that continues all of its containers (a block quote's lines start with `>`, a list item's
 * are blank or indented by its content's width), or at the end of the text. `end`: the end of the opening line.
 */
function containedFenceEnd(markdown: string, end: number, containers: readonly number[], char: number, length: number): number {
  while (end < markdown.length) {
    const lineStart = end + 1;
    let lineEnd = markdown.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = markdown.length;
    const at = containedLineContent(markdown, lineStart, lineEnd, containers);
    if (at === -1) return end;
    let spaces = 0;
    while (spaces < 3 && markdown.charCodeAt(at + spaces) === SPACE) spaces++;
    let run = 0;
    while (markdown.charCodeAt(at + spaces + run) === char) run++;
    if (run >= length && isBlank(markdown, at + spaces + run, lineEnd)) return lineEnd;
    end = lineEnd;
  }
  return end;
}

/**
 * Where the content of the line [lineStart, lineEnd) starts inside `containers` (as containersBefore gives them): after
 * a `>` (up to three spaces in, one space after it) for each block quote and the content's width of spaces for each
 * list item; -1 when the line does not continue them. A blank line continues a list item, its content blank.
 */
function containedLineContent(markdown: string, lineStart: number, lineEnd: number, containers: readonly number[]): number {
  let at = lineStart;
  for (const width of containers) {
    if (width === 0) {
      let spaces = 0;
      while (spaces < 3 && markdown.charCodeAt(at + spaces) === SPACE) spaces++;
      if (markdown.charCodeAt(at + spaces) !== GREATER_THAN) return -1;
      at += spaces + 1;
      if (markdown.charCodeAt(at) === SPACE) at++;
    } else if (isBlank(markdown, at, lineEnd)) {
      return at;
    } else {
      for (let spaces = 0; spaces < width; spaces++, at++) if (markdown.charCodeAt(at) !== SPACE) return -1;
    }
  }
  return at;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
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
const EQUALS_SIGN = 0x3d;

/**
 * The first level-one heading's text: `# Title`, or `Title` over a line of `=` (setext), whichever comes first. The
 * `# ` headings are found with indexOf; the lines are walked (headingWalk.ts) only in a text with a line of `=` above
 * the first of them, since a setext heading is read from the paragraph above its underline.
 */
function firstHeading(markdown: string, code: Ranges): string | undefined {
  const atx = firstAtxHeading(markdown, code);
  if (!maySetextLevelOneBefore(markdown, atx?.at ?? markdown.length, code)) return atx?.text;
  const walked = firstLevelOneHeading(markdown, textBlocks(markdown, code));
  // The walk reads lines at LF only: a text whose lines end at a bare CR (an old Mac file) keeps its `# ` title.
  return walked?.text ?? atx?.text;
}

/** What headingWalk.ts needs to know of a text's blocks, from this module's readings of them. */
export function textBlocks(markdown: string, code: Ranges): TextBlocks {
  return { code, html: htmlBlocks(markdown, code), startsListItemBlock: (lineStart) => startsListItemBlock(markdown, lineStart, code) };
}

/**
 * Whether a text in which a first ATX level-one heading stands at `before` (its length when there is none) may hold a
 * setext level-one heading above it: a line of `=` alone, outside fenced code. Found with indexOf: most files hold none,
 * and only those that do are walked line by line for their title.
 */
export function maySetextLevelOneBefore(markdown: string, before: number, code: Ranges): boolean {
  for (let at = markdown.indexOf('=='); at !== -1 && at < before; ) {
    // A run of `=` is looked at once, from its first character (a file of one long run is read once, not once a pair).
    let start = at;
    while (start > 0 && markdown.charCodeAt(start - 1) === EQUALS_SIGN) start--;
    let runEnd = at + 2;
    while (markdown.charCodeAt(runEnd) === EQUALS_SIGN) runEnd++;
    let lineStart = start;
    while (lineStart > 0 && start - lineStart < 3 && markdown.charCodeAt(lineStart - 1) === 0x20) lineStart--;
    const startsItsLine = lineStart === 0 || markdown.charCodeAt(lineStart - 1) === 0x0a || markdown.charCodeAt(lineStart - 1) === 0x0d;
    if (startsItsLine && !inRanges(code, lineStart)) return true;
    at = markdown.indexOf('==', runEnd);
  }
  // A one-character underline (`Title` over `=`) is a heading too, and rare: looked for only in a text that has one.
  for (let at = markdown.indexOf('\n='); at !== -1 && at < before; at = markdown.indexOf('\n=', at + 1)) {
    if (!inRanges(code, at + 1)) return true;
  }
  return false;
}

function firstAtxHeading(markdown: string, code: Ranges): { text: string; at: number } | undefined {
  for (let at = markdown.indexOf('#'); at !== -1; at = markdown.indexOf('#', at + 1)) {
    const next = markdown[at + 1];
    if ((next !== ' ' && next !== '\t') || !startsLine(markdown, at) || isInCodeOrHtml(markdown, at, code)) continue;
    LINE_END.lastIndex = at;
    const end = LINE_END.exec(markdown)?.index ?? markdown.length;
    const text = markdown.slice(at + 1, end).replace(/[ \t]+#+[ \t]*$/, '').trim();
    if (text) return { text, at };
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

/** Inside a fenced block, an indented code line, or a code span. */
export function isInCode(markdown: string, offset: number, fenced: Ranges): boolean {
  if (inRanges(fenced, offset)) return true;
  const lineStart = lineStartOf(markdown, offset);
  // Four spaces or a tab before the line's first character: an indented code line, unless the line is a list item's
  // content (`- item` then `    - nested [link](x.md)`, as MkDocs writes lists) or continues a paragraph.
  if ((offset > lineStart && markdown.charCodeAt(lineStart) === TAB) || (offset - lineStart >= 4 && markdown.startsWith('    ', lineStart))) {
    if (indentedCodeLines(markdown, fenced).has(lineStart)) return true;
  }
  return inCodeSpan(markdown, offset, fenced);
}

/** A paragraph that holds a backtick, from its first one; `spans` (start, end in turn) once a link in it was asked about. */
interface TickedParagraph {
  start: number;
  end: number;
  spans: number[] | undefined;
}

/**
 * The paragraphs of the last text asked about that hold a backtick, found only as far into the text as isInCode is
 * asked about; a paragraph's backtick runs are paired only when an offset in it is asked about, and then once, however
 * many of its links are asked about, by however many callers.
 */
const lastSpans: { markdown: string | undefined; paragraphs: TickedParagraph[]; nextBacktick: number; fence: number } = {
  markdown: undefined,
  paragraphs: [],
  /** The first backtick after the paragraphs found so far (-1: none), and the first fence not behind it. */
  nextBacktick: -1,
  fence: 0,
};

function inCodeSpan(markdown: string, offset: number, fenced: Ranges): boolean {
  const known = lastSpans;
  if (!holdsText(known, markdown)) {
    known.paragraphs = [];
    known.nextBacktick = markdown.indexOf('`');
    known.fence = 0;
  }
  while (known.nextBacktick !== -1 && known.nextBacktick <= offset) {
    const tick = known.nextBacktick;
    while (known.fence < fenced.length && (fenced[known.fence] as readonly [number, number])[1] <= tick) known.fence++;
    const fence = fenced[known.fence];
    let next: number;
    // Backticks in a fenced block open no span, and a span never reaches into one.
    if (fence !== undefined && fence[0] <= tick) next = fence[1];
    else {
      next = paragraphEnd(markdown, tick, fence?.[0] ?? markdown.length, fenced);
      known.paragraphs.push({ start: tick, end: next, spans: undefined });
    }
    known.nextBacktick = markdown.indexOf('`', next);
  }
  // The last paragraph that starts at or before the offset holds it, or none does.
  const paragraphs = known.paragraphs;
  if (paragraphs.length === 0 || (paragraphs[0] as TickedParagraph).start > offset) return false;
  let low = 0;
  let high = paragraphs.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((paragraphs[middle] as TickedParagraph).start <= offset) low = middle + 1;
    else high = middle;
  }
  const paragraph = paragraphs[low - 1];
  if (paragraph === undefined || offset >= paragraph.end) return false;
  paragraph.spans ??= pairCodeSpans(markdown, paragraph.start, paragraph.end);
  for (let index = 0; index < paragraph.spans.length; index += 2) {
    if (offset < (paragraph.spans[index] as number)) return false;
    if (offset < (paragraph.spans[index + 1] as number)) return true;
  }
  return false;
}

/**
 * The end of the paragraph `from` is in (its last line's end), a fence at `fenceStart` ending it at the latest: a code
 * span, or an HTML comment in a paragraph, cannot cross it (a caller that needs to know no further passes a nearer
 * limit as `fenceStart`). A heading or a table row is a paragraph of one line (a span never crosses a table's cell
 * either); else it runs to the line before one that ends a paragraph (endsParagraph). Walked line by line with indexOf,
 * each line's first characters looked at: a regular expression tried at every line cost more than all the rest.
 * `depth`: paragraphDepth of `from`, when the caller has it.
 */
function paragraphEnd(markdown: string, from: number, fenceStart: number, fenced: Ranges, depth = paragraphDepth(markdown, from)): number {
  let end = markdown.indexOf('\n', from);
  if (end === -1) end = markdown.length;
  if (depth === ONE_LINE) return Math.min(end, fenceStart);
  while (end < fenceStart && end < markdown.length && !endsParagraph(markdown, end + 1, depth, fenced)) {
    end = markdown.indexOf('\n', end + 1);
    if (end === -1) end = markdown.length;
  }
  return Math.min(end, fenceStart);
}

/** paragraphDepth of a line that is a paragraph alone: a heading or a table row. */
const ONE_LINE = -1;

/**
 * The block quotes the paragraph `from` is in, as paragraphEnd walks on from its line, so that a line opening one
 * more (`a` then `> b`) ends it; ONE_LINE for a heading or a table row. A line before this one in more quotes is the
 * paragraph's too, this line continuing it lazily (`> a` then `b`): one line is looked at.
 */
function paragraphDepth(markdown: string, from: number): number {
  const lineStart = markdown.lastIndexOf('\n', from - 1) + 1;
  const first = afterQuoteMarkers(markdown, lineStart);
  if (markdown.charCodeAt(first) === PIPE || isHeadingStart(markdown, first)) return ONE_LINE;
  let depth = quoteDepth(markdown, lineStart);
  if (lineStart > 0) {
    const previous = markdown.lastIndexOf('\n', lineStart - 2) + 1;
    if (isParagraphText(markdown, previous)) depth = Math.max(depth, quoteDepth(markdown, previous));
  }
  return depth;
}

/** Where a line's text starts after its indentation and block quote markers. */
function afterQuoteMarkers(markdown: string, lineStart: number): number {
  let at = lineStart;
  for (let code = markdown.charCodeAt(at); code === SPACE || code === TAB || code === GREATER_THAN; code = markdown.charCodeAt(++at));
  return at;
}

/** How many block quote markers open the line, list item markers between them passed over (`- > a` is in one). */
function quoteDepth(markdown: string, lineStart: number): number {
  let depth = 0;
  for (let at = lineStart; ; ) {
    const code = markdown.charCodeAt(at);
    if (code === SPACE || code === TAB) at++;
    else if (code === GREATER_THAN) {
      depth++;
      at++;
    } else {
      const markerEnd = listMarkerEnd(markdown, at);
      if (markerEnd === -1 || !isSpaceOrLineEnd(markdown.charCodeAt(markerEnd))) return depth;
      at = markerEnd;
    }
  }
}

/** Whether the line at `lineStart` holds a paragraph's text (quote markers aside): not blank, a heading or a rule. */
function isParagraphText(markdown: string, lineStart: number): boolean {
  const at = afterQuoteMarkers(markdown, lineStart);
  const code = markdown.charCodeAt(at);
  if (Number.isNaN(code) || code === LINE_FEED || code === CR) return false;
  return code === HASH ? !isHeadingStart(markdown, at) : !isRuleLine(markdown, at);
}

/**
 * Whether the line at `lineStart` ends a paragraph in `depth` block quotes before it: a line that opens a block quote
 * more (its `>` no further in than a marker may stand), a blank line, a list item, a heading, a table row, an HTML
 * block that may interrupt a paragraph (types 1 to 6), or a line of only `-`, `*`, `_` or `=` (a rule, or a setext
 * underline that ends its heading). Four columns or more in, only where a list item's content starts a block there.
 */
function endsParagraph(markdown: string, lineStart: number, depth: number, fenced: Ranges): boolean {
  let at = lineStart;
  let quotes = 0;
  // The spaces since the line's start or the last `>`: a marker may stand three in, or four after a `>` (its own
  // space); one further in is text, and so is every `>` after it.
  let indent = 0;
  let allowed = 3;
  for (let code = markdown.charCodeAt(at); code === SPACE || code === TAB || code === GREATER_THAN; code = markdown.charCodeAt(++at)) {
    if (code !== GREATER_THAN) indent++;
    else if (indent > allowed) allowed = -1;
    else {
      if (++quotes > depth) return true;
      indent = 0;
      allowed = 4;
    }
  }
  const code = markdown.charCodeAt(at);
  if (Number.isNaN(code) || code === LINE_FEED || code === CR || code === PIPE) return true;
  let starts: boolean;
  if (code === LESS_THAN) {
    HTML_BLOCK_START.lastIndex = at;
    starts = HTML_BLOCK_START.test(markdown);
  } else if (code === HASH) starts = isHeadingStart(markdown, at);
  else {
    const markerEnd = listMarkerEnd(markdown, at);
    // A line of `=` in fewer quotes than the paragraph goes on with it lazily: only a line in them underlines it.
    starts = (markerEnd !== -1 && isSpaceOrLineEnd(markdown.charCodeAt(markerEnd))) || (isRuleLine(markdown, at) && (code !== EQUALS || quotes >= depth));
  }
  // Further in than a marker may stand, the line goes on with the paragraph (`text` then `    # more`), unless a list
  // item's content starts a block there (`- a` then `    - b`); the list items are read only for such a line.
  return starts && (indent <= allowed || (quotes === 0 && startsListItemBlock(markdown, lineStart, fenced)));
}

/** Whether the line's text from `at` is only `-`, `*`, `_` or `=` (one of them, spaces between): a rule or setext underline. */
function isRuleLine(markdown: string, at: number): boolean {
  const code = markdown.charCodeAt(at);
  if (code !== 0x2d && code !== 0x2a && code !== 0x5f && code !== 0x3d) return false;
  let end = markdown.indexOf('\n', at);
  if (end === -1) end = markdown.length;
  for (let char = at; char < end; char++) {
    const each = markdown.charCodeAt(char);
    if (each !== code && each !== SPACE && each !== TAB && each !== CR) return false;
  }
  return true;
}

/**
 * Where a list item's marker that starts at `at` ends: after `-`, `+` or `*`, or after one to nine digits and `.` or
 * `)`; -1 when none starts there. What may follow it (a space, the line's end) is the caller's to say.
 */
function listMarkerEnd(markdown: string, at: number): number {
  const first = markdown.charCodeAt(at);
  if (first === 0x2d || first === 0x2b || first === 0x2a) return at + 1;
  let end = at;
  while (end - at < 9 && isDigit(markdown.charCodeAt(end))) end++;
  const close = markdown.charCodeAt(end);
  return end > at && (close === 0x2e || close === CLOSE_PARENTHESIS) ? end + 1 : -1;
}

/** Whether an ATX heading's `#` run (one to six, then a space, a tab or the line's end) starts at `at`. */
function isHeadingStart(markdown: string, at: number): boolean {
  let hashes = 0;
  while (hashes < 7 && markdown.charCodeAt(at + hashes) === HASH) hashes++;
  return hashes >= 1 && hashes <= 6 && isSpaceOrLineEnd(markdown.charCodeAt(at + hashes));
}

function isSpaceOrLineEnd(code: number): boolean {
  return code === SPACE || code === TAB || code === LINE_FEED || code === CR || Number.isNaN(code);
}

// The backtick runs of the paragraph being paired, as each one's start and length in turn: one array for every text.
const runs: number[] = [];

/**
 * The code spans (start, end in turn) of the paragraph [from, end), whose first backtick is at `from`, paired as
 * CommonMark 6.1 pairs them: a run opens a span that the next run of the same length closes, across lines; a run no
 * such run follows is literal backticks, and a backslash before a run takes its first backtick out of it (inside a span
 * a backslash is literal, so a closing run is never shortened).
 */
function pairCodeSpans(markdown: string, from: number, end: number): number[] {
  const spans: number[] = [];
  runs.length = 0;
  for (let at = from; at !== -1 && at < end; at = markdown.indexOf('`', at)) {
    const start = at;
    while (markdown.charCodeAt(at) === BACKTICK) at++;
    runs.push(start, at - start);
  }
  // The lengths no later run has, as bits (1 << length) for the short runs nearly all are: each length is searched for
  // to the paragraph's end once at most.
  let unmatched = 0;
  for (let index = 0; index < runs.length; index += 2) {
    let start = runs[index] as number;
    let length = runs[index + 1] as number;
    if (isEscaped(markdown, start)) {
      start++;
      length--;
    }
    if (length === 0 || (length < 31 && (unmatched & (1 << length)) !== 0)) continue;
    let closing = index + 2;
    while (closing < runs.length && runs[closing + 1] !== length) closing += 2;
    if (closing >= runs.length) {
      if (length < 31) unmatched |= 1 << length;
      continue;
    }
    spans.push(start, (runs[closing] as number) + length);
    index = closing;
  }
  return spans;
}

/**
 * Inside code, or inside HTML that CommonMark passes on as written (an HTML block, an HTML comment): Markdown is not
 * read there, so what looks like a link, an image, a definition or a heading there is none on the page.
 */
export function isInCodeOrHtml(markdown: string, offset: number, fenced: Ranges): boolean {
  return isInCode(markdown, offset, fenced) || htmlAt(markdown, offset, fenced) !== undefined;
}

type HtmlKind = 'comment' | 'block';

interface HtmlRanges {
  /** HTML comments, in blocks or in paragraphs: nothing in them is shown. */
  comments: Ranges;
  /** HTML blocks, a comment that starts a line included: Markdown is text there (no heading, link or fence). */
  blocks: Ranges;
}

// The last text's HTML blocks and comments, found when isInCodeOrHtml is first asked about it: one search for `<`
// in a text without any, a look at each `<` in one with some.
const lastHtml: { markdown: string | undefined; ranges: HtmlRanges } = { markdown: undefined, ranges: { comments: [], blocks: [] } };

/** The HTML comments and blocks of the text, found once for the last text asked about. */
function htmlOf(markdown: string, fenced: Ranges): HtmlRanges {
  if (!holdsText(lastHtml, markdown)) lastHtml.ranges = findHtml(markdown, fenced);
  return lastHtml.ranges;
}

/** Whether `offset` is in an HTML comment (where not even an <img> tag is shown) or in another HTML block. */
function htmlAt(markdown: string, offset: number, fenced: Ranges): HtmlKind | undefined {
  const html = htmlOf(markdown, fenced);
  if (inRanges(html.comments, offset)) return 'comment';
  return inRanges(html.blocks, offset) ? 'block' : undefined;
}

/**
 * [start, end) offsets of the HTML blocks (comments that start a line included) outside code, in document order: the
 * ranges isInCodeOrHtml reads, for a caller that walks the lines in order (a line inside one holds no heading).
 */
export function htmlBlocks(markdown: string, fenced: Ranges): Ranges {
  return htmlOf(markdown, fenced).blocks;
}

/**
 * Whether one of the ranges holds `offset`: the last that starts at or before it, found by a binary search (the HTML
 * searches ask at every `<` that starts a line). Ranges come in order of their starts and never end before the one
 * before them ends: a comment found within another (a `<!--` in a paragraph's comment) ends at the same `-->`.
 */
function inRanges(ranges: Ranges, offset: number): boolean {
  let low = 0;
  let high = ranges.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ranges[middle] as readonly [number, number])[0] <= offset) low = middle + 1;
    else high = middle;
  }
  return low > 0 && offset < (ranges[low - 1] as readonly [number, number])[1];
}

// CommonMark 4.6's HTML blocks 1 to 6, which may interrupt a paragraph: the groups say which, and so how it ends.
const HTML_BLOCK_START = new RegExp(
  String.raw`<(?:(!--)|(pre|script|style|textarea)(?=[\s>]|$)|(\?)|(![A-Za-z])|(!\[CDATA\[)|\/?(?:` +
    'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|' +
    'h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul' +
    String.raw`)(?=[\s>]|\/>|$))`,
  'iy',
);
// CommonMark 4.6's HTML block 7: a line of only one complete open tag (6.6) of any name but those of type 1, or one
// complete closing tag of any name (`</pre>` too), such as `<custom-note>`, `<span class="x">` or `</custom-note>`; it
// cannot interrupt a paragraph and ends before a blank line. Read on its line alone (no \s, which would cross lines),
// as cmark reads the line it starts on.
const TAG_ATTRIBUTE = String.raw`[ \t]+[A-Za-z_:][A-Za-z0-9_.:-]*(?:[ \t]*=[ \t]*(?:[^ \t\r\n"'=<>\x60]+|'[^'\r\n]*'|"[^"\r\n]*"))?`;
const HTML_TAG_LINE = new RegExp(
  String.raw`(?:<(?!(?:pre|script|style|textarea)(?![A-Za-z0-9-]))[A-Za-z][A-Za-z0-9-]*(?:${TAG_ATTRIBUTE})*[ \t]*\/?>|<\/[A-Za-z][A-Za-z0-9-]*[ \t]*>)[ \t]*(?=\r?\n|$)`,
  'iy',
);
const RAW_TEXT_END = /<\/(?:pre|script|style|textarea)>/gi;
// A blank line, which ends an HTML block of type 6 or 7.
const BLANK_LINE = /\n[ \t]*\r?\n/g;

/**
 * The HTML blocks outside code (from the line's start, up to three spaces in or after block quote and list item
 * markers, to the end of the line with the block's end condition, or to the blank line that ends blocks of types 6 and
 * 7, or to the last line that continues the quotes and list items it opened in) and the comments (`<!--` to `-->`: in a
 * paragraph when both are in it; a comment that starts a line is a block of its own, to its `-->`
 * line's end, and is both a comment and a block). A line that starts a block inside a comment of a paragraph starts it
 * all the same (it interrupts the paragraph), as findFencedBlocks reads it: both must agree on where each block is.
 */
function findHtml(markdown: string, fenced: Ranges): HtmlRanges {
  let at = markdown.indexOf('<');
  if (at === -1) return NO_HTML;
  const comments: Array<[number, number]> = [];
  const blocks: Array<[number, number]> = [];
  // The end of the block (not a comment) the search is in, and of the last block of any kind.
  let blockEnd = -1;
  let previousEnd = -1;
  // Each `<!--`'s `-->` and line end, found going forward through the text once.
  const closeFrom = forwardIndexOf(markdown, '-->');
  const lineEndFrom = forwardIndexOf(markdown, '\n');
  // The last `<!--` in a paragraph that the paragraph ended before its `-->`: where the paragraph ends, that `-->`, and
  // the block quotes it was walked in (paragraphDepth).
  let textOnly = { end: -1, close: -1, depth: 0 };
  for (; at !== -1; at = markdown.indexOf('<', at + 1)) {
    const inBlock = at < blockEnd;
    if (!inBlock && opensHtmlBlock(markdown, at, previousEnd, fenced)) {
      const { lineStart, end } = openedBlock;
      previousEnd = end;
      blocks.push([lineStart, end]);
      if (markdown.startsWith('<!--', at)) {
        comments.push([lineStart, end]);
        at = end - 1;
      } else {
        blockEnd = end;
      }
      continue;
    }
    if (!markdown.startsWith('<!--', at)) continue;
    // `<!-->` and `<!--->` are whole comments too (CommonMark 0.31).
    const close = closeFrom(at + 2);
    if (inBlock) {
      comments.push([at, close === -1 ? blockEnd : close + 3]);
      if (close !== -1) at = close + 2;
      continue;
    }
    if (close === -1 || isInCode(markdown, at, fenced)) continue;
    // A comment in a paragraph is inline HTML, closed in the same paragraph or not at all: a heading, a list item or a
    // blank line before the `-->` ends the paragraph, and the `<!--` is then only text (what follows it is read).
    // The paragraph is walked no further than the `-->` (paragraphEnd stops at the limit it is given, and says it).
    const lineEnd = lineEndFrom(at);
    if (lineEnd !== -1 && lineEnd < close) {
      // A later `<!--` of a paragraph already walked to its end before this same `-->`, in no more block quotes, is
      // text too: its walk would end no later (endsParagraph ends a line at a smaller depth wherever it ends it at a
      // greater one). Else each line of a long paragraph of `<!--` walked the rest of it again.
      const depth = paragraphDepth(markdown, at);
      if (at <= textOnly.end && close === textOnly.close && depth <= textOnly.depth) continue;
      const end = paragraphEnd(markdown, at, Math.min(fenceStartAfter(fenced, at), close + 1), fenced, depth);
      if (end < close) {
        textOnly = { end, close, depth };
        continue;
      }
    }
    comments.push([at, close + 3]);
    // What the comment holds is its text: a `<!--` in it opens nothing (each was read to the `-->` again).
    at = close + 2;
  }
  return { comments, blocks };
}

const NO_HTML: HtmlRanges = { comments: [], blocks: [] };

/**
 * `text.indexOf(needle, from)` for offsets asked in increasing order: the last answer serves every offset up to it
 * (and none, -1, every offset after), so a text is read once however often it is asked. Looked for from each of many
 * `<!--` that no `-->` closes, or on a line that never ends, each search read to the text's end.
 */
function forwardIndexOf(text: string, needle: string): (from: number) => number {
  let found = -2;
  return (from) => {
    if (found === -2 || (found !== -1 && found < from)) found = text.indexOf(needle, from);
    return found;
  };
}

/** The start of the first of the ranges that starts after `offset` (the text's length when none does). */
function fenceStartAfter(fenced: Ranges, offset: number): number {
  let low = 0;
  let high = fenced.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((fenced[middle] as readonly [number, number])[0] <= offset) low = middle + 1;
    else high = middle;
  }
  return (fenced[low] as readonly [number, number] | undefined)?.[0] ?? Number.MAX_SAFE_INTEGER;
}

// The block opensHtmlBlock found last: one object for every text, as it is asked at every `<` that starts a line.
const openedBlock = { lineStart: 0, end: -1 };

/**
 * Whether an HTML block starts with the `<` at `at`, outside code: only up to three spaces into its line, or after
 * block quote and list item markers (`> <div>`, `- <details>`), as CommonMark reads a container's content as blocks.
 * Sets openedBlock to the block's line start and end. A line of a lone tag (type 7) starts one only where no paragraph
 * runs on into it; `previousEnd` is the end of the HTML block before, after which none does. A block four spaces or
 * more in, in a list item's content, is found only with `readListItems`: the list items are read with every fence
 * known, so findFencedBlocks, which asks while it finds them, does not see it (a fence line there still opens one).
 */
function opensHtmlBlock(markdown: string, at: number, previousEnd: number, fenced: Ranges, readListItems = true): boolean {
  let lineStart = lineStartIfIndented(markdown, at);
  let containers: number[] | undefined;
  // Four spaces or more and no marker before it: a block only as a list item's content (`- a`, `  - b`, `    <div>`).
  let inListItem = false;
  if (lineStart === undefined) {
    lineStart = markersLineStart(markdown, at);
    if (lineStart === undefined) return false;
    containers = containersBefore(markdown, lineStart, at);
    if (containers === undefined) {
      if (!readListItems || !onlySpacesBetween(markdown, lineStart, at)) return false;
      inListItem = true;
    }
  }
  if (inRanges(fenced, at)) return false;
  let ends: HtmlBlockEnd;
  HTML_BLOCK_START.lastIndex = at;
  const start = HTML_BLOCK_START.exec(markdown);
  if (start !== null) ends = htmlBlockEndOf(start);
  else {
    HTML_TAG_LINE.lastIndex = at;
    if (!HTML_TAG_LINE.test(markdown)) return false;
    // A list item's marker on the line opens its content there, with no paragraph in it yet.
    if ((containers === undefined || !containers.some((width) => width > 0)) && paragraphRunsInto(markdown, lineStart, previousEnd, fenced)) return false;
    ends = 'blank';
  }
  // Asked last, of a line that would open a block: it reads the list items of the whole text (once a text).
  if (inListItem && !startsListItemBlock(markdown, lineStart, fenced)) return false;
  openedBlock.lineStart = lineStart;
  if (containers !== undefined) openedBlock.end = containedHtmlBlockEnd(markdown, at, ends, containers);
  else {
    openedBlock.end = htmlBlockEnd(markdown, at, ends);
    // Indented, it may be a list item's content (`1. Step` then `   <details>`), which ends at a line less indented
    // than the item's content (`2. Next`): an HTML block has no lazy lines. Only a line less indented than the `<`
    // before the block's end can end it early, so the list items are read only when one is there.
    if (at > lineStart && lessIndentedLineBefore(markdown, at, at - lineStart, openedBlock.end)) {
      const base = listItemBaseOfHtml(markdown, lineStart, fenced, readListItems);
      if (base !== undefined) openedBlock.end = containedHtmlBlockEnd(markdown, at, ends, [base]);
    }
  }
  return true;
}

/** Whether a line after the one of `from` and before `end` holds text fewer than `indent` spaces in. */
function lessIndentedLineBefore(markdown: string, from: number, indent: number, end: number): boolean {
  for (let lineStart = markdown.indexOf('\n', from) + 1; lineStart > 0 && lineStart < end; lineStart = markdown.indexOf('\n', lineStart) + 1) {
    let spaces = 0;
    while (spaces < indent && markdown.charCodeAt(lineStart + spaces) === SPACE) spaces++;
    if (spaces < indent && !isBlank(markdown, lineStart + spaces, lineEndOf(markdown, lineStart))) return true;
  }
  return false;
}

function lineEndOf(markdown: string, at: number): number {
  const end = markdown.indexOf('\n', at);
  return end === -1 ? markdown.length : end;
}

// The list items as read with the fences findFencedBlocks had found when it asked (`fenced` grows as it finds them,
// and holds every fence before the line it asks about, so that line's list items are read right), kept while no
// fence is added.
const partialListItems: { markdown: string | undefined; fences: number; lines: IndentedLines | undefined } = { markdown: undefined, fences: 0, lines: undefined };

/**
 * The column where the content of the list item that the line at `lineStart` (starting with `<` after its
 * indentation) is in starts; undefined when the line is in none. `complete`: `fenced` holds every fence of the text,
 * else only those before the line (findFencedBlocks asking), and the list items are read again for it.
 */
function listItemBaseOfHtml(markdown: string, lineStart: number, fenced: Ranges, complete: boolean): number | undefined {
  if (complete) return indentedLines(markdown, fenced).htmlListBases.get(lineStart);
  const known = partialListItems;
  if (!holdsText(known, markdown) || known.fences !== fenced.length || known.lines === undefined) {
    known.lines = findIndentedCodeLines(markdown, fenced);
    known.fences = fenced.length;
  }
  return known.lines.htmlListBases.get(lineStart);
}

function onlySpacesBetween(markdown: string, from: number, to: number): boolean {
  for (let at = from; at < to; at++) if (markdown.charCodeAt(at) !== SPACE) return false;
  return true;
}

/**
 * The start of the line of `at` when only block quote and list item markers and spaces stand before it (containersBefore
 * then says whether they are markers); undefined otherwise. Looks back only over such characters, so a `<` in a line's
 * text costs a look at the character before it.
 */
function markersLineStart(markdown: string, at: number): number | undefined {
  let before = at - 1;
  for (; before >= 0; before--) {
    const code = markdown.charCodeAt(before);
    if (code === LINE_FEED) break;
    if (code !== SPACE && code !== GREATER_THAN && code !== 0x2d && code !== 0x2b && code !== 0x2a && code !== 0x2e && code !== CLOSE_PARENTHESIS && !isDigit(code)) return undefined;
  }
  return before + 1;
}

/**
 * What ends an HTML block, by the group of HTML_BLOCK_START that matched: `-->` (type 2), a closing raw text tag (1),
 * `?>` (3), `>` (4), `]]>` (5), or a blank line (6; and 7, which HTML_BLOCK_START does not match).
 */
type HtmlBlockEnd = '-->' | 'raw' | '?>' | '>' | ']]>' | 'blank';

function htmlBlockEndOf(start: RegExpExecArray): HtmlBlockEnd {
  if (start[1] !== undefined) return '-->';
  if (start[2] !== undefined) return 'raw';
  if (start[3] !== undefined) return '?>';
  if (start[4] !== undefined) return '>';
  return start[5] !== undefined ? ']]>' : 'blank';
}

type EndCondition = Exclude<HtmlBlockEnd, 'blank'>;

/**
 * endConditionFrom's last answer for each end condition in the last text asked about. Blocks open going forward through
 * a text, and every `from` from the one asked up to the answer has that answer (and every later one too when it is
 * -1, none). Without it, each of many blocks that nothing closes searched to the text's end: `- <!--` on every line
 * opens a block in each list item, which ends with the item.
 */
const lastEndConditions: { markdown: string | undefined; answers: Map<EndCondition, { from: number; at: number }> } = { markdown: undefined, answers: new Map() };

/** The offset of the first end condition at or after `from` (the block's `<` and two more: `<!-->` ends at once); -1: none. */
function endConditionFrom(markdown: string, from: number, ends: EndCondition): number {
  if (!holdsText(lastEndConditions, markdown)) lastEndConditions.answers.clear();
  const last = lastEndConditions.answers.get(ends);
  if (last !== undefined && from >= last.from && (last.at === -1 || from <= last.at)) return last.at;
  let at: number;
  if (ends !== 'raw') at = markdown.indexOf(ends, from);
  else {
    RAW_TEXT_END.lastIndex = from;
    at = RAW_TEXT_END.exec(markdown)?.index ?? -1;
  }
  lastEndConditions.answers.set(ends, { from, at });
  return at;
}

/** Where the HTML block at `at` ends: its end condition's line's end, else the text's; before a blank line for 'blank'. */
function htmlBlockEnd(markdown: string, at: number, ends: HtmlBlockEnd): number {
  if (ends === 'blank') {
    BLANK_LINE.lastIndex = at;
    return BLANK_LINE.exec(markdown)?.index ?? markdown.length;
  }
  const condition = endConditionFrom(markdown, at + 2, ends);
  if (condition === -1) return markdown.length;
  const end = markdown.indexOf('\n', condition);
  return end === -1 ? markdown.length : end;
}

/**
 * Where an HTML block opened at `at` inside `containers` ends: at the end of its end condition's line (looked for in
 * the lines' content, not in their markers: a quote's `>` ends no type 4 block), or before a line blank inside them
 * (types 6 and 7), or at the last line that continues them (an HTML block has no lazy lines).
 */
function containedHtmlBlockEnd(markdown: string, at: number, ends: HtmlBlockEnd, containers: readonly number[]): number {
  let end = markdown.indexOf('\n', at);
  if (end === -1) end = markdown.length;
  let condition = ends === 'blank' ? -1 : endConditionFrom(markdown, at + 2, ends);
  if (condition !== -1 && condition < end) return end;
  while (end < markdown.length) {
    const lineStart = end + 1;
    let lineEnd = markdown.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = markdown.length;
    const content = containedLineContent(markdown, lineStart, lineEnd, containers);
    if (content === -1) return end;
    if (ends === 'blank') {
      if (isBlank(markdown, content, lineEnd)) return end;
    } else if (condition !== -1 && condition < lineEnd) {
      if (condition < content) condition = endConditionFrom(markdown, content, ends);
      if (condition !== -1 && condition < lineEnd) return lineEnd;
    }
    end = lineEnd;
  }
  return end;
}

/**
 * Whether the line before `lineStart` is a paragraph's, which a line of a lone tag then continues: it is unless it is
 * none (the text's first line), blank, a heading, a rule or setext underline, a line of a fenced block, or the last
 * line of an HTML block. An indented line is taken for a paragraph's: whether it is code is not looked up for this.
 */
function paragraphRunsInto(markdown: string, lineStart: number, previousEnd: number, fenced: Ranges): boolean {
  if (lineStart === 0 || lineStart - 1 === previousEnd) return false;
  // lastIndexOf reads a negative start as 0: the second line's search would find the first line's own LF.
  const previousStart = lineStart === 1 ? 0 : markdown.lastIndexOf('\n', lineStart - 2) + 1;
  if (inRanges(fenced, previousStart)) return false;
  const at = afterQuoteMarkers(markdown, previousStart);
  const code = markdown.charCodeAt(at);
  if (code === LINE_FEED || code === CR) return false;
  if (code === HASH) return !isHeadingStart(markdown, at);
  return !isRuleLine(markdown, at);
}

/**
 * The HTML blocks of a text found in document order only as far as findFencedBlocks asks, with the fences it found so
 * far (every fence before the line it asks about): whether a fence line is inside one. One search for `<` to the last
 * line asked about, each `<` looked at once; opensHtmlBlock is what findHtml reads blocks with, so the two agree.
 */
class HtmlBlocksAhead {
  private next: number;
  private end = -1;

  constructor(private readonly markdown: string, private readonly fenced: Ranges) {
    this.next = markdown.indexOf('<');
  }

  /** Whether the line at `lineStart` is inside an HTML block that starts on a line before it. */
  holds(lineStart: number): boolean {
    const markdown = this.markdown;
    while (this.next !== -1 && this.next < lineStart) {
      const at = this.next;
      let resume = at + 1;
      // The list items are not read here: reading them needs every fence, which are being found (see opensHtmlBlock).
      if (opensHtmlBlock(markdown, at, this.end, this.fenced, false)) {
        this.end = openedBlock.end;
        resume = openedBlock.end;
      }
      this.next = markdown.indexOf('<', resume);
    }
    return lineStart < this.end;
  }
}

interface IndentedLines {
  /** The starts of the lines that are indented code. */
  code: ReadonlySet<number>;
  /**
   * The starts of the lines indented four columns or more that are a list item's content less than four columns right
   * of where it starts (`1. Step` then `    ## Details`): not code, and a block of their own (a heading among them).
   */
  listBlocks: ReadonlySet<number>;
  /**
   * The column where the list item's content starts, by the start of each line in one that starts with `<` after its
   * indentation (`1. Step` then `   <details>`): an HTML block opened there ends where the list item does.
   */
  htmlListBases: ReadonlyMap<number, number>;
  /** The fences inside list items indented four columns or more (`  - b` then `    ```mermaid`), which fencedBlocks does not see. */
  listItemFences: readonly ListItemFence[];
}

/**
 * A fence opened inside a list item at four columns or more from the line's start (fencedBlocks sees three at most),
 * as findIndentedCodeLines reads it: its lines' content starts `base` columns in, the fence's own indentation there
 * is `indent` columns, which CommonMark removes from its content lines too.
 */
export interface ListItemFence {
  /** The start of the opening line. */
  start: number;
  /** The offset of the opening fence marker. */
  marker: number;
  /** The end of its last line (before its LF): the closing line's when `closed`. */
  end: number;
  base: number;
  indent: number;
  /** Whether a fence line of its own closes it (else the list item, or the text, ends first). */
  closed: boolean;
}

// The last text's indented lines, found only for a text where isInCode or the headings ask about an indented line.
const lastIndented: { markdown: string | undefined; lines: IndentedLines } = { markdown: undefined, lines: { code: new Set(), listBlocks: new Set(), htmlListBases: new Map(), listItemFences: [] } };

function indentedLines(markdown: string, fenced: Ranges): IndentedLines {
  if (!holdsText(lastIndented, markdown)) lastIndented.lines = findIndentedCodeLines(markdown, fenced);
  return lastIndented.lines;
}

function indentedCodeLines(markdown: string, fenced: Ranges): ReadonlySet<number> {
  return indentedLines(markdown, fenced).code;
}

/** The fences inside list items that fencedBlocks does not see, in document order, read as link inspection reads them. */
export function listItemFences(markdown: string): readonly ListItemFence[] {
  return indentedLines(markdown, fencedBlocks(markdown)).listItemFences;
}

/**
 * Whether the line starting at `lineStart` (after an LF), indented four columns or more, starts a block inside a list
 * item rather than being indented code or a paragraph's continuation: CommonMark reads a heading there.
 */
export function startsListItemBlock(markdown: string, lineStart: number, fenced: Ranges): boolean {
  return indentedLines(markdown, fenced).listBlocks.has(lineStart);
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
function findIndentedCodeLines(markdown: string, fenced: Ranges): IndentedLines {
  const code = new Set<number>();
  const listBlocks = new Set<number>();
  const htmlListBases = new Map<number, number>();
  const listItemFences: ListItemFence[] = [];
  // The columns where the open list items' content starts, outermost first.
  const lists: number[] = [];
  let paragraph = false;
  let nestedFence: { closing: RegExp; base: number; found: ListItemFence } | undefined;
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
      // A fence's own lines are code already: only its first line says which lists it is in, and opens a list item
      // when the fence stands on the item's marker line (`- ```sh`).
      if ((fenced[fence] as readonly [number, number])[0] === lineStart) {
        while (lists.length > 0 && column < (lists.at(-1) as number)) lists.pop();
        const marker = LIST_MARKER.exec(rest);
        if (marker !== null) lists.push(listContentColumn(column, marker[0], rest));
      }
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
        nestedFence.found.end = end;
        if (column - nestedFence.base < 4 && nestedFence.closing.test(rest)) {
          nestedFence.found.closed = true;
          nestedFence = undefined;
        }
        continue;
      }
      nestedFence = undefined; // the list item it was in ends, and the fence with it
    }
    let depth = lists.length;
    while (depth > 0 && column < (lists[depth - 1] as number)) depth--;
    const base = depth > 0 ? (lists[depth - 1] as number) : 0;
    const marker = column - base < 4 ? LIST_MARKER.exec(rest) : null;
    // Inside a list item's content by its indentation: a block starts here if it is one (a heading interrupts a paragraph).
    if (depth > 0 && column >= 4 && column - base < 4) listBlocks.add(lineStart);
    if (depth > 0 && column - base < 4 && rest.charCodeAt(0) === LESS_THAN) htmlListBases.set(lineStart, base);
    // A paragraph's continuation line, however far in, is never code; but a fence interrupts a paragraph, so one in
    // the item's content (`  * If so:` then `     ```bash`) opens code there. So does a block quote, a heading, a rule
    // or an HTML block: one less indented than the item's content (`- a` then `> b`) is no lazy line, and ends the item.
    if (marker === null && paragraph && !(column - base < 4 && interruptsParagraph(rest, column >= 4))) continue;
    lists.length = depth;
    if (column - base >= 4) {
      code.add(lineStart);
      continue;
    }
    if (marker !== null) {
      const content = listContentColumn(column, marker[0], rest);
      lists.push(content);
      const text = rest.slice(marker[0].length).trimStart();
      const fenceMark = /^(`{3,}|~{3,})/.exec(text);
      if (fenceMark) {
        const found = { start: lineStart, marker: at + rest.length - text.length, end, base: content, indent: 0, closed: false };
        listItemFences.push(found);
        nestedFence = { closing: closingFence(fenceMark[1] as string), base: content, found };
      }
      paragraph = text !== '' && !fenceMark && !NOT_PARAGRAPH.test(text);
      continue;
    }
    const fenceMark = /^(`{3,}|~{3,})/.exec(rest);
    if (fenceMark && column >= 4) {
      const found = { start: lineStart, marker: at, end, base, indent: column - base, closed: false };
      listItemFences.push(found);
      nestedFence = { closing: closingFence(fenceMark[1] as string), base, found };
      paragraph = false;
      continue;
    }
    paragraph = !NOT_PARAGRAPH.test(rest);
  }
  return { code, listBlocks, htmlListBases, listItemFences };
}

const THEMATIC_BREAK = /^(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;

/**
 * Whether a line's text (after its indentation) starts a block that interrupts a paragraph, other than a list item:
 * a block quote, a heading, a rule, an HTML block of types 1 to 6, and a fence when `fence` (findIndentedCodeLines
 * sees a fence three columns in or less in fencedBlocks).
 */
function interruptsParagraph(rest: string, fence: boolean): boolean {
  const first = rest.charCodeAt(0);
  if (first === GREATER_THAN) return true;
  if (first === HASH) return isHeadingStart(rest, 0);
  if (first === LESS_THAN) {
    HTML_BLOCK_START.lastIndex = 0;
    return HTML_BLOCK_START.test(rest);
  }
  if (first === BACKTICK || first === TILDE) return fence && /^(`{3,}|~{3,})/.test(rest);
  return (first === 0x2d || first === 0x2a || first === 0x5f) && THEMATIC_BREAK.test(rest);
}

/** The column a list item's content starts at: one to four spaces after its marker, else one (the rest is code). */
function listContentColumn(column: number, marker: string, rest: string): number {
  const after = rest.slice(marker.length);
  const spaces = after.length - after.trimStart().length;
  return after.trim() === '' || spaces > 4 ? column + marker.length + 1 : column + marker.length + spaces;
}

/** The line that closes a fence opened by `opening` (backticks or tildes): as many of them or more, nothing after. */
function closingFence(opening: string): RegExp {
  return new RegExp(`^\\${opening[0] ?? '`'}{${opening.length},}[ \\t]*$`);
}

/**
 * Where isInCode last looked in the last text asked about. A link's brackets, and the links after it on the same line,
 * are asked about in turn, by the findings and by the link destinations: the line's start is kept (a search back for
 * it, lastIndexOf, is a call into the runtime).
 */
const lastLooked = { markdown: '', lineOffset: -1, lineStart: 0 };

/** The offset just after the last LF before `offset` (0 when none). */
function lineStartOf(markdown: string, offset: number): number {
  const known = lastLooked;
  if (holdsText(known, markdown) && known.lineOffset >= 0 && offset >= known.lineStart) {
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

/** Forgets what was found in another text. */
function lookingAt(markdown: string): void {
  if (!holdsText(lastLooked, markdown)) lastLooked.lineOffset = -1;
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const HASH = 0x23;
const EQUALS = 0x3d;
const CLOSE_PARENTHESIS = 0x29;
const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const BACKTICK = 0x60;
const PIPE = 0x7c;
const TILDE = 0x7e;

/**
 * A Windows path from a drive (`C:\docs\a.png`, `C:/docs/a.png`), which reads as a one-letter scheme: a picture on
 * this machine. Only images are named by it: a link written so is left to the links' own reading (linkTarget).
 */
function isDrivePath(target: string): boolean {
  const letter = target.charCodeAt(0) | 0x20;
  const slash = target.charCodeAt(2);
  return letter >= 0x61 && letter <= 0x7a && target.charCodeAt(1) === 0x3a && (slash === 0x5c || slash === 0x2f);
}

/** An address (an image's, an HTML link's) that names a file on this machine: a local path, file:, or a Windows drive's path. */
function namesLocalFile(target: string): boolean {
  return isLocal(target) || isDrivePath(target);
}

/** Anything without a scheme (and not protocol-relative or an anchor) is a path on this machine, as is file:. */
function isLocal(target: string): boolean {
  if (target === '' || target.startsWith('#') || target.startsWith('//')) return false;
  if (/^file:/i.test(target)) return true;
  return !SCHEME.test(target);
}

// The targets already listed, by list: a search of the list for each link cost a second for a 1.3 MB file with 15,000
// different targets (it grew with their square). A list past a few targets gets a set, dropped with the list.
const listed = new WeakMap<string[], Set<string>>();

function pushUnique(list: string[], value: string): void {
  if (list.length < 16) {
    if (!list.includes(value)) list.push(value);
    return;
  }
  let seen = listed.get(list);
  if (seen === undefined) listed.set(list, (seen = new Set(list)));
  if (!seen.has(value)) {
    seen.add(value);
    list.push(value);
  }
}
