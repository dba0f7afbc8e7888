// What a link destination points at, seen from the file that holds it: the web (left alone), or a file, named by
// its path relative to the published root, or by nothing when the path leaves the root.

import { unescapedDestination } from './characterReferences';

export type LinkTarget =
  | { kind: 'web' }
  | {
      kind: 'file';
      /**
       * The file's '/'-separated path relative to the root; a folder's with a trailing '/' ('' for the root itself);
       * undefined when the link leaves the root.
       */
      path: string | undefined;
      markdown: boolean;
      /** Written as a folder (`guide/`, `..`): on the wiki, the folder's page when the folder is one. */
      folder: boolean;
      /**
       * What follows `#`, with escapes and character references resolved but still percent-encoded as written;
       * undefined when there is no `#`.
       */
      anchor: string | undefined;
      /** What follows `?` up to `#` (`plain=1`), when there is any: GitHub's view of the file, which no page address takes. */
      query?: string;
    };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const MARKDOWN_FILE = /\.(?:md|markdown|mdown|mkd)$/i;

/**
 * Classifies a destination as written (without angle brackets) in the file at `fromFile` ('/'-separated, root-relative).
 * `rootInRepository`: the published root's folder as a path from the repository root ('' for the repository root itself,
 * else ending in '/'), when the root is in a repository: a link from the repository root (`/docs/x.md`, which GitHub
 * resolves so) then names the file it names there. Without it such a link leaves the root.
 */
export function linkTarget(destination: string, fromFile: string, rootInRepository?: string): LinkTarget {
  // Read as CommonMark reads it (`a&amp;b.md` is `a&b.md`, `b&#46;md` is `b.md`), then percent-decoded below: most
  // destinations hold no backslash, `&` or `%`, and neither pass runs on them (a plan classifies every link).
  const text = unescapedDestination(destination);
  // Pure anchors, schemes (https:, mailto:, file:, a drive letter) and `//host` are not files of the run. A scheme
  // ends at a colon: a destination without one (most links between files) is not run through the expression.
  if (text === '' || text.startsWith('#') || text.startsWith('//') || (text.includes(':') && SCHEME.test(text))) return { kind: 'web' };
  const hash = text.indexOf('#');
  const beforeHash = hash === -1 ? text : text.slice(0, hash);
  const anchor = hash === -1 ? undefined : text.slice(hash + 1);
  const queryAt = beforeHash.indexOf('?');
  const written = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  if (written === '') return { kind: 'web' };
  const decoded = written.includes('%') ? percentDecoded(written) : written;
  const query = queryAt === -1 || queryAt === beforeHash.length - 1 ? {} : { query: beforeHash.slice(queryAt + 1) };
  if (isFolderLink(decoded)) {
    const folder = resolvedPath(decoded, fromFile, rootInRepository);
    return { kind: 'file', path: folder === undefined || folder === '' ? folder : `${folder}/`, markdown: false, folder: true, anchor, ...query };
  }
  return { kind: 'file', path: resolvedPath(decoded, fromFile, rootInRepository), markdown: MARKDOWN_FILE.test(decoded), folder: false, anchor, ...query };
}

/**
 * `#install`: the anchor of a link to a heading of the linking file's own page, escapes and references resolved as
 * linkTarget resolves them (`#caf&eacute;` is `café`); undefined for any other destination.
 */
export function ownHeadingAnchor(destination: string): string | undefined {
  const text = unescapedDestination(destination);
  return text.startsWith('#') && text.length > 1 ? text.slice(1) : undefined;
}

/**
 * The path a link's page is looked up by: a Markdown file's or a folder's own; any other name (`guide`, `LICENSE`) as
 * a folder, since readers on GitHub follow a link to a folder written without its slash. Undefined when the link
 * leaves the root.
 */
export function pagePath(target: Extract<LinkTarget, { kind: 'file' }>): string | undefined {
  return target.path === undefined || target.markdown || target.folder ? target.path : `${target.path}/`;
}

