// A page body in the platform's document format (`body-format=atlas_doc_format`): a JSON document as a string, made
// from markdown-it's tokens. A minimal one, enough for a client to read text, link targets and code: headings,
// paragraphs, lists, block quotes, rules, tables and code blocks; text with link, code, strong, em and strike marks;
// hard breaks. An image is its alt text (the platform's media nodes are not played), a soft line break a space.
import MarkdownIt from 'markdown-it';

interface AdfMark { type: string; attrs?: Record<string, unknown> }
interface AdfNode { type: string; attrs?: Record<string, unknown>; content?: AdfNode[]; text?: string; marks?: AdfMark[] }

// markdown-it's container tokens (`<name>_open`/`_close`) and the node each opens; thead and tbody have none.
const CONTAINERS: Readonly<Record<string, string | null>> = {
  paragraph: 'paragraph', heading: 'heading', bullet_list: 'bulletList', ordered_list: 'orderedList',
  list_item: 'listItem', blockquote: 'blockquote', table: 'table', thead: null, tbody: null, tr: 'tableRow',
  th: 'tableHeader', td: 'tableCell',
};
const INLINE_MARKS: Readonly<Record<string, string>> = { strong: 'strong', em: 'em', s: 'strike' };

let parser: MarkdownIt | undefined;

export function adfBody(markdown: string): string {
  parser ??= new MarkdownIt({ html: false, linkify: false });
  const doc: AdfNode = { type: 'doc', content: [] };
  const open: AdfNode[] = [doc];
  for (const token of parser.parse(markdown, {})) {
    const parent = open[open.length - 1] ?? doc;
    const container = token.type.replace(/_(open|close)$/, '');
    if (container !== token.type && container in CONTAINERS) {
      const type = CONTAINERS[container];
      if (type === null || type === undefined) continue;
      if (token.nesting === 1) open.push(containerNode(type, token));
      else if (open.length > 1) append(open[open.length - 2] ?? doc, open.pop() ?? doc);
      continue;
    }
    if (token.type === 'fence' || token.type === 'code_block') append(parent, codeBlock(token));
    else if (token.type === 'hr') append(parent, { type: 'rule' });
    else if (token.type === 'inline') {
      const inline = inlineNodes(token.children ?? []);
      // A table cell holds blocks: its text goes in a paragraph.
      const cell = parent.type === 'tableHeader' || parent.type === 'tableCell';
      if (cell) append(parent, { type: 'paragraph', content: inline });
      else for (const node of inline) append(parent, node);
    }
  }
  return JSON.stringify({ type: 'doc', version: 1, content: doc.content });
}

function containerNode(type: string, token: MarkdownIt.Token): AdfNode {
  if (type === 'heading') return { type, attrs: { level: Number(token.tag.slice(1)) }, content: [] };
  if (type === 'orderedList') return { type, attrs: { order: Number(token.attrGet('start') ?? 1) }, content: [] };
  return { type, content: [] };
}

function codeBlock(token: MarkdownIt.Token): AdfNode {
  const language = token.info.trim().split(/\s+/)[0] ?? '';
  const code = token.content.replace(/\n$/, '');
  return { type: 'codeBlock', ...(language === '' ? {} : { attrs: { language } }), content: code === '' ? [] : [{ type: 'text', text: code }] };
}

function inlineNodes(tokens: readonly MarkdownIt.Token[]): AdfNode[] {
  const nodes: AdfNode[] = [];
  const marks: AdfMark[] = [];
  const text = (value: string, extra: AdfMark[] = []): void => {
    const all = [...marks, ...extra];
    if (value !== '') nodes.push({ type: 'text', text: value, ...(all.length === 0 ? {} : { marks: all }) });
  };
  for (const token of tokens) {
    const mark = INLINE_MARKS[token.type.replace(/_(open|close)$/, '')];
    if (token.type === 'text') text(token.content);
    else if (token.type === 'code_inline') text(token.content, [{ type: 'code' }]);
    else if (token.type === 'softbreak') text(' ');
    else if (token.type === 'hardbreak') nodes.push({ type: 'hardBreak' });
    else if (token.type === 'image') text(token.content);
    else if (token.type === 'link_open') marks.push({ type: 'link', attrs: { href: token.attrGet('href') ?? '' } });
    else if (token.type === 'link_close') removeLast(marks, 'link');
    else if (mark !== undefined && token.nesting === 1) marks.push({ type: mark });
    else if (mark !== undefined && token.nesting === -1) removeLast(marks, mark);
  }
  return nodes;
}

function removeLast(marks: AdfMark[], type: string): void {
  const index = marks.map((mark) => mark.type).lastIndexOf(type);
  if (index >= 0) marks.splice(index, 1);
}

function append(parent: AdfNode, node: AdfNode): void {
  (parent.content ??= []).push(node);
}
