// Page identity in the repository (issue 14, section 1) for publishes that are not a tree: a teammate who clones the
// repository and publishes one file, or a flat selection, of a folder published as a tree must land on the page the
// folder's .wiki-pages.json records, through the edit guard, not meet "already exists" and an Overwrite without it.
// Such a link says the page exists and which it is, never that this machine published it (time 0, no version): the
// guard decides from the page itself (its publish notice and history, as for a tree's teammate).
import type { PageLink, RecordedStep, RepositoryLinks } from '../links/pageLink';
import { entryLocator, parseManifest, type PageManifest } from './manifestFormat';
import { folderContentFile, folderContentRank } from './folderPage';
import { nameOf } from '../walk/relativePaths';
import { isNotARegularFile } from '../walk/walkFs';
import { englishManifestMessages, type ManifestMessages } from '../messages/manifestMessages';
import { describeError } from '../log/redact';

// The front ends and run/fileLinks.ts name what repositoryLinks answers from here, beside the function.
export type { RepositoryLinks };

/** One folder a file lies in, nearest first: where to look for a manifest, and the file's path relative to it. */
export interface ManifestAncestor {
  /** The folder's location as the front end reads it (a path on disk, a workspace URI): also the cache key. */
  folder: string;
  /** The manifest file in that folder, as the front end's port reads it. */
  manifestLocation: string;
  /** The file's '/'-separated path relative to the folder: the manifest's key for it. */
  relativePath: string;
}

/**
 * A ManifestAncestor whose manifest path and relative path are made when first read: a front end hands each file's
 * ancestors out one at a time (RepositoryLinkFile.ancestors), and most are only looked up by `folder`, so a chain of
 * 1,000 nested folders costs no paths it never reads (made all at once, they were the files times the depth squared).
 */
export function lazyManifestAncestor(folder: string, manifestLocation: () => string, relativePath: () => string): ManifestAncestor {
  let location: string | undefined;
  let relative: string | undefined;
  return {
    folder,
    get manifestLocation() {
      return (location ??= manifestLocation());
    },
    get relativePath() {
      return (relative ??= relativePath());
    },
  };
}

export interface RepositoryLinkFile {
  key: string;
  /**
   * The names of the files in its own folder, itself included: a README.md is its folder's page only when no index
   * file stands beside it (folderContentFile). Without them only an index file is taken as its folder's page.
   */
  siblingNames?: readonly string[];
  /** The folders it lies in, nearest first, up to where a run may look (the working folder, the workspace folder). */
  /** Read once, nearest first, up to the first folder holding a manifest: a front end may make them as they are asked for. */
  ancestors: Iterable<ManifestAncestor>;
}

export interface RepositoryLinksPort {
  /** The manifest's text, or undefined when the folder has none. */
  read(location: string): Promise<string | undefined>;
  /** How messages name the manifest at `location` (a workspace-relative path); the location itself when not given. */
  label?(location: string): string;
  /** Its refusals in the user's language; English when not given. */
  messages?: ManifestMessages;
}

/**
 * The page each file's nearest manifest records for it: its own entry, or for a folder's content file (index.md,
 * README.md, <folder>.md) without one, its folder's. The parent is its folder's recorded page, or the tree's chosen
 * page at the top. A file its nearest manifest does not record gets none: that manifest is its tree's.
 */
