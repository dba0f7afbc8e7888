// The command line's side of the plan digest: which entries a flat or tree plan has, the two views (with what the
// wiki said, and files only), and how the digest is said in text and in the JSON summary.
import { planFingerprint, shortDigest, type DigestEntry, type PlanFingerprint } from '../core/run/planDigest';
import type { PlanItem } from '../core/run/plan';
import { unreadOnWiki } from '../core/run/guard';
import type { TreePlan } from '../core/tree/treePlan';

export interface PlanViews {
  /** The plan with what the wiki said; only with page access. */
  wiki: PlanFingerprint | undefined;
  /** Files only: what a plan without page access (a fork's pull request) can say. */
  files: PlanFingerprint;
  /** The one this run shows: with the wiki when it could read it. */
  shown: PlanFingerprint;
  /** Some lookup of the edit guard failed: the wiki was not read for every file, so `shown` is files only. */
  lookupFailed: boolean;
}

export function flatPlanEntries(plan: readonly PlanItem[]): DigestEntry[] {
  return plan.map((item) => ({ key: item.file.label, item }));
}

/** Files that name their own page, refused files, and the tree's pages with their parent's place in the tree. */
export function treePlanEntries(plan: Pick<TreePlan, 'refused' | 'pinned' | 'pages'>): DigestEntry[] {
  return [
    ...[...plan.refused, ...plan.pinned].map((item) => ({ key: item.file.label, item })),
    ...plan.pages.map((page) => ({ key: page.item.file.label, item: page.item, treeParent: page.node.parent ?? '' })),
  ];
}

/**
 * The plan shows the wiki's view only when it read the wiki for every file: a plan in which a lookup failed cannot
 * say whether that page was edited there, so it is shown (and reviewed) as files only, which a publish matches with
 * its own edit guard's verdicts, instead of a "checked" digest that no publish whose lookups work could match. An update
 * the guard held back for its failed lookup is described there as planned before the wiki (send): the publish's guard
 * sends it if its lookup works and finds the page as left, and holds it back again if it fails.
 */
export function planViews(entries: readonly DigestEntry[], pageAccess: boolean): PlanViews {
  const files = planFingerprint(entries, { wiki: false });
  const wiki = pageAccess ? planFingerprint(entries, { wiki: true }) : undefined;
  const lookupFailed = entries.some(({ item }) => unreadOnWiki(item.guard));
  return { wiki, files, shown: wiki && !lookupFailed ? wiki : files, lookupFailed };
}

/** The summary's `plan` member: the digest, whether it covers the wiki, and each entry's own hash. */
export function planSummaryField(fingerprint: PlanFingerprint): { plan: { digest: string; wikiChecked: boolean; entries: Record<string, string> } } {
  return {
    plan: {
      digest: fingerprint.digest, wikiChecked: fingerprint.wikiChecked,
      // Made when the summary is written out (JSON, or a record for a listener), not when it is built: a text plan of
      // 10,000 files prints only the digest, and an object of 10,000 keys cost more than printing it.
      get entries(): Record<string, string> {
        return Object.fromEntries(fingerprint.entries);
      },
    },
  };
}

/** The shown digest's line; `lookupFailed` (PlanViews): the wiki was not read because a lookup failed, not for want of page access. */
export function digestLine({ shown: fingerprint, lookupFailed }: Pick<PlanViews, 'shown' | 'lookupFailed'>): string {
  const covers = fingerprint.wikiChecked ? 'files, targets and the wiki\'s pages as the guard saw them'
    : `files and targets only: the wiki was not read (${lookupFailed ? 'a lookup failed' : 'no page access'})`;
  return `Plan digest: ${shortDigest(fingerprint.digest)} (${covers}). Publish exactly this plan with --expect-plan ${fingerprint.digest}`;
}
