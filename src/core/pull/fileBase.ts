// Pull's merge compares the file with the base as the file wrote it, never with the export: the export's style (other
// bullets, `_em_`, escapes, renumbered lists, indentation) is then no change of the file's, and a change the key of
// markdownUnits.ts cannot see (a list item nested, `*` made `_`) is one, as written. The file as it was published is
// kept with the base (PullBase.fileText); the two exports of the page are compared with each other as written; only
// to place the wiki's changes on the file's lines are the export and the file paired, by key (the two hold the same
// document, in two styles). Without the published file (a base kept before it was), the file's lines that pair with
// the base's stand for it, except where the wiki changed the line: there what the file did is not known, so it counts
// as a change of the file's, and a line both sides may have changed is a conflict rather than a guess.
import { hunksOf, type Hunk } from './hunks';
import type { MarkdownUnit } from './markdownUnits';

/** The wiki's side of the merge, placed on the file's base. */
export interface WikiOnFile {
  /** The base as the file wrote it: the merge's base. */
  fileUnits: readonly MarkdownUnit[];
  /** The file's base with the wiki's changes in place of the lines they changed: the merge's "theirs". */
  theirUnits: readonly MarkdownUnit[];
  /** For each of theirUnits, the line it stands for one to one in the wiki's own style (itself where unchanged). */
  theirBefore: ReadonlyArray<MarkdownUnit | undefined>;
  /** The wiki's changes: base positions in fileUnits, side positions in theirUnits. */
  theirHunks: Hunk[];
  /** By the place a change starts in theirUnits: the page's own line before it (its blank lines are the wiki's). */
  pageUnitBefore: ReadonlyMap<number, MarkdownUnit>;
  /** Lines of the base that are the export's, standing for a file's line not known (guessedFileUnits). */
  unknownInFile: ReadonlySet<MarkdownUnit>;
  /** The file's changes against fileUnits. */
  ourHunks: Hunk[];
}

/** A change of the wiki's: its lines in the export (`base*`), in the wiki's page now (`side*`) and in the file (`file*`). */
interface Span { baseStart: number; baseEnd: number; sideStart: number; sideEnd: number; fileStart: number; fileEnd: number; fileOnly: boolean }

/**
 * The wiki's changes (`theirHunks`: base = the export kept after the publish, side = the page's export now) placed on
 * the file's base: `fileUnits` (the file as published), or, without it, the base as guessed from the file now.
 */
export function wikiOnFile(
  exportUnits: readonly MarkdownUnit[], pageUnits: readonly MarkdownUnit[], theirHunks: readonly Hunk[],
  ourUnits: readonly MarkdownUnit[], fileUnits: readonly MarkdownUnit[] | undefined,
): WikiOnFile {
  if (fileUnits === undefined) {
    const spans = theirHunks.map((hunk) => ({ ...hunk, fileStart: hunk.baseStart, fileEnd: hunk.baseEnd, fileOnly: false }));
    const guessed = guessedFileUnits(exportUnits, theirHunks, ourUnits);
    const unknown = new Set<MarkdownUnit>();
    for (const hunk of theirHunks) for (let at = hunk.baseStart; at < hunk.baseEnd; at++) unknown.add(guessed.units[at] as MarkdownUnit);
    return { ...placed(guessed.units, exportUnits, pageUnits, spans, unknown), ourHunks: guessed.ourHunks };
  }
  const placedOnFile = placed(fileUnits, exportUnits, pageUnits, onFileLines(theirHunks, hunksOf('ours', exportUnits, fileUnits, 'key')), new Set());
  // The file against its own base, as written: its style is its own, so every difference is its change.
  return { ...placedOnFile, ourHunks: hunksOf('ours', fileUnits, ourUnits, 'exact') };
}

/**
 * The base as the file wrote it, guessed: each line of the export with the file's line that pairs with it by key,
 * except a line the wiki changed, which keeps the export's (so the file's line there differs from it, unless the file
 * writes it exactly so, and counts as changed). With it, the file's changes against it, read off the same pairing
 * (a second diff of a page's thousands of lines would find the same).
 */
function guessedFileUnits(exportUnits: readonly MarkdownUnit[], theirHunks: readonly Hunk[], ourUnits: readonly MarkdownUnit[]): { units: MarkdownUnit[]; ourHunks: Hunk[] } {
  const changedByWiki = new Uint8Array(exportUnits.length);
  for (const hunk of theirHunks) changedByWiki.fill(1, hunk.baseStart, hunk.baseEnd);
  const units = exportUnits.slice();
  const ourHunks: Hunk[] = [];
  let base = 0;
  let ours = 0;
  const pairUntil = (end: number): void => {
    for (; base < end; base++, ours++) {
      const own = ourUnits[ours] as MarkdownUnit;
      if (!changedByWiki[base]) units[base] = own;
      else if (own.exact !== (exportUnits[base] as MarkdownUnit).exact) ourHunks.push({ side: 'ours', baseStart: base, baseEnd: base + 1, sideStart: ours, sideEnd: ours + 1 });
    }
  };
  for (const hunk of hunksOf('ours', exportUnits, ourUnits, 'key')) {
    pairUntil(hunk.baseStart);
    ourHunks.push(hunk);
    base = hunk.baseEnd;
    ours = hunk.sideEnd;
  }
  pairUntil(exportUnits.length);
  return { units, ourHunks };
}

