// What a Markdown text holds as commonmark.js (the reference; see referenceParser) reads it and as our scanner reads
// it, in one shape so that a test can compare them: the links and images in document order with their destinations as the reference
// writes them (escapes and entities resolved, percent-encoded), which are in code, and the headings and the title.
import { Parser, type Node } from 'commonmark';
import { decodeHTMLStrict } from 'entities';
import { firstLevelOneHeading, markdownHeadingBlocks } from '../../src/core/markdown/headings/headings';
import { scanMarkdown } from '../../src/core/markdown/scan';

export interface Reading {
  /** `link dest` or `image dest`, in document order. */
  links: string[];
  /**
   * `level@line` of every heading, in document order, by its last line (from 1, as the reference counts them): the
   * reference starts a setext heading at the definitions its paragraph began with, which are no part of it.
   */
  headings: string[];
  /** The title's (`1@line`), or 'none'. */
  title: string;
}

/** The part of commonmark.js's inline parser the patch below reaches: its regular expression matcher. */
interface InlineParserMatch {
  match(pattern: RegExp): string | null;
}

const SPACES_ACROSS_A_LINE = '^ *(?:\\n *)?';
const SPACES_TO_LINE_END = '^ *(?:\\n|$)';

/**
 * commonmark.js, as shipped or with the one reading the scanner differs from on purpose brought to the spec: between a
 * link's parts (after `(`, after a definition's `:`, around a title, before a definition's line end) the spec allows
 * spaces or tabs, as cmark and markdown-it (the sandbox's page view) read them, where commonmark.js takes spaces only
 * (its reSpnl and reSpaceAtEndOfLine). A definition aligned with a tab is a definition on GitHub and on the page.
 */
export function referenceParser(tabsAsTheSpec = true): Parser {
  const parser = new Parser();
  if (!tabsAsTheSpec) return parser;
  // The Parser object carries the inline parser it reads definitions and links with; the types do not declare it.
  const inline = (parser as unknown as { inlineParser: InlineParserMatch }).inlineParser;
  const match = inline.match.bind(inline);
  inline.match = (pattern) => {
    if (pattern.source === SPACES_ACROSS_A_LINE) return match(/^[ \t]*(?:\n[ \t]*)?/);
    if (pattern.source === SPACES_TO_LINE_END) return match(/^[ \t]*(?:\n|$)/);
    return match(pattern);
  };
  return parser;
}

const parser = referenceParser();

export function referenceReading(markdown: string, reference: Parser = parser): Reading {
  const links: string[] = [];
  const headings: string[] = [];
  let title = 'none';
  const walker = reference.parse(markdown).walker();
  for (let event = walker.next(); event !== null; event = walker.next()) {
    if (!event.entering) continue;
    const node: Node = event.node;
    if (node.type === 'link' || node.type === 'image') links.push(`${node.type} ${node.destination ?? ''}`);
    if (node.type !== 'heading') continue;
    const line = node.sourcepos[1][0];
    headings.push(`${node.level}@${line}`);
    if (title === 'none' && node.level === 1 && node.parent?.type === 'document' && node.firstChild !== null) title = `1@${line}`;
  }
  return { links, headings, title };
}

export function ourReading(markdown: string): Reading {
  const scanned = scanMarkdown(markdown);
  const links = Array.from(scanned.links, (link) => {
    // The reference reads a NUL as U+FFFD (CommonMark 2.3); the scanner keeps the text as written.
    const destination = (link.destination?.text ?? link.definition?.destination.text ?? '').replaceAll('\0', '\uFFFD');
    if (link.kind === 'autolink') return `link ${normalizeUri(isEmail(destination) ? `mailto:${destination}` : destination)}`;
    return `${link.kind} ${normalizeUri(unescapeString(destination))}`;
  });
  const headings = markdownHeadingBlocks(markdown).map((block) => `${block.level}@${lineOf(markdown, block.end)}`);
  const first = firstLevelOneHeading(markdown);
  return { links, headings, title: first === undefined ? 'none' : `1@${lineOf(markdown, first.end)}` };
}

function isEmail(destination: string): boolean {
  return !/^[A-Za-z][A-Za-z0-9.+-]{1,31}:/.test(destination);
}

/** The line `offset` is on, counted from 1 as the reference counts lines (ended by LF, CRLF or a bare CR). */
function lineOf(markdown: string, offset: number): number {
  return markdown.slice(0, offset).split(/\r\n|\n|\r/).length;
}

// commonmark.js's unescapeString and normalizeURI (lib/common.js, with mdurl's encode), which its package does not export.
const ENTITY_OR_ESCAPE = /\\[!"#$%&'()*+,./:;<=>?@[\\\]^_`{|}~-]|&(?:#x[a-f0-9]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});/gi;

function unescapeString(text: string): string {
  return text.replace(ENTITY_OR_ESCAPE, (match) => (match.startsWith('\\') ? match.charAt(1) : decodeHTMLStrict(match)));
}

const KEPT = /[A-Za-z0-9;/?:@&=+$,\-_.!~*'()#]/;

function normalizeUri(uri: string): string {
  let out = '';
  for (let at = 0; at < uri.length; at++) {
    const char = uri.charAt(at);
    const code = uri.charCodeAt(at);
    if (char === '%' && /^[0-9a-fA-F]{2}$/.test(uri.slice(at + 1, at + 3))) {
      out += uri.slice(at, at + 3);
      at += 2;
    } else if (code < 128 && KEPT.test(char)) out += char;
    else if (code >= 0xd800 && code <= 0xdfff) {
      const next = uri.charCodeAt(at + 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        out += encodeURIComponent(uri.slice(at, at + 2));
        at++;
      } else out += '%EF%BF%BD';
    } else out += encodeURIComponent(char);
  }
  return out;
}
