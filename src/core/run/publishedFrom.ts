// Whether a page's publish notice says it came from this file. A record (.wiki-pages.json, a --state file, the editor's
// link store) names a page by ID, and a pull request or a cache from elsewhere controls what it names: a page that
// another file published last is not this file's, whatever the record says (security.md). The notice's marker carries
// a digest of the file's label, which is relative to where the publish ran (the command line's working folder, the
// editor's workspace folder), so a file is known by every trailing part of its path: `docs/setup.md` published from
// the repository's root and `setup.md` from its docs folder are one file. A record that followed a rename (the
// editor's, a tree's) names the file it was before too (PageLink.formerFile).
import { pathDigest, type PublishMarker } from '../publish/publishNotice';

/** Whether `marker` names one of `paths` (a file's key, its label, the file it was before), by any trailing part. */
export function publishedFromThisFile(marker: PublishMarker, paths: ReadonlyArray<string | undefined>): boolean {
  for (const path of paths) {
    if (path === undefined) continue;
    if (pathDigest(path) === marker.path) return true;
    // A folder's generated page is published from the folder itself, its label ending in a slash.
    const folder = /[\\/]$/.test(path) ? '/' : '';
    const parts = pathParts(path);
    for (let from = parts.length - 1; from >= 0; from--) if (pathDigest(parts.slice(from).join('/') + folder) === marker.path) return true;
  }
  return false;
}

/** The names of a path or URI's folders and file, decoded (an editor's key is a URI: `file:///home/a%20b/x.md`). */
function pathParts(path: string): string[] {
  const uri = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path);
  const plain = uri === null ? path : path.slice(uri[0].length);
  return plain.split(/[\\/]/).filter((part) => part !== '').map((part) => {
    if (uri === null) return part;
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
}
