// Titles as the platform compares them, for flat runs and trees alike. The service finds a page by title and parent,
// and the platform wants a title unique in a space, ignoring case. Two pages of one plan with such a title would land
// on one page, or the second would be refused half-way through a run; found by the plan, it refuses them before
// anything is sent and names every page of the group.
import type { WikiPagesClient } from '../wikiPages';

/**
 * Titles as the platform compares them; the same key planFiles uses for files of one plan. In Unicode's composed form
 * (NFC) too: "é" typed as one character or as "e" and a combining accent (macOS input, a paste) looks the same on the
 * page, so two such titles are one title, never two pages that look alike.
 */
export function titleKey(title: string): string {
  return title.normalize('NFC').toLocaleLowerCase('en-US');
}

/** Whether two titles read the same, letter for letter and in the same case: equal in Unicode's composed form (NFC). */
export function sameTitle(one: string, other: string): boolean {
  return one === other || one.normalize('NFC') === other.normalize('NFC');
}

/**
 * Whether a title changed only in its letters' case (`Api reference` to `API reference`): the platform takes the two as
 * one title (a new page of it would be refused, or land on the old one), and the import never renames a page.
 */
export function changedOnlyInCase(before: string, now: string): boolean {
  return !sameTitle(before, now) && titleKey(before) === titleKey(now);
}

/**
 * The title to send for a page the records know as `pageTitle` when the file's title is `fileTitle`: the page's own,
 * character for character, when the two differ only in how Unicode writes them (the import finds a page by its exact
 * title, so a heading saved again in another form would make a second page), else the file's. Pages keep the form they
 * were made with: sending every title composed would fork each page published before with a decomposed one.
 */
export function titleToSend(fileTitle: string, pageTitle: string | undefined): string {
  return pageTitle !== undefined && fileTitle !== pageTitle && sameTitle(fileTitle, pageTitle) ? pageTitle : fileTitle;
}

/** How many of the other pages of its group a refusal for a shared title names; ", ..." says there are more. */
export const OTHERS_NAMED = 3;

/**
 * The other members of a member's group that its refusal names (`isOther`), at most OTHERS_NAMED of them and ", ..."
 * after them when there are more; '' when there are none. Each member's refusal named every other member: a pull
 * request of 2,000 files with one title made 2,000 refusals of 1,999 names each (four million names, most of a gigabyte
 * of text), and the plan job ran out of memory. Every member of the group is refused on its own line anyway.
 */
export function otherNames<T>(group: readonly T[], isOther: (other: T) => boolean, nameOf: (other: T) => string): string {
  let named = '';
  let count = 0;
  for (const other of group) {
    if (!isOther(other)) continue;
    if (count === OTHERS_NAMED) return `${named}, ...`;
    named = count === 0 ? nameOf(other) : `${named}, ${nameOf(other)}`;
    count++;
  }
  return named;
}


/**
 * Groups of two or more entries whose titles are the same ignoring case, in the order given. Not only tree nodes: a
 * file that names its own page in the tree's space takes a title there too (tree/treeRefusals.ts).
 */
export function groupByTitle<T>(entries: readonly T[], titleOf: (entry: T) => string): T[][] {
  return groupByTitleInSpace(entries, titleOf, () => '');
}

/**
 * Groups of two or more entries with the same title, ignoring case, in the same space as `spaceOf` gives it (the plan
 * gives it as written, knowing no space's key and ID to be one; with page access checkTitlesAcrossSpaceNames gives
 * the space's ID), in the order given.
 */
export function groupByTitleInSpace<T>(entries: readonly T[], titleOf: (entry: T) => string, spaceOf: (entry: T) => string): T[][] {
  const byTitle = new Map<string, T[]>();
  for (const entry of entries) {
    // A space ID never holds a NUL, so no space and title pair reads as another.
    const key = `${spaceOf(entry)}\u0000${titleKey(titleOf(entry))}`;
    // Pushed, not copied: a copy per entry made an array for each of 10,000 pages.
    const group = byTitle.get(key);
    if (group) group.push(entry);
    else byTitle.set(key, [entry]);
  }
  return [...byTitle.values()].filter((group) => group.length > 1);
}

/**
 * The space's ID for each spelling (key or numeric ID) as the wiki resolves it. A spelling that cannot be resolved (no
 * such space, a failed lookup) is taken as written: sending then says what the wiki says. Shared with the flat plan's
 * check (core/run/titlesAcrossSpaceNames.ts), so both paths take one space's two names as one.
 */
export async function resolveSpaceSpellings(spellings: Iterable<string>, pages: WikiPagesClient, signal?: AbortSignal): Promise<(spelling: string) => string> {
  const spaceOf = new Map<string, string>();
  await Promise.all([...new Set([...spellings].map((spelling) => spelling.trim()))].map(async (spelling) => {
    const space = await pages.resolveSpace(spelling, signal).catch((error: unknown) => {
      if (signal?.aborted) throw error;
      return undefined;
    });
    spaceOf.set(spelling, space?.id ?? spelling);
  }));
  return (spelling) => spaceOf.get(spelling.trim()) ?? spelling;
}
