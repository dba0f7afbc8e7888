// A .gitignore pattern matched as git's wildmatch reads it (the reading of core/pattern/gitignorePattern.ts: `*`, `?`,
// `[...]` and `\` escapes within a path segment, `**` as a segment of its own, byte by byte over UTF-8, ASCII case
// folded under core.ignorecase), in work that does not grow with the pattern's length times the path's. The automaton
// of core/pattern keeps every state a text could be in: `*a*a*a…*z*` (190 stars) against a 200-byte name keeps up to
// 190 of them for each byte, and 2,000 such lines against 50 files took two minutes. Here each part of a pattern is
// placed once, at the first place it fits:
// - A glob (one segment's pattern) is chunks between `*`: the first must start the segment, the last end it, and each
//   between is found at its first place after the one before. A later place never helps (what could follow it can
//   follow the first, a `*` taking the difference), so nothing is tried twice. A chunk of several units is searched
//   for in one pass (shift-and: a bit for each of its units). A glob costs about the segment's length times (1 + its
//   longest chunk / 32) steps, whatever its star count, plus, for a chunk with bracket classes, a test of each class
//   for each different byte its search meets (at most 256).
// - `**/` and a whole-segment `**` split a path pattern into pieces of whole segments. The last piece ends the path;
//   each piece before it is placed at the first folder where it fits, for the same reason. Only a piece of several
//   segments between two `**` (`**/a/b/**`) can cost more than the path: at most its depth times the piece's segments
//   glob tests.
import { countWork } from './nfa';
import type { Subject, TextTest } from './compiled';
import { readBracket } from './wildmatchClass';

const STAR = 0x2a;
const SLASH = 0x2f;
const BACKSLASH = 0x5c;
const QUESTION = 0x3f;
const OPEN = 0x5b;

// What one byte of the text must be, as an integer (typed arrays of them stay small and fast): 0 to 255, that byte;
// FOLD plus a lower-case ASCII letter, that letter in either case; ANY_BYTE (`?`), any byte of a segment; CLASS minus
// k, a byte the k-th bracket expression's table takes (the table, from wildmatchClass.ts, holds git's case rules).
const FOLD = 256;
const ANY_BYTE = -1;
const CLASS = -2;

// The gaps: `**` followed by the end or by `\/`, any text ('/' included); `**/`, nothing or any text ending in '/'.
const ANY_TEXT = 0;
const ANY_FOLDERS = 1;

/** A segment's pattern: its units, and where each chunk starts in them, then units.length (a `*` between chunks). */
interface Glob {
  units: Int32Array;
  chunks: Int32Array;
}

interface Compiled {
  tables: Uint8Array[];
  /**
   * The literal text the pattern starts with and the one it ends with, as strings: most lines (`name`, `*.ext`) are
   * told from these without the text's UTF-8. (A run of literal bytes ends next to an ASCII `*`, `?`, `[` or an end,
   * so it is whole UTF-8.) Folded: compared with the text's ASCII letters in lower case, under core.ignorecase.
   */
  prefix: string;
  suffix: string;
  folded: boolean;
  /** All literal: the text must be the prefix. */
  literal: boolean;
  /** `*` then a literal without '/' (`*.log`): the text must end in the suffix and hold no '/'. */
  starThenLiteral: boolean;
  /** Pieces of consecutive segments, each segment a glob; a piece before a gap is followed by a '/' in the text. */
  pieces: Glob[][];
  /** gaps[i] (ANY_TEXT or ANY_FOLDERS) lies between pieces[i] and pieces[i + 1]. */
  gaps: number[];
}

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/**
 * A pattern as parseGitignore leaves it (no `!`, no trailing '/', no leading '/' on a path pattern) made into a test.
 * `pathname`: the pattern holds a '/', so '/' is special (git's WM_PATHNAME) and the text is a path; otherwise the text
 * is a base name and `**` is `*`. A pattern wildmatch can never match (a `[` never closed, an unknown `[:class:]`, a
 * trailing lone `\`) matches nothing.
 */
export function compileWildmatch(pattern: string, ignoreCase: boolean, pathname: boolean): TextTest {
  const compiled = compile(utf8.encode(pattern), ignoreCase, pathname);
  if (!compiled) return () => false;
  const { prefix, suffix, folded, literal, starThenLiteral } = compiled;
  return (subject) => {
    const text = folded ? subject.folded() : subject.text;
    countWork(prefix.length + suffix.length);
    if (literal) return text === prefix;
    if (text.length < prefix.length + suffix.length || !text.startsWith(prefix) || !text.endsWith(suffix)) return false;
    return starThenLiteral ? !text.includes('/') : matches(compiled, subject);
  };
}

