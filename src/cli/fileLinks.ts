// What the core needs from the command line to find the pages of the files a flat publish links to (core/run/
// fileLinks.ts) and the page a file's .wiki-pages.json records: files on disk below the working folder, never above
// it, looked up without following a symbolic link.
import { readdirSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { StateFileLinkStore } from '../core/links/stateFile';
import type { FileLinkPorts } from '../core/run/fileLinks';
import { MANIFEST_FILE_NAME } from '../core/tree/manifestFormat';
import { nodeManifestReader } from '../core/tree/manifestNodeFs';
import { lazyManifestAncestor, repositoryLinks, type ManifestAncestor, type RepositoryLinkFile, type RepositoryLinksPort } from '../core/tree/repositoryLinks';
import { addressSpaceKey } from '../core/tree/spaceAddresses';
import { nodeWalkFs } from '../core/walk/nodeWalkFs';
import type { WikiPagesClient } from '../core/wikiPages';

export interface CliFileLinkOptions {
  cwd: string;
  state: StateFileLinkStore | undefined;
  pages: WikiPagesClient | undefined;
  /** The wiki site's address (page access, or --base-url without it). */
  baseUrl: string | undefined;
  signal: AbortSignal;
}

/** The manifests on disk, named in messages by their paths from the working folder (`docs/.wiki-pages.json:7`). */
export function labelledManifestFiles(cwd: string): RepositoryLinksPort {
  return { read: (location) => nodeManifestReader.read(location), label: (location) => relative(cwd, location).split(sep).join('/') };
}

export function cliFileLinkPorts(options: CliFileLinkOptions): FileLinkPorts<string> {
  const top = resolve(options.cwd);
  return {
    fs: nodeWalkFs({ cwd: top }),
    placeOf: (key) => {
      const path = relative(top, key);
      return isBelow(path) ? { folder: top, path: path.split(sep).join('/') } : undefined;
    },
    linkOf: async (key) => options.state?.get(key),
    recordedLinks: (keys) => {
      const listings = folderListings();
      return repositoryLinks(keys.map((key) => repositoryLinkFile(key, options.cwd, listings)), labelledManifestFiles(options.cwd));
    },
    siteBase: options.baseUrl,
    spaceKey: (spaceId) => addressSpaceKey(spaceId, options.pages, options.signal),
    pageAccess: async () => options.pages !== undefined,
  };
}

/**
 * The names in each folder, read once for many files: a folder of 2,000 files is read once, not once a file (which
 * made planning such a folder take a quadratic time: seconds for 2,000 files, minutes for 10,000).
 */
export function folderListings(): (folder: string) => string[] | undefined {
  const listed = new Map<string, string[] | undefined>();
  return (folder) => {
    if (!listed.has(folder)) {
      let names: string[] | undefined;
      try {
        names = readdirSync(folder);
      } catch {
        names = undefined;
      }
      listed.set(folder, names);
    }
    return listed.get(folder);
  };
}

/**
 * A file on disk and the folders from its own up to the working folder, where a .wiki-pages.json may record it. A path
 * ending in '/' is a folder (a tree's generated folder page), recorded under its own key with that slash. `listing`
 * gives a folder's names (folderListings(), shared by the files of one run).
 */
export function repositoryLinkFile(path: string, cwd: string, listing: (folder: string) => string[] | undefined = folderListings()): RepositoryLinkFile {
  const siblingNames = listing(dirname(path));
  return { key: path, ancestors: eachManifestAncestor(path, cwd), ...(siblingNames ? { siblingNames } : {}) };
}

/**
 * The folders from a file's own up to the working folder, nearest first, with the file's path relative to each: where
 * a .wiki-pages.json may record it. A path ending in '/' is a folder, whose own manifest comes first.
 */
export function manifestAncestors(path: string, cwd: string): ManifestAncestor[] {
  return [...eachManifestAncestor(path, cwd)];
}

/**
 * manifestAncestors one at a time, each made only when asked for (lazyManifestAncestor): a flat publish asks for every
 * file's, and a pull request's chain of 1,000 nested folders made every file hold every ancestor's paths at once.
 */
export function* eachManifestAncestor(path: string, cwd: string): Generator<ManifestAncestor> {
  const top = resolve(cwd);
  const slash = path.endsWith('/') ? '/' : '';
  if (!(path === top || path.startsWith(top.endsWith(sep) ? top : `${top}${sep}`))) return;
  // A folder's own manifest comes first: a tree published from it records there the page the folder maps to.
  if (slash !== '') yield { folder: path.slice(0, -1), manifestLocation: join(path, MANIFEST_FILE_NAME), relativePath: '' };
  // The working folder itself: nothing above it is looked at.
  if (slash !== '' && path.slice(0, -1) === top) return;
  for (let folder = dirname(path); ; folder = dirname(folder)) {
    yield lazyManifestAncestor(folder, () => join(folder, MANIFEST_FILE_NAME), () => `${relative(folder, path).split(sep).join('/')}${slash}`);
    if (folder === top || dirname(folder) === folder) return;
  }
}

/** Whether a path relative to the working folder names something below it. */
function isBelow(path: string): boolean {
  return path !== '' && path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path);
}
