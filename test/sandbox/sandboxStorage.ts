// A page body in the platform's storage format (`body-format=storage`): the wiki's own XHTML, made on the server from
// the imported Markdown, so it is not the Markdown. What a reader relies on survives: text, link targets
// (`<a href="...">`, as markdown-it normalises them: spaces and non-ASCII percent-encoded, `&` written `&amp;`; a
// `javascript:` or other unsafe destination is no link, left as text) and code, which the platform keeps in its code
// macro as CDATA, byte for byte. Raw HTML in the Markdown is escaped, as the real converter does.
import MarkdownIt from 'markdown-it';

let converter: MarkdownIt | undefined;

function storageConverter(): MarkdownIt {
  if (converter) return converter;
  const made = new MarkdownIt({ html: false, xhtmlOut: true, linkify: false });
  made.renderer.rules.fence = (tokens, index) => codeMacro(tokens[index]);
  made.renderer.rules.code_block = (tokens, index) => codeMacro(tokens[index]);
  converter = made;
  return made;
}

export function storageBody(markdown: string): string {
  return storageConverter().render(markdown);
}

/** A code block as the platform stores it: its code macro, the language as a parameter, the code in CDATA. */
function codeMacro(token: MarkdownIt.Token | undefined): string {
  const language = token?.info.trim().split(/\s+/)[0] ?? '';
  const code = (token?.content ?? '').replace(/\n$/, '');
  const parameter = language === '' ? '' : `<ac:parameter ac:name="language">${escapeXml(language)}</ac:parameter>`;
  // "]]>" cannot stand inside CDATA: end the section between "]]" and ">" and open another.
  const cdata = `<![CDATA[${code.replace(/\]\]>/g, ']]]]><![CDATA[>')}]]>`;
  return `<ac:structured-macro ac:name="code" ac:schema-version="1">${parameter}<ac:plain-text-body>${cdata}</ac:plain-text-body></ac:structured-macro>\n`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
