// The block structure of a Markdown text (CommonMark 4 and 5), read line by line as commonmark.js reads it: the open
// blocks take their markers from each line, then new blocks start, then the line's rest goes to the innermost block
// that takes lines (or continues a paragraph lazily). What the scanner needs of the blocks is recorded as they close:
// paragraphs and headings with their lines, fenced code, indented code and HTML blocks, reference definitions.
import { CARRIAGE_RETURN, LINE_FEED } from '../chars';
import { readDefinitions } from '../inlines/definitions';
import { scanInlines, type InlineFindings } from '../inlines/inlineScanner';
import { subjectOf } from '../inlines/subject';
import type { Definition, FencedCode, HtmlBlock, TextBlock } from '../model';
import { HeadingList, RangeList } from '../scanLists';
import { NO_LINES, OpenBlock, type BlockBuilder, type BlockKind } from './blockTypes';
import { continues } from './continuation';
import { endsHtmlBlock } from './htmlBlocks';
import { LineState } from './lineState';
import { maybeSpecial, tryStarts } from './starts';

/**
 * Told after each line is read: the blocks open then (the document first; the parser's own list, to copy, not keep),
 * and the block the line closed itself, if any (a fence's closing line, an HTML block's end), which holds it too.
 */
export type LineObserver = (lineStart: number, lineEnd: number, open: readonly OpenBlock[], closedByLine: OpenBlock | undefined) => void;

export interface BlockStructure {
  /** The headings, in document order. */
  headings: HeadingList;
  /**
   * The paragraphs and headings whose text may hold a link, an image, an autolink or inline HTML (a `[` or a `<` in
   * their reach), in document order, when their inlines are read after the whole text (a text that may hold reference
   * definitions); empty when they were read as they closed. Most paragraphs of prose hold neither, and an object for
   * each kept only for that (25,000 of a 5 MB file) was most of what a scan held.
   */
  inlineBlocks: TextBlock[];
  fences: FencedCode[];
  htmlBlocks: HtmlBlock[];
  /** Fenced and indented code blocks as [start, end) ranges, in document order. */
  codeBlocks: RangeList;
  definitions: Definition[];
  /** The definition each label refers to: the first of that label. */
  byLabel: Map<string, Definition>;
}

/**
 * The blocks of `text`. A text in which no reference definition can be (none holds `]:`) has its text blocks' inlines
 * read into `inlines` as each block closes, since no definition further on can change them: its paragraphs are then
 * never kept, not even until the end of the text (most texts; a 5 MB file's paragraphs that may hold links lived
 * through a dozen collections while the rest was read, which grew the young generation). Another text keeps the blocks
 * that may hold inlines (inlineBlocks), for its caller to read once every definition is known.
 */
export function parseBlocks(text: string, inlines: InlineFindings, onLine?: LineObserver): BlockStructure {
  const parser = new BlockParser(text, text.includes(']:') ? undefined : inlines, onLine);
  parser.parse();
  return parser.found;
}

class BlockParser implements BlockBuilder {
  readonly line: LineState;
  readonly found: BlockStructure;
  /** The open blocks, the document first: each is the last child of the one before it. */
  private readonly open: OpenBlock[] = [new OpenBlock('document', undefined)];
  tip: OpenBlock;
  allClosed = true;
  private lastMatched = 0;
  /**
   * How many of the open blocks after the document are known to be lists, or items that hold a child: blocks a blank
   * line goes on in without a marker, moving the line to its end and changing nothing else. Known from the last blank
   * line's walk, and lowered as blocks close; an item only ever gains a child, so a block counted stays true to it.
   */
  private blankProof = 0;
  /**
   * Blocks closed, to be opened again: nothing keeps a closed block (what the scan keeps of it is copied as it closes;
   * a line observer is the exception, and then none is kept here),
   * and a block of its own for each of a text's paragraphs was the largest part of what a scan allocated (26 MB of
   * planning 10,000 files of 4 KB).
   */
  private readonly closedBlocks: OpenBlock[] = [];
  /** The next `[` and `<` at or after the last paragraph closed (-1: none left; -2: not looked for yet). */
  private bracket = -2;
  private angle = -2;
  /** The block the current line closed as its own last line (LineObserver). */
  private closedByLine: OpenBlock | undefined = undefined;

