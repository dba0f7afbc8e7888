import picomatch from 'picomatch';

/** A matcher for VS Code-style glob patterns (`files.exclude`), over '/'-separated relative paths or names. */
export function globMatcher(globs: readonly string[]): (relativePath: string) => boolean {
  if (globs.length === 0) return () => false;
  return picomatch([...globs], { dot: true });
}
