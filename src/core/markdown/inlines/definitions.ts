// Reference definitions (CommonMark 4.7) at the start of a paragraph: `[label]: destination "title"`, each ending a
// line. commonmark.js reads them with its inline parser's pieces when a paragraph closes; so does this.
import { COLON, LINE_FEED, OPEN_BRACKET, isSpaceOrTab } from '../chars';
import { normalizeLabel } from '../labels';
import type { Definition } from '../model';
import { linkDestinationEnd, linkLabelLength, linkTitleEnd, skipSpaces } from './linkParts';
import type { Subject } from './subject';

/**
 * Reads the definitions at the subject's start, adding each to `found` (and to `byLabel` unless its label is there
 * already: the first definition of a label is the one used). Returns where the text after them starts.
 */
export function readDefinitions(subject: Subject, found: Definition[], byLabel: Map<string, Definition>): number {
  let at = subject.start;
  while (subject.text.charCodeAt(at) === OPEN_BRACKET && at < subject.end) {
    const next = readDefinition(subject, at, found, byLabel);
    if (next === -1) break;
    at = next;
  }
  return at;
}

function readDefinition(subject: Subject, start: number, found: Definition[], byLabel: Map<string, Definition>): number {
  const { text, end } = subject;
  const labelLength = linkLabelLength(text, start, end);
  if (labelLength === 0 || text.charCodeAt(start + labelLength) !== COLON) return -1;
  const destinationStart = skipSpaces(text, start + labelLength + 1, end);
  const destination = linkDestinationEnd(text, destinationStart, end);
  if (destination === undefined) return -1;
  const beforeTitle = destination.end;
  let at = skipSpaces(text, beforeTitle, end);
  const titleEnd = at === beforeTitle ? -1 : linkTitleEnd(text, at, end);
  at = titleEnd === -1 ? beforeTitle : titleEnd;
  let lineEnd = spacesToLineEnd(text, at, end);
  if (lineEnd === -1) {
    if (titleEnd === -1) return -1;
    // A title with more after it on its line: the definition may still end before it, at the destination's line end.
    lineEnd = spacesToLineEnd(text, beforeTitle, end);
    if (lineEnd === -1) return -1;
  }
  const label = normalizeLabel(text.slice(start + 1, start + labelLength - 1));
  if (label === '') return -1;
  const angle = destination.angle;
  const written = {
    start: subject.toSource(destinationStart),
    // The offset before the end is mapped: the end itself may stand at a line's end, where the next line's map begins.
    end: destination.end === destinationStart ? subject.toSource(destinationStart) : subject.toSource(destination.end - 1) + 1,
    text: text.slice(angle ? destinationStart + 1 : destinationStart, angle ? destination.end - 1 : destination.end),
    angle,
  };
  const definition: Definition = { label, destination: written, usedByLink: false, usedByImage: false };
  found.push(definition);
  if (!byLabel.has(label)) byLabel.set(label, definition);
  return lineEnd;
}

/** After spaces or tabs and a line feed (or at the subject's end) from `at`; -1 when anything else comes first. */
function spacesToLineEnd(text: string, at: number, end: number): number {
  while (at < end && isSpaceOrTab(text.charCodeAt(at))) at++;
  if (at >= end) return end;
  return text.charCodeAt(at) === LINE_FEED ? at + 1 : -1;
}
