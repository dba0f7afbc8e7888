// The publish notice (publishNotice.ts) taken off a page's exported Markdown again: Pull, Compare and Open Wiki Page as
// Markdown show the page as the file would hold it. Only the notice goes, never text:
// - a paragraph that quotes a notice, marker and all (a page about this tool, one published with the notice off, or
//   whose notice a colleague took away), is the page's text. Where the file is known, a notice whose marker the file's
//   own Markdown holds is the file's text; and the page's notice is its last one, so none above it is looked for;
// - words a colleague typed into the notice's paragraph (on its line, after a line break, before it, or in place of
//   its second sentence) stay, as a paragraph of their own: Pull brings them home, and the next publish writes its own
//   notice after them, one notice on the page.
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
import { MARKER } from './publishNotice';

export interface NoticeOwner {
  /**
   * The file's own Markdown (now, and as published), when known: a notice-shaped paragraph whose marker one of them
   * holds is the file's text. A notice's marker names the content it was sent with, so no file holds its own page's.
   */
  fileTexts?: ReadonlyArray<string | undefined>;
  /** The notice's words, when not the English ones. */
  words?: Pick<PublishMessages, 'publishNotice'>;
}

/** Markdown exported from a published page without its notice; a page without one comes back as it is. */
export function withoutNotice(markdown: string, owner: NoticeOwner = {}): string {
  if (!MARKER.test(markdown)) return markdown;
  const lines = markdown.split(/\r?\n/);
  const patterns = noticePatterns(owner.words ?? englishPublishMessages);
  for (let index = lines.length - 1; index >= 0; index--) {
    if (!MARKER.test(lines[index] as string)) continue;
    const paragraph = paragraphAround(lines, index);
    const notice = noticeIn(paragraph.text, patterns);
    if (notice === undefined) {
      index = paragraph.first;
      continue;
    }
    // The page's last notice is the file's own text: the page has none (a colleague took it away, or notices are off).
    if (heldByFile(notice.text, owner.fileTexts)) return markdown;
    return withNoticeCut(lines, paragraph, notice, markdown.includes('\r\n') ? '\r\n' : '\n');
  }
  return markdown;
}

const LINK_PLACEHOLDER = '\u0001';
// A Markdown link whose destination carries a marker after its `#` (how noticeAfter writes it: `[label](<url#marker>)`;
// an exporter may drop the angle brackets or add a title).
const MARKER_LINK = `\\[(?:\\\\.|[^\\\\\\]])*\\]\\(\\s*<?[^\\s<>]*#${MARKER.source}>?(?:\\s+(?:"[^"]*"|'[^']*'))?\\s*\\)`;

/**
 * The notice's forms, longest first, each as the expression that finds it in a paragraph as written: its words with
 * emphasis and escapes anywhere between their letters, any whitespace (an exporter's wrapping) between words, its link
 * as any link carrying a marker. Each sentence from the first on is a form: a colleague may have taken the request at
 * its end away, or written their own in its place.
 */
function noticePatterns(words: Pick<PublishMessages, 'publishNotice'>): RegExp[] {
  const whole = words.publishNotice(LINK_PLACEHOLDER).replace(/[*_\\]/g, '').replace(/\s+/g, ' ').trim();
  const sentences = whole.split(/(?<=\.) /);
  const forms = sentences.map((_, count) => sentences.slice(0, count + 1).join(' ')).reverse();
  return forms.map((form) => new RegExp(formSource(form), 'g'));
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
    source += character === LINK_PLACEHOLDER ? MARKER_LINK : character.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    source += at === characters.length - 1 ? '[*_]*' : '[*_\\\\]*';
  });
  return source;
}

interface Paragraph {
  /** Its first and last line. */
  first: number;
  last: number;
  /** Its lines, joined with LF. */
  text: string;
}

