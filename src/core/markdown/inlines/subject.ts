// The text of a paragraph or heading as the inline rules read it: its lines joined by line feeds, without their
// indentation or container markers. Where the lines stand in the source one after another (most paragraphs), the
// source itself is read between two offsets; otherwise their join is, with a map back to the source's offsets.
import { LINE_FEED, isTrimmed } from '../chars';

export class Subject {
  /**
   * @param text what is read: the source, or the lines' join
   * @param start first offset read in `text`; `end` the offset after the last
   * @param pieces for a join: each line's offset in `text` then in the source, in turn; undefined when `text` is the source
   */
  constructor(readonly text: string, public start: number, public end: number, private readonly pieces: readonly number[] | undefined) {}

  /** The source offset of `at`, an offset in `text`. */
  toSource(at: number): number {
    const pieces = this.pieces;
    if (pieces === undefined) return at;
    let low = 0;
    let high = pieces.length >> 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((pieces[middle * 2] as number) <= at) low = middle + 1;
      else high = middle;
    }
    const piece = Math.max(0, low - 1) * 2;
    return (pieces[piece + 1] as number) + at - (pieces[piece] as number);
  }

  /** Drops what String.prototype.trim drops at both ends, as commonmark.js trims a paragraph before its inlines. */
  trim(): this {
    while (this.start < this.end && isTrimmed(this.text.charCodeAt(this.start))) this.start++;
    while (this.end > this.start && isTrimmed(this.text.charCodeAt(this.end - 1))) this.end--;
    return this;
  }
}

/** The subject of the lines `lines` ([start, end) pairs into `source`) from the pair at index `from`. */
export function subjectOf(source: string, lines: readonly number[], from = 0): Subject {
  const first = lines[from] ?? 0;
  const last = lines[lines.length - 1] ?? first;
  let joined = false;
  for (let index = from + 2; index < lines.length; index += 2) {
    const previousEnd = lines[index - 1] as number;
    if (lines[index] !== previousEnd + 1 || source.charCodeAt(previousEnd) !== LINE_FEED) {
      joined = true;
      break;
    }
  }
  if (!joined) return new Subject(source, first, last, undefined);
  const parts: string[] = [];
  const pieces: number[] = [];
  let length = 0;
  for (let index = from; index < lines.length; index += 2) {
    const start = lines[index] as number;
    const end = lines[index + 1] as number;
    pieces.push(length, start);
    parts.push(source.slice(start, end));
    length += end - start + 1;
  }
  const text = parts.join('\n');
  return new Subject(text, 0, text.length, pieces);
}
