// Where the block parser stands on the current line: an offset into the whole text and the column it is at (a tab
// moves to the next multiple of four), as CommonMark measures indentation. commonmark.js's parser keeps the same
// state on a copy of each line; here the line is never copied.
import { ASTERISK, CARRIAGE_RETURN, DASH, LINE_FEED, SPACE, TAB } from '../chars';

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
  /**
   * Per character of a thematic break (`*`, `-`, `_`): where the line's closing run of that character, spaces and tabs
   * starts, and the third of the character from the line's end in it (-1: fewer than three); -2: not measured on this line.
   */
  private readonly breakRunStart = [-2, -2, -2];
  private readonly breakThirdLast = [-1, -1, -1];
  /**
   * Where the last search for the next non-space started on this line (-1: none since the line began or was ended):
   * from there to nextNonspace are spaces and tabs only, so a search from any offset between them ends at the same
   * place and column. Searched again from each open block, a line's indentation was read once per block it went on
   * in: 4,000 list items nested by indentation (16 MB) took 138 s.
   */
  private searchedFrom = -1;

  constructor(readonly text: string) {}

  /** Starts the line [start, end). */
  begin(start: number, end: number): void {
    this.start = start;
    this.end = end;
    this.offset = start;
    this.column = 0;
    this.partiallyConsumedTab = false;
    this.blank = false;
    this.searchedFrom = -1;
    const runStart = this.breakRunStart;
    runStart[0] = runStart[1] = runStart[2] = -2;
  }

  /**
   * Whether the line from `at` (a `char`, one of `*`, `-`, `_`) on holds three or more of `char` and nothing else but
   * spaces and tabs: a thematic break. The line's closing run is measured once per character and line: read again from
   * each marker, `- - - … x` (each `- ` an item in the one before, each tried as a break) took time quadratic in its
   * length, 6 s for 100 KB.
   */
  isBreakFrom(at: number, char: number): boolean {
    const slot = char === ASTERISK ? 0 : char === DASH ? 1 : 2;
    if (this.breakRunStart[slot] === -2) this.measureBreakRun(slot, char);
    return at >= (this.breakRunStart[slot] as number) && at <= (this.breakThirdLast[slot] as number);
  }

  private measureBreakRun(slot: number, char: number): void {
    const text = this.text;
    let at = this.end;
    let count = 0;
    let thirdLast = -1;
    while (at > this.start) {
      const code = text.charCodeAt(at - 1);
      if (code === char) {
        if (++count === 3) thirdLast = at - 1;
      } else if (code !== SPACE && code !== TAB) break;
      at--;
    }
    this.breakRunStart[slot] = at;
    this.breakThirdLast[slot] = thirdLast;
  }

  /** The character code at `at` on this line, -1 past its end. */
  peek(at: number): number {
    return at < this.end ? this.text.charCodeAt(at) : -1;
  }

  findNextNonspace(): void {
    // The columns count from the line's start (a tab ends at the next multiple of four whatever column within it a
    // search starts at), so nextNonspaceColumn stands; only the indentation, measured from the current column, changes.
    if (this.searchedFrom !== -1 && this.searchedFrom <= this.offset && this.offset <= this.nextNonspace) {
      this.indent = this.nextNonspaceColumn - this.column;
      this.indented = this.indent >= CODE_INDENT;
      return;
    }
    const text = this.text;
    let at = this.offset;
    this.searchedFrom = at;
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
    // The column is left where it was, not the end's: a search from here must measure from it, as it always did.
    this.searchedFrom = -1;
  }
}
