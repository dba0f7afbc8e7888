// The plan digest (issue 16): a SHA-256 over a canonical, sorted description of what a run would send, so a publish
// can refuse to send anything but the plan a reviewer saw (`--expect-plan`). It covers, per file: its path (for a page
// tree, the page's place in the tree), the target (space, parent, title), overwrite, the SHA-256 of the content that
// would be sent, the plan's state and what sending does (create, or onto which page); and when the plan read the wiki,
// the guard's verdict with the page's ID and version, so an edit on the wiki since the review changes the digest.
// A plan made without page access (a pull request from a fork gets no secrets) cannot say anything about the wiki:
// its digest is the "files-only" view, which leaves out what only the wiki can tell. A publish with page access can
// compute that view too, and its edit guard still holds back pages edited on the wiki.
// Whether a file is skipped as unchanged, and whether a page is known as the file's own by its link, is the memory of
// the machine that plans (its --state record), not what the repository asks for: a merge request's plan job often
// reads no record (GitLab keeps the caches of protected and unprotected branches apart; a GitHub cache is evicted)
// while the publish reads the one its last publish wrote. So the description says what the wiki ends up with, not how
// this machine knows it: an unchanged file is described as sending its content, and in the wiki view a file whose
// content goes onto a page found at a known version (its own, by link or by author, or one replaced by overwrite), or
// that is unchanged and whose page the wiki still holds at the version its last publish left, is described by that
// page and version alone (existingPageOf). The edit guard of the publish still decides what it sends.
import { createHash } from 'node:crypto';
import { guardedPage } from './guardVerdict';
import { refusedForWantOfWiki, sendKind } from './plan';
import type { PlanItem } from './planItem';
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
  /** The entries described, by key (planLanded.ts describes some of them again as they were before a send landed). */
  sources: ReadonlyMap<string, DigestEntry>;
}

/** The format of the description; a change to what the digest covers changes it. */
const FORMAT = 'wiki-publisher plan digest v4';
export const ENTRY_HASH_LENGTH = 16;
/** How much of the description is handed to the hash at once (characters). */
const DIGEST_CHUNK = 64 * 1024;
/** The short form people see (48 bits); `--expect-plan` takes it or any longer prefix, the action the whole digest. */
export const SHORT_DIGEST_LENGTH = 12;

