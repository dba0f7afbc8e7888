// The line of a file an annotation is about: GitHub shows it on the pull request's diff at that line. Lines are the
// file's own, counted from its first (front matter included), since that is the line a reviewer sees, not the line of
// the content sent without its front matter.
import { findLinkDestinations } from '../core/markdown/links';
import { frontMatterBody } from '../core/markdown/frontMatter';

/**
 * The lines (from 1) that the link destinations or image sources a caution names are written on, in their order, each
 * once; a target not found is left out. A link is found where the scanner that found it for the plan reads its
 * destination (never in code, front matter or a link's text); anything else (an image's source, an HTML link's href)
 * at the first line of the content that holds it.
 */
export function targetLines(text: string, targets: readonly string[]): number[] {
  if (targets.length === 0) return [];
  const body = frontMatterBody(text);
  const bodyStart = text.length - body.length;
  const destinations = findLinkDestinations(body);
  const lines: number[] = [];
  for (const target of targets) {
    const at = destinations.find((destination) => destination.text === target)?.start ?? body.indexOf(target);
    if (at < 0) continue;
    const line = lineAt(text, bodyStart + at);
    if (!lines.includes(line)) lines.push(line);
  }
  return lines;
}

/** The line (from 1) of an offset: the line feeds before it, as GitHub counts a file's lines. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/**
 * The line a message is about when it names no target: the first line holding something it names (a local image or
 * link it lists, a quoted title), else line 1.
 */
export function lineAbout(text: string | undefined, message: string): number {
  if (text === undefined) return 1;
  const lines = text.split(/\r?\n/);
  const listed = /\(([^()]+)\)/.exec(message)?.[1]?.split(', ').map((part) => part.trim()) ?? [];
  const quoted = [...message.matchAll(/"([^"\n]{2,})"/g)].map((match) => match[1] as string);
  for (const wanted of [...listed, ...quoted].filter((part) => part.length >= 2 && part !== '...')) {
    const index = lines.findIndex((line) => line.includes(wanted));
    if (index >= 0) return index + 1;
  }
  return 1;
}