/** A `*` and a gap in a pattern's flat list of codes: below every unit's code (CLASS minus at most 3,000 classes). */
const STAR_MARK = -0x40000000;
const GAP_MARK = STAR_MARK - 1;

/** Collects a pattern's units into globs, globs into pieces and pieces around gaps, as the pattern is read. */
class Builder {
  readonly tables: Uint8Array[] = [];
  /** Every unit's code, STAR_MARK and GAP_MARK in the order read: where the literal start and end are found. */
  private readonly flat: number[] = [];
  private readonly pieces: Glob[][] = [];
  private readonly gaps: number[] = [];
  private piece: Glob[] = [];
  private units: number[] = [];
  private chunks: number[] = [0];

  unit(code: number): void {
    this.flat.push(code);
    // Nothing but a literal '/' takes a '/' of the text (`?`, `*` and classes never do): it ends a segment's glob.
    if (code === SLASH) this.endGlob();
    else this.units.push(code);
  }

  star(): void {
    this.flat.push(STAR_MARK);
    this.chunks.push(this.units.length);
  }

  /**
   * A `**` of a segment of its own: only at the start or after a '/', so the glob before it is the empty one that '/'
   * began, and is dropped. Two gaps with no segment between are one, as gitignorePattern.ts reads them.
   */
  gap(kind: number): void {
    this.flat.push(GAP_MARK);
    const last = this.gaps.length - 1;
    if (this.piece.length === 0 && last >= 0) this.gaps[last] = this.gaps[last] === ANY_TEXT || kind === ANY_TEXT ? ANY_TEXT : ANY_FOLDERS;
    else {
      this.pieces.push(this.piece);
      this.gaps.push(kind);
    }
    this.piece = [];
    this.units = [];
    this.chunks = [0];
  }

  done(): Compiled {
    this.endGlob();
    const { flat } = this;
    // (Literal codes, and only they, are 0 or more.)
    let head = 0;
    while (head < flat.length && (flat[head] as number) >= 0) head++;
    let tail = flat.length;
    while (tail > head && (flat[tail - 1] as number) >= 0) tail--;
    const text = (codes: number[]): string => fromUtf8.decode(Uint8Array.from(codes, (code) => (code >= FOLD ? code - FOLD : code)));
    const suffix = flat.slice(tail);
    const literal = head === flat.length;
    const starThenLiteral = tail === 1 && flat[0] === STAR_MARK && !suffix.includes(SLASH);
    const folded = flat.some((code) => code >= FOLD);
    const prefix = text(flat.slice(0, head));
    return { tables: this.tables, pieces: [...this.pieces, this.piece], gaps: this.gaps, prefix, suffix: literal ? '' : text(suffix), folded, literal, starThenLiteral };
  }

  private endGlob(): void {
    this.piece.push({ units: Int32Array.from(this.units), chunks: Int32Array.from([...this.chunks, this.units.length]) });
    this.units = [];
    this.chunks = [0];
  }
}

/** wildmatch's reading of a pattern (gitignorePattern.ts's wildmatchParts, the same cases in the same order). */
function compile(pattern: Uint8Array, ignoreCase: boolean, pathname: boolean): Compiled | undefined {
  const builder = new Builder();
  const literal = (byte: number): number => (ignoreCase && byte >= 0x41 && byte <= 0x5a ? FOLD + byte + 0x20 : ignoreCase && byte >= 0x61 && byte <= 0x7a ? FOLD + byte : byte);
  let at = 0;
  while (at < pattern.length) {
    const byte = pattern[at] as number;
    if (byte === BACKSLASH) {
      const escaped = pattern[at + 1];
      if (escaped === undefined) return undefined;
      builder.unit(literal(escaped));
      at += 2;
    } else if (byte === QUESTION) {
      builder.unit(ANY_BYTE);
      at++;
    } else if (byte === OPEN) {
      const bracket = readBracket(pattern, at, ignoreCase);
      if (!bracket) return undefined;
      builder.unit(CLASS - builder.tables.length);
      builder.tables.push(bracket.table);
      at = bracket.end;
    } else if (byte === STAR) {
      let end = at;
      while (pattern[end] === STAR) end++;
      const after = pattern[end];
      const wholeSegment = pathname && end - at >= 2 && (at === 0 || pattern[at - 1] === SLASH)
        && (after === undefined || after === SLASH || (after === BACKSLASH && pattern[end + 1] === SLASH));
      if (!wholeSegment) builder.star();
      else builder.gap(after === SLASH ? ANY_FOLDERS : ANY_TEXT);
      at = wholeSegment && after === SLASH ? end + 1 : end;
    } else {
      builder.unit(literal(byte));
      at++;
    }
  }
  return builder.done();
}

/** Steps of the match under way (bytes compared, words shifted, rows made), handed to the matcher's count at its end. */
let work = 0;

