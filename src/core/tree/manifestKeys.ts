// What a key of a page manifest (.wiki-pages.json) may be: a '/'-separated path relative to the manifest's folder, of
// a Markdown file or of a folder (ending in '/'). manifestFormat.ts refuses a key of the wrong shape and sets aside one
// no walk gives; the store records neither.
import { englishManifestMessages, type ManifestMessages } from '../messages/manifestMessages';
import { isMarkdownFileName, MARKDOWN_EXTENSIONS } from '../walk/walkRules';

/** Why `key` cannot be a manifest key, or undefined when it can. */
export function manifestKeyProblem(key: string, messages: ManifestMessages = englishManifestMessages): string | undefined {
  if (key === '') return messages.keyEmpty();
  if (key.includes('\\')) return messages.keyBackslash();
  if (key.startsWith('/') || /^[A-Za-z]:/.test(key)) return messages.keyAbsolute();
  // Segment by segment with indexOf: a manifest of 10,000 pages checks 10,000 keys on every run.
  const body = key.endsWith('/') ? key.slice(0, -1) : key;
  let notNormalised = false;
  for (let start = 0; ; ) {
    let end = body.indexOf('/', start);
    if (end === -1) end = body.length;
    if (end - start === 2 && body.startsWith('..', start)) return messages.keyLeaves();
    if (end === start || (end - start === 1 && body[start] === '.')) notNormalised = true;
    if (end === body.length) break;
    start = end + 1;
  }
  return notNormalised ? messages.keyNotNormalised() : undefined;
}

/**
 * Whether `key` (one manifestKeyProblem accepts) is a key no walk can give: neither a Markdown file's path nor a
 * folder's (`__proto__`, `constructor`, `notes.txt`), written by hand or forged. Taken as a gone file's, it was listed
 * as an orphan, looked up on the wiki, and its page given to a file of its title: reading sets it aside (setAside),
 * and the store never records one.
 */
export function keyNamesNoPage(key: string): boolean {
  return !key.endsWith('/') && !isMarkdownFileName(key.slice(key.lastIndexOf('/') + 1));
}

/** The Markdown extensions, as keyNamesNoPage's messages list them. */
export const PAGE_KEY_EXTENSIONS = MARKDOWN_EXTENSIONS.join(', ');
