// VS Code's glob dialect (src/vs/base/common/glob.ts), what files.exclude is written in: `*` and `?` within a path
// segment, `**` as a whole segment for any number of segments (none included: `**/x` matches `x`, `x/**` matches `x`),
// `{a,b}` groups whose choices are globs themselves, `[...]` classes with ranges and `!`/`^` negation; '/' and '\'
// both separate segments in a path; no escapes; the pattern trimmed; case matters. A run of `**` segments is one.
// Where VS Code's regular expressions do something odd with a malformed pattern, this reads it as plainly as it can:
// a `{` or `[` never closed is an ordinary character (VS Code drops the rest of the pattern), a negated class never
// takes a separator. Groups are not expanded but compiled as alternatives of one NFA (nfa.ts), so a pattern costs at
// most its length times the path's, however many choices it has.
import { compileParts, Subject, type TextTest } from './compiled';
import { ANY, CHAR, MAX_PATTERN_LENGTH, NOT_SEPARATOR, RANGE_CLASS, SEPARATOR, type Part } from './nfa';

const GLOBSTAR = '**';

export interface CompiledGlobs {
  /** Whether any pattern taken matches a '/'-separated path or a name. */
  matches(path: string): boolean;
  /** Patterns longer than MAX_PATTERN_LENGTH, never matched: what they would hide cannot be told. */
  refused: string[];
}

export function compileGlobs(globs: readonly string[]): CompiledGlobs {
  const tests: TextTest[] = [];
  const refused: string[] = [];
  for (const glob of globs) {
    const pattern = glob.trim();
    if (pattern.length > MAX_PATTERN_LENGTH) refused.push(glob);
    else if (pattern !== '') tests.push(compileParts(globParts(pattern), { alphabet: 'utf16', nameOnly: false }));
  }
  return {
    refused,
    matches: (path) => {
      const subject = new Subject(path);
      return tests.some((test) => test(subject));
    },
  };
}

/** A whole glob's parts: its segments, each followed by a separator unless a final `**` takes care of it. */
export function globParts(pattern: string): Part[] {
  const segments = splitOutside(pattern, '/').filter((segment, index, all) => segment !== GLOBSTAR || all[index - 1] !== GLOBSTAR);
  if (segments.length === 0) return [];
  if (segments.every((segment) => segment === GLOBSTAR)) return [{ kind: 'many', unit: { op: ANY } }];
  const parts: Part[] = [];
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    if (segment === GLOBSTAR) {
      // Not last: no segment, or any path ending in a separator. Last: nothing, or a separator and anything after it.
      const anyPath: Part = { kind: 'many', unit: { op: ANY } };
      const separator: Part = { kind: 'one', unit: { op: SEPARATOR } };
      parts.push({ kind: 'optional', parts: last ? [separator, anyPath] : [anyPath, separator] });
      continue;
    }
    parts.push(...segmentParts(segment));
    const next = segments[index + 1];
    if (next !== undefined && (next !== GLOBSTAR || index + 2 < segments.length)) parts.push({ kind: 'one', unit: { op: SEPARATOR } });
  }
  return parts;
}

function segmentParts(segment: string): Part[] {
  const parts: Part[] = [];
  for (let at = 0; at < segment.length; at++) {
    const character = segment[at] as string;
    if (character === '{') {
      const close = segment.indexOf('}', at + 1);
      if (close > at) {
        const choices = splitOutside(segment.slice(at + 1, close), ',');
        // Each choice is a glob of its own, as in VS Code; `{}` matches the empty text.
        parts.push({ kind: 'either', choices: (choices.length > 0 ? choices : ['']).map(globParts) });
        at = close;
        continue;
      }
    } else if (character === '[') {
      const bracket = readClass(segment, at);
      if (bracket) {
        parts.push({ kind: 'one', unit: { op: RANGE_CLASS, ranges: bracket.ranges } });
        at = bracket.end;
        continue;
      }
    } else if (character === '?') {
      parts.push({ kind: 'one', unit: { op: NOT_SEPARATOR } });
      continue;
    } else if (character === '*') {
      const last = parts[parts.length - 1];
      if (last?.kind !== 'many') parts.push({ kind: 'many', unit: { op: NOT_SEPARATOR } });
      continue;
    }
    parts.push({ kind: 'one', unit: { op: CHAR, code: segment.charCodeAt(at) } });
  }
  return parts;
}

/** A class from its `[` to its `]` (a `]` right after the `[` or its negation is a member); undefined if never closed. */
function readClass(segment: string, open: number): { ranges: { pairs: number[]; negated: boolean }; end: number } | undefined {
  let at = open + 1;
  const negated = segment[at] === '!' || segment[at] === '^';
  if (negated) at++;
  const members: number[] = [];
  for (; at < segment.length; at++) {
    const character = segment[at] as string;
    if (character === ']' && (members.length > 0 || negated)) break;
    // VS Code drops a '/' inside a class: a class never matches a separator.
    if (character !== '/') members.push(segment.charCodeAt(at));
  }
  if (at >= segment.length) return undefined;
  const pairs: number[] = [];
  const dash = 0x2d;
  for (let index = 0; index < members.length; index++) {
    const first = members[index] as number;
    const to = members[index + 2];
    // As in a regular expression: a '-' between two members is a range, one at either end is itself.
    if (members[index + 1] === dash && to !== undefined) {
      pairs.push(first, to);
      index += 2;
    } else {
      pairs.push(first, first);
    }
  }
  if (negated) pairs.push(0x2f, 0x2f, 0x5c, 0x5c);
  return { ranges: { pairs, negated }, end: at };
}

/** Splits at `separator` where it is not inside a `{...}` group or a `[...]` class (VS Code's splitGlobAware). */
function splitOutside(text: string, separator: string): string[] {
  const pieces: string[] = [];
  let inGroup = false;
  let inClass = false;
  let piece = '';
  for (const character of text) {
    if (character === separator && !inGroup && !inClass) {
      pieces.push(piece);
      piece = '';
      continue;
    }
    if (character === '{') inGroup = true;
    else if (character === '}') inGroup = false;
    else if (character === '[') inClass = true;
    else if (character === ']') inClass = false;
    piece += character;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}
