// A side of a conflict must hold no line that reads as a conflict marker, or the conflict reads otherwise than it was
// written: VS Code's merge-conflict support (its Accept Current / Incoming / Both) takes a line that starts with
// `<<<<<<<` as a start, one that starts with `|||||||` before the separator as the base's part, a line that is
// `=======` as the separator and one that starts with `>>>>>>>` as the end, each with exactly those seven characters
// at the line's start, so longer markers are no way out. A setext heading underlined with seven `=` is such a line.
// Each is written so that it no longer starts at the margin, in a form CommonMark reads as the same document.
import { indentOf } from './markdownUnits';

const MARKER = /^(?:<{7}|>{7}|\|{7}|={7}[ \t]*$)/;
const ANY_MARKER = new RegExp(MARKER.source, 'm');
const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
// A line that starts a block of its own, so it is no paragraph a setext underline could make a heading of; or one
// whose end an ATX heading would read otherwise (a closing `#`, a backslash).
const NO_PLAIN_HEADING = /^ {0,3}(?:[-+*>#<|_=`~]|\d{1,9}[.)])|[#\\]\s*$/;

interface OpenFence { char: string; length: number; indent: number; opening: number; marked: boolean }

/**
 * The side's text with each line that reads as a marker moved off the margin: a setext heading over one line made the
 * ATX heading it is (`Title` over `=======` is `# Title`); any other line outside code one space in (up to three
 * spaces before a paragraph's line, a setext underline, a block quote's `>` or a table row change nothing); a line of
 * fenced code by moving the whole block one space in (the fence's indentation is taken off each line of its code, so
 * the code stays the same; its closing fence stays, indented as it was, which it may be). `startsBlock`: whether the
 * text before the side ends a block (it is the document's start or ends with a blank line), so that the side's first
 * line starts a paragraph.
 */
export function withoutMarkerLines(text: string, startsBlock: boolean): string {
  if (!ANY_MARKER.test(text)) return text;
  const lines: Array<string | undefined> = text.split('\n');
  const shiftFence = (fence: OpenFence, end: number): void => {
    // An opening fence already three spaces in cannot go further (four make it code): left as it is.
    if (!fence.marked || fence.indent >= 3) return;
    for (let index = fence.opening; index < end; index++) if ((lines[index] as string).trim() !== '') lines[index] = ` ${lines[index] as string}`;
  };
  let fence: OpenFence | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    if (fence) {
      if (closesFence(line, fence)) {
        shiftFence(fence, index);
        fence = undefined;
      } else if (MARKER.test(line)) fence.marked = true;
      continue;
    }
    const opened = FENCE.exec(line);
    if (opened && !((opened[2] as string).startsWith('`') && (opened[3] as string).includes('`'))) {
      fence = { char: (opened[2] as string)[0] as string, length: (opened[2] as string).length, indent: (opened[1] as string).length, opening: index, marked: false };
      continue;
    }
    if (!MARKER.test(line)) continue;
    const title = index > 0 ? setextTitle(lines, index, startsBlock) : undefined;
    if (title === undefined) lines[index] = ` ${line}`;
    else {
      lines[index - 1] = `# ${title}`;
      lines[index] = undefined;
    }
  }
  if (fence) shiftFence(fence, lines.length);
  return lines.filter((line) => line !== undefined).join('\n');
}

/** The title of the setext heading `=======` at `index` underlines, when it is one plain line of its own. */
function setextTitle(lines: ReadonlyArray<string | undefined>, index: number, startsBlock: boolean): string | undefined {
  if (!/^=+[ \t]*$/.test(lines[index] as string)) return undefined;
  const title = lines[index - 1];
  if (title === undefined || title.trim() === '' || indentOf(title) > 3 || NO_PLAIN_HEADING.test(title)) return undefined;
  // The line before the title must end a block, or the heading's text began there.
  const before = index > 1 ? lines[index - 2] : startsBlock ? '' : undefined;
  return before === undefined || before.trim() !== '' ? undefined : title.trim();
}

function closesFence(line: string, fence: OpenFence): boolean {
  const match = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
  return match !== null && (match[1] as string)[0] === fence.char && (match[1] as string).length >= fence.length;
}
