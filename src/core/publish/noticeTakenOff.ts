// The publish notice (publishNotice.ts) taken off a page's exported Markdown again: Pull, Compare and Open Wiki Page as
// Markdown show the page as the file would hold it. Only the notice goes, never text:
// - the notice is a paragraph directly in the page: one in code, an HTML block or comment, a quote, a list item or a
//   table is quoted there (topParagraphs, the Markdown scanner's blocks), and so is one before another notice;
// - a paragraph that quotes a notice, marker and all (a page about this tool, one published with the notice off, or
//   whose notice a colleague took away), is the page's text. Where the file is known, a notice whose marker the file's
//   own Markdown holds is the file's text; and the page's notice is its last one, so none above it is looked for;
// - words a colleague typed into the notice's paragraph (on its line, after a line break, before it, or in place of
//   its second sentence) stay, as a paragraph of their own: Pull brings them home, and the next publish writes its own
//   notice after them, one notice on the page; so do links a colleague put on the notice's own words;
// - a notice of the file's own (its marker names the file) that a colleague moved into a quote or a list item is still
//   its notice, where the page has none directly in it: it goes with its `>` or its item when they hold nothing else,
//   alone when it ends a quote or item a colleague wrote more in, and stays when their words share its paragraph (links
//   they put on its words come in, outside the quote or item).
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
import { quotedParagraphs } from '../markdown/blocks/quotedParagraphs';
import { topParagraphs, type TopParagraph } from '../markdown/blocks/topParagraphs';
import { MARKER, type PublishMarker } from './publishNotice';
import { isTable, lineBefore, trailingBackslashes } from './noticeLines';

export interface NoticeOwner {
  /**
   * The file's own Markdown (now, and as published), when known: a notice-shaped paragraph whose marker one of them
   * holds is the file's text. A notice's marker names the content it was sent with, so no file holds its own page's.
   */
  fileTexts?: ReadonlyArray<string | undefined>;
  /** The notice's words, when not the English ones. */
  words?: Pick<PublishMessages, 'publishNotice'>;
  /**
   * Whether a marker names the file (run/publishedFrom.ts), when the file is known: only a notice of the file's own is
   * taken out of a quote or a list item, where a colleague may as well quote another page's.
   */
  ownMarker?: (marker: PublishMarker) => boolean;
}

/**
 * Markdown exported from a published page without its notice; a page without one comes back as it is. The notice is a
 * paragraph directly in the page (never one in code, an HTML block, a quote, a list item or a table: those quote it),
 * and the page's is the last such paragraph that is notice-shaped: what follows it is a colleague's. Where it has none,
 * the last notice of the file's own (`owner.ownMarker`) in a quote or a list item is it. Each line is read a
 * bounded number of times, whatever the page holds (a Pull must not freeze on a page of a thousand markers).
 */
export function withoutNotice(markdown: string, owner: NoticeOwner = {}): string {
  if (!MARKER.test(markdown)) return markdown;
  const candidates = topParagraphs(markdown, ({ start, end }) => MARKER.test(markdown.slice(start, end)));
  const patterns = noticePatterns(owner.words ?? englishPublishMessages);
  for (let index = candidates.length - 1; index >= 0; index--) {
    const { start, end } = candidates[index] as TopParagraph;
    const paragraph: Paragraph = { start, end, text: markdown.slice(start, end).replace(/\r\n?/g, '\n') };
    if (isTable(paragraph.text)) continue;
    const notice = noticeIn(paragraph.text, patterns);
    if (notice === undefined) continue;
    // The page's last notice is the file's own text: the page has none (a colleague took it away, or notices are off).
    if (heldByFile(notice.text, owner.fileTexts)) return markdown;
    return withCut(markdown, paragraph, wordsBeside(paragraph.text, notice), eolOf(markdown));
  }
  return owner.ownMarker === undefined ? markdown : withoutQuotedNotice(markdown, patterns, owner);
}

/**
 * The page without the file's own notice in a quote or list item, the last one (none is directly in the page): with
 * the containers that hold nothing else, and never when a colleague's words stand beside it there (then it is their
 * text, as any quote).
 */
