// The headings of a Markdown text, in order, so that a link's `#anchor` can be matched to one (the caller reads
// the target file and passes its headings). Pass the Markdown that is sent, front matter already split off.
import { fencedBlocks, htmlBlocks, startsListItemBlock } from '../../publish/inspect';
import { walkHeadings } from '../../publish/headingWalk';

/**
 * The text of every ATX (`## Text`) and setext (`Text` over `===`/`---`) heading outside code and HTML blocks (a
 * heading commented out is none), as written.
 */
export function markdownHeadings(markdown: string): string[] {
  const code = fencedBlocks(markdown);
  const headings: string[] = [];
  walkHeadings(markdown, { code, html: htmlBlocks(markdown, code), startsListItemBlock: (lineStart) => startsListItemBlock(markdown, lineStart, code) }, (text) => {
    headings.push(text);
    return false;
  });
  return headings;
}
