// Mermaid fences. The wiki takes images only at public URLs and has no attachments (service facts), so a diagram
// can become a picture only as a link to a server that draws it from its own address, which carries the source.
// That is why fences stay code unless the user names a renderer: the source then goes only where they chose.
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
import { checkEndpoint } from '../http/endpoint';
import { containedFenceLines, fencedBlocks, listItemFences, type ListItemFence } from './inspect';

/** A closed ```mermaid (or ~~~mermaid) block, also in a list item or block quote: [start, end) from its opening line to the end of its closing line. */
export interface DiagramFence {
  start: number;
  end: number;
  kind: 'mermaid';
  /** The offset of the opening fence marker: what stands before it on its line (indentation, `> `, `- `) stays. */
  marker: number;
  /** The lines between the fences, without the opener's indentation or the `>` of a block quote, joined with \n. */
  source: string;
}

export type RendererProblem = { ok: false; problem: 'invalid' | 'insecure'; message: string };

/** `url` is undefined when no renderer is configured: diagrams then stay code. */
export type RendererCheck = { ok: true; url: URL | undefined } | RendererProblem;

/**
 * `rendered` is true when a renderer drew the page's diagrams (its closed fences became images); `diagrams` counts the
 * closed fences either way; `unclosed` the Mermaid fences no fence line closes, which stay code; `tooLong` the images
 * whose address is longer than a Kroki server takes by default (KROKI_DEFAULT_MAX_URI_LENGTH).
 */
export type DiagramRendering = { ok: true; markdown: string; diagrams: number; unclosed: number; rendered: boolean; tooLong: number } | RendererProblem;

export interface DiagramCaution {
  code: 'diagrams';
  message: string;
}

export const DIAGRAMS_SETTING = 'wikiPublisher.diagrams';

/**
 * The longest request address a Kroki server answers by default (its KROKI_MAX_URI_LENGTH; the public kroki.io takes
 * about 4,000): a longer one gets 414 URI Too Long, and the page shows a broken image. The whole image address is
 * measured, which is a little stricter than the server's request line.
 */
export const KROKI_DEFAULT_MAX_URI_LENGTH = 4096;

const OPENER = /^( {0,3})(`{3,}|~{3,})[ \t]*(\S*)/;
const CLOSER = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?$/;
const TITLE_COMMENT = /^[ \t]*%%[ \t]*title\b[ \t]*:?[ \t]*(.*?)[ \t]*$/im;

export function findDiagramFences(markdown: string): DiagramFence[] {
  return scanDiagramFences(markdown).fences;
}

/** The closed Mermaid fences, and how many were opened but never closed by a fence line (they stay code). */
function scanDiagramFences(markdown: string): { fences: DiagramFence[]; unclosed: number } {
  // Every diagram is a fence, and every fence line holds three backticks or three tildes: a text with neither (most
  // files planned) holds none, and is not read for them (each look below reads the whole text).
  if (!markdown.includes('```') && !markdown.includes('~~~')) return { fences: [], unclosed: 0 };
  const fences: DiagramFence[] = [];
  let unclosed = 0;
  for (const [start, end] of fencedBlocks(markdown)) {
    if (!mayNameMermaid(markdown, start)) continue;
    const contained = containedFenceLines(markdown, start, end);
    const fence = contained ? containedDiagram(markdown, start, end, contained) : topLevelDiagram(markdown, start, end);
    if (fence === 'unclosed') unclosed++;
    // An empty diagram would only be a broken image.
    else if (fence && fence.source.trim() !== '') fences.push(fence);
  }
  // A fence in a list item indented four columns or more (`- a`, `  - b`, `    ```mermaid`) is no fence to
  // fencedBlocks, which reads three spaces at most; link inspection reads it as code by the list items' indentation,
  // and so do the diagrams, through the same reading. That reading walks every line, so only a text with a run of
  // fence characters that may name Mermaid pays for it: most files planned have none.
  if (someFenceMayNameMermaid(markdown)) {
    let added = false;
    for (const found of listItemFences(markdown)) {
      if (!mayNameMermaid(markdown, found.marker)) continue;
      const fence = listItemDiagram(markdown, found);
      if (fence === 'unclosed') unclosed++;
      else if (fence && fence.source.trim() !== '') {
        fences.push(fence);
        added = true;
      }
    }
    // renderDiagrams replaces the fences front to back.
    if (added) fences.sort((a, b) => a.start - b.start);
  }
  return { fences, unclosed };
}

/**
 * Whether some run of three backticks or tildes anywhere (a fence line or not) is followed by an info string that
 * may say `mermaid` (mayNameMermaid): every Mermaid fence, in a list item or not, is such a run. Looked for with
 * indexOf, at the few such runs a text holds: a case-blind search for the word read every character of every file.
 */
function someFenceMayNameMermaid(markdown: string): boolean {
  for (const run of ['```', '~~~']) {
    for (let at = markdown.indexOf(run); at !== -1; at = markdown.indexOf(run, at)) {
      const marker = markdown.charCodeAt(at);
      while (markdown.charCodeAt(at) === marker) at++;
      while (markdown.charCodeAt(at) === SPACE || markdown.charCodeAt(at) === TAB) at++;
      const first = markdown.charCodeAt(at);
      if (first === LOWER_M || first === UPPER_M) return true;
    }
  }
  return false;
}

