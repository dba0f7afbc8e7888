// Character codes and the small character classes CommonMark's rules are written in. Every part of the scanner reads
// the text by code unit (charCodeAt), never by slicing it into lines or characters: it runs on every file planned.

export const TAB = 0x09;
export const LINE_FEED = 0x0a;
export const CARRIAGE_RETURN = 0x0d;
export const SPACE = 0x20;
export const BANG = 0x21;
export const DOUBLE_QUOTE = 0x22;
export const HASH = 0x23;
export const AMPERSAND = 0x26;
export const SINGLE_QUOTE = 0x27;
export const OPEN_PARENTHESIS = 0x28;
export const CLOSE_PARENTHESIS = 0x29;
export const ASTERISK = 0x2a;
export const PLUS = 0x2b;
export const DASH = 0x2d;
export const DOT = 0x2e;
export const COLON = 0x3a;
export const LESS_THAN = 0x3c;
export const EQUALS = 0x3d;
export const GREATER_THAN = 0x3e;
export const QUESTION_MARK = 0x3f;
export const OPEN_BRACKET = 0x5b;
export const BACKSLASH = 0x5c;
export const CLOSE_BRACKET = 0x5d;
export const UNDERSCORE = 0x5f;
export const BACKTICK = 0x60;
export const TILDE = 0x7e;

export function isSpaceOrTab(code: number): boolean {
  return code === SPACE || code === TAB;
}

export function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

export function isAsciiLetter(code: number): boolean {
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x7a;
}

/** ASCII punctuation: what a backslash escapes (CommonMark 2.4). */
export function isEscapable(code: number): boolean {
  return (code >= 0x21 && code <= 0x2f) || (code >= 0x3a && code <= 0x40) || (code >= 0x5b && code <= 0x60) || (code >= 0x7b && code <= 0x7e);
}

/** Space, tab, line feed, line tabulation, form feed, carriage return: where a bare link destination ends. */
export function isWhitespace(code: number): boolean {
  return code === SPACE || (code >= TAB && code <= CARRIAGE_RETURN);
}

/** What String.prototype.trim removes: the inline parser trims a paragraph's text this way. */
export function isTrimmed(code: number): boolean {
  if (code <= SPACE) return code === SPACE || (code >= TAB && code <= CARRIAGE_RETURN);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}
