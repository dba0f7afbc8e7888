// CommonMark's character references (§2.5) and backslash escapes (§2.4), as a link destination or a heading's text
// reads them: `a&amp;b.md` names the file `a&b.md`, `b.md#caf&eacute;` the heading "Café", `a\<b` the text `a<b`.
import type * as EntitiesDecode from 'entities/lib/decode.js';

let entities: typeof EntitiesDecode | undefined;
/**
 * The named-reference decoder, loaded when a text first holds a reference: its table is most of a planning run's load,
 * and the command line's build bundles it apart (src/cli/onDemandLibs.ts turns this require into one of that bundle).
 * It is the table commonmark.js decodes with: the HTML5 names, each only with its `;`.
 */
function decodeHTMLStrict(reference: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  entities ??= require('entities/lib/decode.js') as typeof EntitiesDecode;
  return entities.decodeHTMLStrict(reference);
}

/** A character reference as CommonMark takes one: a number, or a name of up to 32 characters, always with the `;`. */
export const REFERENCE = String.raw`&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});`;

/**
 * The character(s) a reference (as REFERENCE matches it) stands for, as CommonMark decodes it: a code point that is no
 * character (0, a surrogate, beyond U+10FFFF) as U+FFFD, and a name that is no HTML5 entity's as written.
 */
export function characterOf(reference: string): string {
  if (reference.startsWith('&#')) {
    const hex = reference[2] === 'x' || reference[2] === 'X';
    const code = Number.parseInt(reference.slice(hex ? 3 : 2, -1), hex ? 16 : 10);
    const valid = code !== 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : '\ufffd';
  }
  return decodeHTMLStrict(reference);
}

// One pass: an escaped `&` starts no reference, and a `\` a reference stands for escapes nothing. Only ASCII punctuation
// is escaped; any other backslash is a character, so a Windows path `..\guide\x.md` stays one odd file name.
const ESCAPE_OR_REFERENCE = new RegExp(String.raw`\\([!-/:-@[-\x60{-~])|${REFERENCE}`, 'g');

/**
 * A destination as CommonMark reads it, before its percent-encoding is touched: escapes and references resolved
 * (`a\<b` -> `a<b`, `a&amp;b.md` -> `a&b.md`, `sub&#x2F;c.md` -> `sub/c.md`).
 */
export function unescapedDestination(destination: string): string {
  // Most destinations hold neither: the expression does not run on them (a plan classifies every link of every page).
  if (!destination.includes('\\') && !destination.includes('&')) return destination;
  return destination.replace(ESCAPE_OR_REFERENCE, (match: string, escaped: string | undefined) => escaped ?? characterOf(match));
}