export async function repositoryLinks(files: readonly RepositoryLinkFile[], port: RepositoryLinksPort): Promise<RepositoryLinks> {
  const read = manifestReader(port);
  const result: RepositoryLinks = { links: new Map(), problems: [], entryFindings: [] };
  const reported = new Set<string>();
  for (const file of files) {
    const nearest = await nearestManifest(file.ancestors, read);
    if (nearest === undefined) continue;
    if ('problem' in nearest) {
      if (!reported.has(nearest.problem)) result.problems.push(nearest.problem);
      reported.add(nearest.problem);
      continue;
    }
    // Its entries no walk can give were set aside as it was read (never used): said once, the rest of it used.
    for (const entry of nearest.manifest.setAside ?? []) {
      if (!reported.has(entry)) result.entryFindings.push(entry);
      reported.add(entry);
    }
    const locate = locatorOf(nearest.manifest, port.label?.(nearest.ancestor.manifestLocation) ?? nearest.ancestor.manifestLocation);
    const link = recordedLink(nearest.manifest, nearest.ancestor.relativePath, file.siblingNames, locate);
    if (link) result.links.set(file.key, link);
    else {
      // An entry for the file's path in another case (A.MD for a.md) is another path's, and never used for this file:
      // said, since on a disk that ignores case a person reads it as this file's record.
      const other = otherCaseKey(nearest.manifest, nearest.ancestor.relativePath);
      const problem = other === undefined ? undefined : (port.messages ?? englishManifestMessages).keyOtherCase(locate(other), other, nearest.ancestor.relativePath);
      if (problem !== undefined && !reported.has(problem)) result.entryFindings.push(problem);
      if (problem !== undefined) reported.add(problem);
    }
  }
  return result;
}

/** The manifest's key that is `path` in another case, if any (keys by their lower case, made once per manifest). */
function otherCaseKey(manifest: PageManifest, path: string): string | undefined {
  let byLowerCase = keysByLowerCase.get(manifest);
  if (byLowerCase === undefined) {
    byLowerCase = new Map();
    for (const key of manifest.pages.keys()) byLowerCase.set(key.toLowerCase(), key);
    keysByLowerCase.set(manifest, byLowerCase);
  }
  const key = byLowerCase.get(path.toLowerCase());
  return key === path ? undefined : key;
}

const keysByLowerCase = new WeakMap<PageManifest, Map<string, string>>();

/** A file's nearest manifest (nearestManifest): none in its folders, the manifest, or why it cannot be read. */
export type NearestManifest = { ancestor: ManifestAncestor; manifest: PageManifest } | { ancestor: ManifestAncestor; problem: string } | undefined;

/** A folder's manifest as manifestReader reads it: none, the manifest, or why it cannot be read or parsed. */
export type ReadManifest = (ancestor: ManifestAncestor) => Promise<PageManifest | string | undefined>;

/**
 * The manifest of the nearest of a file's folders that holds one: that is the file's tree's, readable or not. One that
 * cannot be read or parsed ends the search, with why: a manifest further up is another tree's, and the page it records
 * for the file (written from that tree's folder) would be the wrong one. Every front end's question "which page does
 * the repository record for this file" starts here: a publish's (repositoryLinks) and Pull's.
 */
export async function nearestManifest(ancestors: Iterable<ManifestAncestor>, read: ReadManifest): Promise<NearestManifest> {
  for (const ancestor of ancestors) {
    const manifest = await read(ancestor);
    if (manifest === undefined) continue;
    return typeof manifest === 'string' ? { ancestor, problem: manifest } : { ancestor, manifest };
  }
  return undefined;
}

/** Reads each folder's manifest once, however many files ask (a folder of 2,000 files has one manifest). */
export function manifestReader(port: RepositoryLinksPort): ReadManifest {
  const manifests = new Map<string, Promise<PageManifest | string | undefined>>();
  return (ancestor) => {
    let found = manifests.get(ancestor.folder);
    if (!found) {
      const name = port.label?.(ancestor.manifestLocation) ?? ancestor.manifestLocation;
      const messages = port.messages ?? englishManifestMessages;
      found = port.read(ancestor.manifestLocation).then(
        (text) => {
          if (text === undefined) return undefined;
          const parsed = parseManifest(text, name, messages);
          return parsed.ok ? parsed.manifest : parsed.message;
        },
        // A link or a folder in the manifest's place is named as such, not by the refusal's code ("link").
        (error: unknown) => isNotARegularFile(error) ? messages.notRegularFile(name, error.why) : messages.cannotRead(name, describeError(error)),
      );
      manifests.set(ancestor.folder, found);
    }
    return found;
  };
}