/** A fence inside a list item four columns or more in: its lines' content starts past the item's indentation. */
function listItemDiagram(markdown: string, found: ListItemFence): DiagramFence | 'unclosed' | undefined {
  const opener = OPENER.exec(lineFrom(markdown, found.marker));
  if (opener?.[1] !== '' || opener[3]?.toLowerCase() !== 'mermaid') return undefined;
  if (!found.closed) return 'unclosed';
  const bodyStart = markdown.indexOf('\n', found.marker) + 1;
  const closeStart = markdown.lastIndexOf('\n', found.end - 1) + 1;
  // Each content line loses the list items' indentation and then up to the fence's own, as CommonMark reads it.
  const source = bodyStart >= closeStart ? '' : dedent(markdown.slice(bodyStart, closeStart - 1), found.base + found.indent);
  return { start: found.start, end: found.end, kind: 'mermaid', marker: found.marker, source };
}

function topLevelDiagram(markdown: string, start: number, end: number): DiagramFence | 'unclosed' | undefined {
  const opener = OPENER.exec(lineFrom(markdown, start));
  const indent = opener?.[1]?.length ?? 0;
  const marker = opener?.[2] ?? '';
  if (opener?.[3]?.toLowerCase() !== 'mermaid') return undefined;
  const closeStart = closingLineStart(markdown, start, end, marker);
  // An unclosed fence runs to the end of the document; turning it into one picture would swallow the rest of the
  // page, and it is most likely a typing slip, so it stays code for the reader to see (and the plan says so).
  if (closeStart === undefined) return 'unclosed';
  const bodyStart = markdown.indexOf('\n', start) + 1;
  const source = bodyStart >= closeStart ? '' : dedent(markdown.slice(bodyStart, closeStart - 1), indent);
  return { start, end, kind: 'mermaid', marker: start + indent, source };
}

/**
 * A fence opened after block quote or list item markers (`> ```mermaid`, `- ```mermaid`): each line's content is
 * read from where its containers leave it, so the `>` of every quoted line is no part of the diagram. Like a fence at
 * the top level, it must be closed by a fence line of its own to become a picture.
 */
function containedDiagram(markdown: string, start: number, end: number, lines: { fence: number; indent: number; contentStarts: number[] }): DiagramFence | 'unclosed' | undefined {
  const openerLine = lineFrom(markdown, lines.fence);
  const opener = OPENER.exec(openerLine);
  const marker = opener?.[2] ?? '';
  if (opener?.[1] !== '' || opener[3]?.toLowerCase() !== 'mermaid') return undefined;
  const contents = lines.contentStarts.map((at) => lineFrom(markdown, at).replace(/\r$/, ''));
  const closer = CLOSER.exec(contents[contents.length - 1] ?? '')?.[1] ?? '';
  if (contents.length === 0 || closer[0] !== marker[0] || closer.length < marker.length) return 'unclosed';
  return { start, end, kind: 'mermaid', marker: lines.fence, source: dedent(contents.slice(0, -1).join('\n'), lines.indent) };
}

/** Checks the configured renderer's base address with the endpoint rules: https, plain http only to loopback. */
export function checkRenderer(raw: string | undefined, settingName = DIAGRAMS_SETTING, messages: PublishMessages = englishPublishMessages): RendererCheck {
  const text = (raw ?? '').trim();
  if (text === '') return { ok: true, url: undefined };
  const check = checkEndpoint(text, settingName);
  if (check.ok) {
    if (check.url.search || check.url.hash) {
      return { ok: false, problem: 'invalid', message: messages.rendererHasQuery(settingName) };
    }
    return { ok: true, url: check.url };
  }
  if (check.problem === 'insecure') {
    return {
      ok: false,
      problem: 'insecure',
      message: messages.rendererInsecure(settingName),
    };
  }
  return { ok: false, problem: 'invalid', message: check.say(messages) };
}

/**
 * With no renderer the text is returned unchanged; with one, each Mermaid fence becomes an image whose address is
 * `<renderer>/mermaid/png/<encoded source>`. A bad renderer address is refused even when there is no diagram, so a
 * setting mistake shows on the first publish rather than on the first page with a diagram.
 */
export function renderDiagrams(markdown: string, options: { rendererUrl: string | undefined; settingName?: string; messages?: PublishMessages }): DiagramRendering {
  const renderer = checkRenderer(options.rendererUrl, options.settingName, options.messages);
  if (!renderer.ok) return renderer;
  const { fences, unclosed } = scanDiagramFences(markdown);
  if (!renderer.url || fences.length === 0) return { ok: true, markdown, diagrams: fences.length, unclosed, rendered: renderer.url !== undefined && unclosed > 0, tooLong: 0 };
  const base = renderer.url.href;
  let out = '';
  let from = 0;
  let tooLong = 0;
  fences.forEach((fence, index) => {
    const address = diagramUrl(base, fence.source);
    if (address.length > KROKI_DEFAULT_MAX_URI_LENGTH) tooLong++;
    // Keep a CRLF document's line ends as they were: the fence's range ends just before its \n, after any \r.
    const lineEnd = markdown[fence.end - 1] === '\r' ? '\r' : '';
    // What stands before the marker (indentation, `> `, `- `) stays, so the image stays in its list item or quote.
    out += `${markdown.slice(from, fence.marker)}![${altText(fence.source, index + 1)}](${address})${lineEnd}`;
    from = fence.end;
  });
  return { ok: true, markdown: out + markdown.slice(from), diagrams: fences.length, unclosed, rendered: true, tooLong };
}

