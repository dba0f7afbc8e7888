/**
 * The links after a file or folder moved from `from` to `to` (URIs or paths with '/' separators): the file's own
 * link, or every link under the folder, follows it. Whatever was linked at the destination before belongs to a file
 * that is gone (deleted, or replaced by this move), so the moved link always wins and the stale ones are dropped.
 * `carried`: a moved link as it goes to its new key, given its old one. Returns undefined when nothing changed.
 */
export function moveLinks<T>(links: Readonly<Record<string, T>>, from: string, to: string, carried: (link: T, oldKey: string) => T = (link) => link): Record<string, T> | undefined {
  const fromFolder = from.endsWith('/') ? from : `${from}/`;
  const toPlain = to.replace(/\/$/, '');
  const toFolder = `${toPlain}/`;
  const under = (key: string, path: string, folder: string): boolean => key === path || key.startsWith(folder);
  let changed = false;
  const next: Record<string, T> = {};
  // Stale entries at the destination go first, so no iteration order can let one of them win.
  for (const [key, link] of Object.entries(links)) {
    if (under(key, toPlain, toFolder) && !under(key, from, fromFolder)) changed = true;
    else next[key] = link;
  }
  const moved: Record<string, T> = {};
  for (const [key, link] of Object.entries(next)) {
    if (!under(key, from, fromFolder)) continue;
    moved[key === from ? toPlain : `${toPlain}/${key.slice(fromFolder.length)}`] = carried(link, key);
    delete next[key];
    changed = true;
  }
  return changed ? { ...next, ...moved } : undefined;
}

/** The links without the file's (or, for a folder, every file's under it); undefined when none was there. */
export function forgetLinks<T>(links: Readonly<Record<string, T>>, gone: string): Record<string, T> | undefined {
  const folder = gone.endsWith('/') ? gone : `${gone}/`;
  const kept = Object.entries(links).filter(([key]) => key !== gone && !key.startsWith(folder));
  return kept.length === Object.keys(links).length ? undefined : Object.fromEntries(kept);
}
