// A file's bytes as the text a page is made of, or why not. UTF-8 strictly: a lenient decode would turn a Latin-1 é
// or a binary file into replacement characters and publish that garbage as a page. UTF-16 only with its byte order
// mark (Windows tools write it so); without one, UTF-16 looks like text full of NUL bytes and is refused as binary.
// UTF-32 is refused by its mark, and named.
// An editor never shows the byte order mark, and front matter must start at the first character: it is dropped.

import { constants } from 'node:buffer';
import { englishWalkMessages, type WalkMessages } from '../messages/walkMessages';

export type DecodedText = { ok: true; text: string } | { ok: false; problem: string };

/**
 * The most characters a JavaScript string holds (V8: 536,870,888 on a 64-bit system). A file of more bytes than that
 * is refused as too large, unread as text: decoding it threw, and the catch below took that for an invalid byte and
 * named one at the file's end (a 600 MB file of ASCII "is not UTF-8 text"). Each character of UTF-8 takes a byte at
 * least, so a file within the limit always decodes to a string within it.
 */
export const MAX_TEXT_LENGTH = constants.MAX_STRING_LENGTH;

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;
const UTF32LE_BOM = [0xff, 0xfe, 0x00, 0x00] as const;
const UTF32BE_BOM = [0x00, 0x00, 0xfe, 0xff] as const;

function startsWith(bytes: Uint8Array, mark: readonly number[]): boolean {
  return bytes.length >= mark.length && mark.every((byte, index) => bytes[index] === byte);
}
// One decoder for every file: a decode without { stream: true } keeps no state between calls, even one that threw.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** `maxLength`: the most characters a text may have (MAX_TEXT_LENGTH; a test gives a small one rather than a huge file). */
export function decodeText(bytes: Uint8Array, label: string, messages: WalkMessages = englishWalkMessages, maxLength = MAX_TEXT_LENGTH): DecodedText {
  // UTF-32's marks first: the little-endian one starts as UTF-16's does. Named, so the fix is plain (not "binary").
  if (startsWith(bytes, UTF32LE_BOM) || startsWith(bytes, UTF32BE_BOM)) return refusal(label, messages)(messages.utf32());
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeUtf16(bytes, false, label, messages, maxLength);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeUtf16(bytes, true, label, messages, maxLength);
  return decodeUtf8(bytes, label, messages, maxLength);
}

/** The refusal of a file too large to read as text: its size, not an encoding problem (one it may have is not looked for). */
function tooLarge(bytes: Uint8Array, label: string, messages: WalkMessages, maxLength: number): DecodedText {
  const megabytes = (count: number): string => (count / 1_000_000).toFixed(1);
  return { ok: false, problem: messages.tooLarge(label, megabytes(bytes.length), megabytes(maxLength)) };
}

/**
 * UTF-8, after a byte order mark if there is one. The refusal's words are made only for a file refused, and bytes
 * without a mark are decoded as they are: a closure and a view of the bytes were most of what decoding each small
 * file of a tree allocated.
 */
function decodeUtf8(bytes: Uint8Array, label: string, messages: WalkMessages, maxLength: number): DecodedText {
  const start = bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2] ? UTF8_BOM.length : 0;
  if (bytes.length - start > maxLength) return tooLarge(bytes, label, messages, maxLength);
  const nul = bytes.indexOf(0, start);
  if (nul >= 0) return refusal(label, messages)(messages.binaryByte(nul));
  try {
    return { ok: true, text: UTF8.decode(start === 0 ? bytes : bytes.subarray(start)) };
  } catch {
    // Only an invalid byte is an encoding problem; a decoder that threw on bytes that are all valid ran out of room.
    const invalid = firstInvalidUtf8(bytes, start);
    if (invalid >= bytes.length) return tooLarge(bytes, label, messages, maxLength);
    return refusal(label, messages)(messages.invalidByte(invalid));
  }
}

function refusal(label: string, messages: WalkMessages): (why: string) => DecodedText {
  return (why) => ({ ok: false, problem: messages.notUtf8(label, why) });
}

function decodeUtf16(bytes: Uint8Array, bigEndian: boolean, label: string, messages: WalkMessages, maxLength: number): DecodedText {
  const body = bytes.subarray(2);
  const refuse = refusal(label, messages);
  if (body.length % 2 !== 0) return refuse(messages.oddUtf16());
  if (body.length / 2 > maxLength) return tooLarge(bytes, label, messages, maxLength);
  // Node's TextDecoder knows 'utf-16be' only with full ICU; swapping the bytes needs nothing.
  const littleEndian = bigEndian ? swapPairs(body) : body;
  let text: string;
  try {
    text = new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true }).decode(littleEndian);
  } catch {
    return refuse(messages.invalidUtf16());
  }
  const nul = text.indexOf('\u0000');
  return nul >= 0 ? refuse(messages.binaryCharacter(2 + nul * 2)) : { ok: true, text };
}

function swapPairs(bytes: Uint8Array): Uint8Array {
  const swapped = new Uint8Array(bytes.length);
  for (let index = 0; index + 1 < bytes.length; index += 2) {
    swapped[index] = bytes[index + 1] as number;
    swapped[index + 1] = bytes[index] as number;
  }
  return swapped;
}

/** The offset of the first byte that starts no valid UTF-8 sequence (RFC 3629: no overlongs, no surrogates, no more than U+10FFFF). */
export function firstInvalidUtf8(bytes: Uint8Array, start = 0): number {
  let index = start;
  while (index < bytes.length) {
    const lead = bytes[index] as number;
    if (lead < 0x80) {
      index++;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0) return index;
    // The second byte's range excludes overlong forms (E0, F0), surrogates (ED) and code points past U+10FFFF (F4).
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let offset = 1; offset < length; offset++) {
      const byte = bytes[index + offset];
      const [min, max] = offset === 1 ? [low, high] : [0x80, 0xbf];
      if (byte === undefined || byte < min || byte > max) return index;
    }
    index += length;
  }
  return bytes.length;
}