/** Kroki's GET encoding: the UTF-8 source deflated with a zlib header at level 9, then base64url. */
export function encodeForKroki(source: string): string {
  // Required here, not at the top: node's zlib took about 5 ms of every command line start, and only a run with a
  // diagram renderer set draws diagrams.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { deflateSync } = require('node:zlib') as typeof import('node:zlib');
  return deflateSync(Buffer.from(source, 'utf8'), { level: 9 }).toString('base64url');
}

/** The preflight caution for a page with Mermaid diagrams; undefined when it has none. The CLI names its flag. */
export function diagramCaution(
  count: number,
  rendered: boolean,
  settingName = DIAGRAMS_SETTING,
  messages: PublishMessages = englishPublishMessages,
): DiagramCaution | undefined {
  if (count <= 0) return undefined;
  return { code: 'diagrams', message: rendered ? messages.diagramsRendered(count) : messages.diagramsAsCode(count, settingName) };
}

/** The preflight caution for Mermaid fences that a renderer would draw but no fence line closes; undefined for none. */
export function unclosedDiagramCaution(count: number, messages: PublishMessages = englishPublishMessages): DiagramCaution | undefined {
  return count > 0 ? { code: 'diagrams', message: messages.diagramsUnclosed(count) } : undefined;
}

/** The preflight caution for drawn diagrams whose image address is likely too long for the renderer; undefined for none. */
export function longDiagramCaution(count: number, messages: PublishMessages = englishPublishMessages): DiagramCaution | undefined {
  return count > 0 ? { code: 'diagrams', message: messages.diagramsTooLong(count, KROKI_DEFAULT_MAX_URI_LENGTH) } : undefined;
}

function diagramUrl(rendererBase: string, source: string): string {
  // Parentheses would end a Markdown link destination early; everything else in a URL's href is already safe.
  const base = rendererBase.replace(/\/+$/, '').replace(/\(/g, '%28').replace(/\)/g, '%29');
  return `${base}/mermaid/png/${encodeForKroki(source)}`;
}

function altText(source: string, number: number): string {
  const title = TITLE_COMMENT.exec(source)?.[1] ?? '';
  return (title || `Diagram ${number}`).replace(/[\\[\]]/g, '\\$&');
}

/**
 * Whether the info string of the fence line at `start` begins with an m: every other fence (most are code) is passed
 * over without a slice of its line and a match of OPENER, which every file planned paid for each of its fences.
 */
function mayNameMermaid(markdown: string, start: number): boolean {
  let at = start;
  while (markdown.charCodeAt(at) === SPACE) at++;
  let marker = markdown.charCodeAt(at);
  // A fence after block quote or list item markers (`> ```mermaid`): its marker is further along the line.
  if (marker !== BACKTICK && marker !== TILDE) {
    while (at < markdown.length && markdown.charCodeAt(at) !== BACKTICK && markdown.charCodeAt(at) !== TILDE && markdown.charCodeAt(at) !== LINE_FEED) at++;
    marker = markdown.charCodeAt(at);
  }
  while (markdown.charCodeAt(at) === marker) at++;
  while (markdown.charCodeAt(at) === SPACE || markdown.charCodeAt(at) === TAB) at++;
  const first = markdown.charCodeAt(at);
  return first === LOWER_M || first === UPPER_M;
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const BACKTICK = 0x60;
const TILDE = 0x7e;
const SPACE = 0x20;
const UPPER_M = 0x4d;
const LOWER_M = 0x6d;

function lineFrom(markdown: string, start: number): string {
  const end = markdown.indexOf('\n', start);
  return markdown.slice(start, end === -1 ? markdown.length : end);
}

/** Start of the block's closing fence line, or undefined when the block runs unclosed to the end of the text. */
function closingLineStart(markdown: string, start: number, end: number, marker: string): number | undefined {
  const lineStart = markdown.lastIndexOf('\n', end - 1) + 1;
  if (lineStart <= start) return undefined;
  const closer = CLOSER.exec(markdown.slice(lineStart, end))?.[1] ?? '';
  return closer[0] === marker[0] && closer.length >= marker.length ? lineStart : undefined;
}

/** CommonMark removes up to the opener's indentation from each content line. */
function dedent(body: string, indent: number): string {
  const lines = body.split('\n').map((line) => line.replace(/\r$/, ''));
  if (indent === 0) return lines.join('\n');
  const leading = new RegExp(`^ {0,${indent}}`);
  return lines.map((line) => line.replace(leading, '')).join('\n');
}