/** `guide/`, `./`, `.`, `..`, `../..`: a path that can only name a folder. */
function isFolderLink(path: string): boolean {
  return path.endsWith('/') || path === '.' || path === '..' || path.endsWith('/.') || path.endsWith('/..');
}

/**
 * `relative` resolved against the folder of `fromFile`; when `..` climbs above the root, undefined unless it comes back
 * into it through the repository (climbedAboveRoot).
 */
function resolvedPath(relative: string, fromFile: string, rootInRepository: string | undefined): string | undefined {
  if (relative.startsWith('/')) return fromRepositoryRoot(relative, rootInRepository);
  // A plain file name (most links: a sibling) goes next to the file without splitting either path.
  if (relative !== '' && relative !== '.' && relative !== '..' && !relative.includes('/')) {
    const slash = fromFile.lastIndexOf('/');
    return slash === -1 ? relative : `${fromFile.slice(0, slash)}/${relative}`;
  }
  // Leading `../` steps and then plain names (the usual link to a cousin): climbed with lastIndexOf, nothing split.
  let folderEnd = fromFile.lastIndexOf('/');
  let rest = 0;
  while (relative.startsWith('../', rest) && folderEnd !== -1) {
    folderEnd = fromFile.lastIndexOf('/', folderEnd - 1);
    rest += 3;
  }
  if (!relative.startsWith('../', rest) && isPlainPath(relative, rest)) {
    return folderEnd === -1 ? relative.slice(rest) : `${fromFile.slice(0, folderEnd)}/${relative.slice(rest)}`;
  }
  const segments = fromFile.split('/').slice(0, -1);
  for (const segment of relative.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') segments.push(segment);
    else if (segments.pop() === undefined) return climbedAboveRoot(relative, fromFile, rootInRepository);
  }
  return segments.join('/');
}

/**
 * A path that climbs above the root may come back into it (`../docs/guide.md` in a file at the top of `docs/`), as
 * GitHub reads it in the repository: resolved there from the linking file's place, like a link from the repository
 * root. Undefined when the root's place in a repository is not known, or the path stays outside the root.
 */
function climbedAboveRoot(relative: string, fromFile: string, rootInRepository: string | undefined): string | undefined {
  if (rootInRepository === undefined) return undefined;
  return fromRepositoryRoot(`/${rootInRepository}${fromFile.slice(0, fromFile.lastIndexOf('/') + 1)}${relative}`, rootInRepository);
}

/**
 * `/docs/x.md` as GitHub reads it in a repository's files: from the repository root. Resolved there, then made relative
 * to the published root; undefined outside it, or when the root's place in a repository is not known.
 */
function fromRepositoryRoot(fromRoot: string, rootInRepository: string | undefined): string | undefined {
  if (rootInRepository === undefined) return undefined;
  // Resolved as a file at the repository root would resolve it: `..` above the repository leaves it.
  const inRepository = resolvedPath(fromRoot.replace(/^\/+/, ''), '', undefined);
  if (inRepository === undefined) return undefined;
  if (rootInRepository === '') return inRepository;
  // The published folder itself is no page of the run (it maps to the chosen parent), as `..` from its top.
  return inRepository.startsWith(rootInRepository) ? inRepository.slice(rootInRepository.length) : undefined;
}

/** From `start` on, names joined by single slashes: no '.' or '..' segment, no empty one, no trailing slash. */
function isPlainPath(path: string, start: number): boolean {
  if (start >= path.length) return false;
  for (let at = start; at < path.length; ) {
    let end = path.indexOf('/', at);
    if (end === -1) end = path.length;
    const length = end - at;
    if (length === 0 || (path[at] === '.' && (length === 1 || (length === 2 && path[at + 1] === '.')))) return false;
    if (end === path.length) return true;
    at = end + 1;
    if (at === path.length) return false;
  }
  return true;
}

function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
