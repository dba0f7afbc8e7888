// The inlines of a paragraph or heading that the scanner needs (CommonMark 6), read left to right as commonmark.js
// reads them: backslash escapes, code spans, autolinks and raw HTML take their text first, and brackets pair into
// links and images by the rules of 6.3 (a link's text holds no other link; a reference needs its definition).
// Emphasis is left out: it never changes which brackets are links. Characters that start nothing are passed over.
import { BACKSLASH, BACKTICK, BANG, CLOSE_BRACKET, CLOSE_PARENTHESIS, LINE_FEED, OPEN_BRACKET, OPEN_PARENTHESIS, isEscapable, isWhitespace } from '../chars';
import { normalizeLabel } from '../labels';
import type { Definition, InlineLink, WrittenDestination } from '../model';
import type { LinkList, RangeList } from '../scanLists';
import { BacktickRuns } from './codeSpans';
import { linkDestinationEnd, linkLabelLength, linkTitleEnd, skipSpaces } from './linkParts';
import { autolinkEnd, RawHtmlReader } from './rawHtml';
import type { Subject } from './subject';

/** What the inlines of the text blocks hold: found in document order, as source offsets. */
export interface InlineFindings {
  links: LinkList;
  codeSpans: RangeList;
  comments: Array<[number, number]>;
}

