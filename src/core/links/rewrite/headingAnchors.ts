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
import { inlineText, type InlineTextRendering } from '../../markdown/headings/inlineText';
import { characterOf } from './characterReferences';

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

// What the two sides make of raw HTML and character references; the rest of a heading's text they read alike
// (inlineText.ts): emphasis markers dropped where they pair into emphasis, kept where they do not.
const AS_WRITTEN: InlineTextRendering = { html: (written) => written, reference: (written) => written };
const AS_GITHUB_RENDERS: InlineTextRendering = {
  html: (written) => (TAGFILTERED.test(written) ? written : UNTRIMMED),
  reference: (written) => `${UNTRIMMED}${characterOf(written)}${UNTRIMMED}`,
};
const TAGFILTERED = /^<\/?(?:title|textarea|style|xmp|iframe|noembed|noframes|script|plaintext)(?=[\s/>])/i;
// Marks text githubHeadingText must not trim, removed after trimming. A U+0000 of the heading itself goes with them:
// CommonMark reads it as U+FFFD, which a slug drops as well.
const UNTRIMMED = '\u0000';

function readerText(source: string, asGitHubRenders: boolean): string {
  return inlineText(source, asGitHubRenders ? AS_GITHUB_RENDERS : AS_WRITTEN);
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
