// Entry names a ZIP may not hold (issue 8 section 6): a `..` segment or an absolute path. We never write
// entries to disk, but an archive that tries path traversal is hostile and is refused whole.

export function isUnsafeEntryPath(name: string): boolean {
  if (name === '' || name.includes('\0')) return true;
  if (name.startsWith('/') || name.startsWith('\\') || /^[A-Za-z]:/.test(name)) return true;
  return name.split(/[/\\]/).some((segment) => segment === '..');
}

export function isMarkdownEntry(name: string): boolean {
  return /\.md$/i.test(name) && !name.endsWith('/');
}

/** Among several Markdown entries, the one named after the page (its ID as a whole token, or its title), else the first. */
export function pickMarkdownEntry(names: readonly string[], page: { pageId: string; pageTitle?: string }): string | undefined {
  const id = page.pageId.replace(/[^0-9A-Za-z]/g, '');
  const idToken = id === '' ? undefined : new RegExp(`(^|[^0-9A-Za-z])${id}([^0-9A-Za-z]|$)`);
  const title = page.pageTitle === undefined ? '' : comparable(page.pageTitle);
  const named = (idToken ? names.find((name) => idToken.test(baseName(name))) : undefined)
    ?? (title !== '' ? names.find((name) => comparable(baseName(name)) === title) : undefined);
  return named ?? names[0];
}

function baseName(name: string): string {
  return (name.split(/[/\\]/).pop() ?? name).replace(/\.md$/i, '');
}

/** Exporters write titles as file names with spaces and punctuation changed; compare letters and digits only. */
function comparable(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}