/**
 * The wiki's changes on the file's lines. `pairs` are where the export and the published file differ by key (a setext
 * heading the export writes with `#`, a table it pads, a comment it leaves out): a change that reaches into one takes
 * it whole, since its lines pair with no single line of the file. Lines only the file has, at a change's edge, stay
 * outside it; inside it, they make the change the file's too (Hunk.fileOnly).
 */
function onFileLines(theirHunks: readonly Hunk[], pairs: readonly Hunk[]): Span[] {
  const spans: Span[] = [];
  let pair = 0;
  for (const hunk of theirHunks) {
    const span: Span = { ...hunk, fileStart: 0, fileEnd: 0, fileOnly: false };
    while (pair < pairs.length && (pairs[pair] as Hunk).baseEnd < span.baseStart) pair++;
    for (let at = pair; at < pairs.length && (pairs[at] as Hunk).baseStart <= span.baseEnd; at++) {
      const { baseStart, baseEnd } = pairs[at] as Hunk;
      const reaches = baseStart < baseEnd
        ? (baseStart < span.baseEnd && span.baseStart < baseEnd) || (span.baseStart === span.baseEnd && baseStart < span.baseStart && span.baseStart < baseEnd)
        : false;
      if (!reaches) continue;
      // Outside the wiki's changes its page holds the export's lines: the span grows on both sides alike.
      if (baseStart < span.baseStart) {
        span.sideStart -= span.baseStart - baseStart;
        span.baseStart = baseStart;
      }
      if (baseEnd > span.baseEnd) {
        span.sideEnd += baseEnd - span.baseEnd;
        span.baseEnd = baseEnd;
      }
    }
    const last = spans[spans.length - 1];
    if (last && span.baseStart < last.baseEnd) {
      last.sideEnd = span.sideEnd + Math.max(0, last.baseEnd - span.baseEnd);
      last.baseEnd = Math.max(last.baseEnd, span.baseEnd);
    } else spans.push(span);
  }
  for (const span of spans) {
    span.fileStart = filePosition(pairs, span.baseStart, true);
    span.fileEnd = span.baseStart === span.baseEnd ? span.fileStart : filePosition(pairs, span.baseEnd, false);
    span.fileOnly = pairs.some((pair) => pair.baseStart === pair.baseEnd && span.baseStart < pair.baseStart && pair.baseStart < span.baseEnd);
  }
  return spans;
}

/**
 * Where the export's line `at` is in the file: after the pairs before it; lines only the file has right there count as
 * before `at` for a change's start (`afterFileOnly`), after it for a change's end, so they stay outside the change.
 */
function filePosition(pairs: readonly Hunk[], at: number, afterFileOnly: boolean): number {
  let position = at;
  for (const pair of pairs) {
    const before = pair.baseEnd < at || (pair.baseEnd === at && (pair.baseStart < pair.baseEnd || afterFileOnly));
    if (!before) break;
    position = at - pair.baseEnd + pair.sideEnd;
  }
  return position;
}

/** The file's base with the wiki's changes in place, and the wiki's hunks on it. */
function placed(
  fileUnits: readonly MarkdownUnit[], exportUnits: readonly MarkdownUnit[], pageUnits: readonly MarkdownUnit[], spans: readonly Span[], unknownInFile: ReadonlySet<MarkdownUnit>,
): Omit<WikiOnFile, 'ourHunks'> {
  const theirUnits: MarkdownUnit[] = [];
  const theirBefore: Array<MarkdownUnit | undefined> = [];
  const theirHunks: Hunk[] = [];
  const pageUnitBefore = new Map<number, MarkdownUnit>();
  let at = 0;
  for (const span of spans) {
    for (; at < span.fileStart; at++) {
      theirUnits.push(fileUnits[at] as MarkdownUnit);
      theirBefore.push(fileUnits[at]);
    }
    const sideStart = theirUnits.length;
    const before = pageUnits[span.sideStart - 1];
    if (before) pageUnitBefore.set(sideStart, before);
    const oneForOne = span.sideEnd - span.sideStart === span.baseEnd - span.baseStart;
    for (let side = span.sideStart; side < span.sideEnd; side++) {
      theirUnits.push(pageUnits[side] as MarkdownUnit);
      theirBefore.push(oneForOne ? exportUnits[span.baseStart + side - span.sideStart] : undefined);
    }
    theirHunks.push({ side: 'theirs', baseStart: span.fileStart, baseEnd: span.fileEnd, sideStart, sideEnd: theirUnits.length, ...(span.fileOnly ? { fileOnly: true } : {}) });
    at = span.fileEnd;
  }
  for (; at < fileUnits.length; at++) {
    theirUnits.push(fileUnits[at] as MarkdownUnit);
    theirBefore.push(fileUnits[at]);
  }
  return { fileUnits, theirUnits, theirBefore, theirHunks, pageUnitBefore, unknownInFile };
}
