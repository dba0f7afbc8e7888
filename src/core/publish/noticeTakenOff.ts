// The publish notice (publishNotice.ts) taken off a page's exported Markdown again: Pull, Compare and Open Wiki Page as
// Markdown show the page as the file would hold it. Only the notice goes, never text: a paragraph that quotes a notice,
// marker and all (a page about this tool, one published with the notice off, or whose notice a colleague took away), is
// the page's text. Where the file is known, a notice whose marker the file's own Markdown holds is the file's text; and
// the page's notice is its last one, so none above it is looked for.
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

/**
 * Markdown exported from a published page without its notice: the lines that read as the notice (its words around one
 * link whose address carries a marker), and the rule just before them. Words a colleague wrote into the notice's
 * paragraph stay, and Pull brings them home. A page without a notice comes back as it is.
 */
export function withoutNotice(markdown: string, owner: NoticeOwner = {}): string {
  const lines = markdown.split('\n');
  const forms = noticeForms(owner.words ?? englishPublishMessages);
  for (let index = lines.length - 1; index >= 0; index--) {
    if (!MARKER.test(lines[index] as string)) continue;
    const found = noticeLinesAround(lines, index, forms);
    if (found === undefined) continue;
    // The page's last notice is the file's own text: the page has none (a colleague took it away, or notices are off).
    if (heldByFile(lines.slice(found.start, found.end + 1).join('\n'), owner.fileTexts)) return markdown;
    return withLinesCut(lines, found);
  }
  return markdown;
}

function heldByFile(notice: string, fileTexts: ReadonlyArray<string | undefined> | undefined): boolean {
  if (fileTexts === undefined) return false;
  const markers = [...notice.matchAll(new RegExp(MARKER.source, 'g'))].map((match) => match[0]);
  return fileTexts.some((text) => text !== undefined && markers.some((marker) => text.includes(marker)));
}

/** The notice's words as they read once its link is one placeholder and emphasis, escapes and wrapping are gone. */
function noticeForms(words: Pick<PublishMessages, 'publishNotice'>): string[] {
  const whole = plainNoticeText(words.publishNotice(LINK_PLACEHOLDER));
  // Each sentence from the first on is a notice too: a colleague may have taken the request at its end away.
  const sentences = whole.split(/(?<=\.) /);
  return sentences.map((_, count) => sentences.slice(0, count + 1).join(' '));
}

const LINK_PLACEHOLDER = '\u0001';
// A Markdown link whose destination carries a marker after its `#` (how noticeAfter writes it: `[label](<url#marker>)`;
// an exporter may drop the angle brackets or add a title).
const MARKER_LINK = new RegExp(`\\[(?:\\\\.|[^\\\\\\]])*\\]\\(\\s*<?[^\\s<>]*#${MARKER.source}>?(?:\\s+(?:"[^"]*"|'[^']*'))?\\s*\\)`, 'g');

function plainNoticeText(text: string): string {
  return text.replace(MARKER_LINK, LINK_PLACEHOLDER).replace(/[*_\\]/g, '').replace(/\s+/g, ' ').trim();
}

/**
 * The lines around `at` (the line with a marker) that hold the notice and nothing else: the most lines of its
 * paragraph (an exporter may wrap it, and its first sentence alone is a form too) whose text is one of the notice's
 * forms. Undefined when none is.
 */
function noticeLinesAround(lines: readonly string[], at: number, forms: readonly string[]): { start: number; end: number } | undefined {
  let first = at;
  while (first > 0 && (lines[first - 1] as string).trim() !== '' && !THEMATIC_BREAK.test(lines[first - 1] as string)) first--;
  let last = at;
  while (last + 1 < lines.length && (lines[last + 1] as string).trim() !== '') last++;
  for (let size = last - first + 1; size >= 1; size--) {
    for (let start = Math.max(first, at - size + 1); start <= at && start + size - 1 <= last; start++) {
      const text = plainNoticeText(lines.slice(start, start + size).join(' '));
      if (forms.includes(text)) return { start, end: start + size - 1 };
    }
  }
  return undefined;
}

/**
 * The text without the notice's lines: with the rule before them when they open their paragraph, and the blank
 * lines around. Lines of the same paragraph before or after them stay (a colleague's words), as does whatever follows.
 */
function withLinesCut(lines: readonly string[], notice: { start: number; end: number }): string {
  const opensParagraph = notice.start === 0 || (lines[notice.start - 1] as string).trim() === '' || THEMATIC_BREAK.test(lines[notice.start - 1] as string);
  let cut = notice.start;
  if (opensParagraph) {
    while (cut > 0 && (lines[cut - 1] as string).trim() === '') cut--;
    if (cut > 0 && THEMATIC_BREAK.test(lines[cut - 1] as string)) {
      cut--;
      while (cut > 0 && (lines[cut - 1] as string).trim() === '') cut--;
    }
  }
  const before = lines.slice(0, cut);
  // A line kept before the notice that ended in a hard break (the break led into the notice) ends its paragraph now.
  if (!opensParagraph && before.length > 0) before[before.length - 1] = (before[before.length - 1] as string).replace(/(?:\\| {2,})(\r?)$/, '$1');
  const kept = before.join('\n').replace(/\n+$/, '');
  // Whatever followed the notice (a colleague's words, an exporter's blank lines) ends the text as it ended before.
  // Only its blank lines go: the first line's indentation is its meaning (four spaces make it indented code).
  const after = lines.slice(notice.end + 1).join('\n').replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
  if (kept === '' && after !== '') return `${after}\n`;
  return after === '' ? `${kept}\n` : `${kept}\n\n${after}\n`;
}

/** A line that is a CommonMark thematic break: three or more of one of `-`, `*`, `_`, spaces allowed between (a CR too, of a CRLF text split at its LFs). */
const THEMATIC_BREAK = /^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})\r?$/;
