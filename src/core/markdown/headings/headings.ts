// The headings of a Markdown text as CommonMark reads them: ATX (`## Text`) and setext (`Text` over `===`/`---`),
// in any container, never in code or HTML. The link anchors use every heading; the page title the first level-one
// heading directly in the document (not in a block quote or list item) that has text.
import type { TextBlock } from '../model';
import { scanMarkdown, textOf } from '../scan';

/** Every heading's block, in document order. */
export function markdownHeadingBlocks(markdown: string): TextBlock[] {
  return [...scanMarkdown(markdown).headings];
}

/** The text of every heading as written (trimmed; a setext heading's lines joined by spaces), in document order. */
export function markdownHeadings(markdown: string): string[] {
  const headings: string[] = [];
  for (const block of scanMarkdown(markdown).headings) headings.push(textOf(markdown, block));
  return headings;
}

/** A heading's text and where its lines are: [start, end), the end before its last line's line ending. */
export interface TitleHeading {
  text: string;
  setext: boolean;
  start: number;
  end: number;
}

/** The page title a file's text gives when its front matter names none: its first level-one heading, as above. */
export function firstLevelOneHeading(markdown: string): TitleHeading | undefined {
  for (const block of scanMarkdown(markdown).headings) {
    if (block.level !== 1 || !block.topLevel) continue;
    const text = textOf(markdown, block);
    if (text !== '') return { text, setext: block.setext, start: block.start, end: block.end };
  }
  return undefined;
}