/** Where the '/' of a path are, by subject: -1, each '/', then the length; segment i lies between cuts i and i + 1. */
const cutsOf = new WeakMap<Subject, Int32Array>();

function matches(compiled: Compiled, subject: Subject): boolean {
  const text = subject.bytes();
  work = 0;
  const only = compiled.pieces.length === 1 ? compiled.pieces[0] : undefined;
  // A base-name pattern (one glob), or a path pattern of one segment: the text must be one segment. (`?` and `*` take
  // any byte there, so a '/' is looked for only when a match could otherwise be.)
  const matched = only?.length === 1
    ? globMatches(compiled.tables, only[0] as Glob, text, 0, text.length, false) && text.indexOf(SLASH) < 0
    : placePieces(compiled, text, cutsOf.get(subject) ?? cut(subject, text));
  countWork(work);
  return matched;
}

function cut(subject: Subject, text: Uint8Array): Int32Array {
  const found = [-1];
  for (let at = text.indexOf(SLASH); at >= 0; at = text.indexOf(SLASH, at + 1)) found.push(at);
  found.push(text.length);
  const cuts = Int32Array.from(found);
  cutsOf.set(subject, cuts);
  return cuts;
}

/** Whether the pieces take the whole path: the first from its start, the last to its end, each one after the gap before it. */
function placePieces(compiled: Compiled, text: Uint8Array, cuts: Int32Array): boolean {
  const { pieces, gaps } = compiled;
  const segments = cuts.length - 1;
  const lastIndex = pieces.length - 1;
  const lastPiece = pieces[lastIndex] as Glob[];
  if (lastIndex === 0) return lastPiece.length === segments && pieceMatches(compiled, lastPiece, text, cuts, 0, false);
  // The last piece ends the path, so it starts `length` segments before its end (it is never empty: a pattern ending in
  // a gap leaves it one empty glob, for the empty text after the gap's last '/', or after `**`).
  const lastFrom = segments - lastPiece.length;
  const first = pieces[0] as Glob[];
  // Every piece before the last is followed by a '/', so the segment after it is the gap's first.
  let next = first.length;
  if (next > lastFrom || !pieceMatches(compiled, first, text, cuts, 0, false)) return false;
  for (let index = 1; index < lastIndex; index++) {
    const piece = pieces[index] as Glob[];
    // After `**` (any text, then '/'): the first glob may start anywhere in its segment, as if it began with `*`.
    const floating = gaps[index - 1] === ANY_TEXT;
    let start = next;
    while (start + piece.length <= lastFrom && !pieceMatches(compiled, piece, text, cuts, start, floating)) start++;
    if (start + piece.length > lastFrom) return false;
    next = start + piece.length;
  }
  return pieceMatches(compiled, lastPiece, text, cuts, lastFrom, gaps[lastIndex - 1] === ANY_TEXT);
}

/** Whether each glob of a piece takes its segment, from segment `start` on. */
function pieceMatches(compiled: Compiled, piece: readonly Glob[], text: Uint8Array, cuts: Int32Array, start: number, floating: boolean): boolean {
  for (const [offset, glob] of piece.entries()) {
    const segment = start + offset;
    if (!globMatches(compiled.tables, glob, text, (cuts[segment] as number) + 1, cuts[segment + 1] as number, floating && offset === 0)) return false;
  }
  return true;
}

/**
 * Whether a glob takes text[from, to), which holds no '/' (or, `floating`, some end of it: a `*` before the glob). The
 * first chunk is compared at the start, the last at the end, and each one between is found at its first place after
 * the one before: the text between two finds is read once.
 */
function globMatches(tables: readonly Uint8Array[], glob: Glob, text: Uint8Array, from: number, to: number, floating: boolean): boolean {
  const { units, chunks } = glob;
  // Every unit takes one byte: a text shorter than the units is no match, and no chunk compared below outruns it.
  if (to - from < units.length) return false;
  const count = chunks.length - 1;
  let start = from;
  let middle = 0;
  if (!floating) {
    const length = (chunks[1] as number) - (chunks[0] as number);
    if (count === 1 && to - from !== length) return false;
    if (!equalAt(tables, units, 0, length, text, from)) return false;
    if (count === 1) return true;
    start = from + length;
    middle = 1;
  }
  const lastStart = chunks[count - 1] as number;
  const end = to - (units.length - lastStart);
  if (end < start || !equalAt(tables, units, lastStart, units.length - lastStart, text, end)) return false;
  for (let chunk = middle; chunk < count - 1; chunk++) {
    const first = chunks[chunk] as number;
    const length = (chunks[chunk + 1] as number) - first;
    if (length === 1) {
      // One unit (`*a*a*…`): a plain scan for it.
      const code = units[first] as number;
      let at = start;
      while (at < end && !takes(tables, code, text[at] as number)) at++;
      work += at - start + 1;
      if (at >= end) return false;
      start = at + 1;
    } else {
      const found = find(tables, units, first, length, text, start, end);
      if (found < 0) return false;
      start = found + length;
    }
  }
  return true;
}

