// A plan of files read through the walk keeps each file's hash, not its text (issue 14: the texts of 10,000 files
// were most of a plan's memory), and the runner reads a file again when it sends it. What is sent must be what the
// plan showed (the editor's confirmation, a reviewed `--expect-plan` digest): the content is made from the new text
// by the plan's own recipe and its hash checked against the plan's, so a file changed since planning is not sent.
import { describeError } from '../log/redact';
import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
import { renderDiagrams, type DiagramRendering } from '../publish/diagrams';
import { frontMatterBody } from '../markdown/frontMatter';
import { omitTitleHeading } from '../markdown/headings/omitTitle';
import type { ContentRecipe, PlanItem } from './planItem';
import { HASH_PIECE_CHARS, sha256Hex, sha256HexOfPieces, textPieces } from '../util/sha256';
import { CARRIAGE_RETURN, LINE_FEED } from '../markdown/chars';

export type PlannedContent = { ok: true; content: string } | { ok: false; code: 'unreadable' | 'changedSincePlan'; problem: string };

/**
 * The digest of a file's content to send, whatever its line endings and however Unicode writes its letters: a checkout
 * on Windows (CRLF) and a CI runner's (LF) of one commit are the same page, and so is a text saved again with its
 * accents decomposed ("e" and U+0301 for "é", as macOS input or a paste may), which reads the same; a publish from
 * either leaves the other nothing to send. Text with no CR in it, composed (NFC) as most text is, digests as it is, so
 * no page published before needs sending again for this.
 */
export function contentHash(content: string): string {
  const lineEnds = content.includes('\r');
  if (content.length <= HASH_PIECE_CHARS) return sha256Hex(asHashed(content, lineEnds));
  // A long text made LF and composed a piece at a time, as it is hashed: no second copy of a large page. A CR is never
  // cut from the LF after it, nor a letter from the accents after it (a piece ends before a character below U+0300,
  // which nothing composes with what comes before it).
  const pieces = textPieces(content, (text, end) => text.charCodeAt(end) >= FIRST_COMBINING || (text.charCodeAt(end - 1) === CARRIAGE_RETURN && text.charCodeAt(end) === LINE_FEED));
  return sha256HexOfPieces(mapped(pieces, (piece) => asHashed(piece, lineEnds)));
}

/** U+0300, the first combining mark: no character below it composes with the one before it, nor needs composing. */
const FIRST_COMBINING = 0x300;

function asHashed(text: string, lineEnds: boolean): string {
  const lf = lineEnds ? text.replace(/\r\n?/g, '\n') : text;
  return /[\u0300-\uffff]/.test(lf) ? lf.normalize('NFC') : lf;
}

function* mapped(pieces: Iterable<string>, map: (piece: string) => string): Generator<string> {
  for (const piece of pieces) yield map(piece);
}

/**
 * The Markdown to send, from the text without its front matter; `diagrams` says what the renderer made of it (a bad
 * renderer address named as `settingName` says where it is set: the editor's setting unless given).
 */
export function deriveContent(body: string, recipe: ContentRecipe, messages?: PublishMessages, settingName?: string): { content: string; diagrams: DiagramRendering } {
  const rendering: Parameters<typeof renderDiagrams>[1] = { rendererUrl: recipe.diagramRenderer };
  if (messages) rendering.messages = messages;
  if (settingName) rendering.settingName = settingName;
  const diagrams = renderDiagrams(body, rendering);
  const withDiagrams = diagrams.ok ? diagrams.markdown : body;
  return { content: recipe.omitHeading !== undefined ? omitTitleHeading(withDiagrams, recipe.omitHeading) : withDiagrams, diagrams };
}

/** The content the plan held, or the file read again, made the same way and checked against the plan's hash. */
export async function plannedContent(item: PlanItem, messages: PublishMessages = englishPublishMessages): Promise<PlannedContent> {
  const { label, readAgain, unchangedSinceRead } = item.file;
  // A large file kept with its plan is sent as planned while it holds what it held; changed (or unsure), it is read
  // again and judged as any other file.
  if (item.content !== undefined && (!unchangedSinceRead || (await unchangedSinceRead().catch(() => false)))) return { ok: true, content: item.content };
  if (!readAgain) return { ok: false, code: 'unreadable', problem: messages.readAgainFailed(label, '') };
  let read;
  try {
    read = await readAgain();
  } catch (error) {
    return { ok: false, code: 'unreadable', problem: messages.readAgainFailed(label, describeError(error)) };
  }
  if (!read.ok) return { ok: false, code: 'unreadable', problem: read.problem };
  const { content } = deriveContent(frontMatterBody(read.text), item.recipe);
  if (contentHash(content) !== item.contentSha256) {
    return {
      ok: false, code: 'changedSincePlan',
      problem: messages.changedSincePlan(label),
    };
  }
  return { ok: true, content };
}

/** The content of an item whose plan holds it (one editor document); a plan of walked files is sent through runPlan. */
export function heldContent(item: PlanItem): string {
  // A programming error (a plan of walked files given to a single-file send), never a user's situation.
  if (item.content === undefined) throw new Error(`The plan of ${item.file.label} does not hold its content.`);
  return item.content;
}
