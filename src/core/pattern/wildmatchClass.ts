// A bracket expression of a .gitignore pattern (`[a-z]`, `[!0-9]`, `[[:alpha:]_]`), read as git's wildmatch.c reads
// it, byte by byte, and made into a table of the 256 bytes it takes. The table is worked out by running wildmatch's
// own test for every byte, so its corners stay git's: with core.ignorecase a range takes both cases but a single
// upper-case letter takes neither (`[A]`), and a class that is never closed, or names no known class, makes the whole
// pattern match nothing.

const BACKSLASH = 0x5c;
const CLOSE = 0x5d;
const OPEN = 0x5b;
const COLON = 0x3a;
const DASH = 0x2d;
const SLASH = 0x2f;

type Item = { kind: 'byte'; byte: number } | { kind: 'range'; first: number; last: number } | { kind: 'named'; name: string };

/** The table of bytes the expression opening at `open` takes, and where the pattern goes on; undefined: malformed. */
export function readBracket(pattern: Uint8Array, open: number, ignoreCase: boolean): { table: Uint8Array; end: number } | undefined {
  let at = open + 1;
  let byte = pattern[at];
  if (byte === 0x5e) byte = 0x21; // '^' negates as '!' does
  const negated = byte === 0x21;
  if (negated) byte = pattern[++at];
  const items: Item[] = [];
  let previous = 0;
  do {
    if (byte === undefined) return undefined;
    if (byte === BACKSLASH) {
      byte = pattern[++at];
      if (byte === undefined) return undefined;
      items.push({ kind: 'byte', byte });
    } else if (byte === DASH && previous !== 0 && pattern[at + 1] !== undefined && pattern[at + 1] !== CLOSE) {
      byte = pattern[++at] as number;
      if (byte === BACKSLASH) {
        byte = pattern[++at];
        if (byte === undefined) return undefined;
      }
      items.push({ kind: 'range', first: previous, last: byte });
      byte = 0; // no range may start at a range's end
    } else if (byte === OPEN && pattern[at + 1] === COLON) {
      const nameStart = at + 2;
      let close = nameStart;
      while (pattern[close] !== undefined && pattern[close] !== CLOSE) close++;
      if (pattern[close] === undefined) return undefined;
      if (close - nameStart - 1 < 0 || pattern[close - 1] !== COLON) {
        // No ":]": the '[' is an ordinary member, and reading goes on from the ':'.
        items.push({ kind: 'byte', byte: OPEN });
      } else {
        const name = String.fromCharCode(...pattern.subarray(nameStart, close - 1));
        if (!Object.hasOwn(NAMED, name)) return undefined;
        items.push({ kind: 'named', name });
        at = close;
        byte = 0;
      }
    } else {
      items.push({ kind: 'byte', byte });
    }
    previous = byte;
    byte = pattern[++at];
  } while (byte !== CLOSE);
  const table = new Uint8Array(256);
  for (let candidate = 0; candidate < 256; candidate++) {
    const taken = items.some((item) => takes(item, candidate, ignoreCase)) !== negated;
    table[candidate] = taken && candidate !== SLASH ? 1 : 0;
  }
  return { table, end: at + 1 };
}

const isUpper = (byte: number): boolean => byte >= 0x41 && byte <= 0x5a;
const isLower = (byte: number): boolean => byte >= 0x61 && byte <= 0x7a;
const isDigit = (byte: number): boolean => byte >= 0x30 && byte <= 0x39;
const isAlpha = (byte: number): boolean => isUpper(byte) || isLower(byte);
const isGraph = (byte: number): boolean => byte > 0x20 && byte < 0x7f;

/** The POSIX classes wildmatch knows, over ASCII as in the C locale git sets. */
const NAMED: Readonly<Record<string, (byte: number, ignoreCase: boolean) => boolean>> = {
  alnum: (byte) => isAlpha(byte) || isDigit(byte),
  alpha: isAlpha,
  blank: (byte) => byte === 0x20 || byte === 0x09,
  cntrl: (byte) => byte < 0x20 || byte === 0x7f,
  digit: isDigit,
  graph: isGraph,
  lower: isLower,
  print: (byte) => byte >= 0x20 && byte < 0x7f,
  punct: (byte) => isGraph(byte) && !isAlpha(byte) && !isDigit(byte),
  space: (byte) => byte === 0x20 || (byte >= 0x09 && byte <= 0x0d),
  upper: (byte, ignoreCase) => isUpper(byte) || (ignoreCase && isLower(byte)),
  xdigit: (byte) => isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66),
};

/** wildmatch's test of one member against a text byte, which it has lower-cased first under core.ignorecase. */
function takes(item: Item, textByte: number, ignoreCase: boolean): boolean {
  const byte = ignoreCase && isUpper(textByte) ? textByte + 0x20 : textByte;
  switch (item.kind) {
    case 'byte':
      return byte === item.byte;
    case 'range':
      if (byte >= item.first && byte <= item.last) return true;
      return ignoreCase && isLower(byte) && byte - 0x20 >= item.first && byte - 0x20 <= item.last;
    case 'named':
      return (NAMED[item.name] as (byte: number, ignoreCase: boolean) => boolean)(byte, ignoreCase);
  }
}
