// Autolinks (CommonMark 6.5) and raw HTML (6.6) at a `<` of a subject: where each ends, read by hand rather than
// with commonmark.js's regular expressions, whose white space runs made a long run of spaces in a tag cost its square.
import { DASH, GREATER_THAN, QUESTION_MARK, isAsciiLetter, isDigit, isTrimmed } from '../chars';
import { ForwardSearch } from './forwardSearch';

// A NUL is U+FFFD to CommonMark (2.3), which an autolink and an unquoted attribute value may hold.
const URI_AUTOLINK = /<[A-Za-z][A-Za-z0-9.+-]{1,31}:[^<>\x01-\x20]*>/y;
const EMAIL_AUTOLINK = /<[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*>/y;

/** Where an autolink at `at` ends; -1 for none. */
export function autolinkEnd(text: string, at: number, end: number): number {
  for (const pattern of [URI_AUTOLINK, EMAIL_AUTOLINK]) {
    pattern.lastIndex = at;
    if (pattern.test(text) && pattern.lastIndex <= end) return pattern.lastIndex;
  }
  return -1;
}

/** Raw HTML at `at`: where it ends and whether it is a comment; end -1 for none. One per subject. */
export class RawHtmlReader {
  private readonly searches = new Map<string, ForwardSearch>();

  constructor(private readonly text: string, private readonly end: number) {}

  /** Where raw HTML starting at `at` (a `<`) ends; -1 for none. */
  endAt(at: number): number {
    const text = this.text;
    const next = text.charCodeAt(at + 1);
    if (isAsciiLetter(next)) return this.openTagEnd(at + 1);
    if (next === 0x2f) return this.closeTagEnd(at + 2);
    if (next === QUESTION_MARK) return this.through('?>', at + 2);
    if (next !== 0x21) return -1;
    if (text.startsWith('<!--', at)) {
      if (text.startsWith('<!-->', at)) return at + 5;
      if (text.startsWith('<!--->', at)) return at + 6;
      return this.through('-->', at + 4);
    }
    if (text.startsWith('<![CDATA[', at)) return this.through(']]>', at + 9);
    if (!isAsciiLetter(text.charCodeAt(at + 2))) return -1;
    return this.through('>', at + 3);
  }

  /** After the first `needle` at or after `from` within the subject; -1 when there is none. */
  private through(needle: string, from: number): number {
    let search = this.searches.get(needle);
    if (search === undefined) this.searches.set(needle, (search = new ForwardSearch(this.text, needle)));
    const found = search.at(from);
    return found === -1 || found + needle.length > this.end ? -1 : found + needle.length;
  }

  /** `<name` (at the name) then attributes, optional `/`, `>`. */
  private openTagEnd(name: number): number {
    const text = this.text;
    let at = tagNameEnd(text, name, this.end);
    for (;;) {
      const spaced = this.spaces(at);
      if (spaced === at || !isAttributeNameStart(text.charCodeAt(spaced))) {
        at = spaced;
        break;
      }
      at = attributeNameEnd(text, spaced, this.end);
      const value = this.attributeValueEnd(at);
      if (value !== -1) at = value;
    }
    if (text.charCodeAt(at) === 0x2f) at++;
    return at < this.end && text.charCodeAt(at) === GREATER_THAN ? at + 1 : -1;
  }

  /** `</name` (at the name), white space, `>`. */
  private closeTagEnd(name: number): number {
    if (!isAsciiLetter(this.text.charCodeAt(name))) return -1;
    const at = this.spaces(tagNameEnd(this.text, name, this.end));
    return at < this.end && this.text.charCodeAt(at) === GREATER_THAN ? at + 1 : -1;
  }

  /** `= value` after white space from `from` (the end of an attribute's name): where it ends; -1 for none. */
  private attributeValueEnd(from: number): number {
    const text = this.text;
    let at = this.spaces(from);
    if (text.charCodeAt(at) !== 0x3d) return -1;
    at = this.spaces(at + 1);
    const quote = text.charCodeAt(at);
    if (quote === 0x22 || quote === 0x27) return this.through(quote === 0x22 ? '"' : "'", at + 1);
    const start = at;
    while (at < this.end && isUnquotedValue(text.charCodeAt(at))) at++;
    return at > start ? at : -1;
  }

  /** After the white space (as \s reads it) from `at`. */
  private spaces(at: number): number {
    while (at < this.end && isTrimmed(this.text.charCodeAt(at))) at++;
    return at;
  }
}

function tagNameEnd(text: string, at: number, end: number): number {
  at++;
  while (at < end && (isAsciiLetter(text.charCodeAt(at)) || isDigit(text.charCodeAt(at)) || text.charCodeAt(at) === DASH)) at++;
  return at;
}

function isAttributeNameStart(code: number): boolean {
  return isAsciiLetter(code) || code === 0x5f || code === 0x3a;
}

function attributeNameEnd(text: string, at: number, end: number): number {
  at++;
  for (; at < end; at++) {
    const code = text.charCodeAt(at);
    if (!isAsciiLetter(code) && !isDigit(code) && code !== 0x3a && code !== 0x2e && code !== 0x5f && code !== DASH) break;
  }
  return at;
}

function isUnquotedValue(code: number): boolean {
  return (code > 0x20 || code === 0) && code !== 0x22 && code !== 0x27 && code !== 0x3d && code !== 0x3c && code !== 0x3e && code !== 0x60;
}
