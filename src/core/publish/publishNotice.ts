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
import { noticeMarkerIn } from './storageNotice';

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
export const MARKER = /wiki-publisher\.v(\d{1,9})\.([0-9a-f]{20})\.([0-9a-f]{8})(?:\.([0-9a-f]{8}))?/;

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
 * The marker of the notice a page's storage body (the wiki's XHTML) carries: the last paragraph directly in the page
 * whose emphasis holds one, since the notice ends the page (storageNotice.ts; a marker quoted in a code block, a quote,
 * a list or a table, or in a paragraph a colleague added below the notice, is not it). Undefined when it has none.
 * `ownRepository`: the repositoryDigest of the run's repository, when it knows it; a marker naming another repository
 * is read as published by no file of this run (its path ANOTHER_REPOSITORY): a page another repository's file of the
 * same path published is that repository's page, never taken as this file's. A marker without a repository (an older
 * one, or written where the repository was not known), or a run that does not know its own, decides by the path.
 */
export function findMarker(body: string, ownRepository?: string): PublishMarker | undefined {
  const found = noticeMarkerIn(body, MARKER);
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
  const target = `${linkSafe(notice.sourceUrl ?? '')}#${markerText(notice.marker)}`;
  const eol = /\r\n|\r|\n/.exec(content)?.[0] ?? '\n';
  const ended = content === '' || content.endsWith('\n') || content.endsWith('\r') ? '' : eol;
  // One line whatever the words: the paragraph that carries the marker is what Pull and Compare take off again
  // (noticeTakenOff.ts).
  const paragraph = words.publishNotice(`[${escapeLinkText(notice.label)}](<${target}>)`).replace(/[\r\n]+/g, ' ');
  // Part of the notice, not of the content: the content's digest, and so every page's marker, stays as it was.
  const beforeRule = closing === undefined ? eol : closing === '' ? '' : `${closing}${eol}${eol}`;
  return `${ended}${beforeRule}---${eol}${eol}${paragraph}${eol}`;
}

/** A file's label as link text: every ASCII punctuation escaped, so no name can end the link or start markup. */
function escapeLinkText(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, '\\$&');
}

/**
 * An address as the notice's link writes it: whitespace, `<` and `>` percent-encoded (an address given with a space,
 * `--source-url`'s say, means the same encoded), since Pull and Compare know the notice's link by a destination without
 * them (noticeTakenOff.ts); one written with them was never taken off again.
 */
function linkSafe(address: string): string {
  return address.replace(/[\s<>]/gu, (character) => encodeURIComponent(character));
}
