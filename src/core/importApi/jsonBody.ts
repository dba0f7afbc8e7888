// The import request's body as the bytes sent, written once: JSON.stringify of a page of 5 MB made a string of 5 MB
// and the transport a Buffer of it, two copies of the page besides the content itself (issue 84, CLI peak memory).
// The content is escaped straight into the Buffer, the other members are JSON.stringify's own text, in the same order.
import type { ImportBody } from './types';

// What JSON must escape in a string (quote, backslash, control characters), and any surrogate: JSON.stringify writes
// a lone one as \uXXXX, a pair as its character.
const NEEDS_LOOK = /["\\\u0000-\u001f\ud800-\udfff]/g;
// A member no content holds: where the content's text goes in the other members' JSON.
const CONTENT_MARK = '\u0000content\u0000';
const SHORT_ESCAPES: Record<number, string> = { 0x22: '\\"', 0x5c: '\\\\', 0x08: '\\b', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t' };

/** JSON.stringify(body) as UTF-8 bytes, byte for byte, without the whole as a string. */
export function importBodyBytes(body: ImportBody): Uint8Array {
  const members = JSON.stringify({ ...body, content: CONTENT_MARK });
  const mark = JSON.stringify(CONTENT_MARK);
  const at = members.indexOf(mark);
  // The quotes around the content stay in these.
  const before = members.slice(0, at + 1);
  const after = members.slice(at + mark.length - 1);
  const content = body.content;
  // Measured, then written: the same pieces twice rather than a list of them (a page of code has many quotes).
  let size = Buffer.byteLength(before) + Buffer.byteLength(after);
  eachPiece(content, (start, end) => (size += Buffer.byteLength(content.slice(start, end))), (escape) => (size += escape.length));
  const bytes = Buffer.allocUnsafe(size);
  let offset = bytes.write(before, 0);
  eachPiece(content, (start, end) => (offset += bytes.write(content.slice(start, end), offset)), (escape) => (offset += bytes.write(escape, offset, 'latin1')));
  offset += bytes.write(after, offset);
  if (offset !== size) throw new Error(`the import body took ${offset} bytes, not ${size}`);
  return bytes;
}

/**
 * The content as JSON string text: [start, end) runs written as they are (UTF-8), and escapes (ASCII). A surrogate
 * pair is a run's part; a lone surrogate is escaped, as JSON.stringify does (UTF-8 cannot carry it).
 */
function eachPiece(content: string, run: (start: number, end: number) => void, escape: (text: string) => void): void {
  let runStart = 0;
  NEEDS_LOOK.lastIndex = 0;
  for (let match = NEEDS_LOOK.exec(content); match !== null; match = NEEDS_LOOK.exec(content)) {
    const at = match.index;
    const code = content.charCodeAt(at);
    // A high surrogate before a low one: the pair is a character. A low one found here has no high one before it.
    if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(content.charCodeAt(at + 1))) {
      NEEDS_LOOK.lastIndex = at + 2;
      continue;
    }
    if (at > runStart) run(runStart, at);
    escape(SHORT_ESCAPES[code] ?? `\\u${code.toString(16).padStart(4, '0')}`);
    runStart = at + 1;
  }
  if (content.length > runStart) run(runStart, content.length);
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
