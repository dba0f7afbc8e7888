// The paragraphs directly in a document (in no block quote, list item, code block or HTML block), as line ranges: where
// a page's own text can be told from text it quotes (the publish notice ends a page as one of these: noticeTakenOff.ts).
import { parseBlocks } from './blockParser';
import type { OpenBlock } from './blockTypes';
import { LinkList, RangeList } from '../scanLists';

export interface TopParagraph {
  /** The start of its first line and the end of its last line (before its line ending). */
  start: number;
  end: number;
}

/**
 * The top-level paragraphs of `text` that `wanted` keeps (asked once a paragraph has closed, with its range), in
 * document order. A paragraph that its next line makes a setext heading is none. One pass over the text.
 */
export function topParagraphs(text: string, wanted: (paragraph: TopParagraph) => boolean): TopParagraph[] {
  const found: TopParagraph[] = [];
  let current: { block: OpenBlock; start: number; end: number } | undefined;
  const close = (): void => {
    if (current !== undefined && wanted({ start: current.start, end: current.end })) found.push({ start: current.start, end: current.end });
    current = undefined;
  };
  parseBlocks(text, { links: new LinkList(text), codeSpans: new RangeList(), comments: [] }, (start, end, open) => {
    const block = open.length === 2 ? open[1] : undefined;
    if (block?.kind === 'paragraph') {
      if (current !== undefined && current.block === block) current.end = end;
      else {
        close();
        current = { block, start, end };
      }
      return;
    }
    // The paragraph became the heading this line underlines: it is in `open` no more, and no paragraph.
    if (block?.kind === 'heading' && current !== undefined && block.lineStart === current.block.lineStart) current = undefined;
    close();
  });
  close();
  return found;
}