function withoutQuotedNotice(markdown: string, patterns: readonly NoticeForm[], owner: NoticeOwner): string {
  const candidates = quotedParagraphs(markdown, (text) => MARKER.test(text));
  for (let index = candidates.length - 1; index >= 0; index--) {
    const { text, alone, last } = candidates[index] as (typeof candidates)[number];
    const paragraph = text.replace(/\r\n?/g, '\n');
    if (isTable(paragraph)) continue;
    const notice = noticeIn(paragraph, patterns);
    const found = notice === undefined ? null : MARKER.exec(notice.text);
    if (notice === undefined || found === null || !owner.ownMarker?.({ version: Number(found[1]), digest: found[2] as string, path: found[3] as string })) continue;
    if (heldByFile(notice.text, owner.fileTexts)) return markdown;
    // Links a colleague put on its words come into the file, as a paragraph of its own outside the quote or item.
    const words = wordsBeside(paragraph, notice);
    if (words.before !== '' || words.after !== '') return markdown;
    if (alone?.topLevel === true) return withCut(markdown, alone, words, eolOf(markdown));
    if (alone !== undefined) return withLinesCut(markdown, alone.start, alone.end, words.links);
    if (last === undefined) return markdown;
    // The last block of a quote or item a colleague wrote more in: the blank lines of the quote that led to it go too.
    let start = last.start;
    for (let previous = lineBefore(markdown, start); previous !== undefined && CONTAINER_BLANK.test(markdown.slice(previous.start, previous.end)); previous = lineBefore(markdown, start)) start = previous.start;
    return withLinesCut(markdown, start, last.end, words.links);
  }
  return markdown;
}

/**
 * The text without the lines from `start` (a line's start) to `end` (a line's end) and its line ending: an item of a
 * longer list, a quote in a list item, the last paragraph of a quote. The blocks around stay as they are; a list that
 * ended the page ends it without the blank line that led to the item. `links`: a paragraph put where the lines were,
 * blank lines around it, directly in the page.
 */
function withLinesCut(markdown: string, start: number, end: number, links: string): string {
  const next = /\r\n|\r|\n/y;
  next.lastIndex = end;
  const tail = markdown.slice(next.test(markdown) ? next.lastIndex : end);
  const head = markdown.slice(0, start);
  const eol = eolOf(markdown);
  if (links === '') return tail.trim() === '' ? `${head.trimEnd()}${eol}` : head + tail;
  const before = head.trim() === '' ? '' : `${head.trimEnd()}${eol}${eol}`;
  const rest = tail.replace(/^(?:[ \t]*(?:\r\n|\r|\n))+/, '');
  return `${before}${links}${eol}${rest.trim() === '' ? '' : `${eol}${rest}`}`;
}

function eolOf(markdown: string): string {
  return markdown.includes('\r\n') ? '\r\n' : '\n';
}

const LINK_PLACEHOLDER = '\u0001';
// A link a colleague put on the notice's own words (`with [Wiki Publisher](https://...)`): its destination, bare (one
// level of parentheses, as in a Wikipedia address) or in angle brackets, and a title. The notice is still the notice.
const DESTINATION = '(?:<[^<>\\n]*>|(?:[^\\s()<>]|\\([^\\s()<>]*\\))*)(?:\\s+(?:"[^"]*"|\'[^\']*\'))?';
// Emphasis inside the link's text (`[*this page*](...)`) goes with it: a few marks, never a run tried at each length.
const LINK_CLOSE = `(?:[*_]{0,3}\\]\\(${DESTINATION}\\))?`;
/** A link in the notice's paragraph: a colleague's, unless its destination carries a marker (the notice's own). */
const ANY_LINK = new RegExp(`\\[(?:\\\\.|[^\\\\\\[\\]])*\\]\\(${DESTINATION}\\)`, 'g');
// A Markdown link whose destination carries a marker after its `#` (how noticeAfter writes it: `[label](<url#marker>)`;
// an exporter may drop the angle brackets or add a title). Its text holds no `[` but an escaped one (noticeAfter escapes
// the label's): one that could would be read from every `Published from [` to the paragraph's end.
const MARKER_LINK = `\\[(?:\\\\.|[^\\\\\\[\\]])*\\]\\(\\s*<?[^\\s<>]*#${MARKER.source}>?(?:\\s+(?:"[^"]*"|'[^']*'))?\\s*\\)`;

