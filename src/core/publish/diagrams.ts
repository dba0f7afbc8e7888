// Mermaid fences. The wiki takes images only at public URLs and has no attachments (service facts), so a diagram
// can become a picture only as a link to a server that draws it from its own address, which carries the source.
// That is why fences stay code unless the user names a renderer: the source then goes only where they chose.
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
import { checkEndpoint } from '../http/endpoint';
import type { FencedCode } from '../markdown/model';
import { keptScan, scanMarkdown } from '../markdown/scan';

/**
 * A closed ```mermaid (or ~~~mermaid) block, also in a list item or block quote: [start, end) from its opening line's
 * start to the end of its closing line, before that line's line ending.
 */
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

// The title ends on its last character that is not a space: a lazy `(.*?)` before `[ \t]*$` tried every split of a
// long run of spaces inside the line (60 KB took seconds).
const TITLE_COMMENT = /^[ \t]*%%[ \t]*title\b[ \t]*:?[ \t]*(.*\S)?[ \t]*$/im;

export function findDiagramFences(markdown: string): DiagramFence[] {
  return scanDiagramFences(markdown).fences;
}

/**
 * The closed Mermaid fences (in any container: a list item, a block quote), and how many were opened but never closed
 * by a fence line (they stay code).
 */
function scanDiagramFences(markdown: string): { fences: DiagramFence[]; unclosed: number } {
  // Every fence line holds three backticks or three tildes, and a Mermaid fence's info string the word itself (compared
  // as written, namesMermaid): a text without both holds none, and is not scanned for want of one. A text the plan
  // scanned already (most often the scanner's last) has its fences' info strings read instead: the word looked for
  // in the whole text was read over every text a tree plans, most with a code block of another language.
  const kept = keptScan(markdown);
  if (kept === undefined && ((!markdown.includes('```') && !markdown.includes('~~~')) || !/mermaid/i.test(markdown))) return { fences: [], unclosed: 0 };
  const fences: DiagramFence[] = [];
  let unclosed = 0;
  for (const fence of (kept ?? scanMarkdown(markdown)).fences) {
    if (!namesMermaid(markdown, fence)) continue;
    // An unclosed fence runs to the end of its container; turning it into one picture would swallow the rest of the
    // page, and it is most likely a typing slip, so it stays code for the reader to see (and the plan says so).
    if (!fence.closed) {
      unclosed++;
      continue;
    }
    const source = sourceOf(markdown, fence);
    // An empty diagram would only be a broken image.
    if (source.trim() !== '') fences.push({ start: fence.lineStart, end: fence.end, kind: 'mermaid', marker: fence.marker, source });
  }
  return { fences, unclosed };
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
    // What stands before the marker (indentation, `> `, `- `) stays, so the image stays in its list item or quote; the
    // fence's range ends before its last line's line ending, which stays as written.
    out += `${markdown.slice(from, fence.marker)}![${altText(fence.source, index + 1)}](${address})`;
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

/** Whether the fence's info string's first word is `mermaid`, in any case. */
function namesMermaid(markdown: string, fence: FencedCode): boolean {
  const info = markdown.slice(fence.infoStart, fence.infoEnd).trim();
  const word = /^\S*/.exec(info)?.[0] ?? '';
  return word.toLowerCase() === 'mermaid';
}

/** The fence's content lines as CommonMark reads them (the containers' markers and the fence's indentation gone), joined with \n. */
function sourceOf(markdown: string, fence: FencedCode): string {
  const lines: string[] = [];
  for (let index = 0; index < fence.lines.length; index += 2) lines.push(markdown.slice(fence.lines[index], fence.lines[index + 1]));
  return lines.join('\n');
}
