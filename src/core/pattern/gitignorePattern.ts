// A .gitignore file read as git reads it (gitignore(5); dir.c and wildmatch.c): blank lines and `#` comments skipped,
// trailing spaces dropped unless escaped, `!` negates, a trailing `/` matches folders only, a pattern with a slash
// before its end is anchored to the file's folder and matched against the path below it, one without against base
// names; `*`, `?`, `[...]`, `\` escapes and `**` as a whole segment (`**/x`, `x/**`, `a/**/b`) as git's wildmatch
// takes them, byte by byte over UTF-8, folding ASCII case under core.ignorecase. A run of `**/` segments is one.
// The walk matches a pattern with linearWildmatch.ts, in work about the path's length however many stars the line
// holds; the NFA (nfa.ts) reading kept here is the reference the tests hold it to. A line longer than
// MAX_PATTERN_LENGTH is kept as refused, for the walk to say so.
import { compileParts, type TextTest } from './compiled';
import { ANY, BYTE_CLASS, CHAR, FOLD, MAX_PATTERN_LENGTH, NOT_SLASH, type Part } from './nfa';
import { readBracket } from './wildmatchClass';

interface LineFacts {
  /** 1-based, as an editor numbers it. */
  line: number;
  negated: boolean;
  /** Written with a trailing '/': matches folders only. */
  foldersOnly: boolean;
}

export interface IgnorePattern extends LineFacts {
  refused: false;
  /** Matched against the base name alone (no slash before its end), else against the path below the file's folder. */
  nameOnly: boolean;
  /**
   * Its last segment is stars alone (`*`, `data/*`, `data/**`): whether it matches an entry does not depend on the
   * entry's own name, so one name tells for every name in that folder (GitignoreRules.ignoresEveryPathBelow).
   */
  anyName: boolean;
  matches: TextTest;
}

/** A line longer than MAX_PATTERN_LENGTH: never matched, and whatever it might decide is refused instead. */
export interface RefusedLine extends LineFacts {
  refused: true;
}

export type IgnoreLine = IgnorePattern | RefusedLine;

const utf8 = new TextEncoder();

/**
 * How a line's pattern (as read: no `!`, no trailing '/', no leading '/' on a path pattern) becomes a test: the walk's
 * is linearWildmatch.ts's compileWildmatch; by default the automaton below, which the tests hold it to.
 */
export type WildmatchCompiler = (pattern: string, ignoreCase: boolean, pathname: boolean) => TextTest;

/** The lines of a .gitignore that hold a pattern, in order (a later one wins over an earlier one). */
export function parseGitignore(text: string, ignoreCase: boolean, compile: WildmatchCompiler = automatonTest): IgnoreLine[] {
  const lines: IgnoreLine[] = [];
  const rows = text.replace(/^\ufeff/, '').split('\n');
  for (const [index, row] of rows.entries()) {
    const written = row.endsWith('\r') ? row.slice(0, -1) : row;
    if (written === '' || written.startsWith('#')) continue;
    let pattern = trimTrailingSpaces(written);
    const negated = pattern.startsWith('!');
    if (negated) pattern = pattern.slice(1);
    const foldersOnly = pattern.endsWith('/');
    if (foldersOnly) pattern = pattern.slice(0, -1);
    const nameOnly = !pattern.includes('/');
    if (!nameOnly && pattern.startsWith('/')) pattern = pattern.slice(1);
    // An empty pattern (a line of spaces, `!`, `/`) matches no path: git keeps it, to no effect.
    if (pattern === '') continue;
    const facts = { line: index + 1, negated, foldersOnly };
    if (pattern.length > MAX_PATTERN_LENGTH) {
      lines.push({ ...facts, refused: true });
      continue;
    }
    lines.push({ ...facts, refused: false, nameOnly, anyName: /(?:^|\/)\*+$/.test(pattern), matches: compile(pattern, ignoreCase, !nameOnly) });
  }
  return lines;
}