/**
 * The notice's forms, longest first, each as the expression that finds it in a paragraph as written: its words with
 * emphasis and escapes anywhere between their letters, any whitespace (an exporter's wrapping) between words, its link
 * as any link carrying a marker. Each sentence from the first on is a form: a colleague may have taken the request at
 * its end away, or written their own in its place.
 */
function noticePatterns(words: Pick<PublishMessages, 'publishNotice'>): NoticeForm[] {
  const whole = words.publishNotice(LINK_PLACEHOLDER).replace(/[*_\\]/g, '').replace(/\s+/g, ' ').trim();
  const sentences = whole.split(/(?<=\.) /);
  const forms = sentences.map((_, count): NoticeForm => {
    const rest = sentences.slice(count + 1).join(' ');
    return {
      pattern: new RegExp(formSource(sentences.slice(0, count + 1).join(' ')), 'g'),
      rest: rest === '' ? undefined : new RegExp(`${formSource(rest)}\\s*$`),
    };
  });
  return forms.reverse();
}

interface NoticeForm {
  pattern: RegExp;
  /** The notice's sentences after the form's, as they end its paragraph where a colleague typed words between. */
  rest: RegExp | undefined;
}

function formSource(form: string): string {
  const characters = [...form];
  // Emphasis closed after the last word belongs to the notice, as does emphasis opened before the first (noticeIn:
  // looked for here, a run of `*` would be tried from each of its places, in time that grows with its square).
  let source = '';
  characters.forEach((character, at) => {
    if (character === ' ') {
      source += '\\s[\\s*_\\\\]*';
      return;
    }
    if (character === LINK_PLACEHOLDER) source += MARKER_LINK;
    else {
      // A link a colleague made of the notice's words opens at a word's start and closes after any letter of it.
      if (at === 0 || characters[at - 1] === ' ') source += '(?:\\[[*_]{0,3})?';
      source += character.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&') + LINK_CLOSE;
    }
    source += at === characters.length - 1 ? '[*_]*' : '[*_\\\\]*';
  });
  return source;
}

interface Paragraph {
  /** The start of its first line and the end of its last, in the page's text. */
  start: number;
  end: number;
  /** Its lines, joined with LF. */
  text: string;
}

interface NoticeSpan {
  start: number;
  end: number;
  text: string;
  /** Where the notice's remaining sentences end the paragraph, after words a colleague typed into its middle. */
  rest?: { start: number; end: number };
}

/** The paragraph's last notice, by the longest form found in it. */
function noticeIn(paragraph: string, patterns: readonly NoticeForm[]): NoticeSpan | undefined {
  for (const { pattern, rest } of patterns) {
    let found: RegExpExecArray | undefined;
    for (const match of paragraph.matchAll(pattern)) found = match;
    if (found === undefined) continue;
    let start = found.index;
    while (start > 0 && (paragraph[start - 1] === '*' || paragraph[start - 1] === '_')) start--;
    const end = found.index + found[0].length;
    const span: NoticeSpan = { start, end, text: paragraph.slice(start, end) };
    const restFound = rest?.exec(paragraph.slice(end));
    if (restFound !== undefined && restFound !== null) span.rest = { start: end + restFound.index, end: paragraph.length };
    return span;
  }
  return undefined;
}

function heldByFile(notice: string, fileTexts: ReadonlyArray<string | undefined> | undefined): boolean {
  if (fileTexts === undefined) return false;
  const markers = [...notice.matchAll(new RegExp(MARKER.source, 'g'))].map((match) => match[0]);
  return fileTexts.some((text) => text !== undefined && markers.some((marker) => text.includes(marker)));
}

/**
 * The text without the notice: the words of its paragraph before and after it stay, each a paragraph of its own, and
 * the links a colleague put on its words one between them; the rule before it and the blank lines around go with it
 * when it opens its paragraph. `paragraph`: the notice's paragraph, or the quote or list that holds only the notice. Whatever follows the paragraph
 * ends the text as it did (only its blank lines go: the first line's indentation is its meaning, four spaces make it
 * indented code).
 */
