// Heading anchors on both sides of a link: the GitHub-style slug a Markdown author writes (`#install`), and the
// anchor the wiki gives the same heading once the page is imported.
//
// The wiki's rule is not documented by the vendor; what is known comes from tools that publish to it and from
// addresses seen on its sites:
// - Pages in the current editor (pages stored in the wiki's document format, which is what the importer converts
//   Markdown into) anchor a heading by its text alone, whitespace runs turned into `-`, case and punctuation kept:
//   "Setting up Databricks CLI" -> `#Setting-up-Databricks-CLI`, "Version History" -> `#Version-History`,
//   "2.59.0 (Ubuntu 22)" -> `#2.59.0-(Ubuntu-22)`. Sources: sphinx-contrib/confluencebuilder (builder.py,
//   `_register_doctree_targets`, "replace header spaces with dashes with v2 editor", PR #921; issues #846, #1121),
//   hunyadi/md2conf issue #139, and a `…/pages/<id>/<Title>#[inlineExtension]Setting-up-Databricks-CLI` address.
// - Pages in the legacy editor prefix the page title, whitespace removed from both: `#Messagestypes-Behavior`,
//   `#TestingSphinxConfluenceBuilder2.13.0(withparentheses)-Overview` (same builder; a 2014 blog post on
//   duplicate heading anchors). This is the form often quoted as "#PageTitle-Heading".
// - A repeated heading gets `.1`, `.2`, … (confluencebuilder, and Confluence's HtmlElementIdCreator).
// Uncertain: which editor imported pages open in (the current one is assumed), how punctuation beyond these
// examples is treated, and a `[inlineExtension]` prefix the wiki adds when a heading holds an inline macro (Markdown
// headings hold none). The sandbox's page view uses these functions, so tests agree with them by construction.
//
// The two sides read a heading's text differently. GitHub slugs the text of the heading it rendered (html-pipeline's
// TableOfContentsFilter takes the heading node's text; github-slugger's README asks for "the plain text value of
// the heading", not its HTML): raw HTML tags are gone there, their text kept, and character references decoded
// (`&lt;AppBar&gt;` slugs as `appbar`, github/markup#1326). The wiki's anchor keeps the heading as written: nothing
// known about the wiki says how it treats raw HTML or references in a heading, so its rule is not guessed further.
import type * as EntitiesDecode from 'entities/lib/decode.js';

let entities: typeof EntitiesDecode | undefined;
/** The named-reference decoder, loaded when a heading first holds one: its table is most of a planning run's load. */
function decodeHTMLStrict(reference: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  entities ??= require('entities/lib/decode.js') as typeof EntitiesDecode;
  return entities.decodeHTMLStrict(reference);
}

export type AnchorStyle = 'current' | 'legacy';

export interface HeadingsOfPage {
  title: string;
  /** The page's headings in document order, as written in its Markdown (see markdownHeadings). */
  headings: readonly string[];
}

/** The text a reader sees of a heading written in Markdown: code spans, links, images, emphasis and escapes resolved. */
export function headingPlainText(source: string): string {
  return readerText(source, false).trim();
}

/**
 * The text GitHub renders of a heading, which is what it slugs: as headingPlainText, and besides raw HTML tags,
 * comments and the like dropped (an element's text kept) and character references decoded, outside code spans. The
 * tags GFM's tagfilter escapes (`<script>`, `<title>`, …) stay text, as GitHub shows them. Whitespace beside a dropped
 * tag or from a reference is not trimmed: GitHub's id for `<a name="foo"></a> Foo` is `-foo`.
 */
export function githubHeadingText(source: string): string {
  return readerText(source, true).trim().replaceAll(UNTRIMMED, '');
}

const CODE_SPAN = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/;

function readerText(source: string, asGitHubRenders: boolean): string {
  return source
    .split(CODE_SPAN)
    .map((part, index) => (index % 3 === 0 ? inlineText(part, asGitHubRenders) : index % 3 === 2 ? codeSpanText(part) : ''))
    .join('');
}

// An escaped character is kept as itself; emphasis markers are dropped only where they can open or close. One pass,
// so that an escaped `<` or `&` starts no tag or reference.
const ESCAPE_OR_EMPHASIS = String.raw`\\([!-/:-@[-\x60{-~])|(?<=\S)(?:\*+|~+)|(?:\*+|~+)(?=\S)|(?<![\p{L}\p{N}])_+(?=\S)|(?<=\S)_+(?![\p{L}\p{N}])`;
// CommonMark's raw HTML (open and closing tags, comments, processing instructions, declarations, CDATA) and its
// character references (a known HTML5 name, or a number, always with the `;`).
const TAG_ATTRIBUTE = String.raw`\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>\x60]+|'[^']*'|"[^"]*"))?`;
const RAW_HTML = String.raw`<[A-Za-z][A-Za-z0-9-]*(?:${TAG_ATTRIBUTE})*\s*\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>|<!---?>|<!--[\s\S]*?-->`
  + String.raw`|<\?[\s\S]*?\?>|<![A-Za-z][^>]*>|<!\[CDATA\[[\s\S]*?\]\]>`;