/** Where a manifest read from a file writes each entry, one locator per manifest however many files ask. */
function locatorOf(manifest: PageManifest, name: string): (key: string) => string {
  let locate = locators.get(manifest);
  if (locate === undefined) {
    locate = manifest.text === undefined ? () => name : entryLocator(manifest.text, name, manifest.pages);
    locators.set(manifest, locate);
  }
  return locate;
}

const locators = new WeakMap<PageManifest, (key: string) => string>();

/**
 * The link for the file at `path` in this manifest, or undefined when it records no page for it. `locate` names where
 * the manifest writes an entry, for the link's chain of recorded pages (PageLink.recorded).
 */
export function recordedLink(manifest: PageManifest, path: string, siblingNames?: readonly string[], locate: (key: string) => string = (key) => key): PageLink | undefined {
  const root = manifest.root;
  if (!root) return undefined;
  // The manifest's own folder (a link to the folder a tree was published from, '' in its own manifest): a tree maps
  // it to the parent page chosen for it, which it never rewrites, and no publish will give it a page of its own.
  // Its title and its own parent are not recorded: an address without a title (the short form, which survives a
  // title change) reaches it, and the empty parent tells that it is no page a file publishes to.
  if (path === '') return { spaceId: root.space, parentId: '', pageTitle: '', pageId: root.parent, publishedAt: 0 };
  const slash = path.lastIndexOf('/');
  const folder = slash === -1 ? '' : path.slice(0, slash + 1);
  const name = path.slice(slash + 1);
  const ownKey = manifest.pages.has(path) ? path : folder !== '' && givesFolderItsPage(name, nameOf(folder), siblingNames) ? folder : undefined;
  const entry = ownKey === undefined ? undefined : manifest.pages.get(ownKey);
  if (!entry || ownKey === undefined) return undefined;
  const recorded = recordedChain(manifest, ownKey, root.parent, locate);
  if (recorded === undefined) return undefined;
  return { spaceId: root.space, parentId: (recorded[0] as RecordedStep).parentId, pageTitle: entry.title, pageId: entry.id, publishedAt: 0, recorded };
}

/**
 * The recorded pages a link to the entry at `key` relies on: its own, then its folder's, up to the top, each with the
 * parent the manifest's shape gives it. Undefined when a folder on the way has no page recorded.
 */
function recordedChain(manifest: PageManifest, key: string, rootParent: string, locate: (key: string) => string): RecordedStep[] | undefined {
  const chain: RecordedStep[] = [];
  for (let at = key; at !== ''; at = parentFolderKey(at)) {
    const entry = manifest.pages.get(at);
    const folder = parentFolderKey(at);
    const parentId = folder === '' ? rootParent : manifest.pages.get(folder)?.id;
    if (entry === undefined || parentId === undefined) return undefined;
    chain.push({ key: at, id: entry.id, title: entry.title, parentId, at: locate(at) });
  }
  return chain;
}

/** Whether the file named `name` is the one its folder's page takes its content from, as the tree decides it. */
function givesFolderItsPage(name: string, folderName: string, siblingNames: readonly string[] | undefined): boolean {
  if (siblingNames === undefined) return folderContentRank(name, folderName) === 0;
  let byFolderName = contentFileOfListing.get(siblingNames);
  if (!byFolderName) contentFileOfListing.set(siblingNames, byFolderName = new Map());
  if (!byFolderName.has(folderName)) byFolderName.set(folderName, folderContentFile(siblingNames.map((sibling) => ({ path: sibling })), folderName)?.path);
  return byFolderName.get(folderName) === name;
}

/**
 * The content file a folder listing gives, per folder name: the front ends share one listing among a folder's files,
 * so a folder of 10,000 files is ranked once, not once a file.
 */
const contentFileOfListing = new WeakMap<readonly string[], Map<string, string | undefined>>();

/** 'a/b/' for 'a/b/c.md' and 'a/b/c/', '' at the top. */
function parentFolderKey(key: string): string {
  const body = key.endsWith('/') ? key.slice(0, -1) : key;
  const slash = body.lastIndexOf('/');
  return slash === -1 ? '' : body.slice(0, slash + 1);
}
