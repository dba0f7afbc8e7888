// Where the link destinations of a Markdown text are: inline links `[text](dest "title")` and reference
// definitions `[id]: dest`. Images (also a definition only images use) and anything in code or HTML are left out, since none is ever rewritten (in code
// and HTML, CommonMark reads no link). It runs on every file of a run, up to about 1 MB each, so it looks closer only
// where brackets are.
import { fencedBlocks, holdsDefinitionMarker, imageOnlyLabels, isInCodeOrHtml, referenceLabel, type Ranges } from '../../publish/inspect';
import { isEscaped } from '../../text/escaped';

export interface LinkDestination {
  /** [start, end) of the destination as written, angle brackets included: what a rewrite replaces. */
  start: number;
  end: number;
  /** The destination without angle brackets, backslash escapes and percent-encoding still as written. */
  text: string;
  angle: boolean;
}

// A definition's label (not a `[^note]` footnote), then the destination, which may sit on the next line. Before the
// label: block quote markers and up to three spaces, or indentation of any width, since a definition in a list item is
// indented to the item's content (`1. Step` then `    [guide]: setup.md`, as many editors indent lists); whether that
// indentation makes the line indented code instead is decided by isInCode, which knows the list items (not quotes).
// Every run of white space below can be matched one way only: where a pattern had two runs of spaces side by side
// (`[ \t]*\r?\n?[ \t]*`, or a quote marker's space and the next marker's indentation), a line that then failed to
// match was tried at every way of sharing its spaces between them, which took seconds for a line of 20,000 spaces or of
// 24 quote markers (`> > > ...`), and longer without end: a repository is untrusted input. Each matches the same texts.
/** Spaces or tabs, then at most one line break and more of them (one of `[ \t]*\r?\n?[ \t]*`). */
export const SPACE_ACROSS_LINE = String.raw`[ \t]*(?:(?:\r\n?|\n)[ \t]*)?`;
/** Block quote markers and up to three spaces after them (one of `(?: {0,3}>[ \t]?)+ {0,3}`). */
export const QUOTE_LEAD = String.raw` {0,3}>(?:(?:\t {0,3}| {0,4})>)*(?:\t {0,3}| {0,4})`;
const REFERENCE_DEFINITION = new RegExp(String.raw`^((?:${QUOTE_LEAD}|[ \t]*)\[(?!\^)(?:[^\]\\\n]|\\.)+\]:${SPACE_ACROSS_LINE})(<[^<>\n]*>|[^\s<][^\s]*)`, 'gm');
const DEFINITION_LINE = new RegExp(String.raw`^(?:${QUOTE_LEAD}|[ \t]*)\[(?:[^\]\\\n]|\\.)+\]:`);
const ATX_LINE = /^[ \t]*#{1,6}(?:[ \t]|$)/;
const QUOTE_MARKERS = /^(?: {0,3}>[ \t]?)+/;
// Sticky, so it is tried right where a destination ends without copying the rest of the text. A title may span
// lines but not a blank one, which also bounds the scan for a quote that never closes.
const TITLE_CHAR = String.raw`\\[\s\S]|\n(?![ \t]*\r?\n)`;
const LINK_CLOSE = new RegExp(String.raw`${SPACE_ACROSS_LINE}(?:(?:"(?:[^"\\\n]|${TITLE_CHAR})*"|'(?:[^'\\\n]|${TITLE_CHAR})*'|\((?:[^()\\\n]|${TITLE_CHAR})*\))${SPACE_ACROSS_LINE})?\)`, 'y');
const BLANK_LINE = /\n[ \t]*\r?\n/g;

/** The destinations of links and reference definitions outside code, in document order. */
export function findLinkDestinations(markdown: string): LinkDestination[] {
  const code = fencedBlocks(markdown);
  const inline = inlineLinks(markdown, code);
  const definitions = referenceDefinitions(markdown, code);
  // Each list is in document order already: only both together need sorting.
  if (definitions.length === 0) return inline;
  return [...inline, ...definitions].sort((a, b) => a.start - b.start);
}

/**
 * One pass over the brackets with a stack, as CommonMark pairs them: a `]` closes the nearest open `[`, and a blank
 * line ends every open link text. Linear in the text, however many brackets it holds. The brackets are found with
 * indexOf and a blank line is looked for only while a `[` is open: a regular expression that matched every blank line
 * cost an iteration and a match array each, on every file of a run.
 */
