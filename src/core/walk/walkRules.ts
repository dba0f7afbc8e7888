// Which files a folder publish takes, the same for the editor's Explorer and the command line: Markdown files by
// name, never inside node_modules or a dot-folder (.git, .github, .vscode, ...), in one stable order. These rules do
// not touch disk; the one walk that applies them (with .gitignore, links never followed) is walk.ts.

/** The extensions the title rule strips too (see suggestTitle in publish/target.ts). */
export const MARKDOWN_EXTENSIONS: readonly string[] = ['.md', '.markdown', '.mdown', '.mkd'];

/** Whether a file name (not a path) names a Markdown file; case-insensitive, as on the platforms editors run on. */
export function isMarkdownFileName(name: string): boolean {
  const lower = name.toLowerCase();
  // A loop, not some() with a closure: the walk asks this of every entry of every folder.
  for (const extension of MARKDOWN_EXTENSIONS) if (lower.length > extension.length && lower.endsWith(extension)) return true;
  return false;
}

/** Whether a folder walk skips this folder (by its name) and everything under it. */
export function isSkippedFolderName(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

/**
 * Orders files by their '/'-separated relative paths, code unit by code unit: the same order on every machine and
 * locale, so a plan (and a CI log) reads the same on every run.
 */
export function compareRelativePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
