// The notice a published page carries at its end: "Published from docs/setup.md with Wiki Publisher. Edit the file in
// its repository rather than this page." Its one link carries a marker, which is how the wiki itself, read by anyone
// with page access, tells what this tool last sent there (CONTRIBUTING.md, "The wiki is the truth"):
//   wiki-publisher.v<version>.<content digest>.<path digest>[.<repository digest>]
// - version: the page version the send was to make (the version the edit guard saw plus one, 1 for a create; 0 when the
//   run could not see the page). A page whose version is higher was changed since, by whoever: someone's edit.
// - content digest: what was sent (the Markdown's SHA-256 with the pages its links reached). Equal to what would be sent
//   now, at the version the marker names, the page needs no new version: unchanged, whatever this machine remembers.
// - path digest: which file it came from, so a page found where a create would go is known as this file's own.
// - repository digest: which repository, where the run knows it (a CI system's repository ID): another repository's
//   file at the same path (two teams' docs/setup.md under one parent) is not this file. Older markers lack it.
// The importer converts Markdown on the server, but link targets survive it; the marker is read from the page's body.
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
import { sha256Hex } from '../util/sha256';
import { closingLine } from './closingLine';

export interface PublishMarker {
  /** The version the send that wrote the marker was to make; 0 when that was not known. */
  version: number;
  /** contentDigest of what that send carried. */
  digest: string;
  /**
   * pathDigest of the file it came from; ANOTHER_REPOSITORY's when the marker names a repository other than the run's
   * (findMarker), so that no file of this run is taken for the one that published the page.
   */
  path: string;
  /** repositoryDigest of the repository the file is in, when the run that wrote the marker knew it. */
  repository?: string;
}

/** What a run knows to write a page's notice. */
export interface PageNotice {
  /** The file as readers know it (a workspace- or repository-relative path). */
  label: string;
  marker: PublishMarker;
  /** The file's address in its repository's web view, when known: the notice links there. */
  sourceUrl?: string;
}

const DIGEST_LENGTH = 20;
const PATH_LENGTH = 8;
// Not global: a global expression keeps its lastIndex between calls, and matchAll starts from it (a Compare's look for
// the notice made the next guard miss a page's marker). An older reader matches the part before the repository's.
const MARKER = /wiki-publisher\.v(\d{1,9})\.([0-9a-f]{20})\.([0-9a-f]{8})(?:\.([0-9a-f]{8}))?/;

/** The path a marker of another repository's file is read as: no pathDigest (eight hex digits) is ever equal to it. */
export const ANOTHER_REPOSITORY = 'another repository';

/** Whether the marker names a file of another repository than the run's (findMarker's `ownRepository`). */
export function fromAnotherRepository(marker: PublishMarker | undefined): boolean {
  return marker?.path === ANOTHER_REPOSITORY;
}

/** The digest a marker carries for content of this SHA-256 whose links reached these pages (linkTargets.ts). */
export function contentDigest(contentSha256: string, linkTargets: string | undefined): string {
  return sha256Hex(`${contentSha256}\n${linkTargets ?? ''}`).slice(0, DIGEST_LENGTH);
}

/** The digest a marker carries for the file a page came from. */
export function pathDigest(label: string): string {
  return sha256Hex(label).slice(0, PATH_LENGTH);
}

/** The digest a marker carries for the repository a file is in (its CI system's ID for it: cli/repositoryIdentity.ts). */
export function repositoryDigest(identity: string): string {
  return sha256Hex(`repository\n${identity}`).slice(0, PATH_LENGTH);
}

export function markerText(marker: PublishMarker): string {
  return `wiki-publisher.v${marker.version}.${marker.digest}.${marker.path}${marker.repository === undefined ? '' : `.${marker.repository}`}`;
}

