// The paragraphs inside block quotes and list items, each with the lines that hold it and nothing else: where a page's
// publish notice a colleague moved into a quote or a list item can be taken off with its `>` or its item, and no
// one's text with it (noticeTakenOff.ts). topParagraphs.ts finds the paragraphs directly in the page.
import { parseBlocks } from './blockParser';
import type { OpenBlock } from './blockTypes';
import { LinkList, RangeList } from '../scanLists';

export interface QuotedParagraph {
  /** Its text: its lines without their containers' markers, joined with LF. */
  text: string;
  /**
   * The lines of the outermost container that holds nothing but it (thematic breaks aside): the start of their first
   * line and the end of their last; whether that container stands directly in the page. Undefined when the container
   * it is directly in holds more (a colleague's words beside it).
   */
  alone: { start: number; end: number; topLevel: boolean } | undefined;
  /**
   * Its own lines (the start of its first, with the containers' markers, and the end of its last) when it is the last
   * block of a container that holds more: there it can go alone, with the blank lines that led to it.
   */
  last: { start: number; end: number } | undefined;
}

/** What a container (a quote, a list, a list item) was seen to hold. */
interface Container {
  start: number;
  end: number;
  /** Its first child that is no thematic break; `several` once a second one came. */
  child: OpenBlock | undefined;
  several: boolean;
  /** Its last child so far. */
  lastChild: OpenBlock | undefined;
}

const CONTAINERS = new Set(['quote', 'list', 'item']);

/**
 * The paragraphs in a quote or list item (at any depth) that `wanted` keeps, asked with each one's text as it closes,
 * in document order. A paragraph that its next line makes a setext heading is none. One pass over the text; what is
 * kept of a container is released with it unless a kept paragraph is in it.
 */
export function quotedParagraphs(text: string, wanted: (paragraphText: string) => boolean): QuotedParagraph[] {
  const containers = new WeakMap<OpenBlock, Container>();
  const kept: Array<{ text: string; block: OpenBlock; chain: OpenBlock[] }> = [];
  let current: { block: OpenBlock; chain: OpenBlock[] } | undefined;
  const close = (): void => {
    if (current === undefined) return;
    const lines = current.block.lines;
    const parts: string[] = [];
    for (let index = 0; index + 1 < lines.length; index += 2) parts.push(text.slice(lines[index] as number, lines[index + 1] as number));
    const paragraphText = parts.join('\n');
    if (wanted(paragraphText)) kept.push({ text: paragraphText, block: current.block, chain: current.chain });
    current = undefined;
  };
  parseBlocks(text, { links: new LinkList(text), codeSpans: new RangeList(), comments: [] }, (start, end, open) => {
    for (let depth = 1; depth < open.length; depth++) {
      const block = open[depth] as OpenBlock;
      if (!CONTAINERS.has(block.kind)) break;
      let seen = containers.get(block);
      if (seen === undefined) {
        seen = { start, end, child: undefined, several: false, lastChild: undefined };
        containers.set(block, seen);
      }
      seen.end = end;
      const child = open[depth + 1];
      if (child !== undefined) seen.lastChild = child;
      if (child === undefined || child.kind === 'break' || child === seen.child) continue;
      if (seen.child === undefined) seen.child = child;
      else seen.several = true;
    }
    const tip = open[open.length - 1] as OpenBlock;
    if (tip.kind === 'paragraph' && open.length > 2 && CONTAINERS.has((open[1] as OpenBlock).kind)) {
      if (current?.block === tip) return;
      close();
      current = { block: tip, chain: open.slice(1, -1) };
      return;
    }
    // The paragraph became the heading this line underlines: it is no paragraph.
    if (tip.kind === 'heading' && current !== undefined && tip.lineStart === current.block.lineStart) current = undefined;
    close();
  });
  close();
  return kept.map(({ text: paragraphText, block, chain }) => {
    const alone = aloneIn(chain, containers);
    const last = alone === undefined && containers.get(chain[chain.length - 1] as OpenBlock)?.lastChild === block ? { start: block.lineStart, end: block.end } : undefined;
    return { text: paragraphText, alone, last };
  });
}

/** The outermost container of `chain` (outermost first) down which each holds only the next, and the paragraph. */
function aloneIn(chain: readonly OpenBlock[], containers: WeakMap<OpenBlock, Container>): QuotedParagraph['alone'] {
  let alone: QuotedParagraph['alone'];
  for (let depth = chain.length - 1; depth >= 0; depth--) {
    const seen = containers.get(chain[depth] as OpenBlock);
    if (seen === undefined || seen.several) break;
    alone = { start: seen.start, end: seen.end, topLevel: depth === 0 };
  }
  return alone;
}
