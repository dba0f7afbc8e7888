// Member names counted in the text of JSON, which JSON.parse cannot tell: it keeps the last of two members of one
// name and says nothing, so a manifest that names a file twice (a merge that kept both sides) would lose a page. The
// strict reading of a manifest (manifestFormat.ts) compares these counts with what it parsed.
import { isEscaped } from '../text/escaped';

// The characters memberNameCount looks at, as codes.
const BACKSLASH = 0x5c;
const SPACE = 0x20;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const TAB = 0x09;
const COLON = 0x3a;

/**
 * How many member names the text of (valid) JSON writes: every string followed by a colon is one. Counted with
 * indexOf from quote to quote, since outside strings a quote can only open one.
 */
export function memberNameCount(text: string): number {
  let count = 0;
  // Character codes, not one-character strings: this runs once per manifest, so mostly before the code is optimised,
  // over every string of a file of 10,000 pages. A quote after anything but a backslash is never escaped.
  for (let at = text.indexOf('"'); at !== -1; ) {
    let end = text.indexOf('"', at + 1);
    while (end !== -1 && text.charCodeAt(end - 1) === BACKSLASH && isEscaped(text, end)) end = text.indexOf('"', end + 1);
    if (end === -1) break;
    let next = end + 1;
    let code = text.charCodeAt(next);
    while (code === SPACE || code === LINE_FEED || code === CARRIAGE_RETURN || code === TAB) code = text.charCodeAt(++next);
    if (code === COLON) count++;
    at = text.indexOf('"', next);
  }
  return count;
}

/**
 * The members of every object in a parsed value, at any depth. With a list of the values still to look at, not by
 * recursion: JSON.parse takes an entry nested 100,000 deep (a repository is untrusted input), which overflowed the
 * stack and was reported as an unexpected error instead of the bad entry.
 */
export function memberCount(value: unknown): number {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    if (Array.isArray(next)) {
      for (const element of next) pending.push(element);
      continue;
    }
    for (const name in next) {
      count++;
      pending.push((next as Record<string, unknown>)[name]);
    }
  }
  return count;
}

/**
 * The first member name used twice in one object of (valid) JSON. JSON.parse keeps the last of two equal names without
 * a word, and a hand-resolved merge of two people who published the same new file gives exactly that.
 */
export function duplicateMember(text: string): string | undefined {
  const objects: (Set<string> | undefined)[] = [];
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '{') objects.push(new Set());
    else if (char === '[') objects.push(undefined);
    else if (char === '}' || char === ']') objects.pop();
    else if (char === '"') {
      const end = endOfString(text, at);
      const names = objects[objects.length - 1];
      let next = end + 1;
      while (' \t\r\n'.includes(text[next] ?? '.')) next++;
      if (names && text[next] === ':') {
        // The text already parsed as JSON: a name without a backslash is its characters as written.
        const written = text.slice(at + 1, end);
        const name = written.includes('\\') ? (JSON.parse(text.slice(at, end + 1)) as string) : written;
        if (names.has(name)) return name;
        names.add(name);
      }
      at = end;
    }
  }
  return undefined;
}

/** The index of the quote closing the string that opens at `start`. */
function endOfString(text: string, start: number): number {
  let at = start + 1;
  while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
  return at;
}