/**
 * The marker a page's body (the wiki's XHTML, or Markdown exported from it) carries: the last one, since the notice
 * ends the page (a marker quoted earlier in the text, a page about this tool, is not it). Undefined when it has none.
 * `ownRepository`: the repositoryDigest of the run's repository, when it knows it; a marker naming another repository
 * is read as published by no file of this run (its path ANOTHER_REPOSITORY): a page another repository's file of the
 * same path published is that repository's page, never taken as this file's. A marker without a repository (an older
 * one, or written where the repository was not known), or a run that does not know its own, decides by the path.
 */
export function findMarker(body: string, ownRepository?: string): PublishMarker | undefined {
  let found: RegExpExecArray | undefined;
  for (const match of body.matchAll(new RegExp(MARKER.source, 'g'))) found = match;
  if (found === undefined) return undefined;
  const repository = found[4];
  const marker: PublishMarker = { version: Number(found[1]), digest: found[2] as string, path: found[3] as string };
  if (repository === undefined) return marker;
  marker.repository = repository;
  if (ownRepository !== undefined && repository !== ownRepository) marker.path = ANOTHER_REPOSITORY;
  return marker;
}

/**
 * The Markdown to send: the content as it is (its line ends and its last blank lines too), then the notice, after a
 * blank line and a rule of its own (the blank line keeps the rule from underlining the last line as a heading), its
 * lines ended as the file's are (a CR-only file's text followed by LF lines would read its last line ending and the
 * next as one CRLF, and the rule would underline it). A content that ends inside a fence or an HTML block left open
 * gets what closes that block first (closingLine.ts), else the rule and the notice would be read into it.
 */
export function withNotice(content: string, notice: PageNotice, words: Pick<PublishMessages, 'publishNotice'> = englishPublishMessages): string {
  return content + noticeAfter(content, notice, words);
}

/**
 * What withNotice puts after `content`, apart: a send writes the two one after the other, so a 5 MB text is not copied
 * into a second 5 MB string to carry its notice. `planned`: the content's closing line as its plan found it
 * (PlanItem.closingLine), so that the text is not scanned again as it goes out; found here when not given.
 */
export function noticeAfter(content: string, notice: PageNotice, words: Pick<PublishMessages, 'publishNotice'> = englishPublishMessages, planned?: { closingLine: string | undefined }): string {
  const closing = planned === undefined ? closingLine(content) : planned.closingLine;
  const target = `${notice.sourceUrl ?? ''}#${markerText(notice.marker)}`;
  const eol = /\r\n|\r|\n/.exec(content)?.[0] ?? '\n';
  const ended = content === '' || content.endsWith('\n') || content.endsWith('\r') ? '' : eol;
  // One line whatever the words: the paragraph that carries the marker is what Pull and Compare take off again.
  const paragraph = words.publishNotice(`[${escapeLinkText(notice.label)}](<${target}>)`).replace(/[\r\n]+/g, ' ');
  // Part of the notice, not of the content: the content's digest, and so every page's marker, stays as it was.
  const beforeRule = closing === undefined ? eol : closing === '' ? '' : `${closing}${eol}${eol}`;
  return `${ended}${beforeRule}---${eol}${eol}${paragraph}${eol}`;
}

/**
 * Markdown exported from a published page without its notice (Pull and Compare show the page as the file would hold
 * it): the lines that read as the notice (its words around one link whose address carries a marker), and the rule just
 * before them. Only the notice goes: a paragraph that quotes a marker (a page about this tool, or one published with
 * the notice off) is the page's text, and so are words a colleague wrote into the notice's paragraph, which Pull
 * brings home. A page without a notice comes back as it is.
 */
export function withoutNotice(markdown: string, words: Pick<PublishMessages, 'publishNotice'> = englishPublishMessages): string {
  const lines = markdown.split('\n');
  const forms = noticeForms(words);
  for (let index = lines.length - 1; index >= 0; index--) {
    if (!MARKER.test(lines[index] as string)) continue;
    const found = noticeLinesAround(lines, index, forms);
    if (found !== undefined) return withLinesCut(lines, found);
  }
  return markdown;
}