/** A line's pattern as an NFA (nfa.ts): a match takes at most the line's length times the path's. */
function automatonTest(pattern: string, ignoreCase: boolean, pathname: boolean): TextTest {
  const parts = wildmatchParts(utf8.encode(pattern), ignoreCase, pathname);
  return parts ? compileParts(parts, { alphabet: 'utf8', nameOnly: !pathname }) : () => false;
}

/** git's trim_trailing_spaces: spaces (not tabs) at the end go, unless the first of them is escaped by a backslash. */
function trimTrailingSpaces(line: string): string {
  let firstSpace = -1;
  for (let index = 0; index < line.length; index++) {
    const character = line[index];
    if (character === ' ') {
      if (firstSpace < 0) firstSpace = index;
    } else if (character === '\\') {
      index++;
      if (index >= line.length) return line;
      firstSpace = -1;
    } else {
      firstSpace = -1;
    }
  }
  return firstSpace < 0 ? line : line.slice(0, firstSpace);
}

const STAR = 0x2a;
const SLASH = 0x2f;
const BACKSLASH = 0x5c;

/**
 * A pattern's parts as wildmatch reads it; undefined when it can match nothing (a `[` never closed, an unknown
 * `[:class:]`, a trailing lone `\`). `pathname`: '/' is special (WM_PATHNAME): `*`, `?` and classes stop at it and
 * `**` is a segment of its own; without it the text is a base name, where no '/' can appear.
 */
function wildmatchParts(pattern: Uint8Array, ignoreCase: boolean, pathname: boolean): Part[] | undefined {
  const parts: Part[] = [];
  const literal = (byte: number): Part =>
    ignoreCase && byte >= 0x41 && byte <= 0x5a ? { kind: 'one', unit: { op: FOLD, code: byte + 0x20 } }
      : ignoreCase && byte >= 0x61 && byte <= 0x7a ? { kind: 'one', unit: { op: FOLD, code: byte } }
        : { kind: 'one', unit: { op: CHAR, code: byte } };
  let at = 0;
  while (at < pattern.length) {
    const byte = pattern[at] as number;
    if (byte === BACKSLASH) {
      const escaped = pattern[at + 1];
      if (escaped === undefined) return undefined;
      parts.push(literal(escaped));
      at += 2;
    } else if (byte === 0x3f) {
      parts.push({ kind: 'one', unit: { op: NOT_SLASH } });
      at++;
    } else if (byte === 0x5b) {
      const bracket = readBracket(pattern, at, ignoreCase);
      if (!bracket) return undefined;
      parts.push({ kind: 'one', unit: { op: BYTE_CLASS, table: bracket.table } });
      at = bracket.end;
    } else if (byte === STAR) {
      at = stars(pattern, at, pathname, parts);
    } else {
      parts.push(literal(byte));
      at++;
    }
  }
  return parts;
}

/** Reads a run of `*` at `at` into parts; returns where the pattern goes on. */
function stars(pattern: Uint8Array, at: number, pathname: boolean, parts: Part[]): number {
  let end = at;
  while (pattern[end] === STAR) end++;
  const after = pattern[end];
  const wholeSegment = pathname && end - at >= 2 && (at === 0 || pattern[at - 1] === SLASH)
    && (after === undefined || after === SLASH || (after === BACKSLASH && pattern[end + 1] === SLASH));
  if (!wholeSegment) {
    parts.push({ kind: 'many', unit: { op: NOT_SLASH } });
    return end;
  }
  const last = parts[parts.length - 1];
  const afterAnyFolders = last?.kind === 'optional';
  if (after === SLASH) {
    // `**/`: no folder, or any path ending in '/'. A second one in a row adds nothing.
    if (!afterAnyFolders) parts.push({ kind: 'optional', parts: [{ kind: 'many', unit: { op: ANY } }, { kind: 'one', unit: { op: CHAR, code: SLASH } }] });
    return end + 1;
  }
  // `**` at the end takes anything, so a `**/` just before it adds nothing either.
  if (afterAnyFolders && after === undefined) parts.pop();
  parts.push({ kind: 'many', unit: { op: ANY } });
  return end;
}

