// Reads the page's Markdown out of the export's ZIP with fflate (never a hand-written reader). Hostile archives
// are refused whole: an unsafe entry path, or more than 50 MB uncompressed. Sizes are checked twice, as declared
// (central directory and local headers) and as counted while inflating, so a header that lies gets no further.
import { Unzip, UnzipInflate, unzipSync, type UnzipFile } from 'fflate';
import { ExportError } from './errors';
import { isMarkdownEntry, isUnsafeEntryPath, pickMarkdownEntry } from './entryPath';

export const MAX_UNCOMPRESSED_BYTES = 50 * 1024 * 1024;
// Input is fed to the inflater in slices this size: one slice inflates to at most ~1032x its size (DEFLATE's
// ceiling), so a bomb is stopped within about 33 MB past the limit instead of after exhausting memory.
const PUSH_BYTES = 32 * 1024;

export interface ArchiveOptions {
  pageId: string;
  pageTitle?: string;
  maxUncompressedBytes?: number;
}

export interface ExtractedMarkdown {
  markdown: string;
  entryName: string;
}

export function extractMarkdown(zip: Uint8Array, options: ArchiveOptions): ExtractedMarkdown {
  const limit = options.maxUncompressedBytes ?? MAX_UNCOMPRESSED_BYTES;
  const entryName = chooseEntry(listEntries(zip, limit), options);
  const bytes = inflateCounting(zip, entryName, limit);
  return { markdown: strictText(bytes), entryName };
}

// Strict, as a file of the repository is read (walk/decode.ts): a lenient decode turned a page exported in Latin-1 into
// replacement characters, which Pull merged into the file as a clean change of every accented letter. A NUL byte is
// refused too: UTF-16 without its mark decodes as valid UTF-8 full of NULs.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function strictText(bytes: Uint8Array): string {
  if (bytes.includes(0)) throw new ExportError('archive', (m) => m.archiveNotUtf8());
  let markdown: string;
  try {
    markdown = UTF8.decode(bytes);
  } catch (error) {
    throw new ExportError('archive', (m) => m.archiveNotUtf8(), { cause: error });
  }
  return markdown.charCodeAt(0) === 0xfeff ? markdown.slice(1) : markdown;
}

/** The central directory's names, checked, with their declared sizes; nothing is inflated here. */
function listEntries(zip: Uint8Array, limit: number): string[] {
  const names: string[] = [];
  let declared = 0;
  try {
    unzipSync(zip, {
      filter: (info) => {
        refuseUnsafeName(info.name);
        declared += info.originalSize;
        if (declared > limit) throw tooLarge(limit);
        names.push(info.name);
        return false;
      },
    });
  } catch (error) {
    if (error instanceof ExportError) throw error;
    throw new ExportError('archive', (m) => m.archiveNotZip(), { cause: error });
  }
  return names;
}

function chooseEntry(names: readonly string[], options: ArchiveOptions): string {
  const markdown = names.filter(isMarkdownEntry);
  const chosen = pickMarkdownEntry(markdown, options);
  if (chosen === undefined) throw new ExportError('archive', (m) => m.archiveNoMarkdown());
  return chosen;
}

/**
 * Inflates every entry in local-header order, counting bytes against the limit, and keeps the chosen one.
 * Every entry counts: the limit is on the archive's total, as it would be if all were extracted.
 */
function inflateCounting(zip: Uint8Array, keep: string, limit: number): Uint8Array {
  const kept: Uint8Array[] = [];
  let keptComplete = false;
  let inflated = 0;
  let declared = 0;
  const unzip = new Unzip((file: UnzipFile) => {
    refuseUnsafeName(file.name);
    declared += file.originalSize ?? 0;
    if (declared > limit) throw tooLarge(limit);
    const keeping = file.name === keep && !keptComplete && kept.length === 0;
    file.ondata = (error, data, final) => {
      if (error) throw error instanceof ExportError ? error : new ExportError('archive', (m) => m.archiveDamaged(), { cause: error });
      inflated += data.length;
      if (inflated > limit) throw tooLarge(limit);
      if (keeping) {
        kept.push(data);
        if (final) keptComplete = true;
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < zip.length; offset += PUSH_BYTES) {
      const end = Math.min(zip.length, offset + PUSH_BYTES);
      unzip.push(zip.subarray(offset, end), end === zip.length);
    }
  } catch (error) {
    if (error instanceof ExportError) throw error;
    throw new ExportError('archive', (m) => m.archiveDamaged(), { cause: error });
  }
  if (!keptComplete) throw new ExportError('archive', (m) => m.archiveMarkdownIncomplete());
  return kept.length === 1 ? kept[0]! : Buffer.concat(kept);
}

function refuseUnsafeName(name: string): void {
  if (isUnsafeEntryPath(name)) {
    throw new ExportError('archive', (m) => m.archiveUnsafeEntry());
  }
}

function tooLarge(limit: number): ExportError {
  return new ExportError('archive', (m) => m.archiveTooLarge(Math.round(limit / (1024 * 1024))));
}