/** The characters the scan stops at; every other one is passed over. */
const SPECIAL_CHARACTER = /[\\`[\]!<]/g;

interface Bracket {
  /** The offset of its `[` in the subject's text. */
  at: number;
  image: boolean;
  /** Another bracket opened after it: it is then no shortcut or collapsed reference's label. */
  bracketAfter: boolean;
}

export function scanInlines(subject: Subject, byLabel: ReadonlyMap<string, Definition>, into: InlineFindings): void {
  new InlineScan(subject, byLabel, into).run();
}

/**
 * Whether the links are in their openers' order already, as they are unless an image closed inside a link's text:
 * sorted only then (a sort copies the list it sorts, for every paragraph with two links or more).
 */
function inOpenerOrder(links: readonly InlineLink[]): boolean {
  for (let index = 1; index < links.length; index++) if ((links[index - 1] as InlineLink).open > (links[index] as InlineLink).open) return false;
  return true;
}

class InlineScan {
  private readonly brackets: Bracket[] = [];
  /** Link openers below this depth of the stack are inactive: a link closed after them (no links in links). */
  private inactiveBelow = 0;
  private backticks: BacktickRuns | undefined;
  private html: RawHtmlReader | undefined;
  private readonly found: InlineLink[] = [];

  constructor(private readonly subject: Subject, private readonly byLabel: ReadonlyMap<string, Definition>, private readonly into: InlineFindings) {}

  run(): void {
    const { text, end } = this.subject;
    // The searches end with the subject: in the source text cut at its end (a slice of the same characters, no copy),
    // since a search past the subject's last special character read on to the next one in the text, through all the
    // prose between (most paragraphs hold none): the text was read a second time after the one link of its first line.
    const searched = end < text.length ? text.slice(0, end) : text;
    let at = this.subject.start;
    while (at < end) {
      // The next character that starts something, found by the regular expression engine's own loop (a fifth of the
      // scan's time less than a loop over every character).
      SPECIAL_CHARACTER.lastIndex = at;
      if (!SPECIAL_CHARACTER.test(searched)) break;
      at = SPECIAL_CHARACTER.lastIndex - 1;
      if (at >= end) break;
      const code = text.charCodeAt(at);
      if (code === BACKSLASH) {
        const next = text.charCodeAt(at + 1);
        at += at + 1 < end && (next === LINE_FEED || isEscapable(next)) ? 2 : 1;
      } else if (code === BACKTICK) at = this.backtickRun(at);
      else if (code === OPEN_BRACKET) {
        this.openBracket(at, false);
        at++;
      } else if (code === BANG) {
        if (text.charCodeAt(at + 1) === OPEN_BRACKET && at + 1 < end) {
          this.openBracket(at + 1, true);
          at += 2;
        } else at++;
      } else if (code === CLOSE_BRACKET) at = this.closeBracket(at);
      else at = this.angle(at);
    }
    // Links are found as they close, an image's after the links in its text: document order is their openers' order.
    if (this.found.length > 1 && !inOpenerOrder(this.found)) this.found.sort((a, b) => a.open - b.open);
    for (const link of this.found) this.into.links.add(link);
  }

  private backtickRun(at: number): number {
    const { text, end } = this.subject;
    let runEnd = at;
    while (runEnd < end && text.charCodeAt(runEnd) === BACKTICK) runEnd++;
    this.backticks ??= new BacktickRuns(text, at, end);
    const closer = this.backticks.closerFrom(runEnd, runEnd - at);
    if (closer === -1) return runEnd;
    const spanEnd = closer + runEnd - at;
    this.into.codeSpans.add(this.subject.toSource(at), this.subject.toSource(spanEnd - 1) + 1);
    return spanEnd;
  }

  /** An autolink or raw HTML at a `<`, passed over whole; or the `<` alone. */
  private angle(at: number): number {
    const { text, end } = this.subject;
    const autolink = autolinkEnd(text, at, end);
    if (autolink !== -1) {
      const destination = { start: this.subject.toSource(at + 1), end: this.subject.toSource(autolink - 2) + 1, text: text.slice(at + 1, autolink - 1), angle: true };
      this.found.push({ kind: 'autolink', open: this.subject.toSource(at), destination, definition: undefined });
      return autolink;
    }
    this.html ??= new RawHtmlReader(text, end);
    const html = this.html.endAt(at);
    if (html === -1) return at + 1;
    if (text.startsWith('<!--', at)) this.into.comments.push([this.subject.toSource(at), this.subject.toSource(html - 1) + 1]);
    return html;
  }

  private openBracket(at: number, image: boolean): void {
    const top = this.brackets[this.brackets.length - 1];
    if (top !== undefined) top.bracketAfter = true;
    this.brackets.push({ at, image, bracketAfter: false });
  }

  private popBracket(): void {
    this.brackets.pop();
    if (this.inactiveBelow > this.brackets.length) this.inactiveBelow = this.brackets.length;
  }

  /** A `]`: a link or image with the nearest open bracket when one follows, else a literal `]`. Returns where to go on. */
  private closeBracket(close: number): number {
    const after = close + 1;
    const opener = this.brackets[this.brackets.length - 1];
    if (opener === undefined) return after;
    if (!opener.image && this.brackets.length - 1 < this.inactiveBelow) {
      this.popBracket();
      return after;
    }
    let destination: WrittenDestination | undefined;
    let definition: Definition | undefined;
    let next = this.inlineLinkEnd(after);
    if (next !== -1) destination = this.lastDestination;
    else {
      const { text, end } = this.subject;
      const labelLength = linkLabelLength(text, after, end);
      let label: string | undefined;
      if (labelLength > 2) label = text.slice(after + 1, after + labelLength - 1);
      else if (!opener.bracketAfter) label = text.slice(opener.at + 1, close);
      definition = label === undefined ? undefined : this.byLabel.get(normalizeLabel(label));
      if (definition !== undefined) next = labelLength === 0 ? after : after + labelLength;
    }
    this.popBracket();
    if (next === -1) return after;
    if (definition !== undefined) {
      if (opener.image) definition.usedByImage = true;
      else definition.usedByLink = true;
    }
    this.found.push({ kind: opener.image ? 'image' : 'link', open: this.subject.toSource(opener.at), destination, definition });
    // No links in links: every link opener still open is now inactive (images stay active).
    if (!opener.image) this.inactiveBelow = this.brackets.length;
    return next;
  }

  private lastDestination: WrittenDestination | undefined;

  /** `(destination "title")` at `at`: where it ends (lastDestination then holds the destination); -1 when none is there. */
  private inlineLinkEnd(at: number): number {
    const { text, end } = this.subject;
    if (text.charCodeAt(at) !== OPEN_PARENTHESIS) return -1;
    const start = skipSpaces(text, at + 1, end);
    const destination = linkDestinationEnd(text, start, end);
    if (destination === undefined) return -1;
    let position = skipSpaces(text, destination.end, end);
    if (isWhitespace(text.charCodeAt(position - 1))) {
      const title = linkTitleEnd(text, position, end);
      if (title !== -1) position = title;
    }
    position = skipSpaces(text, position, end);
    if (position >= end || text.charCodeAt(position) !== CLOSE_PARENTHESIS) return -1;
    const angle = destination.angle;
    this.lastDestination = {
      start: this.subject.toSource(start),
      end: destination.end === start ? this.subject.toSource(start) : this.subject.toSource(destination.end - 1) + 1,
      text: text.slice(angle ? start + 1 : start, angle ? destination.end - 1 : destination.end),
      angle,
    };
    return position + 1;
  }
}