export function planFingerprint(entries: readonly DigestEntry[], options: { wiki: boolean }): PlanFingerprint {
  const sorted = [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const described = sorted.map((entry) => JSON.stringify(describeEntry(entry, options.wiki)));
  // The description's lines, hashed as they are made: the header, then one line per entry (its key as JSON and its
  // description as JSON), joined by newlines. Fed some 64 KB at a time: joined first, a plan of 10,000 entries made a
  // list of 10,000 lines and their text only to hash it once; fed line by line, it crossed into the hash 10,000 times.
  // An entry's own hash is made only when asked for (v2 hashed every entry to hash the list of those hashes: 10,000
  // more hashes for a dry run printed as text, which shows only the digest).
  const digest = createHash('sha256').update(`${FORMAT}\nwiki ${options.wiki ? 'checked' : 'not checked'}`, 'utf8');
  let pending = '';
  for (let index = 0; index < sorted.length; index++) {
    pending += `\n${JSON.stringify((sorted[index] as DigestEntry).key)} ${described[index] as string}`;
    if (pending.length >= DIGEST_CHUNK) {
      digest.update(pending, 'utf8');
      pending = '';
    }
  }
  digest.update(pending, 'utf8');
  let entryHashes: Map<string, string> | undefined;
  let sourcesByKey: Map<string, DigestEntry> | undefined;
  return {
    digest: digest.digest('hex'),
    wikiChecked: options.wiki,
    // Made when first asked for: a dry run printed as text says only the digest.
    get entries(): Map<string, string> {
      entryHashes ??= new Map(sorted.map((entry, index) => [entry.key, sha256(described[index] as string).slice(0, ENTRY_HASH_LENGTH)]));
      return entryHashes;
    },
    // Made once, when a reviewed plan's differences are looked at (planLanded.ts asks it for each).
    get sources(): ReadonlyMap<string, DigestEntry> {
      sourcesByKey ??= new Map(sorted.map((entry) => [entry.key, entry]));
      return sourcesByKey;
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
export function describeEntry(entry: DigestEntry, wiki: boolean): unknown[] {
  const { item } = entry;
  // Files only: the plan as it was before the wiki was read, which is all a plan without page access knows.
  const planned = !wiki && item.beforeWiki ? item.beforeWiki : item;
  const target = planned.complete ?? item.target;
  const onto = wiki ? existingPageOf(item) : undefined;
  // A page held as edited is described by what the wiki says of it (the page, its version, the verdict): whether a
  // send would have replaced or updated it is how this machine knew the page was the file's (a --state record says
  // update, a page found by its notice without one replace), and nothing is sent to it either way.
  const overwrite = wiki && item.state === 'edited' && guardedPage(item.guard) !== undefined ? 'held' : (target.overwrite ?? null);
  const files = [
    entry.key, entry.treeParent ?? null,
    target.spaceId ?? null, target.parentId ?? null, target.pageTitle ?? null, overwrite,
    item.contentSha256, onto ? 'onto' : stateOf(item, planned.state, wiki),
  ];
  if (!wiki) return files;
  if (onto) return [...files, null, 'onto', onto.id, onto.version];
  // An unchanged file not known to be on its page as it left it says the version found, so that an edit there changes it.
  const page = guardedPage(item.guard) ?? item.pageFound;
  const kind = item.state === 'send' ? sendKind(item) : null;
  const pageId = page?.id ?? (item.guard?.kind === 'deleted' ? item.guard.pageId : null);
  return [...files, kind, item.guard?.kind ?? (item.state === 'unchanged' ? 'unchanged' : null), pageId, page?.version ?? null];
}

/**
 * With the wiki read, the page at a known version that the file's content goes onto, or already is on, however this
 * machine knows it: a send the guard found as this tool left it, or replacing a page by overwrite; an unchanged file's
 * page, which the wiki holds at that version with this content (its notice says so, or this machine's record of the
 * version it left). A plan that read no --state record and a publish that did (or the reverse) describe the same result
 * alike: the page and its version, which an edit on the wiki still changes. Not a page edited on the wiki and held
 * back, a create, a deleted page made anew, or a file the plan leaves out: those stay what they are.
 */
function existingPageOf(item: PlanItem): { id: string; version: number } | undefined {
  if (item.state === 'unchanged') return item.pageFound;
  const page = guardedPage(item.guard);
  if (!page) return undefined;
  // Without overwrite a send is a create (sendKind), which a page in its place refuses: not onto that page.
  const sent = item.state === 'send' && item.complete?.overwrite === true && (item.guard?.kind === 'asLeft' || item.guard?.kind === 'notOurs');
  return sent ? { id: page.id, version: page.version } : undefined;
}

/**
 * The plan's state, with 'incomplete' counted as refused. Without the wiki, a refusal whose only reason is the
 * missing page access (a tree's new pages) is what the repository asks for: a publish with access sends it. And
 * without the wiki no page is known to be edited there: 'edited' is the guard's verdict, which the publish still
 * applies, so a review without page access is honoured on the files it saw (the edited page is left out).
 */
function stateOf(item: PlanItem, state: PlanItem['state'], wiki: boolean): string {
  if (state === 'incomplete') return 'refused';
  // Skipping a file whose content this machine's record says is on its page already is that machine's memory: the
  // same content to the same target is the same reviewed result.
  if (state === 'unchanged') return 'send';
  if (wiki) return state;
  if (state === 'refused' && refusedForWantOfWiki(item)) return 'send';
  return state === 'edited' ? 'send' : state;
}

/** An entry's own hash, as PlanFingerprint.entries gives it, of its description. */
export function entryHash(description: readonly unknown[]): string {
  return sha256(JSON.stringify(description)).slice(0, ENTRY_HASH_LENGTH);
}

function sha256(text: string): string {
  return sha256Hex(text);
}
