// Which file gives a folder its page, and the title a folder page has without one. The names are the ones users of
// md2conf, md2cf and markdown-confluence ask for: index, else README, else a file named like its folder
// (guide/guide.md). Names compare case-insensitively, and any Markdown extension the walk takes counts, because the
// same repository is checked out on case-insensitive disks and a file the walk publishes should not change role by
// its extension.
import { MARKDOWN_EXTENSIONS, compareRelativePaths } from '../walk/walkRules';
import { nameOf } from '../walk/relativePaths';

/** index (0) before README (1) before <folder>.md (2); undefined for any other file. */
export function folderContentRank(fileName: string, folderName: string): number | undefined {
  const lower = fileName.toLowerCase();
  // A loop, not find() with a closure: asked of every file of every folder while the tree is shaped.
  let extension: string | undefined;
  for (const each of MARKDOWN_EXTENSIONS) {
    if (lower.endsWith(each)) {
      extension = each;
      break;
    }
  }
  if (extension === undefined) return undefined;
  // The stem compared in place (its length, then its start) rather than cut out: asked of every file of every folder.
  const stemLength = lower.length - extension.length;
  if (stemLength === 5 && lower.startsWith('index')) return 0;
  if (stemLength === 6 && lower.startsWith('readme')) return 1;
  const folderLower = folderName.toLowerCase();
  return stemLength > 0 && stemLength === folderLower.length && lower.startsWith(folderLower) ? 2 : undefined;
}

/**
 * The names a folder's content file is written with, as its folder's page may have been published from one of them
 * (a README.md since renamed away, a folder renamed): the spellings repositories use, with every extension the walk
 * takes. The rank above reads any case; a digest of the name (publishNotice.ts) is of the name as written.
 */
export function contentFileNames(folderName: string): string[] {
  const stems = new Set(['index', 'Index', 'INDEX', 'README', 'readme', 'Readme', folderName, folderName.toLowerCase()]);
  const names: string[] = [];
  for (const stem of stems) for (const extension of MARKDOWN_EXTENSIONS) names.push(`${stem}${extension}`);
  return names;
}

/**
 * The file among a folder's own files (not its subfolders') that gives the folder page its content: the best rank,
 * and between two of one rank (index.md and index.markdown, or README.md and readme.md on a case-sensitive disk)
 * the first by path, so the choice is the same on every machine.
 */
export function folderContentFile<F extends { path: string }>(files: readonly F[], folderName: string): F | undefined {
  let best: { file: F; rank: number } | undefined;
  for (const file of files) {
    const rank = folderContentRank(nameOf(file.path), folderName);
    if (rank === undefined) continue;
    if (!best || rank < best.rank || (rank === best.rank && compareRelativePaths(file.path, best.file.path) < 0)) best = { file, rank };
  }
  return best?.file;
}

/**
 * A folder name as a title: '-' and '_' become spaces and the first letter is upper case; the rest stays as written
 * (so "REST-api" reads "REST api" and an acronym survives). `getting-started` -> "Getting started",
 * `api_reference` -> "Api reference". A name of nothing but separators stays as it is rather than become empty.
 */
export function readableFolderName(name: string): string {
  const spaced = name.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
  if (spaced === '') return name;
  return spaced.charAt(0).toLocaleUpperCase('en-US') + spaced.slice(1);
}
