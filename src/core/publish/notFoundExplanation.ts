import type { NotFoundDiagnosis } from '../oauth/platformLookup';

/** Turns the platform lookups of spec 4.3 into one sentence saying which of space and parent is the problem. */
export function explainNotFound(diagnosis: NotFoundDiagnosis, space: string, parentId: string): string | undefined {
  if (diagnosis.tokenRejected) return undefined;
  const problems: string[] = [];
  if (diagnosis.space === 'missing') problems.push(`the space "${space}" does not exist or you cannot see it`);
  if (diagnosis.space === 'forbidden') problems.push(`you may not read the space "${space}"`);
  if (diagnosis.parent === 'missing') problems.push(`the parent page ${parentId} does not exist, was deleted, or you cannot see it`);
  if (diagnosis.parent === 'forbidden') problems.push(`you may not read the parent page ${parentId}`);
  if (problems.length > 0) return `The wiki says ${problems.join(', and ')}.`;
  if (diagnosis.space === 'found' && diagnosis.parent === 'found') {
    return `Both the space "${space}" and the parent page ${parentId} exist for you: check that the parent page is in that space, and that the API token's owner can see both.`;
  }
  return undefined;
}
