import { englishPublishMessages, type PublishMessages, type TitleSource } from '../messages/publishMessages';
import { isPageId, type PublishTarget } from './target';
import type { MarkdownFindings } from './inspect';
import { countConflicts } from '../markdown/conflictMarkers';
import { detached, detachedAll } from '../util/detached';
import { escapeControlCharacters } from '../text/controlCharacters';

/** What stops a publish before any request, with the action that fixes it. */
export interface Blocker {
  code: 'noEndpoint' | 'badEndpoint' | 'noToken' | 'emptyContent' | 'emptyTitle' | 'unusableTitle' | 'emptySpace' | 'parentNotDigits' | 'frontMatter' | 'duplicatePage' | 'unreadable' | 'noPageAccess' | 'diagramRenderer' | 'conflictMarkers' | 'changedSincePlan' | 'treeParent' | 'recordedEntry';
  message: string;
  fix: 'openSettings' | 'setApiToken' | 'editFile' | undefined;
  /**
   * The message names the file's own entry in the repository's record (its line and key): no other file's refusal
   * says the same words, so a text plan prints it without looking for it among the sentences it said before.
   */
  ownEntry?: true;
}

/** What the user should know before publishing, and may accept with "Publish Anyway". */
export interface Caution {
  code: 'localImages' | 'largeContent' | 'localLinks' | 'htmlLinks' | 'titleInSpace' | 'diagrams' | 'leavesPage' | 'titledBack' | 'followsNewPage' | 'treeParentUnchecked' | 'listsChildren';
  message: string;
  /**
   * The link destinations or image sources the message names, as written in the file (up to three): where a front
   * end shows the caution at its place in the file (a GitHub annotation on the line of the link) it finds them there.
   */
  targets?: readonly string[];
}

/** The wiki's page size limit is about 1 MB (service facts); beyond it the import may fail or be cut. */
export const LARGE_CONTENT_BYTES = 1_000_000;

export function checkContent(content: string, messages: PublishMessages = englishPublishMessages): Blocker | undefined {
  if (isBlank(content)) return { code: 'emptyContent', message: messages.emptyContent(), fix: undefined };
  return undefined;
}

/**
 * Whether trim() would leave nothing, without the trimmed copy: a file's first characters say it (any ASCII character
 * other than white space); trim() decides only when the text starts with other characters.
 */
function isBlank(text: string): boolean {
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) continue;
    if (code < 0x80) return false;
    return text.trim() === '';
  }
  return true;
}

/** Conflict markers left by Pull (or any merge) would show on the wiki as text: the file must be resolved first. */
export function checkConflictMarkers(content: string, messages: PublishMessages = englishPublishMessages): Blocker | undefined {
  const conflicts = countConflicts(content);
  if (conflicts === 0) return undefined;
  return { code: 'conflictMarkers', message: messages.conflictMarkers(conflicts), fix: 'editFile' };
}

export function checkTarget(target: PublishTarget, messages: PublishMessages = englishPublishMessages): Blocker | undefined {
  if (!target.spaceId.trim()) return { code: 'emptySpace', message: messages.emptySpace(), fix: 'editFile' };
  if (!isPageId(target.parentId)) return { code: 'parentNotDigits', message: messages.parentNotDigits(target.parentId), fix: 'editFile' };
  if (!target.pageTitle.trim()) return { code: 'emptyTitle', message: messages.emptyTitle(), fix: 'editFile' };
  return undefined;
}

/** Half of a surrogate pair without its other half: no character, and no well-formed UTF-8 or URL can hold it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
/** C0 controls but tab, DEL, C1 controls, and the line and paragraph separators: a title is one line of text. */
const TITLE_CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A title the wiki cannot take as it is, refused before anything is sent. One that is not well-formed Unicode lands, but
 * the address its page is looked up by cannot be written (encodeURIComponent throws), so its ID is never learnt and
 * every later run meets "already exists"; one with a control character would be stored with it (a line feed, an
 * escape sequence). A tab stays: a heading may hold one, and it keeps the title on one line. `source`: where the title
 * came from, which the sentence names as the place to correct it.
 */
export function checkTitle(title: string, source: TitleSource, messages: PublishMessages = englishPublishMessages): Blocker | undefined {
  const lone = LONE_SURROGATE.exec(title)?.[0];
  const control = lone === undefined ? TITLE_CONTROL.exec(title)?.[0] : undefined;
  if (lone === undefined && control === undefined) return undefined;
  const shown = escapeControlCharacters(title).replace(LONE_SURROGATES, (half) => `<${codePointName(half)}>`);
  const where = messages.titleFrom(source);
  const message = lone !== undefined ? messages.titleNotWellFormed(shown, codePointName(lone), where) : messages.titleControlCharacter(shown, codePointName(control ?? ''), where);
  // A folder's name or a record is not corrected in the file being published.
  return { code: 'unusableTitle', message, fix: source === 'folderPage' || source === 'record' ? undefined : 'editFile' };
}

function codePointName(character: string): string {
  return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * `linksCheckedLater`: a page of a tree, whose links the tree's plan checks against its pages and cautions about itself
 * (withLinkCautions replaces this caution for every one of them): the flat publish's caution that local links go
 * nowhere is not worded for it.
 */
export function cautionsFor(content: string, findings: MarkdownFindings, messages: PublishMessages = englishPublishMessages, linksCheckedLater = false): Caution[] {
  const cautions: Caution[] = [];
  if (findings.localImages.length > 0) {
    cautions.push({ code: 'localImages', message: detached(messages.localImages(findings.localImages.length, preview(findings.localImages))), targets: previewed(findings.localImages) });
  }
  if (findings.localMarkdownLinks.length > 0 && !linksCheckedLater) {
    cautions.push({ code: 'localLinks', message: detached(messages.localLinks(findings.localMarkdownLinks.length, preview(findings.localMarkdownLinks))), targets: previewed(findings.localMarkdownLinks) });
  }
  // A page of a tree too: its Markdown links become page links, its HTML links never do.
  if (findings.htmlLinks.length > 0) {
    cautions.push({ code: 'htmlLinks', message: detached(messages.htmlLinks(findings.htmlLinks.length, preview(findings.htmlLinks))), targets: previewed(findings.htmlLinks) });
  }
  // A UTF-16 code unit is at most 3 bytes of UTF-8: a text that short cannot be large, and most files need no count.
  const bytes = content.length * 3 <= LARGE_CONTENT_BYTES ? 0 : Buffer.byteLength(content, 'utf8');
  if (bytes > LARGE_CONTENT_BYTES) cautions.push({ code: 'largeContent', message: messages.largeContent((bytes / 1_000_000).toFixed(1)) });
  return cautions;
}

/**
 * Up to three of the items, joined without a copied list: still pieces of the text they were found in, so the message
 * they go into is copied apart from it (detached) as a whole. A plan keeps its cautions, not the text, and one copy of
 * the whole message costs less than a copy of its list and the message's pieces besides.
 */
function preview(items: readonly string[]): string {
  let shown = items[0] ?? '';
  for (let index = 1; index < items.length && index < 3; index++) shown += `, ${items[index]}`;
  return items.length > 3 ? `${shown}, ...` : shown;
}

/** The items preview() names, each copied apart from the text it was found in (a plan keeps its cautions). */
function previewed(items: readonly string[]): string[] {
  return detachedAll(items.slice(0, 3));
}
