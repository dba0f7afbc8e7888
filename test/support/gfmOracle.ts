// GitHub's Markdown as the oracle for text we write into it: micromark with its GFM extensions (tables, bare
// autolinks, strikethrough) renders what we wrote, and the tests look at the HTML a reviewer would see and click, not
// at our escapes. Raw HTML is let through (GitHub strips some of it; letting all of it through is stricter). What
// GitHub adds after rendering (mentions, #123 references) is not in micromark: textsOutsideCode() and
// the checks below look for those on the rendered text.
import assert from 'node:assert/strict';
import { decodeHTML } from 'entities';
import type { micromark as Micromark } from 'micromark';
import type { gfm as Gfm, gfmHtml as GfmHtml } from 'micromark-extension-gfm';

// Both packages are ESM only. tsc turns import() into require() in these CommonJS tests, so the import is made at
// run time.
const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

export interface GfmOracle {
  /** The HTML of a Markdown document. */
  html(markdown: string): string;
  /**
   * Plain text as GitHub shows an annotation's title or message: no Markdown, its bare addresses linked (GFM's
   * autolink literals stand in for GitHub's linkifier there).
   */
  linkified(text: string): string;
}

/** Everything of CommonMark that is not a bare autolink: an annotation is text, only its addresses are links. */
const NOT_IN_PLAIN_TEXT = [
  'attention', 'autolink', 'blockQuote', 'characterEscape', 'characterReference', 'codeFenced', 'codeIndented', 'codeText', 'definition',
  'hardBreakEscape', 'headingAtx', 'htmlFlow', 'htmlText', 'labelStartImage', 'labelStartLink', 'labelEnd', 'list', 'setextUnderline', 'thematicBreak',
];

export async function loadGfmOracle(): Promise<GfmOracle> {
  const { micromark } = (await importModule('micromark')) as { micromark: typeof Micromark };
  const { gfm, gfmHtml } = (await importModule('micromark-extension-gfm')) as { gfm: typeof Gfm; gfmHtml: typeof GfmHtml };
  return {
    html: (markdown) => micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] }),
    linkified: (text) => micromark(text, { extensions: [gfm(), { disable: { null: NOT_IN_PLAIN_TEXT } }], htmlExtensions: [gfmHtml()] }),
  };
}

/** The addresses of the links in rendered HTML. */
export function linksIn(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*?\bhref="([^"]*)"/gi)].map((match) => decodeHTML(match[1] ?? ''));
}

/** What a reader sees: the text of the HTML, entities decoded, the invisible word joiners left out. */
export function visibleText(html: string): string {
  return decodeHTML(html.replace(/<[^>]*>/g, '')).replace(/\u2060/g, '');
}

/** The rendered text outside code, where GitHub looks for mentions and references (word joiners kept). */
export function textsOutsideCode(html: string): string {
  return decodeHTML(html.replace(/<code>[^]*?<\/code>/g, ' ').replace(/<[^>]*>/g, ' '));
}

export const RAW_BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The bidirectional controls of `text` as a reader is shown them. */
export function bidiShown(text: string): string {
  return text.replace(new RegExp(RAW_BIDI_CONTROL.source, 'g'), (control) => `<U+${control.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}>`);
}

/**
 * Rendered HTML that GitHub would show with no link but `allowed` ones, no image, no mention, no issue reference
 * and no bidirectional control. `what` names the document in a failure.
 */
export function assertInertHtml(html: string, allowed: (href: string) => boolean, what: string): void {
  const foreign = linksIn(html).filter((href) => !allowed(href));
  assert.deepEqual(foreign, [], `${what}: links that are not ours\n${html}`);
  assert.doesNotMatch(html, /<img\b/i, `${what}: an image\n${html}`);
  assert.doesNotMatch(html, RAW_BIDI_CONTROL, `${what}: a raw bidirectional control`);
  const text = textsOutsideCode(html);
  assert.doesNotMatch(text, /(^|[^\w`])@[A-Za-z0-9]/, `${what}: a mention\n${text}`);
  assert.doesNotMatch(text, /#\d|\bGH-\d/i, `${what}: an issue reference\n${text}`);
}
