// Text from files (titles, paths), the wiki and the service, made inert for GitHub-flavoured Markdown: in a table cell
// or a list item it can neither start a row, a link, an image, raw HTML (an HTML comment could forge the plan's
// digest marker), nor become a bare link, a mention or a reference (gitHubText.ts: a pull request comment would notify
// a person or team), nor reorder the text around it (a bidirectional control is shown as "<U+202E>").
import { inertOnGitHub } from './gitHubText';

const ESCAPED = new Set(['\\', '`', '*', '_', '[', ']', '|', '~', '$']);
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** One line of inert text: line breaks and control characters become spaces. */
export function inlineText(text: string): string {
  let out = '';
  for (const char of inertOnGitHub(text.replace(/\r\n?|\n/g, ' '))) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0) || code === 0x2028 || code === 0x2029) out += ' ';
    else if (ENTITIES[char]) out += ENTITIES[char];
    else if (ESCAPED.has(char)) out += `\\${char}`;
    else out += char;
  }
  return out;
}

/** A link only to an http(s) address, with the characters that could end the link encoded; else the text alone. */
export function linkText(text: string, address: string | undefined): string {
  const href = safeHref(address);
  return href ? `[${inlineText(text)}](${href})` : inlineText(text);
}

/**
 * Inert Markdown (inlineText's) in which each page named as `"Title" (page 123)` whose address is known has its title
 * linked there: a sentence of the core names a page so (a record's page found elsewhere on the wiki, say), and a
 * reviewer should reach it as any page a row names.
 */
export function pageNamesLinked(markdown: string, addresses: ReadonlyMap<string, string>): string {
  if (addresses.size === 0) return markdown;
  return markdown.replace(/&quot;((?:(?!&quot;)[^|])+?)&quot; \(page (\d+)\)/g, (whole, title: string, id: string) => {
    const href = safeHref(addresses.get(id));
    return href ? `[${title}](${href}) (page ${id})` : whole;
  });
}

function safeHref(address: string | undefined): string | undefined {
  if (!address) return undefined;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return url.href.replace(/[()<>|\\ "'`[\]]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** A text's size in characters (UTF-16 code units: never fewer than GitHub counts in a comment). */
export const charCount = (text: string): number => text.length;

/** A text's size in UTF-8 bytes, as the runner measures a job summary (1 MiB). */
export const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/**
 * Cuts a document to `max` (measured by `sizeOf`), at a line end, and says so: a pull request comment holds at most
 * 65,536 characters, a job summary 1 MiB.
 */
export function fitDocument(lines: readonly string[], tail: readonly string[], max: number, cutNote: (left: number) => string, sizeOf: (text: string) => number = charCount): string {
  const tailText = tail.join('\n');
  const kept: string[] = [];
  let used = sizeOf(tailText) + 200;
  for (const [index, line] of lines.entries()) {
    const size = sizeOf(line) + 1;
    if (used + size > max) {
      kept.push('', cutNote(lines.length - index));
      break;
    }
    kept.push(line);
    used += size;
  }
  return `${[...kept, ...tail].join('\n')}\n`;
}

/** A table row, and whether it may give way when the table is too long for its document (it needs no one's attention). */
export interface TableRow {
  line: string;
  plain: boolean;
}

/**
 * A table's lines within `budget`: when all of them do not fit, plain rows give way, from the last, so the rows that
 * need attention (a refusal, a page left out) stay in a long plan; `leftOutNote` says how many rows are not shown.
 * Rows that need attention are never left out here (fitDocument cuts the document if they alone are too many).
 */
export function fitTableRows(rows: readonly TableRow[], budget: number, sizeOf: (text: string) => number, leftOutNote: (left: number) => string): string[] {
  const sizes = rows.map((row) => sizeOf(row.line) + 1);
  let total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= budget) return rows.map((row) => row.line);
  const leftOut = new Set<number>();
  // The note's size with the largest count it can say (the count's digits are the only part that varies).
  const noteSize = sizeOf(leftOutNote(rows.length)) + 2;
  for (let index = rows.length - 1; index >= 0 && total + noteSize > budget; index--) {
    if (!rows[index]?.plain) continue;
    leftOut.add(index);
    total -= sizes[index] ?? 0;
  }
  if (leftOut.size === 0) return rows.map((row) => row.line);
  return [...rows.filter((_row, index) => !leftOut.has(index)).map((row) => row.line), '', leftOutNote(leftOut.size)];
}
