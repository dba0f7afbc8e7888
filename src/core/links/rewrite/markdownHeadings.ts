// The headings of a Markdown text, in order, so that a link's `#anchor` can be matched to one (the caller reads
// the target file and passes its headings). Pass the Markdown that is sent, front matter already split off.
import { fencedBlocks, textBlocks } from '../../publish/inspect';
import { walkHeadings } from '../../publish/headingWalk';

/**
 * The text of every ATX (`## Text`) and setext (`Text` over `===`/`---`) heading outside code and HTML blocks (a
 * heading commented out is none), as written.
 */
export function markdownHeadings(markdown: string): string[] {
  const headings: string[] = [];
  walkHeadings(markdown, textBlocks(markdown, fencedBlocks(markdown)), (text) => {
    headings.push(text);
    return false;
  });
  return headings;
}
