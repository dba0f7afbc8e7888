// The scan's long lists kept as numbers, their items made when asked for. A 5 MB file holds some 19,000 links,
// headings and code ranges: kept as objects from the moment each was found to the end of the run, they were more than
// the young generation's room survived while the rest of the text was read, and V8 grew that generation to four
// times its size for them (about 6 MB of the command line's peak publishing one such file; issue 84). Numbers in
// typed arrays live outside the collected heap, and an item made from them lives only as long as its reader holds it.
import type { BlockKind } from './blocks/blockTypes';
import type { Definition, InlineLink, ScanList, TextBlock, WrittenDestination } from './model';
import type { RangePairs } from './ranges';

/** The cells of an IntRows: a plain list while few, an Int32Array once many. */
type Cells = number[] | Int32Array;

/**
 * Cells kept in a plain list up to this many: a typed array's buffer costs more to make than a small list, and most of
 * a scan's lists are small (a page of a few KB: a tenth of scanning 10,000 of them went to making buffers); past it,
 * in an Int32Array outside the collected heap.
 */
const LIST_CELLS = 512;

/** Rows of `width` 32-bit integers. Offsets into a text fit: no string is 2^31 characters long. */
class IntRows {
  private data: Cells = [];
  rows = 0;

  constructor(private readonly width: number) {}

  /** Room for one more row, its cells zero; the index of its first cell. */
  add(): number {
    const at = this.rows * this.width;
    const data = this.data;
    if (Array.isArray(data)) {
      if (at + this.width <= LIST_CELLS) for (let cell = 0; cell < this.width; cell++) data.push(0);
      else {
        const moved = new Int32Array(LIST_CELLS * 2);
        moved.set(data);
        this.data = moved;
      }
    } else if (at + this.width > data.length) {
      const grown = new Int32Array(data.length * 2);
      grown.set(data);
      this.data = grown;
    }
    this.rows++;
    return at;
  }

  get cells(): Cells {
    return this.data;
  }

  /** The cells from `start` up to `end`, as a list of their own. */
  slice(start: number, end: number): number[] {
    const data = this.data;
    return Array.isArray(data) ? data.slice(start, end) : Array.from(data.subarray(start, end));
  }
}

/** Yields list.at(0) to list.at(length - 1). */
function* itemsOf<T>(list: ScanList<T>): Generator<T> {
  for (let index = 0; index < list.length; index++) yield list.at(index) as T;
}

/**
 * Items kept as they are while a list is short (at most `shortUpTo`: most texts' lists, whose items cost nothing to
 * hand out again), and as rows of numbers once it is longer (encode), each item made again when asked for (decode).
 */
abstract class CompactList<T> implements ScanList<T> {
  private items: T[] | undefined = [];
  protected readonly rows: IntRows;

  constructor(width: number, private readonly shortUpTo: number) {
    this.rows = new IntRows(width);
  }

  get length(): number {
    return this.items === undefined ? this.rows.rows : this.items.length;
  }

  add(item: T): void {
    const items = this.items;
    if (items !== undefined) {
      if (items.length < this.shortUpTo) {
        items.push(item);
        return;
      }
      this.items = undefined;
      for (const kept of items) this.encode(kept);
    }
    this.encode(item);
  }

  at(index: number): T | undefined {
    if (index < 0 || index >= this.length) return undefined;
    return this.items === undefined ? this.decode(index) : this.items[index];
  }

  [Symbol.iterator](): Iterator<T> {
    return this.items === undefined ? itemsOf(this) : this.items[Symbol.iterator]();
  }

  protected abstract encode(item: T): void;
  protected abstract decode(index: number): T;
}

/** Items a list keeps as they are: a page of a few KB holds fewer links and headings than this. */
const SHORT_LIST = 64;

/** [start, end) ranges as pairs of numbers, in the order added. */
export class RangeList implements RangePairs {
  private readonly pairs = new IntRows(2);

  get count(): number {
    return this.pairs.rows;
  }

  add(start: number, end: number): void {
    const at = this.pairs.add();
    const cells = this.pairs.cells;
    cells[at] = start;
    cells[at + 1] = end;
  }

  startAt(index: number): number {
    return this.pairs.cells[index * 2] as number;
  }

  endAt(index: number): number {
    return this.pairs.cells[index * 2 + 1] as number;
  }

  /** Whether the ranges come in order of their starts. */
  private inOrder(): boolean {
    for (let index = 1; index < this.count; index++) if (this.startAt(index - 1) > this.startAt(index)) return false;
    return true;
  }

  /** Both lists as one, in order of their starts, the first's range first of two that start together (a stable sort). */
  static merged(first: RangeList, second: RangeList): RangeList {
    if (second.count === 0) return first;
    if (first.count === 0) return second;
    const all = new RangeList();
    const take = (list: RangeList, index: number): void => all.add(list.startAt(index), list.endAt(index));
    if (first.inOrder() && second.inOrder()) {
      // Each in order already (as the scan finds them): merged in one pass.
      let a = 0;
      let b = 0;
      while (a < first.count || b < second.count) {
        if (b >= second.count || (a < first.count && first.startAt(a) <= second.startAt(b))) take(first, a++);
        else take(second, b++);
      }
      return all;
    }
    const order: number[] = [];
    for (let index = 0; index < first.count + second.count; index++) order.push(index);
    const startOf = (index: number): number => (index < first.count ? first.startAt(index) : second.startAt(index - first.count));
    order.sort((a, b) => startOf(a) - startOf(b));
    for (const index of order) {
      if (index < first.count) take(first, index);
      else take(second, index - first.count);
    }
    return all;
  }
}

