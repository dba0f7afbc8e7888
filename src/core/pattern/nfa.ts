// The matcher behind files.exclude globs, and the reference .gitignore's linear matcher (linearWildmatch.ts) is held to
// in tests: a pattern becomes a Thompson NFA (a small array of
// states), and a text is matched by simulating it, one character at a time, with the set of states the text so far
// can be in. Each state is visited at most once a character, so a match costs at most (text length + 1) x (states)
// steps, whatever the pattern: a regular expression engine that backtracks (what `ignore` and picomatch compile to)
// can take exponential time on `a/**/**/**/…/b` or `*a*a*a*a*a*b`, and a repository or a setting chooses the pattern.

/** The longest pattern compiled, in characters; a longer one is refused and said, never matched. */
export const MAX_PATTERN_LENGTH = 1000;

/** What a state does with a character. SPLIT consumes nothing and goes on to both outs; MATCH ends a match. */
export const CHAR = 0;
/** An ASCII letter in either case: `arg` is its lower case. */
export const FOLD = 1;
/** Any character but '/'. */
export const NOT_SLASH = 2;
/** Any character but '/' and '\' (VS Code's globs take both as separators). */
export const NOT_SEPARATOR = 3;
/** '/' or '\'. */
export const SEPARATOR = 4;
export const ANY = 5;
/** A byte whose entry in the class table `arg` is 1. */
export const BYTE_CLASS = 6;
/** A code unit inside one of the ranges `arg` (pairs of first and last), or outside all of them when negated. */
export const RANGE_CLASS = 7;
const SPLIT = 8;
const MATCH = 9;

export interface Ranges {
  /** First and last code unit of each range. */
  pairs: readonly number[];
  negated: boolean;
}

/** What one character must be. */
export type Unit =
  | { op: typeof CHAR | typeof FOLD; code: number }
  | { op: typeof NOT_SLASH | typeof NOT_SEPARATOR | typeof SEPARATOR | typeof ANY }
  | { op: typeof BYTE_CLASS; table: Uint8Array }
  | { op: typeof RANGE_CLASS; ranges: Ranges };

/** A pattern's parts, as the dialects parse them. */
export type Part =
  | { kind: 'one'; unit: Unit }
  /** Any number of characters, each what `unit` says. */
  | { kind: 'many'; unit: Unit }
  | { kind: 'optional'; parts: Part[] }
  | { kind: 'either'; choices: Part[][] };

let work = 0;

/**
 * Steps taken by every match so far: states visited and characters compared. Tests bound this, not the time taken,
 * which a shared machine makes noisy.
 */
export function matcherWork(): number {
  return work;
}

/** Counts work done outside the simulation (a literal compared, a suffix checked), so that tests see all of it. */
export function countWork(steps: number): void {
  work += steps;
}

export class Nfa {
  private readonly op: number[] = [];
  /** A CHAR's or FOLD's code, a class's index in `tables` or `ranges`. */
  private readonly arg: number[] = [];
  private readonly out: number[] = [];
  private readonly out2: number[] = [];
  private readonly tables: Uint8Array[] = [];
  private readonly ranges: Ranges[] = [];
  private readonly start: number;
  // Scratch for runs: matching is synchronous, so one pattern's sets are never used by two runs at once.
  private current = new Int32Array(0);
  private next = new Int32Array(0);
  private stack = new Int32Array(0);
  private marks = new Int32Array(0);
  private generation = 0;

  constructor(parts: readonly Part[]) {
    this.start = this.sequence(parts, this.state(MATCH, 0, -1));
  }

  /** Whether the whole of `units` (bytes, or UTF-16 code units) matches. */
  matches(units: Uint8Array | Uint16Array): boolean {
    this.prepare();
    let count = this.add(this.current, 0, this.start);
    for (let index = 0; index < units.length && count > 0; index++) {
      const unit = units[index] as number;
      this.generation++;
      let nextCount = 0;
      for (let at = 0; at < count; at++) {
        const state = this.current[at] as number;
        work++;
        if (this.accepts(state, unit)) nextCount = this.add(this.next, nextCount, this.out[state] as number);
      }
      [this.current, this.next] = [this.next, this.current];
      count = nextCount;
    }
    for (let at = 0; at < count; at++) if (this.op[this.current[at] as number] === MATCH) return true;
    return false;
  }

