// Compare's side of the wiki ended as the file ends: what ends a text is normalised on its way to the wiki and back
// (the importer and the exporter keep no trailing blank lines and always end the last line), and a publish closes a
// fence or HTML block the file leaves open (closingLine.ts) so that the notice after it is not read into it. None of
// that is anyone's change, and Compare showed each as one; a line a colleague added, changed or took away at the end
// still shows, since only whitespace and that one closing line are read here.
import { closingLine } from '../publish/closingLine';

/** `page` (the wiki's Markdown as the file writes it) with the file's own ending in place of the page's. */
export function withFileEnding(page: string, content: string): string {
  let body = page.slice(0, trailingWhitespaceStart(page));
  const closing = closingLine(content);
  if (closing !== undefined && closing !== '') {
    const lastLineStart = Math.max(body.lastIndexOf('\n'), body.lastIndexOf('\r')) + 1;
    if (body.slice(lastLineStart).trim() === closing) body = body.slice(0, trailingWhitespaceStart(body.slice(0, lastLineStart)));
  }
  // In the page's line endings: an exporter that writes LF for a CRLF file does so on every line (an editor's diff
  // reads lines, not their endings), and one line ended otherwise would make the text mixed.
  const eol = /\r\n|\r|\n/.exec(body)?.[0];
  const ending = content.slice(trailingWhitespaceStart(content));
  return body + (eol === undefined ? ending : ending.replace(/\r\n|\r|\n/g, eol));
}

/** Where the run of whitespace that ends `text` starts (read backwards: a long run inside the text is not read again). */
function trailingWhitespaceStart(text: string): number {
  let start = text.length;
  while (start > 0 && /\s/.test(text[start - 1] as string)) start--;
  return start;
}
