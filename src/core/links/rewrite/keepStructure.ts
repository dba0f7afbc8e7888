// A rewrite changes only destinations, and the text sent must otherwise stay the same CommonMark document. A new
// destination can change more when the one it replaces held what ended a construct around its link early: a space, a
// quote, a parenthesis, an angle bracket. `[1]: [Guide](<my guide.md>)` is no reference definition as written (the
// would-be destination `[Guide](<my` is followed by `guide.md>)`, no title) and is one once rewritten
// (`[1]: [Guide](<https://...>)`, CommonMark 0.31 §4.7): the line's text left the page (a list item rendered empty)
// and its label began to name a link. So can a definition's title, or a link around the link (`[1]([Guide](<a b.md>))`),
// take it in. Each such construct gets one backslash, which CommonMark reads as the character it escapes, and is then
// read as it was written (escapeAt). Only a definition, a link destination or a title can take in a link this way: a
// rewritten destination (`https://...`, `<https://...>`, `#anchor`) starts no block at a line's start, and a
// definition's own destination keeps its form, so its definition ends where it did.
import { CARRIAGE_RETURN, CLOSE_BRACKET, CLOSE_PARENTHESIS, COLON, DOUBLE_QUOTE, GREATER_THAN, LINE_FEED, OPEN_PARENTHESIS, SINGLE_QUOTE, BACKSLASH, isSpaceOrTab, isWhitespace } from '../../markdown/chars';
import type { ScannedMarkdown, WrittenDestination } from '../../markdown/model';
import { scanMarkdown } from '../../markdown/scan';

/** A destination rewritten: [start, end) in the text as written, with any angle brackets, and what is written there instead. */
export interface Replacement {
  start: number;
  end: number;
  text: string;
}

