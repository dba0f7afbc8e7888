// The import request's JSON made piece by piece: the target's members as JSON.stringify writes them, then the content
// escaped a slice at a time. The bytes are JSON.stringify's of the whole body (test/unit/importJsonBody.test.ts), but
// a 5 MB page is never one JSON string plus one buffer of its bytes, nor its content joined to the notice after it:
// those three copies were most of what the command line held above its own size while it sent one (issue 84).
import type { PiecewiseBody } from '../http/transport';

/**
 * Characters of content escaped at once: a large page takes some hundreds of writes. The piece the socket has not
 * taken yet lives through each young-generation collection while a page goes out: at 64 K characters that was 0.13 MB
 * a collection, a good part of what may survive before V8 grows the generation (issue 84); at 16 K, 0.03 MB.
 */
const SLICE_CHARS = 16 * 1024;

/**
 * Content up to this many characters is sent as one JSON text, as before: written piece by piece, 200 bodies of 20 KB
 * raised the command line's peak by 5 MB (three writes a request, each with its own bookkeeping), where one 5 MB body
 * lowered it by 6 MB.
 */
const WHOLE_UP_TO_CHARS = 1024 * 1024;

/** The import request's body: one JSON text for a page of ordinary size, piece by piece (importJsonBody) for a large one. */
export function importBody(fields: object, content: readonly string[]): string | PiecewiseBody {
  let chars = 0;
  for (const part of content) chars += part.length;
  return chars <= WHOLE_UP_TO_CHARS ? JSON.stringify({ ...fields, content: content.join('') }) : importJsonBody(fields, content);
}

/** What JSON.stringify({ ...fields, content: content.join('') }) writes, as a PiecewiseBody. */
export function importJsonBody(fields: object, content: readonly string[]): PiecewiseBody {
  const empty = JSON.stringify({ ...fields, content: '' });
  // The content is written last, as its own member: anything else (a member of that name among the fields) is
  // written whole, as before.
  const parts = joinedPairs(content);
  if (!empty.endsWith('"content":""}') || 'content' in fields) {
    const text = JSON.stringify({ ...fields, content: parts.join('') });
    return { byteLength: Buffer.byteLength(text, 'utf8'), pieces: () => [text] };
  }
  const head = empty.slice(0, -2);
  const pieces = function* (): Generator<string> {
    yield head;
    for (const part of parts) yield* escapedSlices(part);
    yield '"}';
  };
  let byteLength = Buffer.byteLength(head, 'utf8') + 2;
  for (const part of parts) byteLength += escapedByteLength(part);
  return { byteLength, pieces };
}

/** `text` as JSON escapes it inside a string, a slice at a time; a slice never ends between the halves of a pair. */
function* escapedSlices(text: string): Generator<string> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + SLICE_CHARS, text.length);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
    yield JSON.stringify(text.slice(start, end)).slice(1, -1);
    start = end;
  }
}

/**
 * The parts, with any two between which a surrogate pair is split joined: JSON.stringify writes a lone surrogate as
 * an escape, so each half on its own would be written otherwise than the pair. A notice after a page's text never
 * starts with one; this keeps the bytes right whatever the parts are.
 */
function joinedPairs(content: readonly string[]): string[] {
  const parts: string[] = [];
  for (const part of content) {
    if (part === '') continue;
    const before = parts[parts.length - 1];
    if (before !== undefined && isHighSurrogate(before.charCodeAt(before.length - 1)) && isLowSurrogate(part.charCodeAt(0))) {
      parts[parts.length - 1] = before + part;
    } else parts.push(part);
  }
  return parts;
}

/**
 * The UTF-8 length of `text` as JSON escapes it, counted without escaping it: its own UTF-8 length, and what each
 * escape adds (`\"`, `\n` one byte; `\u001f` five; a lone surrogate, three bytes in UTF-8, six as `\udXXX`).
 */
function escapedByteLength(text: string): number {
  let length = Buffer.byteLength(text, 'utf8');
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code >= 0x20 && code !== 0x22 && code !== 0x5c && (code < 0xd800 || code > 0xdfff)) continue;
    if (code === 0x22 || code === 0x5c || code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d) length += 1;
    else if (code < 0x20) length += 5;
    else if (isHighSurrogate(code) && at + 1 < text.length && isLowSurrogate(text.charCodeAt(at + 1))) at++;
    // A lone surrogate: Buffer.byteLength counted it as U+FFFD, three bytes; JSON writes six.
    else length += 3;
  }
  return length;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