/** The notice's words as they read once its link is one placeholder and emphasis, escapes and wrapping are gone. */
function noticeForms(words: Pick<PublishMessages, 'publishNotice'>): string[] {
  const whole = plainNoticeText(words.publishNotice(LINK_PLACEHOLDER));
  // Each sentence from the first on is a notice too: a colleague may have taken the request at its end away.
  const sentences = whole.split(/(?<=\.) /);
  return sentences.map((_, count) => sentences.slice(0, count + 1).join(' '));
}

const LINK_PLACEHOLDER = '\u0001';
// A Markdown link whose destination carries a marker after its `#` (how noticeAfter writes it: `[label](<url#marker>)`;
// an exporter may drop the angle brackets or add a title).
const MARKER_LINK = new RegExp(`\\[(?:\\\\.|[^\\\\\\]])*\\]\\(\\s*<?[^\\s<>]*#${MARKER.source}>?(?:\\s+(?:"[^"]*"|'[^']*'))?\\s*\\)`, 'g');

function plainNoticeText(text: string): string {
  return text.replace(MARKER_LINK, LINK_PLACEHOLDER).replace(/[*_\\]/g, '').replace(/\s+/g, ' ').trim();
}

/**
 * The lines around `at` (the line with a marker) that hold the notice and nothing else: the most lines of its
 * paragraph (an exporter may wrap it, and its first sentence alone is a form too) whose text is one of the notice's
 * forms. Undefined when none is.
 */
function noticeLinesAround(lines: readonly string[], at: number, forms: readonly string[]): { start: number; end: number } | undefined {
  let first = at;
  while (first > 0 && (lines[first - 1] as string).trim() !== '' && !THEMATIC_BREAK.test(lines[first - 1] as string)) first--;
  let last = at;
  while (last + 1 < lines.length && (lines[last + 1] as string).trim() !== '') last++;
  for (let size = last - first + 1; size >= 1; size--) {
    for (let start = Math.max(first, at - size + 1); start <= at && start + size - 1 <= last; start++) {
      const text = plainNoticeText(lines.slice(start, start + size).join(' '));
      if (forms.includes(text)) return { start, end: start + size - 1 };
    }
  }
  return undefined;
}

/**
 * The text without the notice's lines: with the rule before them when they open their paragraph, and the blank
 * lines around. Lines of the same paragraph before or after them stay (a colleague's words), as does whatever follows.
 */
function withLinesCut(lines: readonly string[], notice: { start: number; end: number }): string {
  const opensParagraph = notice.start === 0 || (lines[notice.start - 1] as string).trim() === '' || THEMATIC_BREAK.test(lines[notice.start - 1] as string);
  let cut = notice.start;
  if (opensParagraph) {
    while (cut > 0 && (lines[cut - 1] as string).trim() === '') cut--;
    if (cut > 0 && THEMATIC_BREAK.test(lines[cut - 1] as string)) {
      cut--;
      while (cut > 0 && (lines[cut - 1] as string).trim() === '') cut--;
    }
  }
  const before = lines.slice(0, cut);
  // A line kept before the notice that ended in a hard break (the break led into the notice) ends its paragraph now.
  if (!opensParagraph && before.length > 0) before[before.length - 1] = (before[before.length - 1] as string).replace(/(?:\\| {2,})(\r?)$/, '$1');
  const kept = before.join('\n').replace(/\n+$/, '');
  // Whatever followed the notice (a colleague's words, an exporter's blank lines) ends the text as it ended before.
  // Only its blank lines go: the first line's indentation is its meaning (four spaces make it indented code).
  const after = lines.slice(notice.end + 1).join('\n').replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd();
  if (kept === '' && after !== '') return `${after}\n`;
  return after === '' ? `${kept}\n` : `${kept}\n\n${after}\n`;
}

/** A line that is a CommonMark thematic break: three or more of one of `-`, `*`, `_`, spaces allowed between (a CR too, of a CRLF text split at its LFs). */
const THEMATIC_BREAK = /^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})\r?$/;

/** A file's label as link text: every ASCII punctuation escaped, so no name can end the link or start markup. */
function escapeLinkText(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, '\\$&');
}
