// An "already exists" after an attempt that may have landed (the import answered 500 after writing, a retry then found
// the page): the page is this run's own when it carries this file's publish notice and nothing changed it since (its
// version is the one the notice names). Anything less is not proof: the page may be a colleague's with the same title,
// and linking it would let the next publish replace it. Who the import token acts as never enters into it.
import { identifyPage, type PageIdentity } from '../links/pageIdentity';
import { pathDigest } from '../publish/publishNotice';
import type { PublishTarget } from '../publish/target';
import type { WikiPagesClient } from '../wikiPages';
import type { PlanItem } from './planItem';
import type { RunOptions } from './runner';

/**
 * The page at the target's place, when it is the one this file's send just made (see above); else undefined. With
 * `sentDigest` (a first attempt met "already exists": nothing of this run's can have landed), the page must hold what
 * this send carried: another run of this very file made it at the same time (two CI jobs), with the same text, and the
 * wiki ends as this send would have left it.
 */
export async function proveOwnPage(pages: WikiPagesClient, item: Pick<PlanItem, 'file'>, target: PublishTarget, signal?: AbortSignal, sentDigest?: string): Promise<PageIdentity | undefined> {
  const identity = await identifyPage(pages, target, signal);
  if (!identity) return undefined;
  const page = (await pages.getPages([identity.pageId], signal, { withBody: true })).get(identity.pageId);
  const marker = page?.body?.marker;
  if (marker === undefined || marker.path !== pathDigest(item.file.label)) return undefined;
  if (sentDigest !== undefined) return marker.digest === sentDigest && marker.version === page?.version ? identity : undefined;
  return marker.version === 0 || marker.version === page?.version ? identity : undefined;
}

/** The runner's proof of an "already exists" page (RunOptions.proveOwnPage) for a run with page access; none without. */
export function ownPageProof(pages: WikiPagesClient | undefined): Pick<RunOptions, 'proveOwnPage'> {
  return pages ? { proveOwnPage: (item, target, signal, sentDigest) => proveOwnPage(pages, item, target, signal, sentDigest) } : {};
}
