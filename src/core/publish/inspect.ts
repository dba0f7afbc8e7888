// A single pass over the Markdown that finds what the service cannot take: local images (the wiki only shows images
// at public URLs) and links to other local Markdown files (they would point nowhere on the wiki). A line scanner,
// not a full parser, because it runs on every publish of documents up to about 1 MB and must stay cheap.

export interface MarkdownFindings {
  firstHeading: string | undefined;
  localImages: string[];
  localMarkdownLinks: string[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}#[ \t]+(.+?)[ \t]*#*[ \t]*$/;
const INLINE_CODE = /`+[^`]*`+/g;
// A link destination is either <anything but ">"> or a run without spaces or ")".
const IMAGE = /!\[[^\]]*\]\(\s*(?:<([^>]*)>|([^)\s]+))(?:\s+["'(][^)]*)?\)/g;
const HTML_IMAGE = /<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi;
const LINK = /(?<!!)\[[^\]]*\]\(\s*(?:<([^>]*)>|([^)\s]+))(?:\s+["'(][^)]*)?\)/g;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/;

export function inspectMarkdown(markdown: string): MarkdownFindings {
  const findings: MarkdownFindings = { firstHeading: undefined, localImages: [], localMarkdownLinks: [] };
  let fence: string | undefined;
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMatch = FENCE.exec(line);
    if (fenceMatch) {
      const marker = fenceMatch[1] ?? '';
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (fence !== undefined || /^( {4}|\t)/.test(line)) continue;
    scanLine(line.replace(INLINE_CODE, ''), findings);
  }
  return findings;
}

function scanLine(line: string, findings: MarkdownFindings): void {
  if (findings.firstHeading === undefined) {
    const heading = HEADING.exec(line);
    if (heading) findings.firstHeading = heading[1];
  }
  for (const match of line.matchAll(IMAGE)) addIfLocal(match[1] ?? match[2], findings.localImages);
  for (const match of line.matchAll(HTML_IMAGE)) addIfLocal(match[1], findings.localImages);
  const targets = [...line.matchAll(LINK)].map((match) => match[1] ?? match[2]);
  const definition = REFERENCE_DEFINITION.exec(line);
  if (definition) targets.push(definition[1]);
  for (const target of targets) {
    if (target && isLocal(target) && /\.(md|markdown)(#.*)?$/i.test(target)) pushUnique(findings.localMarkdownLinks, target);
  }
}

function addIfLocal(target: string | undefined, list: string[]): void {
  if (target && isLocal(target)) pushUnique(list, target);
}

/** Anything without a scheme (and not protocol-relative) is a path on this machine, as is file:. */
function isLocal(target: string): boolean {
  if (target.startsWith('#')) return false;
  if (target.startsWith('//')) return false;
  if (/^file:/i.test(target)) return true;
  return !/^[a-z][a-z0-9+.-]*:/i.test(target);
}

function pushUnique(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}