/** The kinds a heading's `follows` can name, by number (-1: none). */
const BLOCK_KINDS: readonly BlockKind[] = ['document', 'quote', 'list', 'item', 'paragraph', 'fence', 'indented', 'html', 'heading', 'break'];
/** level, setext, topLevel, follows, start, end, first line cell, line cells. */
const HEADING_WIDTH = 8;

/** The headings of a text; of a long list, each made as a TextBlock when asked for (its lines a list of its own). */
export class HeadingList extends CompactList<TextBlock> {
  private readonly lines = new IntRows(1);

  constructor() {
    super(HEADING_WIDTH, SHORT_LIST);
  }

  protected encode(block: TextBlock): void {
    const at = this.rows.add();
    const firstLine = this.lines.rows;
    for (const offset of block.lines) {
      // Room first: adding may move the cells to a larger array.
      const cell = this.lines.add();
      this.lines.cells[cell] = offset;
    }
    const cells = this.rows.cells;
    cells[at] = block.level;
    cells[at + 1] = block.setext ? 1 : 0;
    cells[at + 2] = block.topLevel ? 1 : 0;
    cells[at + 3] = block.follows === undefined ? -1 : BLOCK_KINDS.indexOf(block.follows);
    cells[at + 4] = block.start;
    cells[at + 5] = block.end;
    cells[at + 6] = firstLine;
    cells[at + 7] = block.lines.length;
  }

  protected decode(index: number): TextBlock {
    const cells = this.rows.cells;
    const at = index * HEADING_WIDTH;
    const firstLine = cells[at + 6] as number;
    const lines = this.lines.slice(firstLine, firstLine + (cells[at + 7] as number));
    const follows = cells[at + 3] as number;
    return {
      kind: 'heading', level: cells[at] as number, setext: cells[at + 1] === 1, topLevel: cells[at + 2] === 1,
      follows: follows === -1 ? undefined : BLOCK_KINDS[follows], start: cells[at + 4] as number, end: cells[at + 5] as number, lines,
    };
  }
}

/**
 * start, end, angle, where its text starts in the source (-1: it is kept as a string, whose index is in the next cell),
 * its text's length.
 */
const DESTINATION_WIDTH = 5;

/**
 * Where destinations are written (WrittenDestination); of a long list, each made when asked for, its text read from the
 * source where it stands there as written (a destination never spans lines), else kept as the string it is.
 */
export class DestinationList extends CompactList<WrittenDestination> {
  private readonly texts: string[] = [];

  /** @param shortUpTo destinations kept as they are (SHORT_LIST unless said) */
  constructor(private readonly source: string, shortUpTo = SHORT_LIST) {
    super(DESTINATION_WIDTH, shortUpTo);
  }

  protected encode(destination: WrittenDestination): void {
    const at = this.rows.add();
    const cells = this.rows.cells;
    const { start, text } = destination;
    cells[at] = start;
    cells[at + 1] = destination.end;
    const from = this.source.startsWith(text, start) ? start : this.source.startsWith(text, start + 1) ? start + 1 : -1;
    cells[at + 2] = destination.angle ? 1 : 0;
    cells[at + 3] = from;
    if (from === -1) this.texts.push(text);
    cells[at + 4] = from === -1 ? this.texts.length - 1 : text.length;
  }

  /** The destinations in order of their starts, two that start together in the order given (a stable sort). */
  static sortedByStart(destinations: Iterable<WrittenDestination>, source: string): DestinationList {
    const sorted = new DestinationList(source);
    for (const destination of Array.from(destinations).sort((a, b) => a.start - b.start)) sorted.add(destination);
    return sorted;
  }

  protected decode(index: number): WrittenDestination {
    const cells = this.rows.cells;
    const at = index * DESTINATION_WIDTH;
    const from = cells[at + 3] as number;
    const length = cells[at + 4] as number;
    const text = from === -1 ? (this.texts[length] as string) : this.source.slice(from, from + length);
    return { start: cells[at] as number, end: cells[at + 1] as number, text, angle: cells[at + 2] === 1 };
  }
}

const LINK_KINDS: ReadonlyArray<InlineLink['kind']> = ['link', 'image', 'autolink'];
/** kind, open, the destination's index (-1: none), the definition's index (-1: none). */
const LINK_WIDTH = 4;

/** The links of a text; of a long list, each made as an InlineLink when asked for. */
export class LinkList extends CompactList<InlineLink> {
  /** The destinations of the links encoded, as numbers from the first. */
  private readonly destinations: DestinationList;
  private readonly definitions: Definition[] = [];

  constructor(source: string) {
    super(LINK_WIDTH, SHORT_LIST);
    this.destinations = new DestinationList(source, 0);
  }

  protected encode(link: InlineLink): void {
    const at = this.rows.add();
    const cells = this.rows.cells;
    cells[at] = LINK_KINDS.indexOf(link.kind);
    cells[at + 1] = link.open;
    if (link.destination === undefined) cells[at + 2] = -1;
    else {
      cells[at + 2] = this.destinations.length;
      this.destinations.add(link.destination);
    }
    if (link.definition === undefined) cells[at + 3] = -1;
    else {
      cells[at + 3] = this.definitions.length;
      this.definitions.push(link.definition);
    }
  }

  protected decode(index: number): InlineLink {
    const cells = this.rows.cells;
    const at = index * LINK_WIDTH;
    const destination = cells[at + 2] as number;
    const definition = cells[at + 3] as number;
    return {
      kind: LINK_KINDS[cells[at] as number] as InlineLink['kind'],
      open: cells[at + 1] as number,
      destination: destination === -1 ? undefined : this.destinations.at(destination),
      definition: definition === -1 ? undefined : this.definitions[definition],
    };
  }
}
