// The plan digest (issue 16): a SHA-256 over a canonical, sorted description of what a run would send, so a publish
// can refuse to send anything but the plan a reviewer saw (`--expect-plan`). It covers, per file: its path (for a page
// tree, the page's place in the tree), the target (space, parent, title), overwrite, the SHA-256 of the content that
// would be sent, the plan's state and what sending does (create, update, replace); and when the plan read the wiki,
// the guard's verdict with the page's ID and version, so an edit on the wiki since the review changes the digest.
// A plan made without page access (a pull request from a fork gets no secrets) cannot say anything about the wiki:
// its digest is the "files-only" view, which leaves out what only the wiki can tell. A publish with page access can
// compute that view too, and its edit guard still holds back pages edited on the wiki.
import { decidedByAuthor, guardedPage } from './guard';
import { sendKind, type PlanItem } from './plan';
import { sha256Hex } from '../util/sha256';

/** One entry of the plan: a file (flat runs, files that name their own page) or a page of a tree. */
export interface DigestEntry {
  /** Unique in the plan: the file's label, or the tree page's path (a folder page's ends with "/"). */
  key: string;
  item: PlanItem;
  /** For a page of a tree: its parent's path in the tree (the parent's ID may not exist before sending). */
  treeParent?: string;
}

export interface PlanFingerprint {
  /** SHA-256 (64 hex) of the canonical description. */
  digest: string;
  /** Whether the description includes what the wiki said (the plan had page access). */
  wikiChecked: boolean;
  /** Per entry key, the first ENTRY_HASH_LENGTH hex of its own hash: lets a publish say which files differ. */
  entries: Map<string, string>;
}

/** The format of the description; a change to what the digest covers changes it. */
const FORMAT = 'wiki-publisher plan digest v1';
export const ENTRY_HASH_LENGTH = 16;
/** The short form people see (48 bits); `--expect-plan` takes it or any longer prefix, the action the whole digest. */
export const SHORT_DIGEST_LENGTH = 12;

export function planFingerprint(entries: readonly DigestEntry[], options: { wiki: boolean }): PlanFingerprint {
  const hashed = entries.map((entry) => ({ key: entry.key, hash: sha256(JSON.stringify(describeEntry(entry, options.wiki))) }));
  hashed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const lines = [FORMAT, `wiki ${options.wiki ? 'checked' : 'not checked'}`];
  for (const { key, hash } of hashed) lines.push(`${JSON.stringify(key)} ${hash}`);
  let entryHashes: Map<string, string> | undefined;
  return {
    digest: sha256(lines.join('\n')),
    wikiChecked: options.wiki,
    // Made when first asked for: a dry run printed as text says only the digest, and a map of 10,000 entries cost a
    // tenth of the fingerprint.
    get entries(): Map<string, string> {
      entryHashes ??= new Map(hashed.map(({ key, hash }) => [key, hash.slice(0, ENTRY_HASH_LENGTH)]));
      return entryHashes;
    },
  };
}

export function shortDigest(digest: string): string {
  return digest.slice(0, SHORT_DIGEST_LENGTH);
}

/** Whether `expected` (a full digest or a prefix of at least SHORT_DIGEST_LENGTH hex) names `digest`. */
export function digestMatches(expected: string, digest: string): boolean {
  const wanted = expected.trim().toLowerCase();
  return /^[0-9a-f]+$/.test(wanted) && wanted.length >= SHORT_DIGEST_LENGTH && digest.startsWith(wanted);
}

/** What one entry contributes, as an array (a fixed order, so equal plans give equal text). */
function describeEntry(entry: DigestEntry, wiki: boolean): unknown[] {
  const { item } = entry;
  // A page whose latest version is explained only if the publishing account made it: the plan may not know that
  // account (no import token on a pull request), the publish does. Both describe the page and its version, and leave
  // sending it or not to the publish's guard, so the plan is honoured whichever it could tell; an edit since the
  // review still changes the version. A page taken as the file's own that way turned its create into an update: the
  // target is described as planned, before the wiki was read, as a plan that could not tell has it.
  const byAuthor = wiki && decidedByAuthor(item.guard);
  // Files only: the plan as it was before the wiki was read, which is all a plan without page access knows.
  const planned = (!wiki || byAuthor) && item.beforeWiki ? item.beforeWiki : item;
  const target = planned.complete ?? item.target;
  const files = [
    entry.key, entry.treeParent ?? null,
    target.spaceId ?? null, target.parentId ?? null, target.pageTitle ?? null, target.overwrite ?? null,
    item.contentSha256, byAuthor ? 'byAuthor' : stateOf(item, planned.state, wiki),
  ];
  if (!wiki) return files;
  const page = guardedPage(item.guard);
  const kind = item.state === 'send' && !byAuthor ? sendKind(item) : null;
  const pageId = page?.id ?? (item.guard?.kind === 'deleted' ? item.guard.pageId : null);
  return [...files, kind, byAuthor ? 'byAuthor' : (item.guard?.kind ?? null), pageId, page?.version ?? null];
}

/**
 * The plan's state, with 'incomplete' counted as refused. Without the wiki, a refusal whose only reason is the
 * missing page access (a tree's new pages) is what the repository asks for: a publish with access sends it. And
 * without the wiki no page is known to be edited there: 'edited' is the guard's verdict, which the publish still
 * applies, so a review without page access is honoured on the files it saw (the edited page is left out).
 */
function stateOf(item: PlanItem, state: PlanItem['state'], wiki: boolean): string {
  if (state === 'incomplete') return 'refused';
  if (wiki) return state;
  if (state === 'refused' && item.refusals.length > 0 && item.refusals.every((refusal) => refusal.code === 'noPageAccess')) return 'send';
  return state === 'edited' ? 'send' : state;
}

function sha256(text: string): string {
  return sha256Hex(text);
}
