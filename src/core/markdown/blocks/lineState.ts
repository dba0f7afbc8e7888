// Where the block parser stands on the current line: an offset into the whole text and the column it is at (a tab
// moves to the next multiple of four), as CommonMark measures indentation. commonmark.js's parser keeps the same
// state on a copy of each line; here the line is never copied.
import { CARRIAGE_RETURN, LINE_FEED, SPACE, TAB } from '../chars';

/** Four columns of indentation make indented code (CommonMark 4.4). */
export const CODE_INDENT = 4;

export class LineState {
  /** The line's first offset, and its end before its line ending (LF, CRLF or a bare CR). */
  start = 0;
  end = 0;
  offset = 0;
  column = 0;
  /** A tab the last advance stopped inside of: the columns left of it count as spaces of the content. */
  partiallyConsumedTab = false;
  nextNonspace = 0;
  nextNonspaceColumn = 0;
  indent = 0;
  indented = false;
  blank = false;

  constructor(readonly text: string) {}

  /** Starts the line [start, end). */
  begin(start: number, end: number): void {
    this.start = start;
    this.end = end;
    this.offset = start;
    this.column = 0;
    this.partiallyConsumedTab = false;
    this.blank = false;
  }

  /** The character code at `at` on this line, -1 past its end. */
  peek(at: number): number {
    return at < this.end ? this.text.charCodeAt(at) : -1;
  }

  findNextNonspace(): void {
    const text = this.text;
    let at = this.offset;
    let columns = this.column;
    let code = -1;
    while (at < this.end) {
      code = text.charCodeAt(at);
      if (code === SPACE) {
        at++;
        columns++;
      } else if (code === TAB) {
        at++;
        columns += 4 - (columns % 4);
      } else break;
    }
    this.blank = at >= this.end || code === LINE_FEED || code === CARRIAGE_RETURN;
    this.nextNonspace = at;
    this.nextNonspaceColumn = columns;
    this.indent = columns - this.column;
    this.indented = this.indent >= CODE_INDENT;
  }

  advanceNextNonspace(): void {
    this.offset = this.nextNonspace;
    this.column = this.nextNonspaceColumn;
    this.partiallyConsumedTab = false;
  }

  /** Moves `count` characters on, or `count` columns when `columns` (a tab then counts as the columns it spans). */
  advanceOffset(count: number, columns: boolean): void {
    const text = this.text;
    while (count > 0 && this.offset < this.end) {
      if (text.charCodeAt(this.offset) === TAB) {
        const toTab = 4 - (this.column % 4);
        if (columns) {
          this.partiallyConsumedTab = toTab > count;
          const advance = toTab > count ? count : toTab;
          this.column += advance;
          if (!this.partiallyConsumedTab) this.offset++;
          count -= advance;
        } else {
          this.partiallyConsumedTab = false;
          this.column += toTab;
          this.offset++;
          count--;
        }
      } else {
        this.partiallyConsumedTab = false;
        this.offset++;
        this.column++;
        count--;
      }
    }
  }

  /** Moves to the line's end. */
  advanceToEnd(): void {
    this.offset = this.end;
    this.partiallyConsumedTab = false;
  }
}
