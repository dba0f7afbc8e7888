// A file may end inside a block that CommonMark keeps open to the end of the document: a fence never closed (4.5) and
// an HTML block of kinds 1 to 5 whose end condition never comes (4.6). Whatever follows such a file, the publish
// notice, would be read into it: directly in the document, the rule and the notice become its content; in a list
// item, the blank line before the rule does (a list item goes on over a blank line, and so does the block in it).
import { keptScan, scanMarkdown } from '../markdown/scan';

// A text in which no line starts a fence or an HTML block need not be scanned (most texts without code).
const MAY_START_OPEN_BLOCK = /^[ \t>*+\-.)0-9]*(?:```|~~~|<)/m;
const KIND_ONE = /^[ \t]*<(script|pre|textarea|style)/i;
// The end conditions of kinds 2 to 5.
const CLOSERS: readonly string[] = ['-->', '?>', '>', ']]>'];

/**
 * What the notice's rule needs before it after `markdown`: undefined when the text ends in no open block (a blank
 * line, as always, so that the rule cannot underline a last line of text); '' when it ends in one inside a block
 * quote or list item (no blank line: the unindented rule closes the containers, and the block with them); else the
 * line that closes the block it ends in directly in the document. That is the fence's own character as many times as
 * it opened with (no line of its content is that long, or it would have closed it), or the end condition of the HTML
 * block's kind (`</pre>` for `<pre>`). Either way the block renders as it does at the end of the text alone.
 */
export function closingLine(markdown: string): string | undefined {
  // The planner scanned this text last, most often: the scanner keeps that scan, which answers at once. The look for a
  // line that may start a fence or an HTML block only spares a text not scanned yet its scan (read over every text a
  // tree plans, it was a twentieth of planning 10,000 files).
  const kept = keptScan(markdown);
  if (kept === undefined && !MAY_START_OPEN_BLOCK.test(markdown)) return undefined;
  const scanned = kept ?? scanMarkdown(markdown);
  const fence = scanned.fences[scanned.fences.length - 1];
  if (fence !== undefined && !fence.closed && runsToEnd(markdown, fence.end)) {
    return fence.topLevel ? String.fromCharCode(fence.fenceChar).repeat(fence.fenceLength) : '';
  }
  const html = scanned.htmlBlocks[scanned.htmlBlocks.length - 1];
  if (html === undefined || html.closed || html.type > 5 || !runsToEnd(markdown, html.end)) return undefined;
  if (!html.topLevel) return '';
  if (html.type > 1) return CLOSERS[html.type - 2] as string;
  return `</${KIND_ONE.exec(markdown.slice(html.start, html.end))?.[1] ?? 'pre'}>`;
}

/** Whether a block whose last line ends at `end` goes on to the end of the text: only that line's ending follows. */
function runsToEnd(markdown: string, end: number): boolean {
  const rest = markdown.length - end;
  return rest === 0 || (rest === 1 && /[\r\n]$/.test(markdown)) || (rest === 2 && markdown.endsWith('\r\n'));
}
