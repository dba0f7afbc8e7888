// Text from files (titles, paths), the wiki and the service, made inert for GitHub-flavoured Markdown: in a table cell
// or a list item it can neither start a row, a link, an image, raw HTML (an HTML comment could forge the plan's
// digest marker), nor mention a person or team (a pull request comment would notify them).

const ESCAPED = new Set(['\\', '`', '*', '_', '[', ']', '|', '~', '$']);
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** U+2060 WORD JOINER: "@\u2060team" shows as "@team" but is no mention. */
const NO_MENTION = '@\u2060';

/** One line of inert text: line breaks and control characters become spaces. */
export function inlineText(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?|\n/g, ' ')) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0) || code === 0x2028 || code === 0x2029) out += ' ';
    else if (ENTITIES[char]) out += ENTITIES[char];
    else if (char === '@') out += NO_MENTION;
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

/** Cuts a document at `maxChars`, at a line end, and says so: a pull request comment holds at most 65,536 characters. */
export function fitDocument(lines: readonly string[], tail: readonly string[], maxChars: number, cutNote: (left: number) => string): string {
  const tailText = tail.join('\n');
  const kept: string[] = [];
  let used = tailText.length + 200;
  for (const [index, line] of lines.entries()) {
    if (used + line.length + 1 > maxChars) {
      kept.push('', cutNote(lines.length - index));
      break;
    }
    kept.push(line);
    used += line.length + 1;
  }
  return `${[...kept, ...tail].join('\n')}\n`;
}