function inlineLinks(markdown: string, code: Ranges): LinkDestination[] {
  const found: LinkDestination[] = [];
  const open = openBrackets;
  open.length = 0;
  let nextOpen = markdown.indexOf('[');
  // A `]` before the first `[` closes nothing; once no `]` is left, nothing more can close.
  let nextClose = nextOpen < 0 ? -1 : markdown.indexOf(']', nextOpen);
  // The first blank line at or after the previous bracket, looked up again only once the brackets pass it.
  let blank = -1;
  let previous = 0;
  while (nextClose >= 0) {
    const isOpen = nextOpen >= 0 && nextOpen < nextClose;
    const at = isOpen ? nextOpen : nextClose;
    if (open.length > 0) {
      if (blank < previous) {
        // test() leaves lastIndex after the blank line, whose LF-led start is found back from there: no match array.
        BLANK_LINE.lastIndex = previous;
        blank = BLANK_LINE.test(markdown) ? markdown.lastIndexOf('\n', BLANK_LINE.lastIndex - 2) : markdown.length;
      }
      if (blank < at) open.length = 0;
    }
    previous = at;
    if (isOpen) {
      nextOpen = markdown.indexOf('[', at + 1);
      if (!isEscaped(markdown, at)) open.push(at);
      continue;
    }
    nextClose = markdown.indexOf(']', at + 1);
    if (isEscaped(markdown, at)) continue;
    const opening = open.pop();
    if (opening === undefined || markdown[at + 1] !== '(' || isImage(markdown, opening)) continue;
    const destination = readDestination(markdown, at + 2);
    if (destination && !isInCodeOrHtml(markdown, opening, code) && !isInCodeOrHtml(markdown, at, code)) found.push(destination);
  }
  return found;
}

// The stack of open brackets, one for every text: nothing inlineLinks calls comes back to it.
const openBrackets: number[] = [];

function referenceDefinitions(markdown: string, code: Ranges): LinkDestination[] {
  if (!holdsDefinitionMarker(markdown)) return [];
  const found: LinkDestination[] = [];
  // A definition only images use is an image, which is never rewritten (and the plan names it as an image).
  const imageOnly = imageOnlyLabels(markdown);
  for (const match of markdown.matchAll(REFERENCE_DEFINITION)) {
    const lead = match[1] ?? '';
    const written = match[2] ?? '';
    // Asked at the label's `[`: only there does isInCode see the indentation that may make the line indented code.
    const label = match.index + lead.indexOf('[');
    if (isInCodeOrHtml(markdown, label, code) || continuesParagraph(markdown, match.index)) continue;
    if (imageOnly?.has(referenceLabel(lead.slice(lead.indexOf('[') + 1, lead.lastIndexOf(']'))))) continue;
    const start = match.index + lead.length;
    const angle = written.startsWith('<');
    found.push({ start, end: start + written.length, text: angle ? written.slice(1, -1) : written, angle });
  }
  return found;
}

/**
 * A definition cannot interrupt a paragraph: the line before must be blank, a heading or another definition. A line of
 * only block quote markers (`>`) is a blank line inside the quote.
 */
function continuesParagraph(markdown: string, lineStart: number): boolean {
  if (lineStart === 0) return false;
  const previousStart = markdown.lastIndexOf('\n', lineStart - 2) + 1;
  const previous = markdown.slice(previousStart, lineStart - 1).replace(/\r$/, '');
  const quoted = previous.replace(QUOTE_MARKERS, '');
  return quoted.trim() !== '' && !DEFINITION_LINE.test(previous) && !ATX_LINE.test(quoted);
}

function isImage(markdown: string, open: number): boolean {
  return open > 0 && markdown[open - 1] === '!' && !isEscaped(markdown, open - 1);
}

/** The destination that starts (after optional spaces) at `from`, when a well-formed link closes after it. */
function readDestination(markdown: string, from: number): LinkDestination | undefined {
  let start = from;
  while (markdown[start] === ' ' || markdown[start] === '\t') start++;
  if (markdown.startsWith('\r\n', start)) start += 2;
  else if (markdown[start] === '\n') start++;
  while (markdown[start] === ' ' || markdown[start] === '\t') start++;
  const end = markdown[start] === '<' ? angleEnd(markdown, start) : bareEnd(markdown, start);
  if (end === undefined || end === start || !closesLink(markdown, end)) return undefined;
  const angle = markdown[start] === '<';
  return { start, end, text: markdown.slice(angle ? start + 1 : start, angle ? end - 1 : end), angle };
}

function angleEnd(markdown: string, start: number): number | undefined {
  for (let at = start + 1; at < markdown.length; at++) {
    const char = markdown[at];
    if (char === '\\') at++;
    else if (char === '>') return at + 1;
    else if (char === '<' || char === '\n') return undefined;
  }
  return undefined;
}

const MAX_PARENTHESIS_DEPTH = 32;

/**
 * A bare destination runs to a space or control character, or to the `)` that balances its own parentheses. Nested
 * more than MAX_PARENTHESIS_DEPTH deep it is none, as markdown-it (the sandbox's page view) reads it: each later link
 * of a text with no space (`[](` again and again, as a pull request may write) opens one more, and each destination
 * was read on to the text's end.
 */
function bareEnd(markdown: string, start: number): number | undefined {
  let depth = 0;
  for (let at = start; at < markdown.length; at++) {
    const char = markdown[at] ?? '';
    if (char === '\\') at++;
    else if (char === '(' && ++depth > MAX_PARENTHESIS_DEPTH) return undefined;
    else if (char === ')' && depth-- === 0) return at;
    else if (char <= ' ') return at;
  }
  return undefined;
}

/** After the destination: optional whitespace, an optional quoted or parenthesised title, then `)`. */
function closesLink(markdown: string, end: number): boolean {
  LINK_CLOSE.lastIndex = end;
  return LINK_CLOSE.test(markdown);
}
