// Publishing only what was reviewed (issue 16): the plan is computed again at publish time, after the edit guard,
// and compared with the digest of the plan a reviewer saw. Anything but a match sends nothing. When the review left
// its per-file hashes too (the plan's Markdown carries them), the answer says which files differ.
import { digestMatches, type PlanFingerprint } from './planDigest';
import { landedEntryHashes } from './planLanded';

export interface ReviewedPlan {
  /** The reviewed digest: all 64 hex, or a prefix of at least 12. */
  digest: string;
  /** Whether the reviewed plan read the wiki; unknown for a bare digest. */
  wikiChecked?: boolean;
  /** The reviewed plan's per-entry hashes, when known. */
  entries?: ReadonlyMap<string, string>;
}

export interface PlanDifference {
  key: string;
  /** changed: in both plans, described differently; added: only in the plan now; removed: only in the reviewed one. */
  change: 'changed' | 'added' | 'removed';
}

export type PlanCheck =
  | {
    matched: true;
    fingerprint: PlanFingerprint;
    /** The entries an earlier run of this plan carried out already (planLanded.ts): they differ only by that. */
    landed?: string[];
  }
  | {
    matched: false;
    /** The plan now, in the view the review used when known (else with the wiki when there is page access). */
    fingerprint: PlanFingerprint;
    /** changed: the plan differs; wikiUnknown: the review read the wiki and this run cannot (no page access). */
    reason: 'changed' | 'wikiUnknown';
    /** Empty when the review left no per-file hashes. */
    differences: PlanDifference[];
  };

/**
 * `views.wiki` is the plan with what the wiki said (only with page access); `views.files` the files-only view, which
 * a review made without page access (a fork's pull request) matches.
 */
export function checkReviewedPlan(reviewed: ReviewedPlan, views: { wiki: PlanFingerprint | undefined; files: PlanFingerprint }): PlanCheck {
  const candidates = reviewed.wikiChecked === true ? [views.wiki] : reviewed.wikiChecked === false ? [views.files] : [views.wiki, views.files];
  for (const candidate of candidates) {
    if (candidate && digestMatches(reviewed.digest, candidate.digest)) return { matched: true, fingerprint: candidate };
  }
  if (reviewed.wikiChecked === true && !views.wiki) return { matched: false, fingerprint: views.files, reason: 'wikiUnknown', differences: [] };
  const fingerprint = (reviewed.wikiChecked === false ? views.files : views.wiki) ?? views.files;
  const entries = reviewed.entries;
  const differences = entries ? differencesOf(entries, fingerprint.entries) : [];
  // Each file as reviewed, some of them carried out by an earlier run of this plan: the rest of the reviewed plan.
  const landedAsReviewed = (difference: PlanDifference): boolean =>
    difference.change === 'changed' && entries !== undefined && landedEntryHashes(fingerprint, difference.key).includes(entries.get(difference.key) ?? '');
  const changed = differences.filter((difference) => !landedAsReviewed(difference));
  if (differences.length > 0 && changed.length === 0) return { matched: true, fingerprint, landed: differences.map((difference) => difference.key) };
  // Refused for the others: the files carried out as reviewed are not named as changed since the review.
  return { matched: false, fingerprint, reason: 'changed', differences: changed };
}

function differencesOf(reviewed: ReadonlyMap<string, string>, now: ReadonlyMap<string, string>): PlanDifference[] {
  const differences: PlanDifference[] = [];
  for (const [key, hash] of now) {
    const before = reviewed.get(key);
    if (before === undefined) differences.push({ key, change: 'added' });
    else if (before !== hash) differences.push({ key, change: 'changed' });
  }
  for (const key of reviewed.keys()) if (!now.has(key)) differences.push({ key, change: 'removed' });
  return differences.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