  /** @param inlines where the text blocks' inlines go as they close; undefined: read after the whole text (scan.ts). */
  constructor(readonly text: string, private readonly inlines: InlineFindings | undefined, private readonly onLine?: LineObserver) {
    this.found = { headings: new HeadingList(), inlineBlocks: [], fences: [], htmlBlocks: [], codeBlocks: new RangeList(), definitions: [], byLabel: new Map() };
    this.line = new LineState(text);
    this.tip = this.open[0] as OpenBlock;
  }

  parse(): void {
    const text = this.text;
    // A bare CR ends a line too; a text without one (nearly all) is cut at LF alone. The next CR is looked for again
    // only once the lines pass it: searched from every line, one CR at a text's end was read up to once a line.
    const bareCr = text.includes('\r') && /\r(?!\n)/.test(text);
    let cr = bareCr ? text.indexOf('\r') : -1;
    let start = 0;
    while (start < text.length) {
      let next = text.indexOf('\n', start);
      if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
      if (cr !== -1 && (next === -1 || cr < next - 1)) next = cr;
      if (next === -1) next = text.length;
      const end = next > start && text.charCodeAt(next - 1) === CARRIAGE_RETURN && text.charCodeAt(next) === LINE_FEED ? next - 1 : next;
      this.incorporateLine(start, end);
      if (this.onLine !== undefined) {
        this.onLine(start, end, this.open, this.closedByLine);
        this.closedByLine = undefined;
      }
      start = next + 1;
    }
    while (this.open.length > 0) this.closeTip();
  }

  private incorporateLine(start: number, end: number): void {
    const line = this.line;
    const open = this.open;
    line.begin(start, end);
    let matched = 0;
    line.findNextNonspace();
    // Blank from its start: a line whose markers were all it held (`> `) reads as blank only after them.
    const blankLine = line.blank;
    // A blank line skips the lists and items it is known to go on in: walking them one by one cost each blank line the
    // nesting's depth, and `- - - … x` then as many blank lines took time quadratic in the text's length.
    if (blankLine && this.blankProof > 0) {
      matched = this.blankProof;
      // The first item of them (the second block: a list's child) moves the line to its end; the rest leave it there.
      if (matched >= 2) line.advanceNextNonspace();
    }
    for (let index = matched + 1; index < open.length; index++) {
      line.findNextNonspace();
      const result = continues(line, open[index] as OpenBlock);
      if (result === 2) {
        this.closedByLine = this.tip;
        this.closeTip();
        return;
      }
      if (result === 1) break;
      matched = index;
    }
    this.allClosed = matched === open.length - 1;
    this.lastMatched = matched;
    // The blocks a blank line went on in are lists and items, and at most one leaf after them (code or HTML).
    if (blankLine) this.blankProof = matched > 0 && !isContainer((open[matched] as OpenBlock).kind) ? matched - 1 : matched;
    let container = open[matched] as OpenBlock;
    let matchedLeaf = container.kind !== 'paragraph' && acceptsLines(container.kind);
    while (!matchedLeaf) {
      line.findNextNonspace();
      if (!line.indented && !maybeSpecial(line.peek(line.nextNonspace))) {
        line.advanceNextNonspace();
        break;
      }
      const result = tryStarts(this, container);
      if (result === 0) {
        line.advanceNextNonspace();
        break;
      }
      container = this.tip;
      matchedLeaf = result === 2;
    }
    if (!this.allClosed && !line.blank && this.tip.kind === 'paragraph') {
      this.addLine(this.tip);
      return;
    }
    this.closeUnmatchedBlocks();
    const tip = this.tip;
    if (acceptsLines(tip.kind)) {
      this.addLine(tip);
      if (tip.kind === 'html' && tip.htmlType <= 5 && endsHtmlBlock(tip.htmlType, this.text.slice(line.offset, line.end))) {
        tip.closed = true;
        this.closedByLine = tip;
        this.closeTip();
      }
    } else if (line.offset < line.end && !line.blank) {
      this.addChild('paragraph', line.offset);
      line.advanceNextNonspace();
      this.addLine(this.tip);
    }
  }

