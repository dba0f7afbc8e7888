// A reviewed plan carried out in part (issue 82, plan-then-publish): the publish of the reviewed plan stopped (a 500
// from the wiki, a cancelled job) after some of its sends landed. Run again with the same reviewed plan, those entries
// are described by what the wiki holds now (the page made, at the version the send made), not as the review saw them
// (a create, or an update of the version before), so the plan "changed" and nothing could ever be sent again (exit 3).
// An entry whose page's current version carries this file's publish notice, made by a send of this tool (its marker
// names the version the page has), with the file's content as reviewed, is the reviewed plan carried out: it matches
// the review's entry described as it was before that send. So does a page of a tree below a folder page made since
// the review (the review named the tree's parent in its place: the folder page had no ID yet). A colleague's edit
// since (another version on top), another content, another target: still a change.
import { pathDigest } from '../publish/publishNotice';
import { guardedPage } from './guardVerdict';
import { digestNow } from './pageNotice';
import { describeEntry, entryHash, type DigestEntry, type PlanFingerprint } from './planDigest';

/** Where an entry's description keeps what a landed send changes (planDigest.ts describeEntry). */
const PARENT_AT = 3;
const OVERWRITE_AT = 5;
const STATE_AT = 7;

/**
 * The hashes `key`'s entry had, as a plan made before sends of this tool landed would describe it (besides its own):
 * empty when no send of this tool can have changed its description.
 */
export function landedEntryHashes(fingerprint: PlanFingerprint, key: string): string[] {
  const entry = fingerprint.sources.get(key);
  if (entry === undefined) return [];
  const described = describeEntry(entry, fingerprint.wikiChecked);
  const parents = new Set<unknown>([described[PARENT_AT], ...(entry.treeParent !== undefined && entry.treeParent !== '' ? [treeRootParent(fingerprint)] : [])]);
  const landed = landedPage(entry);
  const forms: unknown[][] = [];
  for (const parentId of parents) {
    const withParent = described.map((value, index) => (index === PARENT_AT ? parentId : value));
    if (parentId !== described[PARENT_AT]) forms.push(withParent);
    if (landed === undefined) continue;
    const files = withParent.slice(0, STATE_AT);
    for (const overwrite of [false, true]) {
      files[OVERWRITE_AT] = overwrite;
      // Files only: a create and an unchanged file are both "send" (stateOf); with the wiki, the review's create.
      forms.push(fingerprint.wikiChecked ? [...files, 'send', 'create', 'absent', null, null] : [...files, 'send']);
    }
    // The review's update of the version before the one the send made (an update replaces: overwrite).
    if (fingerprint.wikiChecked && landed.sentVersion > 1) {
      files[OVERWRITE_AT] = true;
      forms.push([...files, 'onto', null, 'onto', landed.id, landed.sentVersion - 1]);
    }
  }
  return forms.map(entryHash);
}

/**
 * The page of an entry whose current version a send of this tool made for its file with the file's content as it is
 * now (which the caller holds to the reviewed content), and the version that send made. The content digest is what
 * the file sends now, or the same text with links that reached no page yet (a first pass whose pages came later): a
 * page holding other content (a publish of a text nobody reviewed) is not the reviewed plan carried out, and neither is a
 * page the plan now leaves out.
 */
function landedPage(entry: DigestEntry): { id: string; sentVersion: number } | undefined {
  const { item } = entry;
  // Only a file this run leaves on that page or sends onto it: one it leaves out now (its page moved or renamed on the
  // wiki since, a refusal) was reviewed as a send, and this run does less than the review said, a change.
  if (item.state !== 'unchanged' && item.state !== 'send') return undefined;
  const page = guardedPage(item.guard);
  const marker = page?.body?.marker;
  if (page === undefined || marker === undefined || marker.version === 0 || marker.version !== page.version) return undefined;
  if (marker.path !== pathDigest(item.file.label)) return undefined;
  const sentNow = marker.digest === digestNow(item) || marker.digest === digestNow(item, '');
  return sentNow ? { id: page.id, sentVersion: marker.version } : undefined;
}

/** The parent a tree's top pages go under: the place a review gave pages whose folder page had no ID yet. */
function treeRootParent(fingerprint: PlanFingerprint): unknown {
  for (const entry of fingerprint.sources.values()) {
    if (entry.treeParent === '') return describeEntry(entry, fingerprint.wikiChecked)[PARENT_AT];
  }
  return undefined;
}
