// The plan's digest travels with its Markdown (the pull request's comment, the job summary) as two HTML comments that
// do not show: the digest with the view it covers, and each entry's own hash, so a publish given the reviewed text
// can say which files differ. A title or path in the visible text can never forge them: the Markdown renderer turns
// every "<" from a file into "&lt;".
import type { ReviewedPlan } from '../core/run/planCheck';

const DIGEST_MARKER = /<!--\s*wiki-publisher-plan-digest:\s*([0-9a-f]{64})\s+wiki:\s*(checked|not-checked)\s*-->/g;
const ENTRIES_MARKER = /<!--\s*wiki-publisher-plan-entries:\s*([A-Za-z0-9_-]*)\s*-->/g;
/** Beyond this the per-file hashes are left out (a pull request comment holds at most 65,536 characters). */
const MAX_ENTRIES_CHARS = 24_000;

export interface PlanSummary {
  digest: string;
  wikiChecked: boolean;
  entries: Record<string, string>;
}

export function planMarkers(plan: PlanSummary): string {
  const digest = `<!-- wiki-publisher-plan-digest: ${plan.digest} wiki: ${plan.wikiChecked ? 'checked' : 'not-checked'} -->`;
  const encoded = Buffer.from(JSON.stringify(Object.entries(plan.entries)), 'utf8').toString('base64url');
  return encoded.length <= MAX_ENTRIES_CHARS ? `${digest}\n<!-- wiki-publisher-plan-entries: ${encoded} -->` : digest;
}

export type ReviewedText = { ok: true; plan: ReviewedPlan } | { ok: false; message: string };

/**
 * The reviewed plan from what a reviewer saw: a bare digest, the plan's Markdown (its markers), or a dry run's --json
 * output (its summary). More than one different digest in one text is refused: it names no single plan.
 */
export function reviewedPlanFromText(text: string): ReviewedText {
  const bare = text.trim();
  if (/^[0-9a-fA-F]{12,64}$/.test(bare)) return { ok: true, plan: { digest: bare.toLowerCase() } };
  const found = [...fromMarkers(text), ...fromJsonLines(text)];
  const digests = new Set(found.map((plan) => plan.digest));
  if (digests.size > 1) return { ok: false, message: 'The reviewed plan holds more than one plan digest; give the one plan that was reviewed.' };
  const [plan] = found;
  if (!plan) return { ok: false, message: 'No plan digest found in the reviewed plan (expected the Markdown of `wiki-publisher plan`, a dry run\'s --json output, or the digest itself).' };
  return { ok: true, plan };
}

function fromMarkers(text: string): ReviewedPlan[] {
  const digests = [...text.matchAll(DIGEST_MARKER)];
  const entries = [...text.matchAll(ENTRIES_MARKER)].map((match) => decodeEntries(match[1] ?? ''));
  return digests.map((match) => {
    const plan: ReviewedPlan = { digest: match[1] as string, wikiChecked: match[2] === 'checked' };
    return digests.length === 1 && entries.length === 1 && entries[0] ? { ...plan, entries: entries[0] } : plan;
  });
}

function decodeEntries(encoded: string): Map<string, string> | undefined {
  try {
    const pairs = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(pairs) || !pairs.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string'))) return undefined;
    return new Map(pairs as Array<[string, string]>);
  } catch {
    return undefined;
  }
}

function fromJsonLines(text: string): ReviewedPlan[] {
  const plans: ReviewedPlan[] = [];
  for (const line of text.split('\n')) {
    if (!line.trimStart().startsWith('{')) continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      continue;
    }
    const plan = (record as { type?: unknown; plan?: Partial<PlanSummary> }).type === 'summary' ? (record as { plan?: Partial<PlanSummary> }).plan : undefined;
    if (plan && typeof plan.digest === 'string' && /^[0-9a-f]{64}$/.test(plan.digest) && typeof plan.wikiChecked === 'boolean') {
      const entries = plan.entries && typeof plan.entries === 'object' ? new Map(Object.entries(plan.entries).filter((pair): pair is [string, string] => typeof pair[1] === 'string')) : undefined;
      plans.push({ digest: plan.digest, wikiChecked: plan.wikiChecked, ...(entries ? { entries } : {}) });
    }
  }
  return plans;
}