const REFERENCE = String.raw`&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});`;
const AS_WRITTEN = new RegExp(ESCAPE_OR_EMPHASIS, 'gu');
const AS_GITHUB_RENDERS = new RegExp(`${ESCAPE_OR_EMPHASIS}|(${RAW_HTML})|(${REFERENCE})`, 'gu');
const TAGFILTERED = /^<\/?(?:title|textarea|style|xmp|iframe|noembed|noframes|script|plaintext)(?=[\s/>])/i;
// Marks text githubHeadingText must not trim, removed after trimming. A U+0000 of the heading itself goes with them:
// CommonMark reads it as U+FFFD, which a slug drops as well.
const UNTRIMMED = '\u0000';

function inlineText(text: string, asGitHubRenders: boolean): string {
  const linksResolved = text
    .replace(/!?\[((?:[^\]\\]|\\.)*)\](?:\([^)]*\)|\[[^\]]*\])/g, '$1')
    .replace(/<((?:[a-z][a-z0-9+.-]*:|mailto:)[^<>\s]*)>/gi, '$1');
  if (!asGitHubRenders) return linksResolved.replace(AS_WRITTEN, (_marker: string, escaped: string | undefined) => escaped ?? '');
  return linksResolved.replace(AS_GITHUB_RENDERS,
    (_marker: string, escaped: string | undefined, html: string | undefined, reference: string | undefined) => {
      if (escaped !== undefined) return escaped;
      if (html !== undefined) return TAGFILTERED.test(html) ? html : UNTRIMMED;
      if (reference !== undefined) return `${UNTRIMMED}${characterOf(reference)}${UNTRIMMED}`;
      return '';
    });
}

/** The character(s) a reference stands for, as CommonMark decodes it; an unknown name stays as written. */
function characterOf(reference: string): string {
  if (reference.startsWith('&#')) {
    const hex = reference[2] === 'x' || reference[2] === 'X';
    const code = Number.parseInt(reference.slice(hex ? 3 : 2, -1), hex ? 16 : 10);
    const valid = code !== 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : '\ufffd';
  }
  return decodeHTMLStrict(reference);
}

/** CommonMark strips one space from each side of a code span that has one on both sides. */
function codeSpanText(code: string): string {
  const flat = code.replace(/\r?\n/g, ' ');
  return /^ .*[^ ].* $/.test(flat) ? flat.slice(1, -1) : flat;
}

/** GitHub's slug of a heading: its rendered text lowercased, punctuation and symbols dropped, each space turned into `-`. */
export function markdownHeadingSlug(text: string): string {
  return githubHeadingText(text).toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The slugs of a page's headings, repeats numbered the way GitHub does: `setup`, `setup-1`, `setup-2`. */
export function markdownHeadingSlugs(headings: readonly string[]): string[] {
  const occurrences = new Map<string, number>();
  return headings.map((heading) => {
    const base = markdownHeadingSlug(heading);
    let slug = base;
    while (occurrences.has(slug)) {
      const count = (occurrences.get(base) ?? 0) + 1;
      occurrences.set(base, count);
      slug = `${base}-${count}`;
    }
    occurrences.set(slug, 0);
    return slug;
  });
}

/** The anchor the wiki gives a heading on the page titled `pageTitle` (the first of its name; see wikiHeadingAnchors). */
export function wikiHeadingAnchor(pageTitle: string, headingText: string, style: AnchorStyle = 'current'): string {
  const words = (text: string): string[] => text.split(/\s+/).filter((word) => word !== '');
  const heading = words(headingPlainText(headingText));
  return style === 'legacy' ? `${words(pageTitle).join('')}-${heading.join('')}` : heading.join('-');
}

/** The wiki's anchors of all of a page's headings, repeats numbered `.1`, `.2`, … as the wiki does. */
export function wikiHeadingAnchors(pageTitle: string, headings: readonly string[], style: AnchorStyle = 'current'): string[] {
  const seen = new Map<string, number>();
  return headings.map((heading) => {
    const anchor = wikiHeadingAnchor(pageTitle, heading, style);
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    return count === 0 ? anchor : `${anchor}.${count}`;
  });
}

/**
 * Finds the wiki anchor for a link's `#anchor` (as written, possibly percent-encoded) into `page`: the heading whose
 * GitHub slug it is, or an anchor already in the wiki's form; undefined when no heading of the page matches. The
 * page's slugs and anchors are computed once, for all the links into it.
 */
export function headingMatcher(page: HeadingsOfPage, style: AnchorStyle = 'current'): (anchor: string) => string | undefined {
  const slugs = markdownHeadingSlugs(page.headings);
  const anchors = wikiHeadingAnchors(page.title, page.headings, style);
  return (anchor) => {
    const wanted = safeDecode(anchor);
    let index = slugs.indexOf(wanted);
    if (index === -1) index = anchors.indexOf(wanted);
    if (index === -1) index = slugs.indexOf(wanted.toLowerCase());
    return index === -1 ? undefined : anchors[index];
  };
}

/** headingMatcher for a single link. */
export function wikiAnchorForLink(anchor: string, page: HeadingsOfPage, style: AnchorStyle = 'current'): string | undefined {
  return headingMatcher(page, style)(anchor);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
