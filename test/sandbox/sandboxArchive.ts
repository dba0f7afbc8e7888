// The ZIP archives the sandbox's export API answers with: one `<SPACE>/<Title>.md` per page holding the
// stored Markdown, or, when a test asks for it, a hostile archive a careful client must refuse.
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { ExportArchiveFault } from './sandboxExportFaults';
import type { SandboxPage } from './sandboxWiki';

/** Over the 50 MB a client may unpack; zeros deflate about a thousandfold, so the archive stays near 60 KB. */
export const ZIP_BOMB_UNCOMPRESSED_BYTES = 60 * 1024 * 1024;
export const DOT_DOT_ENTRY = '../evil.md';
export const ABSOLUTE_ENTRY = '/abs.md';
const EVIL_MARKDOWN = '# Written outside the export folder\n';

export type ExportedPage = Pick<SandboxPage, 'id' | 'spaceKey' | 'title' | 'markdown'>;

export function buildArchive(pages: readonly ExportedPage[], fault?: ExportArchiveFault): Uint8Array {
  if (fault === 'corruptZip') return strToU8('This is not a ZIP archive, although the answer says it is.');
  const names = entryNames(pages);
  if (fault === 'zipBomb') return zipBomb(names[0] ?? 'export/page.md');
  const files: Zippable = {};
  pages.forEach((page, index) => {
    files[names[index] ?? `${page.id}.md`] = strToU8(page.markdown);
  });
  if (fault === 'dotDotEntry') files[DOT_DOT_ENTRY] = strToU8(EVIL_MARKDOWN);
  if (fault === 'absoluteEntry') files[ABSOLUTE_ENTRY] = strToU8(EVIL_MARKDOWN);
  return zipSync(files);
}

/** `<SPACE>/<Title>.md`, characters no file system takes replaced, a clash resolved with the page ID. */
function entryNames(pages: readonly ExportedPage[]): string[] {
  const taken = new Set<string>();
  return pages.map((page) => {
    const stem = `${safeSegment(page.spaceKey)}/${safeSegment(page.title)}`;
    const name = taken.has(`${stem}.md`) ? `${stem} (${page.id}).md` : `${stem}.md`;
    taken.add(name);
    return name;
  });
}

function safeSegment(text: string): string {
  const cleaned = text.replace(/[/\\:*?"<>|\u0000-\u001f]/g, '_').trim();
  return cleaned === '' || /^\.+$/.test(cleaned) ? '_' : cleaned;
}

// Compressing 60 MiB takes most of a second, so the last bomb is kept for the next request.
let lastBomb: { name: string; zip: Uint8Array } | undefined;

function zipBomb(name: string): Uint8Array {
  if (lastBomb?.name !== name) {
    lastBomb = { name, zip: zipSync({ [name]: [new Uint8Array(ZIP_BOMB_UNCOMPRESSED_BYTES), { level: 6 }] }) };
  }
  return lastBomb.zip;
}
