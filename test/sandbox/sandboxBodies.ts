// The `body-format` parameter of the page routes: which rendering of a page's Markdown goes in `body`. The sandbox
// plays the two a client reads (storage, the wiki's XHTML, and atlas_doc_format, its JSON document); any other value
// is refused with 400, as the platform refuses a format it does not know (its view formats are not played here).
import { adfBody } from './sandboxAdf';
import { badRequest, type ChildrenAnswer } from './sandboxChildren';
import { storageBody } from './sandboxStorage';

export const BODY_FORMATS = ['storage', 'atlas_doc_format'] as const;
export type BodyFormat = (typeof BODY_FORMATS)[number];

/** The asked format (undefined when none was asked), or the 400 answer for a value the sandbox does not serve. */
export function parseBodyFormat(params: URLSearchParams): { format: BodyFormat | undefined } | { refused: ChildrenAnswer } {
  const asked = params.get('body-format');
  if (asked === null) return { format: undefined };
  const format = BODY_FORMATS.find((known) => known === asked);
  if (format === undefined) return { refused: badRequest(`body-format must be one of: ${BODY_FORMATS.join(', ')}.`) };
  return { format };
}

/** The `body` member of a page (or of a version's page) in this format: `{ <format>: { representation, value } }`. */
export function bodyOf(markdown: string, format: BodyFormat): Record<string, unknown> {
  return { [format]: { representation: format, value: rendered(markdown, format) } };
}

/**
 * The platform stores a version's body once, when it is made; the sandbox keeps Markdown and renders on reading, so it
 * remembers its last renderings. Without this a read of 250 pages with their bodies cost the sandbox ~90 ms of
 * markdown-it, and a bench that runs the sandbox in its own process counted that as the client's time.
 */
const renderings: Record<BodyFormat, Map<string, string>> = { storage: new Map(), atlas_doc_format: new Map() };
const RENDERINGS_KEPT = 2_000;

function rendered(markdown: string, format: BodyFormat): string {
  // Keyed by the Markdown string itself: a version's copies share it, so its hash is computed once.
  const kept = renderings[format];
  const known = kept.get(markdown);
  if (known !== undefined) return known;
  const value = format === 'storage' ? storageBody(markdown) : adfBody(markdown);
  if (kept.size >= RENDERINGS_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(markdown, value);
  return value;
}
