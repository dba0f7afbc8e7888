// The text a heading's inlines render (CommonMark 6, with GFM's strikethrough), which heading anchors are made of:
// escapes resolved, code spans' contents, links' and images' texts without their destinations, and emphasis markers
// dropped only where they pair into emphasis (6.2's delimiter runs and its "process emphasis" procedure). A marker
// that pairs with nothing stays text: `~/.ssh/config`, `A*B matrix`, `snake_ word`, `_a_b`. Read left to right as
// commonmark.js reads it, with the scanner's own readers of code spans, link parts, autolinks and raw HTML.
import { BACKSLASH, BACKTICK, BANG, CLOSE_BRACKET, CLOSE_PARENTHESIS, OPEN_BRACKET, OPEN_PARENTHESIS, TILDE, UNDERSCORE, isEscapable, isWhitespace } from '../chars';
import { BacktickRuns } from '../inlines/codeSpans';
import { linkDestinationEnd, linkLabelLength, linkTitleEnd, skipSpaces } from '../inlines/linkParts';
import { autolinkEnd, RawHtmlReader } from '../inlines/rawHtml';

/** How the parts a reader sees differently are rendered: each is given as written. */
export interface InlineTextRendering {
  html(written: string): string;
  /** A character reference (`&amp;`, `&#35;`): a known name or a number, with its `;`. */
  reference(written: string): string;
}

/** A run of `*`, `_` or `~`: `count` of its characters are still text. */
interface Delimiter {
  char: number;
  count: number;
  length: number;
  canOpen: boolean;
  canClose: boolean;
}

interface Bracket {
  /** Where its `[` or `![` is among the pieces. */
  piece: number;
  /** How many delimiters were open before it: emphasis inside a link's text pairs only above them. */
  delimiters: number;
  image: boolean;
  active: boolean;
}