  private accepts(state: number, unit: number): boolean {
    const arg = this.arg[state] as number;
    switch (this.op[state]) {
      case CHAR: return unit === arg;
      case FOLD: return (unit >= 0x41 && unit <= 0x5a ? unit + 0x20 : unit) === arg;
      case NOT_SLASH: return unit !== 0x2f;
      case NOT_SEPARATOR: return unit !== 0x2f && unit !== 0x5c;
      case SEPARATOR: return unit === 0x2f || unit === 0x5c;
      case ANY: return true;
      case BYTE_CLASS: return unit < 256 && (this.tables[arg] as Uint8Array)[unit] === 1;
      case RANGE_CLASS: return inRanges(this.ranges[arg] as Ranges, unit);
      default: return false;
    }
  }

  /** Adds a state and every state reachable from it without a character; returns the list's new length. */
  private add(list: Int32Array, length: number, first: number): number {
    let top = 0;
    this.stack[top++] = first;
    while (top > 0) {
      const state = this.stack[--top] as number;
      if (this.marks[state] === this.generation) continue;
      this.marks[state] = this.generation;
      work++;
      if (this.op[state] === SPLIT) {
        this.stack[top++] = this.out2[state] as number;
        this.stack[top++] = this.out[state] as number;
      } else {
        list[length++] = state;
      }
    }
    return length;
  }

  private prepare(): void {
    const size = this.op.length;
    if (this.marks.length !== size) {
      this.current = new Int32Array(size);
      this.next = new Int32Array(size);
      // Each state is expanded once a character and pushes at most two: twice the states bounds the stack.
      this.stack = new Int32Array(2 * size + 1);
      this.marks = new Int32Array(size);
      this.generation = 0;
    }
    if (this.generation > 0x3fff0000) {
      this.marks.fill(0);
      this.generation = 0;
    }
    this.generation++;
  }

  private state(op: number, arg: number, out: number, out2 = -1): number {
    this.op.push(op);
    this.arg.push(arg);
    this.out.push(out);
    this.out2.push(out2);
    return this.op.length - 1;
  }

  private unit(unit: Unit, out: number): number {
    switch (unit.op) {
      case CHAR:
      case FOLD:
        return this.state(unit.op, unit.code, out);
      case BYTE_CLASS:
        this.tables.push(unit.table);
        return this.state(unit.op, this.tables.length - 1, out);
      case RANGE_CLASS:
        this.ranges.push(unit.ranges);
        return this.state(unit.op, this.ranges.length - 1, out);
      default:
        return this.state(unit.op, 0, out);
    }
  }

  /** Compiles parts back to front: each part's states lead to `next`, the start of what follows it. */
  private sequence(parts: readonly Part[], next: number): number {
    for (let index = parts.length - 1; index >= 0; index--) next = this.part(parts[index] as Part, next);
    return next;
  }

  private part(part: Part, next: number): number {
    switch (part.kind) {
      case 'one':
        return this.unit(part.unit, next);
      case 'many': {
        const loop = this.state(SPLIT, 0, -1, next);
        this.out[loop] = this.unit(part.unit, loop);
        return loop;
      }
      case 'optional':
        return this.state(SPLIT, 0, this.sequence(part.parts, next), next);
      case 'either': {
        // Choices chained by SPLITs; a part with none would match nothing, which no dialect makes.
        let entry = this.sequence(part.choices[part.choices.length - 1] ?? [], next);
        for (let index = part.choices.length - 2; index >= 0; index--) {
          entry = this.state(SPLIT, 0, this.sequence(part.choices[index] as Part[], next), entry);
        }
        return entry;
      }
    }
  }
}

function inRanges(ranges: Ranges, unit: number): boolean {
  const { pairs } = ranges;
  let inside = false;
  for (let index = 0; index + 1 < pairs.length && !inside; index += 2) inside = unit >= (pairs[index] as number) && unit <= (pairs[index + 1] as number);
  work += pairs.length >> 1;
  return inside !== ranges.negated;
}