/** The paragraph the line `at` is in: the lines around it up to a blank line or a thematic break. */
function paragraphAround(lines: readonly string[], at: number): Paragraph {
  let first = at;
  while (first > 0 && (lines[first - 1] as string).trim() !== '' && !THEMATIC_BREAK.test(lines[first - 1] as string)) first--;
  let last = at;
  while (last + 1 < lines.length && (lines[last + 1] as string).trim() !== '') last++;
  return { first, last, text: lines.slice(first, last + 1).join('\n') };
}

interface NoticeSpan {
  start: number;
  end: number;
  text: string;
}

/** The paragraph's last notice, by the longest form found in it. */
function noticeIn(paragraph: string, patterns: readonly RegExp[]): NoticeSpan | undefined {
  for (const pattern of patterns) {
    let found: RegExpExecArray | undefined;
    for (const match of paragraph.matchAll(pattern)) found = match;
    if (found === undefined) continue;
    let start = found.index;
    while (start > 0 && (paragraph[start - 1] === '*' || paragraph[start - 1] === '_')) start--;
    const end = found.index + found[0].length;
    return { start, end, text: paragraph.slice(start, end) };
  }
  return undefined;
}

function heldByFile(notice: string, fileTexts: ReadonlyArray<string | undefined> | undefined): boolean {
  if (fileTexts === undefined) return false;
  const markers = [...notice.matchAll(new RegExp(MARKER.source, 'g'))].map((match) => match[0]);
  return fileTexts.some((text) => text !== undefined && markers.some((marker) => text.includes(marker)));
}

/**
 * The text without the notice: the words of its paragraph before and after it stay, each a paragraph of its own; the
 * rule before it and the blank lines around go with it when it opens its paragraph. Whatever follows the paragraph
 * ends the text as it did (only its blank lines go: the first line's indentation is its meaning, four spaces make it
 * indented code).
 */
function withNoticeCut(lines: readonly string[], paragraph: Paragraph, notice: NoticeSpan, eol: string): string {
  let { before, after } = wordsAround(paragraph.text, notice);
  before = before.trimEnd();
  // A line break that led into the notice (or out of it) ends a paragraph now: its backslash would be read as text.
  if (/(?:^|[^\\])(?:\\\\)*\\$/.test(before)) before = before.slice(0, -1).trimEnd();
  after = after.replace(/^[ \t]*(?:\\(?=\n))?\s*/, '').trimEnd();
  let cut = paragraph.first;
  if (before === '') {
    while (cut > 0 && (lines[cut - 1] as string).trim() === '') cut--;
    if (cut > 0 && THEMATIC_BREAK.test(lines[cut - 1] as string)) cut--;
  }
  while (cut > 0 && (lines[cut - 1] as string).trim() === '') cut--;
  const head = lines.slice(0, cut).join(eol);
  const tail = lines.slice(paragraph.last + 1).join(eol).replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
  const blocks = [head, before.replace(/\n/g, eol), after.replace(/\n/g, eol), tail].filter((block) => block !== '');
  return `${blocks.join(eol + eol)}${eol}`;
}

/**
 * The paragraph's words before and after the notice. Where the notice's emphasis took in a colleague's words (their
 * sentence in place of the notice's second, inside its `*...*`), those words keep it.
 */
function wordsAround(paragraph: string, notice: NoticeSpan): { before: string; after: string } {
  let before = paragraph.slice(0, notice.start);
  let after = paragraph.slice(notice.end);
  const opened = /^[*_]*/.exec(notice.text)?.[0] ?? '';
  const closed = /[*_]*$/.exec(notice.text)?.[0] ?? '';
  if (opened !== '' && closed === '' && after.trimEnd().endsWith(opened)) after = opened + after.trimStart();
  if (closed !== '' && opened === '' && before.trimStart().startsWith(closed)) before = before.trimEnd() + closed;
  return { before, after };
}

/** A line that is a CommonMark thematic break: three or more of one of `-`, `*`, `_`, spaces allowed between. */
const THEMATIC_BREAK = /^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/;
