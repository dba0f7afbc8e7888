// Lines of an exported page as the notice's removal reads them (noticeTakenOff.ts): each found by looking at its own
// characters only, so that no text is read again for every line of it.

/** The line before the one starting at `at` (a line's start): its start, and its end before its line ending. */
export function lineBefore(text: string, at: number): { start: number; end: number } | undefined {
  if (at <= 0) return undefined;
  let end = at - 1;
  if (text[end] === '\n' && end > 0 && text[end - 1] === '\r') end--;
  let start = end;
  while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
  return { start, end };
}

/** How many backslashes end `text`: an odd number escapes what comes next (a hard line break at a line's end). */
export function trailingBackslashes(text: string): number {
  let count = 0;
  while (count < text.length && text[text.length - 1 - count] === '\\') count++;
  return count;
}

/**
 * Whether a paragraph (its lines joined with LF) is a table as GitHub Flavored Markdown reads one: a line of cells of
 * `-` (a delimiter row) under its header. CommonMark reads it as a paragraph; a notice in its cells is the table's text.
 */
export function isTable(paragraph: string): boolean {
  return paragraph.split('\n').some((line) => line.includes('|') && DELIMITER_ROW.test(line));
}

const DELIMITER_ROW = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
