// The obvious fix of a link the Problems panel names, where there is one: a heading that is not there becomes the
// nearest heading's anchor; a query no page address takes is taken off; a file that is not there becomes the file whose name differs only in case (`Setup.md` for
// `setup.md`), or by a typo when one name alone is that close; `\` between folders becomes `/`. Files are looked up
// through the walk's port from the linking file's folder, one name at a time, never through a symbolic link.
import { markdownHeadingSlugs, markdownHeadings } from '../links/rewrite';
import { frontMatterBody } from '../markdown/frontMatter';
import { decodeText } from '../walk/decode';
import type { WalkFs } from '../walk/walkFs';
import type { LinkProblem } from './linkProblems';

export type FixFs<L> = Pick<WalkFs<L>, 'type' | 'list' | 'read' | 'child' | 'parent' | 'label'>;

/** Names and anchors longer than this are not compared (a distance costs the product of two lengths). */
const LONGEST_COMPARED = 200;
/** A typo is at most this many edits from the name meant. */
const TYPO_EDITS = 2;

/**
 * The destination that fixes the problem's link, as it would be written (without angle brackets); undefined when no
 * fix is obvious. `text` is the linking file's whole text, `folder` the folder that holds it.
 */
export async function linkFix<L>(problem: LinkProblem, text: string, folder: L, fs: FixFs<L>): Promise<string | undefined> {
  const destination = problem.target;
  switch (problem.kind) {
    case 'backslashPath':
      return destination.replace(/\\(?![!-/:-@[-`{-~])/g, '/');
    case 'unknownOwnAnchor': {
      const anchor = nearestAnchor(destination.slice(1), markdownHeadingSlugs(markdownHeadings(frontMatterBody(text))));
      return anchor === undefined ? undefined : `#${anchor}`;
    }
    case 'unknownAnchor': {
      const hash = destination.indexOf('#');
      const file = hash === -1 ? undefined : await fileAt(fs, folder, pathPart(destination.slice(0, hash)));
      const linked = file === undefined ? undefined : await readText(fs, file);
      if (linked === undefined) return undefined;
      const anchor = nearestAnchor(destination.slice(hash + 1), markdownHeadingSlugs(markdownHeadings(frontMatterBody(linked))));
      return anchor === undefined ? undefined : `${destination.slice(0, hash)}#${anchor}`;
    }
    case 'queryDropped':
      // The link as the wiki gets it: the file (and its heading), without the query.
      return destination.replace(/\?[^#]*/, '');
    case 'noFile':
      return fixedPath(destination, folder, fs);
    default:
      return undefined;
  }
}

/** The destination written as the link had it: in angle brackets when it was, or when it must be. */
export function writtenDestination(destination: string, angle: boolean): string {
  return angle || /[\s<>()]/.test(destination) ? `<${destination}>` : destination;
}

/** The slug nearest to `anchor` (case aside), when one is within a few edits of it; the first of equals. */
export function nearestAnchor(anchor: string, slugs: readonly string[]): string | undefined {
  const wanted = safeDecode(anchor).toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const slug of slugs) {
    const distance = editDistance(wanted, slug);
    if (distance < bestDistance) {
      best = slug;
      bestDistance = distance;
    }
  }
  if (best === undefined || bestDistance === 0) return undefined;
  // Near enough to be the heading meant: a couple of edits, or well under half of the longer one.
  return bestDistance <= Math.max(TYPO_EDITS, Math.floor(Math.max(wanted.length, best.length) * 0.4)) ? best : undefined;
}

/** The link's path, up to its query or anchor. */
function pathPart(destination: string): string {
  const end = destination.search(/[?#]/);
  return end === -1 ? destination : destination.slice(0, end);
}

/**
 * The destination with each name of its path that is not there replaced by the one entry of its folder that it
 * names but for case, or, for its last name, the one entry within a typo of it; undefined when a name has no such
 * entry, or is ambiguous. Only relative paths of plain names (`..` and `.` allowed) are fixed.
 */
async function fixedPath<L>(destination: string, folder: L, fs: FixFs<L>): Promise<string | undefined> {
  const path = pathPart(destination);
  const names = relativeNames(path);
  if (names === undefined) return undefined;
  let changed = false;
  const end = await walkNames(fs, folder, names, async (location, written, index) => {
    const name = safeDecode(written);
    const last = index === names.length - 1;
    const here = fs.child(location, name);
    if ((await fs.type(here)) !== undefined) return here;
    const found = await entryNamedLike(fs, location, name, last ? 'file' : 'directory', last);
    if (found === undefined) return undefined;
    names[index] = written.includes('%') || /\s/.test(found) ? encodeURI(found) : found;
    changed = true;
    return fs.child(location, found);
  });
  return end !== undefined && changed ? `${names.join('/')}${destination.slice(path.length)}` : undefined;
}

/** The names of a relative path of plain names; undefined for an empty or absolute path, or one with a backslash. */
function relativeNames(path: string): string[] | undefined {
  return path === '' || path.startsWith('/') || path.includes('\\') ? undefined : path.split('/');
}

/**
 * Follows `names` from `folder`: `.` and empty names stay, `..` goes up, and `step` gives each other name's entry
 * (undefined when it has none, which ends the walk).
 */
async function walkNames<L>(fs: FixFs<L>, folder: L, names: readonly string[], step: (location: L, written: string, index: number) => Promise<L | undefined>): Promise<L | undefined> {
  let location: L | undefined = folder;
  for (const [index, written] of names.entries()) {
    if (location === undefined) return undefined;
    if (written === '' || written === '.') continue;
    location = written === '..' ? fs.parent(location) : await step(location, written, index);
  }
  return location;
}

/** The one entry of `folder` of that kind named `name` but for case, else (`typo`) the one nearest within a typo. */
async function entryNamedLike<L>(fs: FixFs<L>, folder: L, name: string, kind: 'file' | 'directory', typo: boolean): Promise<string | undefined> {
  let entries;
  try {
    entries = (await fs.list(folder)).filter((entry) => entry.kind === kind);
  } catch {
    return undefined;
  }
  const lower = name.toLowerCase();
  const sameButCase = entries.filter((entry) => entry.name.toLowerCase() === lower);
  if (sameButCase.length === 1) return sameButCase[0]?.name;
  if (!typo || sameButCase.length > 1) return undefined;
  let best: string[] = [];
  let bestDistance = TYPO_EDITS + 1;
  for (const entry of entries) {
    const distance = editDistance(lower, entry.name.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [[entry.name], distance];
    else if (distance === bestDistance) best.push(entry.name);
  }
  return best.length === 1 ? best[0] : undefined;
}

/** The regular file at a relative path from `folder`, through folders only; undefined when it is not there. */
async function fileAt<L>(fs: FixFs<L>, folder: L, path: string): Promise<L | undefined> {
  const names = relativeNames(path);
  if (names === undefined) return undefined;
  return walkNames(fs, folder, names, async (location, written, index) => {
    const here = fs.child(location, safeDecode(written));
    return (await fs.type(here))?.kind === (index === names.length - 1 ? 'file' : 'directory') ? here : undefined;
  });
}

async function readText<L>(fs: FixFs<L>, file: L): Promise<string | undefined> {
  try {
    const decoded = decodeText(await fs.read(file), fs.label(file));
    return decoded.ok ? decoded.text : undefined;
  } catch {
    return undefined;
  }
}

/** Levenshtein's distance; past LONGEST_COMPARED characters, not compared (Infinity). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length > LONGEST_COMPARED || b.length > LONGEST_COMPARED) return Infinity;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? Infinity;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
