// A pattern's parts made into a test of a text: the literal cases by string comparison (most .gitignore lines and
// exclude globs are `name`, `*.ext`, `**/name`), everything else by the NFA (nfa.ts), after the literal start and end
// the pattern requires have ruled most texts out. Either way the work is linear in the text's length.
import { CHAR, countWork, FOLD, Nfa, NOT_SLASH, type Part } from './nfa';

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/** A text to match (a path or a name), with the forms patterns need made once, when first needed. */
export class Subject {
  private foldedText: string | undefined;
  private utf8Bytes: Uint8Array | undefined;
  private utf16Units: Uint16Array | undefined;

  constructor(readonly text: string) {}

  /** With ASCII letters in lower case, as git folds case (core.ignorecase); other letters stay as they are. */
  folded(): string {
    this.foldedText ??= asciiLowerCase(this.text);
    return this.foldedText;
  }

  /** As UTF-8, what git matches .gitignore patterns against (a `?` takes one byte). */
  bytes(): Uint8Array {
    this.utf8Bytes ??= utf8.encode(this.text);
    return this.utf8Bytes;
  }

  /** As UTF-16 code units, what VS Code's globs match against (a `?` takes one code unit). */
  codeUnits(): Uint16Array {
    if (!this.utf16Units) {
      const units = new Uint16Array(this.text.length);
      for (let index = 0; index < units.length; index++) units[index] = this.text.charCodeAt(index);
      this.utf16Units = units;
    }
    return this.utf16Units;
  }
}

export function asciiLowerCase(text: string): string {
  return /[A-Z]/.test(text) ? text.replace(/[A-Z]/g, (letter) => String.fromCharCode(letter.charCodeAt(0) + 0x20)) : text;
}

export type TextTest = (subject: Subject) => boolean;

export interface CompileOptions {
  /** What the parts' codes are: UTF-8 bytes (.gitignore) or UTF-16 code units (globs). */
  alphabet: 'utf8' | 'utf16';
  /** Whether the texts matched can hold no '/' (a .gitignore pattern without one matches base names only). */
  nameOnly: boolean;
}

export function compileParts(parts: readonly Part[], options: CompileOptions): TextTest {
  const folded = parts.some((part) => part.kind === 'one' && part.unit.op === FOLD);
  const text = (subject: Subject): string => (folded ? subject.folded() : subject.text);
  const leading = literalRun(parts, 0, 1);
  if (leading === parts.length) {
    const literal = decode(parts, 0, parts.length, options);
    return (subject) => {
      countWork(literal.length);
      return text(subject) === literal;
    };
  }
  const trailing = literalRun(parts, parts.length - 1, -1);
  const suffix = decode(parts, parts.length - trailing, parts.length, options);
  const first = parts[0];
  if (options.nameOnly && leading === 0 && trailing === parts.length - 1 && first?.kind === 'many' && first.unit.op === NOT_SLASH) {
    // `*.ext` against a name, which holds no '/': only its end matters (git's own shortcut).
    return (subject) => {
      countWork(suffix.length);
      return text(subject).endsWith(suffix);
    };
  }
  const prefix = decode(parts, 0, leading, options);
  const nfa = new Nfa(parts);
  return (subject) => {
    const value = text(subject);
    countWork(prefix.length + suffix.length);
    if (value.length < prefix.length + suffix.length || !value.startsWith(prefix) || !value.endsWith(suffix)) return false;
    return nfa.matches(options.alphabet === 'utf8' ? subject.bytes() : subject.codeUnits());
  };
}

/** How many parts in a row from `from`, stepping by `step`, are one literal character each. */
function literalRun(parts: readonly Part[], from: number, step: 1 | -1): number {
  let count = 0;
  for (let index = from; index >= 0 && index < parts.length; index += step) {
    const part = parts[index] as Part;
    if (part.kind !== 'one' || (part.unit.op !== CHAR && part.unit.op !== FOLD)) break;
    count++;
  }
  return count;
}

/** The literal characters of parts [from, to) as a string (their codes are UTF-8 bytes or UTF-16 code units). */
function decode(parts: readonly Part[], from: number, to: number, options: CompileOptions): string {
  const codes: number[] = [];
  for (const part of parts.slice(from, to)) if (part.kind === 'one' && 'code' in part.unit) codes.push(part.unit.code);
  // A run of a pattern's literal bytes starts and ends next to an ASCII character or an end, so it is whole UTF-8.
  return options.alphabet === 'utf8' ? fromUtf8.decode(Uint8Array.from(codes)) : String.fromCharCode(...codes);
}