const SPECIAL = /[\\`[\]!<&*_~]/g;
const REFERENCE = /&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/y;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const UNICODE_WHITESPACE = /[\t\n\f\r\p{Zs}]/u;

/** The text `source` (a heading's inline content) renders, the parts `rendering` names rendered so. */
export function inlineText(source: string, rendering: InlineTextRendering): string {
  return new InlineText(source, rendering).read();
}

class InlineText {
  private readonly pieces: Array<string | Delimiter> = [];
  private readonly delimiters: Delimiter[] = [];
  private readonly brackets: Bracket[] = [];
  private backticks: BacktickRuns | undefined;
  private readonly html: RawHtmlReader;

  constructor(private readonly text: string, private readonly rendering: InlineTextRendering) {
    this.html = new RawHtmlReader(text, text.length);
  }

  read(): string {
    const { text } = this;
    let copied = 0;
    let at = 0;
    while (at < text.length) {
      SPECIAL.lastIndex = at;
      if (!SPECIAL.test(text)) break;
      at = SPECIAL.lastIndex - 1;
      if (at > copied) this.pieces.push(text.slice(copied, at));
      at = this.special(at);
      copied = at;
    }
    if (copied < text.length) this.pieces.push(text.slice(copied));
    this.processEmphasis(0);
    return this.pieces.map((piece) => (typeof piece === 'string' ? piece : String.fromCharCode(piece.char).repeat(piece.count))).join('');
  }

  /** Reads what starts at the special character at `at`; returns where to go on. */
  private special(at: number): number {
    const { text } = this;
    const code = text.charCodeAt(at);
    if (code === BACKSLASH) {
      const escaped = at + 1 < text.length && isEscapable(text.charCodeAt(at + 1));
      this.pieces.push(escaped ? text.charAt(at + 1) : '\\');
      return at + (escaped ? 2 : 1);
    }
    if (code === BACKTICK) return this.codeSpan(at);
    if (code === OPEN_BRACKET || (code === BANG && text.charCodeAt(at + 1) === OPEN_BRACKET)) {
      const image = code === BANG;
      this.brackets.push({ piece: this.pieces.length, delimiters: this.delimiters.length, image, active: true });
      this.pieces.push(image ? '![' : '[');
      return at + (image ? 2 : 1);
    }
    if (code === CLOSE_BRACKET) return this.closeBracket(at);
    if (code === 0x3c) return this.angle(at);
    if (code === 0x26) {
      REFERENCE.lastIndex = at;
      if (!REFERENCE.test(text)) return this.literal(at, at + 1);
      this.pieces.push(this.rendering.reference(text.slice(at, REFERENCE.lastIndex)));
      return REFERENCE.lastIndex;
    }
    if (code === BANG) return this.literal(at, at + 1);
    return this.delimiterRun(at);
  }

  private literal(from: number, to: number): number {
    this.pieces.push(this.text.slice(from, to));
    return to;
  }

  private codeSpan(at: number): number {
    const { text } = this;
    let runEnd = at;
    while (runEnd < text.length && text.charCodeAt(runEnd) === BACKTICK) runEnd++;
    this.backticks ??= new BacktickRuns(text, at, text.length);
    const closer = this.backticks.closerFrom(runEnd, runEnd - at);
    if (closer === -1) return this.literal(at, runEnd);
    this.pieces.push(codeSpanText(text.slice(runEnd, closer)));
    return closer + runEnd - at;
  }

  /** An autolink (its address is its text), raw HTML, or a literal `<`. */
  private angle(at: number): number {
    const autolink = autolinkEnd(this.text, at, this.text.length);
    if (autolink !== -1) return this.literal(at + 1, autolink - 1) + 1;
    const html = this.html.endAt(at);
    if (html === -1) return this.literal(at, at + 1);
    this.pieces.push(this.rendering.html(this.text.slice(at, html)));
    return html;
  }

  private delimiterRun(at: number): number {
    const { text } = this;
    const char = text.charCodeAt(at);
    let end = at;
    while (end < text.length && text.charCodeAt(end) === char) end++;
    // The start and end of the text count as whitespace.
    const previous = at === 0 ? ' ' : characterBefore(text, at);
    const next = end >= text.length ? ' ' : String.fromCodePoint(text.codePointAt(end) ?? 0x20);
    const left = flanking(next, previous);
    const right = flanking(previous, next);
    const length = end - at;
    let canOpen = left;
    let canClose = right;
    if (char === UNDERSCORE) {
      canOpen = left && (!right || PUNCTUATION.test(previous));
      canClose = right && (!left || PUNCTUATION.test(next));
    }
    // GFM's strikethrough takes a run of one or two tildes; a longer one is text.
    if (char === TILDE && length > 2) return this.literal(at, end);
    const delimiter: Delimiter = { char, count: length, length, canOpen, canClose };
    this.pieces.push(delimiter);
    if (canOpen || canClose) this.delimiters.push(delimiter);
    return end;
  }

  /** A `]`: a link or image with the nearest open bracket when its destination or reference follows, else text. */
  private closeBracket(close: number): number {
    const opener = this.brackets.pop();
    if (opener === undefined || !opener.active) return this.literal(close, close + 1);
    const next = this.linkTailEnd(close + 1);
    if (next === -1) return this.literal(close, close + 1);
    this.pieces[opener.piece] = '';
    this.processEmphasis(opener.delimiters);
    // No links in links: the link openers still open are text now.
    if (!opener.image) for (const bracket of this.brackets) if (!bracket.image) bracket.active = false;
    return next;
  }

  /**
   * Where `(destination "title")`, or a full or collapsed reference's `[label]`, at `at` ends; -1 for none. Which
   * labels are defined is not known here: a full or collapsed reference is taken for a link, a shortcut (`[WIP]`) is not.
   */
  private linkTailEnd(at: number): number {
    const { text } = this;
    const end = text.length;
    if (text.charCodeAt(at) === OPEN_PARENTHESIS) {
      const start = skipSpaces(text, at + 1, end);
      const destination = linkDestinationEnd(text, start, end);
      if (destination !== undefined) {
        let position = skipSpaces(text, destination.end, end);
        if (isWhitespace(text.charCodeAt(position - 1))) {
          const title = linkTitleEnd(text, position, end);
          if (title !== -1) position = title;
        }
        position = skipSpaces(text, position, end);
        if (text.charCodeAt(position) === CLOSE_PARENTHESIS) return position + 1;
      }
    }
    const label = linkLabelLength(text, at, end);
    return label >= 2 ? at + label : -1;
  }

  /** CommonMark's "process emphasis" over the delimiters above `bottom`: those that pair stop being text. */
  private processEmphasis(bottom: number): void {
    const stack = this.delimiters;
    let closerIndex = bottom;
    while (closerIndex < stack.length) {
      const closer = stack[closerIndex] as Delimiter;
      if (!closer.canClose) {
        closerIndex++;
        continue;
      }
      let openerIndex = closerIndex - 1;
      while (openerIndex >= bottom && !pairs(stack[openerIndex] as Delimiter, closer)) openerIndex--;
      if (openerIndex < bottom) {
        if (closer.canOpen) closerIndex++;
        else stack.splice(closerIndex, 1);
        continue;
      }
      const opener = stack[openerIndex] as Delimiter;
      const used = closer.char === TILDE ? closer.count : Math.min(2, opener.count, closer.count);
      opener.count -= used;
      closer.count -= used;
      // The runs between them are text inside the emphasis.
      stack.splice(openerIndex + 1, closerIndex - openerIndex - 1);
      closerIndex = openerIndex + 1;
      if (opener.count === 0) {
        stack.splice(openerIndex, 1);
        closerIndex--;
      }
      if (closer.count === 0) stack.splice(closerIndex, 1);
    }
    stack.length = bottom;
  }
}

/** Whether `opener` can open emphasis that `closer` closes (6.2's rules 9 and 10; GFM: tilde runs of one length). */
function pairs(opener: Delimiter, closer: Delimiter): boolean {
  if (opener.char !== closer.char || !opener.canOpen) return false;
  if (closer.char === TILDE) return opener.count === closer.count;
  const oddMatch = (closer.canOpen || opener.canClose) && closer.length % 3 !== 0 && (opener.length + closer.length) % 3 === 0;
  return !oddMatch;
}

/** The character before `at`, a surrogate pair read whole. */
function characterBefore(text: string, at: number): string {
  const low = text.charCodeAt(at - 1);
  const pair = at >= 2 && low >= 0xdc00 && low <= 0xdfff;
  return String.fromCodePoint(text.codePointAt(pair ? at - 2 : at - 1) ?? 0x20);
}

/** Left-flanking when read as (next, previous), right-flanking as (previous, next) (CommonMark 6.2). */
function flanking(toward: string, away: string): boolean {
  if (UNICODE_WHITESPACE.test(toward)) return false;
  return !PUNCTUATION.test(toward) || UNICODE_WHITESPACE.test(away) || PUNCTUATION.test(away);
}

/** CommonMark strips one space from each side of a code span that has one on both sides. */
function codeSpanText(code: string): string {
  const flat = code.replace(/\r?\n/g, ' ');
  return /^ .*[^ ].* $/.test(flat) ? flat.slice(1, -1) : flat;
}
