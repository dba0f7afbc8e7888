// The blocks the parser holds open while it reads the lines, and what the start rules may ask of it.
import type { LineState } from './lineState';

export type BlockKind = 'document' | 'quote' | 'list' | 'item' | 'paragraph' | 'fence' | 'indented' | 'html' | 'heading' | 'break';

/** A list item's marker as CommonMark 5.2 reads it. */
export interface ListData {
  ordered: boolean;
  /** `-`, `+` or `*` for a bullet; `.` or `)` for an ordered item. */
  marker: number;
  /** The marker's column and the width from it to the item's content. */
  markerOffset: number;
  padding: number;
}

/** The lines of a block that has none yet: shared, never added to (BlockParser.addLine gives a block its own). */
export const NO_LINES: number[] = Object.freeze([]) as unknown as number[];

/** One block while it is open: a single shape for every kind, so the parser's loops see one hidden class. */
export class OpenBlock {
  hasChild = false;
  /** The kind of its last child closed so far: what a new child follows. */
  lastChild: BlockKind | undefined = undefined;
  list: ListData | undefined = undefined;
  /**
   * Lines as [start, end) pairs: a paragraph's text, a code block's content, an HTML block's lines. NO_LINES until
   * its first line: a list of its own for each of a text's blocks, made empty and given room for 17 numbers at the
   * first push, was about a fifth of what scanning a text of short paragraphs allocated (containers and headings
   * never take one).
   */
  lines: number[] = NO_LINES;
  /** The start of its first line, and where its content starts on it. */
  lineStart = 0;
  contentStart = 0;
  /** The end of its last line so far. */
  end = 0;
  // Fenced code.
  fenceChar = 0;
  fenceLength = 0;
  fenceOffset = 0;
  infoStart = -1;
  infoEnd = -1;
  /** A fence's closing line, or an HTML block's end condition, came. */
  closed = false;
  // HTML block: its start condition.
  htmlType = 0;

  constructor(public kind: BlockKind, public parent: OpenBlock | undefined) {}

  /** The block as the constructor makes it, of `kind` in `parent`: a closed block opened again (BlockParser.addChild). */
  reopen(kind: BlockKind, parent: OpenBlock): this {
    this.kind = kind;
    this.parent = parent;
    this.hasChild = false;
    this.lastChild = undefined;
    this.list = undefined;
    this.lines = NO_LINES;
    this.lineStart = 0;
    this.contentStart = 0;
    this.end = 0;
    this.fenceChar = 0;
    this.fenceLength = 0;
    this.fenceOffset = 0;
    this.infoStart = -1;
    this.infoEnd = -1;
    this.closed = false;
    this.htmlType = 0;
    return this;
  }
}

/** What the block start rules ask of the parser (blockParser.ts), so that they need not import it. */
export interface BlockBuilder {
  readonly line: LineState;
  readonly text: string;
  tip: OpenBlock;
  /** Whether every block open before the line continues on it (no lazy line is possible). */
  allClosed: boolean;
  closeUnmatchedBlocks(): void;
  addChild(kind: BlockKind, contentStart: number): OpenBlock;
  /** Takes the paragraph's leading definitions; whether text is left in it. */
  takeDefinitions(paragraph: OpenBlock): boolean;
  /** Makes the open paragraph `paragraph` a setext heading of `level`, its underline the current line. */
  setextHeading(paragraph: OpenBlock, level: number): void;
  /** Records an ATX heading whose text is [contentStart, contentEnd) of the current line. */
  atxHeading(level: number, contentStart: number, contentEnd: number): void;
}

/** 0: no match; 1: a container started (look for more starts); 2: a leaf started (the line is its). */
export type StartResult = 0 | 1 | 2;
