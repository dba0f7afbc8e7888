// The scanner's one entry: a Markdown text's blocks, then the inlines of its paragraphs and headings, found once for
// the last text asked about (planning a file asks about the same text for its title, links, headings and diagrams).
import { parseBlocks } from './blocks/blockParser';
import { scanInlines, type InlineFindings } from './inlines/inlineScanner';
import { subjectOf } from './inlines/subject';
import type { HtmlBlock, ScannedMarkdown, TextBlock } from './model';
import { inRanges } from './ranges';
import { LinkList, RangeList } from './scanLists';

let lastText: string | undefined;
let last: ScannedMarkdown | undefined;

/** What the scanner finds in `text` (see ScannedMarkdown). */
export function scanMarkdown(text: string): ScannedMarkdown {
  const same = lastText === text;
  // The caller's string is kept either way: a text equal to the one kept but another string (a file read again) is
  // compared character by character, and is found by reference when asked about again.
  lastText = text;
  if (same && last !== undefined) return last;
  const inlines: InlineFindings = { links: new LinkList(text), codeSpans: new RangeList(), comments: [] };
  const blocks = parseBlocks(text, inlines);
  // The blocks whose inlines wait for the whole text's reference definitions (none when read as they closed).
  for (const block of blocks.inlineBlocks) scanInlines(subjectOf(text, block.lines).trim(), blocks.byLabel, inlines);
  last = {
    headings: blocks.headings,
    fences: blocks.fences,
    htmlBlocks: blocks.htmlBlocks,
    definitions: blocks.definitions,
    links: inlines.links,
    code: RangeList.merged(blocks.codeBlocks, inlines.codeSpans),
    comments: merged(htmlComments(text, blocks.htmlBlocks), inlines.comments),
  };
  return last;
}

/**
 * The scan kept of `text` when it is the text scanned last, else undefined (nothing is scanned): a caller whose quick
 * look only decides whether a scan is worth making takes the scan as it is when it is there already.
 */
export function keptScan(text: string): ScannedMarkdown | undefined {
  return lastText === text ? last : undefined;
}

/** The HTML comments of the HTML blocks: a block of kind 2 whole, and each `<!--` to its `-->` (or the block's end) in the others. */
function htmlComments(text: string, blocks: readonly HtmlBlock[]): Array<[number, number]> {
  const comments: Array<[number, number]> = [];
  for (const block of blocks) {
    if (block.type === 2) {
      comments.push([block.start, block.end]);
      continue;
    }
    for (let open = text.indexOf('<!--', block.start); open !== -1 && open < block.end; ) {
      const close = text.indexOf('-->', open + 4);
      const end = close === -1 || close + 3 > block.end ? block.end : close + 3;
      comments.push([open, end]);
      open = text.indexOf('<!--', end);
    }
  }
  return comments;
}

/** Two lists of ranges, each in order and none overlapping the other's, as one list in order. */
function merged(first: Array<[number, number]>, second: Array<[number, number]>): Array<[number, number]> {
  if (second.length === 0) return first;
  if (first.length === 0) return second;
  const all = first.concat(second);
  return all.sort((a, b) => a[0] - b[0]);
}

/** A text block's text as written: its lines trimmed and joined by spaces (a heading's markers left out). */
export function textOf(text: string, block: TextBlock): string {
  const lines = block.lines;
  if (lines.length === 2) return text.slice(lines[0], lines[1]).trim();
  const parts: string[] = [];
  for (let index = 0; index < lines.length; index += 2) parts.push(text.slice(lines[index], lines[index + 1]).trim());
  return parts.join(' ');
}

/** Whether `offset` is in code: a fenced or indented code block, or a code span. */
export function isInCode(text: string, offset: number): boolean {
  return inRanges(scanMarkdown(text).code, offset);
}
