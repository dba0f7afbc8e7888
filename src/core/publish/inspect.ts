// Finds what the service cannot take: local images (the wiki only shows images at public URLs) and links to other
// local Markdown files (they would point nowhere on the wiki), plus the first level-one heading for the title. The
// Markdown is read by the scanner (src/core/markdown), as CommonMark reads it: nothing in code or HTML is a link.

import { isTrimmed } from '../markdown/chars';
import { firstLevelOneHeading } from '../markdown/headings/headings';
import { isImageDefinition } from '../markdown/links';
import { inRanges } from '../markdown/ranges';
import { scanMarkdown } from '../markdown/scan';

export interface MarkdownFindings {
  firstHeading: string | undefined;
  localImages: string[];
  localMarkdownLinks: string[];
  /**
   * The local files HTML links name (`<a href="setup.md">`), outside code and comments: sent as written, since only
   * Markdown links are turned into page links, so each leads nowhere on the wiki. Listed however links are checked.
   */
  htmlLinks: string[];
}

// The src of an <img>: quoted, or unquoted as HTML also allows (`<img src=diagram.png>`). Each attribute is looked for
// after white space, where an attribute name starts: `data-src` (a script's lazy loading) is no src. Nor does a look
// pass another `<`: a text of many unclosed `<img ` (a pull request controls it) is read in time linear in its length,
// where looking on to the next `>` from each took seconds for 100 KB.
const HTML_IMAGE = /<img\b[^<>]*\ssrc\s*=\s*(?:"([^"]+)"|'([^']+)'|([^\s"'=<>`]+))/gi;
// The href of an <a>, quoted or unquoted, as HTML_IMAGE reads an <img>'s src.
const HTML_LINK = /<a\s(?:[^<>]*?\s)?href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;
// The srcset of an <img> or of a <picture>'s <source>: a list of candidates (`a.png 1x, b.png 2x`), each an image the
// browser may pick, so each local one is an image the wiki cannot show.
const HTML_SRCSET = /<(?:img|source)\b[^<>]*\ssrcset\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** The characters without which a text holds no image, no HTML and no level-one heading (inspectMarkdown). */
const MAY_HOLD_FINDINGS = /[!<#=]/;
const MARKDOWN_FILE = /\.(md|markdown)(#.*)?$/i;

/**
 * `markdownLinks: false`: leaves localMarkdownLinks empty, for a caller that checks every link itself (a page tree
 * rewrites them): only images are looked at among the Markdown links and definitions.
 */
export function inspectMarkdown(markdown: string, options: { markdownLinks?: boolean } = {}): MarkdownFindings {
  const markdownLinks = options.markdownLinks !== false;
  // Without Markdown links to look at, only an image (`![`, also through a definition), HTML (`<`) or a level-one
  // heading (`#`, or a setext `=` underline) is found, and a text without those characters holds none: it is not
  // scanned for nothing. Most often a folder page a tree generates (a list of links to its children: 100 such pages
  // were a tenth of planning a tree of 10,000 files).
  if (!markdownLinks && !MAY_HOLD_FINDINGS.test(markdown)) return { firstHeading: undefined, localImages: [], localMarkdownLinks: [], htmlLinks: [] };
  const scanned = scanMarkdown(markdown);
  const findings: MarkdownFindings = { firstHeading: firstLevelOneHeading(markdown)?.text, localImages: [], localMarkdownLinks: [], htmlLinks: [] };
  for (const link of scanned.links) {
    // A reference's destination is its definition's, which is looked at once below.
    if (link.destination === undefined || link.kind === 'autolink') continue;
    const target = link.destination.text;
    if (link.kind === 'image') {
      if (namesLocalFile(target)) pushUnique(findings.localImages, target);
    } else if (markdownLinks && isLocal(target) && MARKDOWN_FILE.test(target)) pushUnique(findings.localMarkdownLinks, target);
  }
  // An <img> tag is shown wherever HTML is, but not in a comment.
  if (markdown.includes('<')) {
    const hidden = (at: number): boolean => inRanges(scanned.code, at) || inRanges(scanned.comments, at);
    collectImages(markdown, HTML_IMAGE, hidden, findings.localImages, false);
    if (markdown.includes('srcset')) collectImages(markdown, HTML_SRCSET, hidden, findings.localImages, true);
    // Every HTML link holds `href` (any case): a text without the word is not searched for tags.
    if (/href/i.test(markdown)) collectHtmlLinks(markdown, hidden, findings.htmlLinks);
  }
  for (const definition of scanned.definitions) {
    const target = definition.destination.text;
    // A definition only images use (`![chart][c]` then `[c]: chart.png`) is an image the wiki cannot show.
    if (isImageDefinition(definition)) {
      if (namesLocalFile(target)) pushUnique(findings.localImages, target);
    } else if (markdownLinks && isLocal(target) && MARKDOWN_FILE.test(target)) pushUnique(findings.localMarkdownLinks, target);
  }
  return findings;
}

/** The local images of the tags `pattern` finds: its attribute's value is one address, or a srcset's candidates. */
function collectImages(markdown: string, pattern: RegExp, skipped: (offset: number) => boolean, into: string[], isSrcset: boolean): void {
  for (const match of markdown.matchAll(pattern)) {
    const value = match[1] ?? match[2] ?? match[3] ?? '';
    const local = (isSrcset ? srcsetAddresses(value) : [value]).filter(namesLocalFile);
    if (local.length === 0 || skipped(match.index)) continue;
    for (const target of local) pushUnique(into, target);
  }
}

/** The local files that <a href> tags name, except where `skipped` (code, comments). */
function collectHtmlLinks(markdown: string, skipped: (offset: number) => boolean, into: string[]): void {
  for (const match of markdown.matchAll(HTML_LINK)) {
    const target = match[1] ?? match[2] ?? match[3] ?? '';
    if (namesLocalFile(target) && !skipped(match.index)) pushUnique(into, target);
  }
}

/**
 * The addresses of a srcset's candidates, as HTML splits them: an address runs to white space (commas at its end cut
 * off, which then end the candidate), and its descriptors (`2x`, `480w`) to the next comma.
 */
function srcsetAddresses(srcset: string): string[] {
  const addresses: string[] = [];
  let at = 0;
  while (at < srcset.length) {
    while (at < srcset.length && (srcset[at] === ',' || isTrimmed(srcset.charCodeAt(at)))) at++;
    const start = at;
    while (at < srcset.length && !isTrimmed(srcset.charCodeAt(at))) at++;
    let end = at;
    while (end > start && srcset[end - 1] === ',') end--;
    if (end > start) addresses.push(srcset.slice(start, end));
    // Descriptors follow only an address that no comma ended.
    if (end === at) while (at < srcset.length && srcset[at] !== ',') at++;
  }
  return addresses;
}

/**
 * A Windows path from a drive (`C:\docs\a.png`, `C:/docs/a.png`), which reads as a one-letter scheme: a picture on
 * this machine. Only images are named by it: a link written so is left to the links' own reading (linkTarget).
 */
function isDrivePath(target: string): boolean {
  const letter = target.charCodeAt(0) | 0x20;
  const slash = target.charCodeAt(2);
  return letter >= 0x61 && letter <= 0x7a && target.charCodeAt(1) === 0x3a && (slash === 0x5c || slash === 0x2f);
}

/** An address (an image's, an HTML link's) that names a file on this machine: a local path, file:, or a Windows drive's path. */
function namesLocalFile(target: string): boolean {
  return isLocal(target) || isDrivePath(target);
}

/** Anything without a scheme (and not protocol-relative or an anchor) is a path on this machine, as is file:. */
function isLocal(target: string): boolean {
  if (target === '' || target.startsWith('#') || target.startsWith('//')) return false;
  if (/^file:/i.test(target)) return true;
  return !SCHEME.test(target);
}

// The targets already listed, by list: a search of the list for each link cost a second for a 1.3 MB file with 15,000
// different targets (it grew with their square). A list past a few targets gets a set, dropped with the list.
const listed = new WeakMap<string[], Set<string>>();

function pushUnique(list: string[], value: string): void {
  if (list.length < 16) {
    if (!list.includes(value)) list.push(value);
    return;
  }
  let seen = listed.get(list);
  if (seen === undefined) listed.set(list, (seen = new Set(list)));
  if (!seen.has(value)) {
    seen.add(value);
    list.push(value);
  }
}
