// `publish --expect-plan DIGEST` (or @FILE with the reviewed plan's Markdown or --json output): the plan computed now,
// after the edit guard, must be the reviewed one, else nothing is sent (exit code 3) and the run says what differs.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describeError } from '../core/log/redact';
import { checkReviewedPlan, type PlanCheck, type ReviewedPlan } from '../core/run/planCheck';
import { shortDigest } from '../core/run/planDigest';
import { counted } from './counted';
import { EXIT_PLAN_CHANGED, EXIT_USAGE } from './exitCodes';
import type { Output } from './output';
import type { PlanViews } from './planFingerprint';
import { reviewedPlanFromText } from './planMarkers';
import type { PlanRecord } from './fileRecords';

export interface ExpectPlanDeps {
  cwd: string;
  output: Output;
  json: boolean;
  /** The plan as it is now, for the records of a refused run (the action's summary shows it). */
  planRecords(): PlanRecord[];
}

/** Undefined when there is nothing to check or the plan is the reviewed one; else the exit code (nothing was sent). */
export async function refuseUnreviewedPlan(expected: string | undefined, views: PlanViews, deps: ExpectPlanDeps): Promise<number | undefined> {
  if (expected === undefined) return undefined;
  const reviewed = await readReviewedPlan(expected, deps.cwd);
  if (!reviewed.ok) {
    deps.output.problem(`${reviewed.message} (see wiki-publisher --help)`);
    return EXIT_USAGE;
  }
  const check = checkReviewedPlan(reviewed.plan, views);
  const record = checkRecord(reviewed.plan, check);
  deps.output.record(record);
  if (deps.json) deps.output.json(record);
  if (check.matched) {
    const landed = check.landed === undefined ? '' : ` (${counted(check.landed.length, 'file', 'files')} of it published as reviewed by an earlier run of it)`;
    // The reviewed digest, not this plan's: after an earlier run of it published part of it, this plan's digest is
    // another one (those files are unchanged now), and naming it read as a plan nobody reviewed.
    deps.output.problem(`The plan is the reviewed one (digest ${shortDigest(reviewed.plan.digest)}): publishing it${landed}.`);
    return undefined;
  }
  for (const line of refusalLines(reviewed.plan, check)) deps.output.problem(line);
  for (const plan of deps.planRecords()) {
    deps.output.record(plan);
    if (deps.json) deps.output.json(plan);
  }
  const summary = { type: 'summary', dryRun: false, interrupted: false, exitCode: EXIT_PLAN_CHANGED, planChanged: true, files: check.fingerprint.entries.size };
  deps.output.record(summary);
  if (deps.json) deps.output.json(summary);
  else deps.output.line(`Not published: the plan changed since it was reviewed (now ${shortDigest(check.fingerprint.digest)}); nothing was sent.`);
  return EXIT_PLAN_CHANGED;
}

type Reviewed = { ok: true; plan: ReviewedPlan } | { ok: false; message: string };

async function readReviewedPlan(expected: string, cwd: string): Promise<Reviewed> {
  if (!expected.startsWith('@')) return reviewedPlanFromText(expected);
  const path = expected.slice(1);
  let text: string;
  try {
    text = await readFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    return { ok: false, message: `--expect-plan: the reviewed plan ${path} could not be read: ${describeError(error)}` };
  }
  const parsed = reviewedPlanFromText(text);
  return parsed.ok ? parsed : { ok: false, message: `--expect-plan: ${path}: ${parsed.message}` };
}

function checkRecord(reviewed: ReviewedPlan, check: PlanCheck): Record<string, unknown> {
  return {
    type: 'planCheck', matched: check.matched, expected: reviewed.digest, digest: check.fingerprint.digest, wikiChecked: check.fingerprint.wikiChecked,
    ...(check.matched ? (check.landed ? { landed: check.landed } : {}) : { reason: check.reason, differences: check.differences }),
  };
}

function refusalLines(reviewed: ReviewedPlan, check: Extract<PlanCheck, { matched: false }>): string[] {
  if (check.reason === 'wikiUnknown') {
    return ['Not published: the reviewed plan read the wiki, and this run has no page access, so it cannot tell whether pages were edited on the wiki since. Nothing was sent. Give the publish job the page access the plan job had.'];
  }
  const lines = [`Not published: the plan changed since it was reviewed (reviewed ${shortDigest(reviewed.digest)}, now ${shortDigest(check.fingerprint.digest)}${check.fingerprint.wikiChecked ? ', wiki read' : ', files only'}). Nothing was sent.`];
  if (check.differences.length > 0) {
    for (const difference of check.differences.slice(0, 50)) lines.push(`  ${CHANGE_WORDS[difference.change]}: ${difference.key}`);
    if (check.differences.length > 50) lines.push(`  ... and ${check.differences.length - 50} more`);
  } else if (reviewed.entries) {
    lines.push('  Every file is as reviewed; what differs is the plan as a whole (the view of the wiki).');
  } else if (reviewed.wikiChecked === undefined) {
    lines.push('  Which files differ is not known: only the digest was given (pass the reviewed plan\'s Markdown or --json output as --expect-plan @FILE to see them). A publish of this plan that stopped part-way goes on with the rest when given the reviewed plan\'s Markdown or --json output.');
  } else {
    // A plan's Markdown leaves out the per-file hashes when they would not fit a pull request comment.
    lines.push('  Which files differ is not known: the reviewed plan holds its digest but not each file\'s hash (a plan of this many files leaves them out of its Markdown); its --json output has them.');
  }
  lines.push('Review the plan again (re-run the plan on the pull request, or `wiki-publisher plan`) and publish with its digest.');
  return lines;
}

const CHANGE_WORDS: Record<'changed' | 'added' | 'removed', string> = {
  changed: 'changed since the review (content, target or what the wiki holds)',
  added: 'not in the reviewed plan',
  removed: 'in the reviewed plan, not in this one',
};
