// SHA-256 of a text as hex, for the hashes a plan takes by the ten thousand (each file's content, each digest entry).
// crypto.hash (Node 20.12 and later) hashes in one call without a Hash object per text: about twice as fast for texts
// of a few KB. createHash where it is missing, so an older host still gets the same hash.
import * as crypto from 'node:crypto';

const oneShot: typeof crypto.hash | undefined = typeof crypto.hash === 'function' ? crypto.hash : undefined;

/**
 * Characters handed to the hash at once from a long text. Hashed in one call, a text is first made into one buffer of
 * all its UTF-8 bytes: a second copy of a 5 MB page beside the text itself, the largest thing planning it held.
 */
export const HASH_PIECE_CHARS = 64 * 1024;

/** The SHA-256 of the text's UTF-8 bytes, as 64 lowercase hex digits. */
export function sha256Hex(text: string): string {
  if (text.length > HASH_PIECE_CHARS) return sha256HexOfPieces(textPieces(text));
  return oneShot ? oneShot('sha256', text, 'hex') : crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The SHA-256 of the UTF-8 bytes of the pieces one after another; no piece may end between the halves of a pair. */
export function sha256HexOfPieces(pieces: Iterable<string>): string {
  const hash = crypto.createHash('sha256');
  for (const piece of pieces) hash.update(piece, 'utf8');
  return hash.digest('hex');
}

/**
 * The text in pieces of about HASH_PIECE_CHARS, each a slice of it (no copy). A piece never ends between the halves of
 * a surrogate pair, which alone would each be written as U+FFFD; nor, with `whole` given, just before a position
 * `whole` says must stay with the one before it (a CR before its LF).
 */
export function* textPieces(text: string, whole?: (text: string, end: number) => boolean): Generator<string> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + HASH_PIECE_CHARS, text.length);
    while (end < text.length && (isHighSurrogate(text.charCodeAt(end - 1)) || whole?.(text, end) === true)) end++;
    yield text.slice(start, end);
    start = end;
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
