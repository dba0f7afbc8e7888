// The standard conflict markers (as Git writes them), which VS Code's merge-conflict support shows with Accept
// buttons. Pull writes them; publishing refuses a file that still holds them (the wiki would show them as text).
import { scanMarkdown } from './scan';

export const OURS_MARKER = '<<<<<<< ours';
export const SEPARATOR_MARKER = '=======';
export const THEIRS_MARKER = '>>>>>>> wiki';

const LESS_THAN = 0x3c;
const EQUALS = 0x3d;

/** Writes one conflict: the file's side, then the wiki's. */
export function conflictBlock(ours: string, theirs: string): string {
  return `${OURS_MARKER}\n${withNewline(ours)}${SEPARATOR_MARKER}\n${withNewline(theirs)}${THEIRS_MARKER}\n`;
}

function withNewline(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`;
}

/**
 * How many complete conflicts (`<<<<<<<`, `=======`, `>>>>>>>` at the start of lines, in that order) the Markdown
 * holds outside fenced code blocks, where a document about Git may show them on purpose.
 *
 * Which lines a fence holds is CommonMark's answer (the scanner's): a line of backticks that is a code span or part of
 * an HTML block opens none, and a fence ends with its block quote or list item. The markers are not Markdown, though,
 * and a conflict's own lines may open a fence that takes in the markers after them: a fence counts as code only when
 * the text around the conflicts put it there. So a marker line in a fence still counts when a conflict begun before
 * the fence is open at it: when the fence is unclosed (a side opened it, and the rest of the text ran into it), or when
 * the first marker line in it is the one that conflict expects next (a side opened the fence and the other closed
 * it). A closed fence opened outside any conflict is code, even after a line of prose that starts like a marker; so
 * is an unclosed one (a tutorial whose last fence runs to the end of the file shows Git's `<<<<<<< HEAD` on purpose),
 * unless the conflict in it starts with Pull's own marker (`<<<<<<< ours`): one Pull wrote after a fence the file left
 * open, which the wiki would show.
 */
export function countConflicts(markdown: string): number {
  if (!markdown.includes('<<<<<<<')) return 0;
  const fences = scanMarkdown(markdown).fences;
  // Fences come in document order, as the marker lines do: one pass over both.
  let fenceIndex = 0;
  let judgedFence = -1;
  let fenceIsCode = false;
  let stage: 0 | 1 | 2 = 0;
  let count = 0;
  // A line ends at LF, CRLF or a lone CR, as the scanner reads it. Made here: a global expression kept between calls
  // would keep its lastIndex too.
  const markerLines = /(?<![^\r\n])(?:<{7}(?!<)|={7}[^\S\r\n]*(?![^\r\n])|>{7}(?!>))/g;
  for (const match of markdown.matchAll(markerLines)) {
    const offset = match.index;
    const firstChar = markdown.charCodeAt(offset);
    // The stage a line of this marker moves a conflict on from: a start begins one, a separator and an end go on with it.
    const movesOnFrom = firstChar === LESS_THAN ? 0 : firstChar === EQUALS ? 1 : 2;
    let fence = fences[fenceIndex];
    while (fence !== undefined && fence.end <= offset) fence = fences[++fenceIndex];
    // A marker line that opens a fence (`>>>>>>> ```` in block quotes) is not in its code.
    if (fence !== undefined && fence.lineStart < offset) {
      if (judgedFence !== fenceIndex) {
        judgedFence = fenceIndex;
        fenceIsCode = stage === 0 ? fence.closed || !markdown.startsWith(OURS_MARKER, offset) : fence.closed && movesOnFrom !== stage;
      }
      if (fenceIsCode) continue;
    }
    if (movesOnFrom !== stage) continue;
    if (stage === 2) {
      count++;
      stage = 0;
    } else stage = stage === 0 ? 1 : 2;
  }
  return count;
}