  closeUnmatchedBlocks(): void {
    if (this.allClosed) return;
    while (this.open.length - 1 > this.lastMatched) this.closeTip();
    this.allClosed = true;
  }

  addChild(kind: BlockKind, contentStart: number): OpenBlock {
    while (!canContain(this.tip.kind, kind)) this.closeTip();
    const block = this.closedBlocks.pop()?.reopen(kind, this.tip) ?? new OpenBlock(kind, this.tip);
    block.lineStart = this.line.start;
    block.contentStart = contentStart;
    block.end = this.line.end;
    this.tip.hasChild = true;
    this.open.push(block);
    this.tip = block;
    return block;
  }

  private addLine(block: OpenBlock): void {
    const line = this.line;
    // The columns left of a tab a marker took part of are spaces of the content: the content starts after the tab.
    const start = line.partiallyConsumedTab ? line.offset + 1 : line.offset;
    block.end = line.end;
    if (block.kind === 'fence' && block.infoStart === -1) {
      block.infoStart = start;
      block.infoEnd = line.end;
    } else if (block.lines === NO_LINES) block.lines = [start, line.end];
    else block.lines.push(start, line.end);
  }

  takeDefinitions(paragraph: OpenBlock): boolean {
    const lines = paragraph.lines;
    if (lines.length === 0) return false;
    if (this.text.charCodeAt(lines[0] as number) !== 0x5b) return true;
    const subject = subjectOf(this.text, lines);
    const after = readDefinitions(subject, this.found.definitions, this.found.byLabel);
    if (after === subject.start) return true;
    // Definitions end at a line's end: the text left starts at a line's start, or there is none.
    let keep = 0;
    while (keep < lines.length && subject.toSource(after) > (lines[keep + 1] as number)) keep += 2;
    if (after >= subject.end) keep = lines.length;
    lines.splice(0, keep);
    return lines.length > 0;
  }

  setextHeading(paragraph: OpenBlock, level: number): void {
    const heading = new OpenBlock('heading', paragraph.parent);
    // Where the paragraph it was started: a line observer tells this heading from an ATX one that ended the paragraph.
    heading.lineStart = paragraph.lineStart;
    this.open[this.open.length - 1] = heading;
    this.tip = heading;
    const lines = paragraph.lines;
    const start = lineStartOf(this.text, lines[0] as number);
    const block = textBlock('heading', level, true, heading, start, this.line.end, lines.slice());
    // Reference definitions its paragraph began with are text before it, which a line after it could go on from.
    if (start !== paragraph.lineStart) block.follows = 'paragraph';
    this.heading(block);
  }

  atxHeading(level: number, contentStart: number, contentEnd: number): void {
    this.heading(textBlock('heading', level, false, this.tip, this.line.start, this.line.end, [contentStart, contentEnd]));
  }

  private heading(block: TextBlock): void {
    this.found.headings.add(block);
    if (block.lines.length > 0) this.takeInlines(block);
  }

  /** A text block's inlines, read now when they are read as blocks close, else kept for after the text, if it may hold any. */
  private takeInlines(block: TextBlock): void {
    if (!this.mayHoldInlines(block.lines)) return;
    if (this.inlines !== undefined) scanInlines(subjectOf(this.text, block.lines).trim(), this.found.byLabel, this.inlines);
    else this.found.inlineBlocks.push(block);
  }

  /**
   * Whether a `[` or a `<` is between the first line's start and the last line's end of `lines`: found by searching the
   * text forward, as paragraphs close in document order (only the tip is ever a paragraph).
   */
  private mayHoldInlines(lines: readonly number[]): boolean {
    const start = lines[0] as number;
    const end = lines[lines.length - 1] as number;
    if (this.bracket !== -1 && this.bracket < start) this.bracket = this.text.indexOf('[', start);
    if (this.angle !== -1 && this.angle < start) this.angle = this.text.indexOf('<', start);
    return (this.bracket !== -1 && this.bracket < end) || (this.angle !== -1 && this.angle < end);
  }

