// Whether the place a run asks for (flags, inputs) is where the folder's .wiki-pages.json says its tree hangs. A tree
// recorded elsewhere is refused unless a new tree is asked for (--retarget): its pages would be created a second time
// there. The import takes a space by its key (DOCS) or its numeric ID (1001), so a tree recorded with one and asked for
// with the other is one place: with page access the two are resolved and compared, and without it the run says it
// cannot tell them apart, rather than calling the same place another.
import type { WikiPagesClient } from '../wikiPages';
import type { ManifestRoot } from './manifest';

export type RecordedRootMatch =
  /** The recorded place (the root to keep recording, as the file spells it: no change to commit). */
  | { kind: 'same'; root: ManifestRoot }
  /** Another parent page, or another space. */
  | { kind: 'elsewhere'; recorded: ManifestRoot }
  /**
   * The same parent, the space named by its key on one side and by its numeric ID on the other, which could not be
   * resolved: no page access, or a lookup that failed or found no such space.
   */
  | { kind: 'spellings'; recorded: ManifestRoot; why: 'noAccess' | 'notResolved' };

const NUMERIC = /^\d+$/;

export async function matchRecordedRoot(recorded: ManifestRoot, wanted: ManifestRoot, pages: WikiPagesClient | undefined, signal?: AbortSignal): Promise<RecordedRootMatch> {
  if (recorded.parent !== wanted.parent) return { kind: 'elsewhere', recorded };
  const recordedSpace = recorded.space.trim();
  const wantedSpace = wanted.space.trim();
  if (recordedSpace === wantedSpace) return { kind: 'same', root: recorded };
  // Two keys, or two IDs, are two spaces: only a key and an ID can name one.
  if (NUMERIC.test(recordedSpace) === NUMERIC.test(wantedSpace)) return { kind: 'elsewhere', recorded };
  if (pages === undefined) return { kind: 'spellings', recorded, why: 'noAccess' };
  const idOf = (space: string): Promise<string | undefined> => pages.resolveSpace(space, signal).then((found) => found?.id, (error: unknown) => {
    if (signal?.aborted) throw error;
    return undefined;
  });
  const [recordedId, wantedId] = await Promise.all([idOf(recordedSpace), idOf(wantedSpace)]);
  if (recordedId === undefined || wantedId === undefined) return { kind: 'spellings', recorded, why: 'notResolved' };
  return recordedId === wantedId ? { kind: 'same', root: recorded } : { kind: 'elsewhere', recorded };
}
