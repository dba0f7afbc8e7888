// What the scanner finds in a Markdown text, as offsets into it: the blocks that hold inline text (paragraphs and
// headings), the fenced code blocks, the code and HTML the page shows as written, and every link, image and reference
// definition with where its destination is written.
import type { BlockKind } from './blocks/blockTypes';
import type { RangePairs, Ranges } from './ranges';

/** A paragraph or a heading: the blocks whose text is read for links, code spans and inline HTML. */
export interface TextBlock {
  kind: 'paragraph' | 'heading';
  /** The heading's level; 0 for a paragraph. */
  level: number;
  /** A setext heading (`Title` over `===` or `---`). */
  setext: boolean;
  /** Directly in the document: in no block quote or list item. */
  topLevel: boolean;
  /**
   * The kind of the block just before it in its container, 'paragraph' for a setext heading after the reference
   * definitions its paragraph began with; undefined when it is the first. Whether the lines after it could join that
   * block were it left out (omitTitle.ts): a paragraph or a block quote goes on in the next line, a list or indented
   * code past a blank line.
   */
  follows: BlockKind | undefined;
  /** The start of its first line (container markers included) and the end of its last line (before its line ending). */
  start: number;
  end: number;
  /** Its text's lines as [start, end) pairs, without indentation, container markers, heading markers or definitions. */
  lines: number[];
}

/** A fenced code block (CommonMark 4.5), in any container. */
export interface FencedCode {
  /** The start of the opening fence's line. */
  lineStart: number;
  /** The offset of the opening fence's first character. */
  marker: number;
  fenceChar: number;
  fenceLength: number;
  /** The info string as written after the fence: [infoStart, infoEnd), untrimmed. */
  infoStart: number;
  infoEnd: number;
  /** Whether a closing fence line closes it (else its container, or the text, ends first). */
  closed: boolean;
  /** Directly in the document: unclosed, it runs to the text's end (publishNotice.ts closes it before the notice). */
  topLevel: boolean;
  /** The end of its last line (the closing fence's when closed), before the line ending. */
  end: number;
  /** Its content lines as [start, end) pairs, after the containers and the fence's own indentation. */
  lines: number[];
}

/** An HTML block (CommonMark 4.6): from its line's content start to its last line's end. */
export interface HtmlBlock {
  start: number;
  end: number;
  /** Its start condition, 1 to 7 (2: a comment). */
  type: number;
  /** Kinds 1 to 5: whether a line with its end condition closes it (else its container, or the text, ends first). */
  closed: boolean;
  /** Directly in the document, as a fence's. */
  topLevel: boolean;
}

/** A reference definition `[label]: destination "title"` (CommonMark 4.7). */
export interface Definition {
  /** The label as CommonMark matches it (normalizeLabel). */
  label: string;
  destination: WrittenDestination;
  /** Whether a link (not an image) or only images use it: none is used by neither. */
  usedByLink: boolean;
  usedByImage: boolean;
}

/** Where a destination is written: [start, end) with any angle brackets; `text` without them, escapes as written. */
export interface WrittenDestination {
  start: number;
  end: number;
  text: string;
  angle: boolean;
}

/** A link or image as CommonMark reads it, or an autolink (`<https://...>`). */
export interface InlineLink {
  kind: 'link' | 'image' | 'autolink';
  /** The offset of its opening `[` (`<` for an autolink): links come in document order of these. */
  open: number;
  /**
   * An inline link's own destination, and an autolink's (between its brackets, without the `mailto:` an address gets);
   * undefined for a reference link, whose destination is its definition's.
   */
  destination: WrittenDestination | undefined;
  /** The definition a reference link uses. */
  definition: Definition | undefined;
}

/**
 * A list the scan keeps as numbers (scanLists.ts): its length, each item by index, and every item in order. Each item
 * is made anew when asked for: read it, or copy what is needed of it, rather than tell items apart by identity.
 */
export interface ScanList<T> extends Iterable<T> {
  readonly length: number;
  at(index: number): T | undefined;
}

export interface ScannedMarkdown {
  /** The headings in document order (the paragraphs are read for their inlines, and not kept). */
  headings: ScanList<TextBlock>;
  fences: readonly FencedCode[];
  htmlBlocks: readonly HtmlBlock[];
  /** Every definition, in document order (one whose label was defined before is listed too, and used by nothing). */
  definitions: readonly Definition[];
  /** Links, images and autolinks in document order (an image's description may hold links). */
  links: ScanList<InlineLink>;
  /** Fenced and indented code blocks, and code spans: text the page shows as written. */
  code: RangePairs;
  /** HTML comments: in HTML blocks or inline. */
  comments: Ranges;
}
