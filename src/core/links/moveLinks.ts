/**
 * The links after a file or folder moved from `from` to `to` (URIs or paths with '/' separators): the file's own
 * link, or every link under the folder, follows it. Returns undefined when no link was under `from`.
 */
export function moveLinks<T>(links: Readonly<Record<string, T>>, from: string, to: string): Record<string, T> | undefined {
  const folderPrefix = from.endsWith('/') ? from : `${from}/`;
  const targetFolder = to.replace(/\/$/, '');
  let moved = false;
  const next: Record<string, T> = {};
  for (const [key, link] of Object.entries(links)) {
    const newKey = key === from ? to : key.startsWith(folderPrefix) ? `${targetFolder}/${key.slice(folderPrefix.length)}` : key;
    moved ||= newKey !== key;
    next[newKey] = link;
  }
  return moved ? next : undefined;
}