function takes(tables: readonly Uint8Array[], code: number, byte: number): boolean {
  if (code >= FOLD) return (byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte) === code - FOLD;
  if (code >= 0) return byte === code;
  return code === ANY_BYTE || (tables[CLASS - code] as Uint8Array)[byte] === 1;
}

function equalAt(tables: readonly Uint8Array[], units: Int32Array, first: number, length: number, text: Uint8Array, at: number): boolean {
  let index = 0;
  while (index < length && takes(tables, units[first + index] as number, text[at + index] as number)) index++;
  work += index;
  return index === length;
}

// Scratch for the shift-and search, shared by every pattern (matching is synchronous, so one search at a time): for
// each byte, a row of bits, one for each unit of the chunk searched that takes that byte. Rows are made when a byte
// is first met in a search, and stamped with the search's generation rather than cleared.
let stride = 0;
let rows = new Uint32Array(0);
let state = new Uint32Array(0);
let anyByte = new Uint32Array(0);
let classUnits = new Int32Array(0);
const clearedIn = new Int32Array(256);
const readyIn = new Int32Array(256);
let generation = 0;

/**
 * The first place in text[from, to) where the chunk units[first, first + length) fits whole, or -1. One pass over the
 * text: the state's bit i says the bytes just read take the chunk's first i + 1 units.
 */
function find(tables: readonly Uint8Array[], units: Int32Array, first: number, length: number, text: Uint8Array, from: number, to: number): number {
  if (to - from < length) return -1;
  if (length === 0) return from; // (never: a run of stars is read as one, so a chunk between two holds a unit)
  const words = (length + 31) >>> 5;
  newSearch(words, length);
  let classCount = 0;
  for (let index = 0; index < length; index++) {
    const code = units[first + index] as number;
    const word = index >>> 5;
    const bit = 1 << (index & 31);
    if (code >= FOLD) setBit(code - FOLD - 0x20, word, bit, words); // the letter in upper case; in lower case below
    if (code >= 0) setBit(code >= FOLD ? code - FOLD : code, word, bit, words);
    else if (code === ANY_BYTE) anyByte[word] = (anyByte[word] as number) | bit;
    else classUnits[classCount++] = index;
  }
  work += length;
  const topWord = (length - 1) >>> 5;
  const topBit = 1 << ((length - 1) & 31);
  for (let at = from; at < to; at++) {
    const byte = text[at] as number;
    const base = byte * stride;
    if (readyIn[byte] !== generation) {
      // The row's `?` and class bits, once a search for each byte met.
      if (clearedIn[byte] !== generation) clearRow(byte, words);
      for (let word = 0; word < words; word++) rows[base + word] = (rows[base + word] as number) | (anyByte[word] as number);
      for (let index = 0; index < classCount; index++) {
        const unit = classUnits[index] as number;
        const code = units[first + unit] as number;
        if ((tables[CLASS - code] as Uint8Array)[byte] === 1) rows[base + (unit >>> 5)] = (rows[base + (unit >>> 5)] as number) | (1 << (unit & 31));
      }
      readyIn[byte] = generation;
      work += words + classCount;
    }
    let carry = 1;
    for (let word = 0; word < words; word++) {
      const value = state[word] as number;
      state[word] = ((value << 1) | carry) & (rows[base + word] as number);
      carry = value >>> 31;
    }
    work += words;
    if (((state[topWord] as number) & topBit) !== 0) return at - length + 1;
  }
  return -1;
}

function newSearch(words: number, length: number): void {
  if (words > stride) {
    stride = words;
    rows = new Uint32Array(256 * stride);
    state = new Uint32Array(stride);
    anyByte = new Uint32Array(stride);
    generation = 0x3fffffff; // the stamps are of the old rows
  }
  if (classUnits.length < length) classUnits = new Int32Array(Math.max(length, 2 * classUnits.length));
  if (generation >= 0x3fffffff) {
    clearedIn.fill(0);
    readyIn.fill(0);
    generation = 0;
  }
  generation++;
  state.fill(0, 0, words);
  anyByte.fill(0, 0, words);
}

function clearRow(byte: number, words: number): void {
  rows.fill(0, byte * stride, byte * stride + words);
  clearedIn[byte] = generation;
}

function setBit(byte: number, word: number, bit: number, words: number): void {
  if (clearedIn[byte] !== generation) clearRow(byte, words);
  rows[byte * stride + word] = (rows[byte * stride + word] as number) | bit;
}