function withCut(markdown: string, paragraph: { start: number; end: number }, words: WordsBeside, eol: string): string {
  const { before, links, after } = words;
  let cut = paragraph.start;
  let previous = lineBefore(markdown, cut);
  const skipBlankLines = (): void => {
    while (previous !== undefined && markdown.slice(previous.start, previous.end).trim() === '') {
      cut = previous.start;
      previous = lineBefore(markdown, cut);
    }
  };
  skipBlankLines();
  if (before === '' && previous !== undefined && THEMATIC_BREAK.test(markdown.slice(previous.start, previous.end))) {
    cut = previous.start;
    previous = lineBefore(markdown, cut);
    skipBlankLines();
  }
  const head = previous === undefined ? '' : markdown.slice(0, previous.end);
  const tail = markdown.slice(paragraph.end).replace(/^(?:\r\n|\r|\n)/, '').replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
  const blocks = [head, before.replace(/\n/g, eol), links, after.replace(/\n/g, eol), tail].filter((block) => block !== '');
  return `${blocks.join(eol + eol)}${eol}`;
}

/** What stays of the notice's paragraph: a colleague's words before and after it, and the links they put on it. */
interface WordsBeside {
  before: string;
  links: string;
  after: string;
}

function wordsBeside(paragraph: string, notice: NoticeSpan): WordsBeside {
  let { before, after } = wordsAround(paragraph, notice);
  before = before.trimEnd();
  // A line break that led into the notice (or out of it) ends a paragraph now: its backslash would be read as text.
  if (trailingBackslashes(before) % 2 === 1) before = before.slice(0, -1).trimEnd();
  after = after.replace(/^[ \t]*(?:\\(?=\n))?\s*/, '').trimEnd();
  // Marks that only wrapped the notice (`~~` a colleague struck it through with) would be left as a line of their own.
  if (WRAPPER_ONLY.test(before)) before = '';
  if (WRAPPER_ONLY.test(after)) after = '';
  return { before, links: addedLinks(paragraph, notice).join(' '), after };
}

/**
 * The paragraph's words before and after the notice. Where the notice's emphasis took in a colleague's words (their
 * sentence in place of the notice's second, inside its `*...*`), those words keep it.
 */
function wordsAround(paragraph: string, notice: NoticeSpan): { before: string; after: string } {
  let before = paragraph.slice(0, notice.start);
  let after = notice.rest === undefined ? paragraph.slice(notice.end) : paragraph.slice(notice.end, notice.rest.start);
  const opened = notice.text.slice(0, emphasisRun(notice.text, 0, 1));
  const closed = notice.text.slice(emphasisRun(notice.text, notice.text.length - 1, -1) + 1);
  if (opened !== '' && closed === '' && after.trimEnd().endsWith(opened)) after = opened + after.trimStart();
  if (closed !== '' && opened === '' && before.trimStart().startsWith(closed)) before = before.trimEnd() + closed;
  return { before, after };
}

/**
 * The links a colleague put on the notice's own words, as written (`[Wiki Publisher](https://...)`): the notice goes,
 * and they come into the file as a paragraph of their own rather than being lost with it.
 */
function addedLinks(paragraph: string, notice: NoticeSpan): string[] {
  const spans = [notice.text, notice.rest === undefined ? '' : paragraph.slice(notice.rest.start, notice.rest.end)];
  return spans.flatMap((span) => [...span.matchAll(ANY_LINK)].map((link) => link[0]).filter((link) => !MARKER.test(link)));
}

/** Where the run of `*` and `_` from `at` (going by `step`) ends: the first place that is neither. */
function emphasisRun(text: string, at: number, step: 1 | -1): number {
  let index = at;
  while (index >= 0 && index < text.length && (text[index] === '*' || text[index] === '_')) index += step;
  return index;
}

const WRAPPER_ONLY = /^[\s*_~]+$/;
/** A line of a block quote (or a list item) that holds nothing but its markers. */
const CONTAINER_BLANK = /^[ \t>]*$/;
/** A line that is a CommonMark thematic break: three or more of one of `-`, `*`, `_`, spaces allowed between. */
const THEMATIC_BREAK = /^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/;
