// The parts of links and reference definitions (CommonMark 6.3, 4.7), read from an offset of a subject's text as
// commonmark.js reads them: a link label, a destination, a title, and the spaces and one line ending between them.
import { BACKSLASH, CLOSE_BRACKET, CLOSE_PARENTHESIS, DOUBLE_QUOTE, GREATER_THAN, LESS_THAN, LINE_FEED, OPEN_BRACKET, OPEN_PARENTHESIS, SINGLE_QUOTE, isEscapable, isSpaceOrTab, isWhitespace } from '../chars';

/**
 * After spaces or tabs and at most one line ending with more after it. The spec allows tabs there, as cmark and
 * markdown-it (the sandbox's page view) read them; commonmark.js takes spaces only, which the differential test lists.
 */
export function skipSpaces(text: string, at: number, end: number): number {
  while (at < end && isSpaceOrTab(text.charCodeAt(at))) at++;
  if (at < end && text.charCodeAt(at) === LINE_FEED) {
    at++;
    while (at < end && isSpaceOrTab(text.charCodeAt(at))) at++;
  }
  return at;
}

/** The length of the link label `[...]` at `at` (at most 1,000 characters or escapes inside, no unescaped bracket); 0 for none. */
export function linkLabelLength(text: string, at: number, end: number): number {
  if (text.charCodeAt(at) !== OPEN_BRACKET) return 0;
  let units = 0;
  for (let position = at + 1; position < end && units <= 1000; units++) {
    const code = text.charCodeAt(position);
    if (code === CLOSE_BRACKET) return position + 1 - at > 1001 ? 0 : position + 1 - at;
    if (code === OPEN_BRACKET) return 0;
    if (code === BACKSLASH) {
      if (position + 1 >= end) return 0;
      position += 2;
    } else position++;
  }
  return 0;
}

/** Parentheses nested deeper than this end a bare destination as none (markdown-it's limit; the spec allows one). */
export const MAX_PARENTHESIS_DEPTH = 32;

/** Where a link destination at `at` ends, and whether it is in angle brackets; undefined when none is there. */
export function linkDestinationEnd(text: string, at: number, end: number): { end: number; angle: boolean } | undefined {
  if (at < end && text.charCodeAt(at) === LESS_THAN) {
    for (let position = at + 1; position < end; position++) {
      const code = text.charCodeAt(position);
      if (code === GREATER_THAN) return { end: position + 1, angle: true };
      if (code === LESS_THAN || code === LINE_FEED) return undefined;
      if (code === BACKSLASH) {
        const next = text.charCodeAt(position + 1);
        if (position + 1 >= end || next === LINE_FEED || next === 0x0d || next === 0x2028 || next === 0x2029) return undefined;
        position++;
      }
    }
    return undefined;
  }
  let position = at;
  let depth = 0;
  let code = -1;
  while (position < end) {
    code = text.charCodeAt(position);
    if (code === BACKSLASH && position + 1 < end && isEscapable(text.charCodeAt(position + 1))) position += 2;
    else if (code === OPEN_PARENTHESIS) {
      if (++depth > MAX_PARENTHESIS_DEPTH) return undefined;
      position++;
    } else if (code === CLOSE_PARENTHESIS) {
      if (depth < 1) break;
      depth--;
      position++;
    } else if (isWhitespace(code)) break;
    else position++;
  }
  if (position >= end) code = -1;
  if (position === at && code !== CLOSE_PARENTHESIS) return undefined;
  return depth === 0 ? { end: position, angle: false } : undefined;
}

/** Where a link title at `at` ends (`"..."`, `'...'` or `(...)`, backslash escapes inside); -1 for none. */
export function linkTitleEnd(text: string, at: number, end: number): number {
  const open = text.charCodeAt(at);
  const close = open === OPEN_PARENTHESIS ? CLOSE_PARENTHESIS : open;
  if (open !== DOUBLE_QUOTE && open !== SINGLE_QUOTE && open !== OPEN_PARENTHESIS) return -1;
  for (let position = at + 1; position < end; position++) {
    const code = text.charCodeAt(position);
    if (code === close) return position + 1;
    if (code === BACKSLASH) {
      if (position + 1 >= end) return -1;
      position++;
    } else if (open === OPEN_PARENTHESIS && code === OPEN_PARENTHESIS) return -1;
  }
  return -1;
}