// What in a destination as written can end a construct around its link where the new one does not (with escapes, and
// controls, which end a bare destination). A destination without any, as most are, ends nothing its new one does not.
const MAY_END_A_CONSTRUCT = /[\s"'()<>\\\x00-\x1f\x7f]/;
// A blank line: a line ending, spaces or tabs, and another line ending (`\r\n` never split, which would read as two).
const BLANK_LINE = /(?:\r\n|\r(?!\n)|\n)[ \t]*(?=[\r\n])/g;
// Where a link's destination or a definition's follows: what a construct around a link starts with.
const LINK_OR_LABEL_END = /\][(:]/g;

/**
 * `rewritten` (the text as written with `replacements` made, in order) with the constructs the text as written has:
 * where a definition, a title or a link would take in a rewritten link, a backslash keeps it as written. Nearly always
 * `rewritten` itself: the text is scanned again only for a rewritten link that held such a character where such a
 * construct could start before it (suspectLinks).
 */
export function withStructureKept(markdown: string, rewritten: string, replacements: readonly Replacement[]): string {
  const suspects = suspectLinks(markdown, replacements);
  if (suspects.length === 0) return rewritten;
  // Where the definitions as written and the suspect links stand in the rewritten text (a definition's destination
  // that was rewritten starts where its replacement does).
  const definitionStarts = mapped(scanMarkdown(markdown).definitions.map((definition) => definition.destination.start).sort((a, b) => a - b), replacements);
  const linkStarts = mapped(suspects, replacements);
  let text = rewritten;
  // One backslash per construct that takes in a link, each found once the one before is undone: an escaped
  // construct's text may still be taken in by one around it. Each escapes a construct that a `]` of the text starts
  // (a definition's label, a link's text), and none twice: that many at most.
  for (let fixes = rewritten.split(']').length; fixes > 0; fixes--) {
    const at = escapeAt(text, scanMarkdown(text), definitionStarts, linkStarts);
    if (at === undefined) break;
    text = `${text.slice(0, at)}\\${text.slice(at)}`;
    shifted(definitionStarts, at);
    shifted(linkStarts, at);
  }
  return text;
}

/**
 * The starts of the rewritten inline links that a construct around them could take in once rewritten: those whose
 * destination as written holds a character that may end one (MAY_END_A_CONSTRUCT), where such a construct starts
 * before them in their paragraph. A destination or a definition's (`[1](`, `[1]: `) that runs up to the link without a
 * space; a title or an angle-bracket destination opened by a quote or a `<` after a `](` or `]:`, when the destination
 * as written holds that quote, or an angle bracket. Links to files without such characters in their names, and links
 * after a space in prose, are not looked at again: a plan rewrites every page. One pass over the text for the titles.
 */
function suspectLinks(markdown: string, replacements: readonly Replacement[]): number[] {
  const suspects: number[] = [];
  let starts: IterableIterator<RegExpMatchArray> | undefined;
  let blanks: IterableIterator<RegExpMatchArray> | undefined;
  let nextStart: IteratorResult<RegExpMatchArray> | undefined;
  let nextBlank: IteratorResult<RegExpMatchArray> | undefined;
  let lastStart = -1;
  let lastBlank = -1;
  for (const { start, end } of replacements) {
    const written = markdown.slice(start, end);
    const angle = written.startsWith('<');
    const inner = angle ? written.slice(1, -1) : written;
    if (!MAY_END_A_CONSTRUCT.test(inner)) continue;
    const open = linkParenthesis(markdown, start);
    if (open === undefined) continue;
    if (destinationRunsUpTo(markdown, open)) {
      suspects.push(start);
      continue;
    }
    // What would open a title or an angle-bracket destination that the destination as written closed early.
    const openers = [...new Set(inner.match(angle ? /["']/g : /["'<>]/g) ?? [])].map((found) => (found === '>' ? '<' : found));
    if (openers.length === 0) continue;
    starts ??= markdown.matchAll(LINK_OR_LABEL_END);
    blanks ??= markdown.matchAll(BLANK_LINE);
    nextStart ??= starts.next();
    nextBlank ??= blanks.next();
    // Before the link's own `](`, at open - 1.
    while (!nextStart.done && (nextStart.value.index ?? 0) < open - 1) {
      lastStart = nextStart.value.index ?? 0;
      nextStart = starts.next();
    }
    while (!nextBlank.done && (nextBlank.value.index ?? 0) < open) {
      lastBlank = nextBlank.value.index ?? 0;
      nextBlank = blanks.next();
    }
    if (lastStart <= lastBlank) continue;
    const paragraph = markdown.slice(lastBlank + 1, open);
    if (openers.some((opener) => paragraph.includes(opener))) suspects.push(start);
  }
  return suspects;
}

/**
 * Whether a link's or a definition's destination (after `](` or `]:`) could run, without a space, up to the `(` at
 * `open` of a link: one of them in the word before it, or just before that word (across spaces and a line ending).
 */
function destinationRunsUpTo(text: string, open: number): boolean {
  // From before the link's own `]`, at open - 1.
  let at = open - 2;
  for (; at >= 0 && !isWhitespace(text.charCodeAt(at)); at--) if (startsDestination(text, at)) return true;
  while (at >= 0 && isGap(text.charCodeAt(at))) at--;
  return startsDestination(text, at);
}

/** A `(` or `:` after a `]`: where a link's or a definition's destination may follow. */
function startsDestination(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return (code === OPEN_PARENTHESIS || code === COLON) && text.charCodeAt(at - 1) === CLOSE_BRACKET;
}

/**
 * The `(` of the inline link whose destination starts at `start` (across spaces, a line ending and a block quote's
 * markers); undefined for a definition's destination, which follows its `]:`.
 */
function linkParenthesis(text: string, start: number): number | undefined {
  let at = start - 1;
  while (at >= 0 && isGap(text.charCodeAt(at))) at--;
  return text.charCodeAt(at) === OPEN_PARENTHESIS && text.charCodeAt(at - 1) === CLOSE_BRACKET ? at : undefined;
}

function isGap(code: number): boolean {
  return isSpaceOrTab(code) || code === LINE_FEED || code === CARRIAGE_RETURN || code === GREATER_THAN;
}

/**
 * Where a backslash undoes the first construct of `text` that takes in a rewritten link; undefined when none does.
 * A definition the text as written lacks (a paragraph's line, as written) loses the `:` after its label: `[1]\:` is no
 * definition and renders `[1]:`, and a `[1]` that names a definition elsewhere stays that link, which `\[1]:` would
 * not. A link around the link, which as written was none, loses its `(`: `[1]\(` renders `[1](`, again keeping a `[1]`
 * that names a definition. A definition as written whose title now runs on over the link (its quote was closed early
 * by one in the destination as written, and the lines after it were a paragraph) loses that quote, at the
 * paragraph's start, where `\'` renders `'`.
 */
function escapeAt(text: string, scanned: ScannedMarkdown, definitionStarts: readonly number[], linkStarts: readonly number[]): number | undefined {
  const known = new Set(definitionStarts);
  // A definition only arises around a rewritten link: its label's line would have been one as written too.
  for (const definition of scanned.definitions) if (!known.has(definition.destination.start)) return labelColon(text, definition.destination);
  const destinations = new Set<number>();
  for (const link of scanned.links) if (link.destination !== undefined) destinations.add(link.destination.start);
  for (const definition of scanned.definitions) destinations.add(definition.destination.start);
  for (const start of linkStarts) {
    if (destinations.has(start)) continue;
    const at = takerEscape(text, scanned, start);
    if (at !== undefined) return at;
  }
  return undefined;
}

/** The backslash's place for what took in the link at `start`: the construct whose destination comes last before it. */
function takerEscape(text: string, scanned: ScannedMarkdown, start: number): number | undefined {
  let taker: WrittenDestination | undefined;
  let definition = false;
  for (const link of scanned.links) {
    const destination = link.kind === 'autolink' ? undefined : link.destination;
    if (destination !== undefined && destination.start < start && (taker === undefined || destination.start > taker.start)) taker = destination;
  }
  for (const { destination } of scanned.definitions) {
    if (destination.start < start && (taker === undefined || destination.start > taker.start)) [taker, definition] = [destination, true];
  }
  if (taker === undefined) return undefined;
  if (start < taker.end) return definition ? undefined : linkParenthesis(text, taker.start);
  // Not in the destination: in the title after it, or taken by nothing this can tell (then left as it is).
  const opener = titleOpener(text, taker.end, start, definition);
  if (opener === undefined || titleClose(text, opener) <= start) return undefined;
  return definition ? opener : linkParenthesis(text, taker.start);
}

/** The `:` after a definition's label: the last `]:` before its destination, only spaces and markers between them. */
function labelColon(text: string, destination: WrittenDestination): number | undefined {
  const close = text.lastIndexOf(']:', destination.start - 2);
  return close === -1 ? undefined : close + 1;
}

/**
 * The opening quote or parenthesis of a title after a destination ending at `from`, before `limit`. A definition's
 * only on a later line: a title on its destination's line that runs on would have left it no definition as written.
 */
function titleOpener(text: string, from: number, limit: number, laterLine: boolean): number | undefined {
  let at = from;
  let lineEnded = false;
  for (; at < limit && isGap(text.charCodeAt(at)); at++) {
    const code = text.charCodeAt(at);
    if (code === LINE_FEED || code === CARRIAGE_RETURN) lineEnded = true;
  }
  const code = text.charCodeAt(at);
  const opens = code === DOUBLE_QUOTE || code === SINGLE_QUOTE || code === OPEN_PARENTHESIS;
  return at < limit && opens && (lineEnded || !laterLine) ? at : undefined;
}

/** Where the title opened at `opener` closes: its first unescaped closing quote or parenthesis (the text's end if none). */
function titleClose(text: string, opener: number): number {
  const open = text.charCodeAt(opener);
  const close = open === OPEN_PARENTHESIS ? CLOSE_PARENTHESIS : open;
  for (let at = opener + 1; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === BACKSLASH) at++;
    else if (code === close) return at;
  }
  return text.length;
}

/** Offsets of the text as written, in order, where they stand in the rewritten text (one in a replaced destination at its replacement's start). */
function mapped(offsets: readonly number[], replacements: readonly Replacement[]): number[] {
  const result: number[] = [];
  let index = 0;
  let shift = 0;
  for (const offset of offsets) {
    let replacement = replacements[index];
    while (replacement !== undefined && replacement.end <= offset) {
      shift += replacement.text.length - (replacement.end - replacement.start);
      replacement = replacements[++index];
    }
    result.push(replacement !== undefined && replacement.start <= offset ? replacement.start + shift : offset + shift);
  }
  return result;
}

/** The offsets after a backslash put in at `at`, moved past it. */
function shifted(offsets: number[], at: number): void {
  for (let index = 0; index < offsets.length; index++) {
    const offset = offsets[index];
    if (offset !== undefined && offset >= at) offsets[index] = offset + 1;
  }
}
