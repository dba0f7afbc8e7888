import type { PageLink } from './pageLink';
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

/**
 * The key of the one link among `links` left by a file renamed or moved where the editor did not see it (a terminal's
 * `git mv`, a branch switched): a link naming the page title `title`, and the place `place` where the file names one,
 * whose file is gone (`isGone`). Undefined when none fits, or more than one: a guess would merge another page's text
 * into the file, or send the file to another's page.
 */
export async function renamedFileKey(
  links: ReadonlyArray<readonly [string, PageLink]>,
  wanted: { title: string; place?: { spaceId?: string; parentId?: string } },
  isGone: (key: string) => Promise<boolean>,
): Promise<string | undefined> {
  const { title, place } = wanted;
  const named = links.filter(([, link]) => link.pageId !== undefined && link.pageTitle === title
    && (place?.spaceId === undefined || place.spaceId === link.spaceId) && (place?.parentId === undefined || place.parentId === link.parentId));
  // Looked at only while one is left: each look is a request in a remote workspace.
  const gone: string[] = [];
  for (const [key] of named) {
    if (await isGone(key)) gone.push(key);
    if (gone.length > 1) return undefined;
  }
  return gone[0];
}
