// The links and images of one Markdown file that will not work on the wiki, each at the place it is written: what an
// editor shows in its Problems panel. The reasons are the plan's own (a publish's link cautions, fileLinks.ts and the
// tree's runLinks.ts; the local images and HTML links of inspect.ts), so the panel and a publish's plan never disagree;
// this file only finds where each link or image stands in the text.
import type { LinkCaution, LinkCautionReason } from '../links/rewrite';
import { frontMatterBody } from '../markdown/frontMatter';
import { findLinkDestinations, isImageDefinition } from '../markdown/links';
import { inRanges } from '../markdown/ranges';
import { scanMarkdown } from '../markdown/scan';

/** Why a link or image will not work: a link caution's reason, a local image, or an HTML link to a local file. */
export type ProblemKind = LinkCautionReason | 'localImage' | 'htmlLink';

export interface LinkProblem {
  /** Where the destination is written, [start, end) in the file's whole text (front matter counted), angle brackets included. */
  start: number;
  end: number;
  /** The destination or image source as written (without angle brackets). */
  target: string;
  kind: ProblemKind;
  /** Written in angle brackets (`[a](<my file.md>)`): a fix keeps them. */
  angle: boolean;
}

/** What the plan found wrong with one file: its link cautions, and the local images and HTML links its text holds. */
export interface PlannedProblems {
  links: readonly LinkCaution[];
  localImages: readonly string[];
  htmlLinks: readonly string[];
}

/**
 * Each of the plan's findings at every place its target is written in `text` (a file's whole text), in document order.
 * A link's destination is found as the scanner finds links (never in code or HTML); an image's in a Markdown image or a
 * definition only images use, else in an HTML tag that names it.
 */
export function placeProblems(text: string, planned: PlannedProblems): LinkProblem[] {
  const body = frontMatterBody(text);
  // The body is the text's end: offsets in it move by what comes before (the front matter, a byte order mark).
  const offset = text.length - body.length;
  const problems: LinkProblem[] = [];
  const reasons = new Map<string, LinkCautionReason[]>();
  for (const { target, reason } of planned.links) reasons.set(target, [...(reasons.get(target) ?? []), reason]);
  if (reasons.size > 0) {
    for (const written of findLinkDestinations(body)) {
      for (const kind of reasons.get(written.text) ?? []) problems.push({ start: offset + written.start, end: offset + written.end, target: written.text, kind, angle: written.angle });
    }
  }
  const images = new Set(planned.localImages);
  const placed = new Set<string>();
  if (images.size > 0) {
    const scanned = scanMarkdown(body);
    const imageAt = (destination: { start: number; end: number; text: string; angle: boolean }): void => {
      if (!images.has(destination.text)) return;
      placed.add(destination.text);
      problems.push({ start: offset + destination.start, end: offset + destination.end, target: destination.text, kind: 'localImage', angle: destination.angle });
    };
    for (const link of scanned.links) if (link.kind === 'image' && link.destination) imageAt(link.destination);
    for (const definition of scanned.definitions) if (isImageDefinition(definition)) imageAt(definition.destination);
  }
  const inTags: Array<[string, ProblemKind]> = [
    ...planned.localImages.filter((image) => !placed.has(image)).map((image): [string, ProblemKind] => [image, 'localImage']),
    ...planned.htmlLinks.map((link): [string, ProblemKind] => [link, 'htmlLink']),
  ];
  if (inTags.length > 0) problems.push(...placedInTags(body, offset, inTags));
  return problems.sort((a, b) => a.start - b.start);
}

/**
 * The places of HTML attribute values (an <img>'s src or srcset, an <a>'s href) that hold each target: outside code and
 * comments, inside a tag, the value starting at a quote, an `=`, white space or a srcset's comma.
 */
function placedInTags(body: string, offset: number, targets: ReadonlyArray<[string, ProblemKind]>): LinkProblem[] {
  const scanned = scanMarkdown(body);
  const hidden = (at: number): boolean => inRanges(scanned.code, at) || inRanges(scanned.comments, at);
  const problems: LinkProblem[] = [];
  for (const [target, kind] of targets) {
    if (target === '') continue;
    for (let at = body.indexOf(target); at !== -1; at = body.indexOf(target, at + target.length)) {
      const before = body[at - 1] ?? '';
      if (!/["'=\s,]/.test(before) || hidden(at) || !insideTag(body, at)) continue;
      problems.push({ start: offset + at, end: offset + at + target.length, target, kind, angle: false });
    }
  }
  return problems;
}

/** Whether `at` is inside a tag: the nearest `<` before it comes after the nearest `>` before it. */
function insideTag(body: string, at: number): boolean {
  return body.lastIndexOf('<', at) > body.lastIndexOf('>', at - 1);
}