  /** Closes the innermost open block, recording what the scanner keeps of it. */
  private closeTip(): void {
    const block = this.open.pop() as OpenBlock;
    this.tip = this.open[this.open.length - 1] as OpenBlock;
    if (this.blankProof > this.open.length - 1) this.blankProof = this.open.length - 1;
    const found = this.found;
    switch (block.kind) {
      case 'paragraph':
        // As takeInlines, without making the block unless it is kept.
        if (!this.takeDefinitions(block) || !this.mayHoldInlines(block.lines)) break;
        if (this.inlines !== undefined) scanInlines(subjectOf(this.text, block.lines).trim(), found.byLabel, this.inlines);
        else {
          // The lines copied to their own length, here and below: the list grew by pushes, with room for 17 numbers or
          // more, and a scan keeps every block (25,000 of a 5 MB file: their spare room held more than the text).
          found.inlineBlocks.push(textBlock('paragraph', 0, false, block, lineStartOf(this.text, block.lines[0] as number), block.end, block.lines.slice()));
        }
        break;
      case 'fence':
        found.codeBlocks.add(block.lineStart, block.end);
        found.fences.push({
          lineStart: block.lineStart, marker: block.contentStart, fenceChar: block.fenceChar, fenceLength: block.fenceLength,
          infoStart: block.infoStart, infoEnd: block.infoEnd, closed: block.closed, topLevel: block.parent?.kind === 'document', end: block.end,
          lines: block.lines.slice(),
        });
        break;
      case 'indented':
        found.codeBlocks.add(block.lineStart, lastNonBlankEnd(this.text, block.lines));
        break;
      case 'html':
        found.htmlBlocks.push({ start: block.contentStart, end: block.end, type: block.htmlType, closed: block.closed, topLevel: block.parent?.kind === 'document' });
        break;
      default:
    }
    if (block.parent !== undefined) block.parent.lastChild = block.kind;
    // A line observer keeps the blocks it was shown (lineShapes.ts tells blocks apart by identity): none is reused then.
    if (this.onLine === undefined) this.closedBlocks.push(block);
  }
}

function textBlock(kind: TextBlock['kind'], level: number, setext: boolean, block: OpenBlock, start: number, end: number, lines: number[]): TextBlock {
  return { kind, level, setext, topLevel: block.parent?.kind === 'document', follows: block.parent?.lastChild, start, end, lines };
}

/** A list or an item: the blocks a blank line can go on in that hold others. */
function isContainer(kind: BlockKind): boolean {
  return kind === 'list' || kind === 'item';
}

function acceptsLines(kind: BlockKind): boolean {
  return kind === 'paragraph' || kind === 'fence' || kind === 'indented' || kind === 'html';
}

function canContain(parent: BlockKind, child: BlockKind): boolean {
  if (parent === 'document' || parent === 'quote' || parent === 'item') return child !== 'item';
  return parent === 'list' && child === 'item';
}

/** The start of the line `at` is on: after the line ending before it. */
function lineStartOf(text: string, at: number): number {
  let start = at;
  while (start > 0) {
    const code = text.charCodeAt(start - 1);
    if (code === LINE_FEED || code === CARRIAGE_RETURN) break;
    start--;
  }
  return start;
}

/** The end of the last of the lines ([start, end) pairs) that holds more than spaces and tabs: indented code's end. */
function lastNonBlankEnd(text: string, lines: readonly number[]): number {
  for (let index = lines.length - 2; index >= 0; index -= 2) {
    const start = lines[index] as number;
    const end = lines[index + 1] as number;
    for (let at = start; at < end; at++) {
      const code = text.charCodeAt(at);
      if (code !== 0x20 && code !== 0x09) return end;
    }
  }
  return lines[1] ?? 0;
}
