import { englishPublishMessages, type PublishMessages } from '../messages/publishMessages';
import type { LookupOutcome, NotFoundDiagnosis } from '../oauth/platformLookup';
import type { PublishOutcome } from './outcome';

/**
 * Turns the platform lookups of spec 4.3 into one sentence: what was found of the space and of the parent page.
 * Undefined when the lookups could not tell (the token was rejected, or both lookups failed).
 */
export function explainNotFound(
  diagnosis: NotFoundDiagnosis,
  space: string,
  parentId: string,
  messages: PublishMessages = englishPublishMessages,
): string | undefined {
  if (diagnosis.tokenRejected) return undefined;
  if (diagnosis.space === 'found' && diagnosis.parent === 'found') return messages.bothFound(space, parentId);
  const spaceFinding = finding(diagnosis.space, messages.spaceFound, messages.spaceMissing, messages.spaceForbidden, space);
  const parentFinding = finding(diagnosis.parent, messages.parentFound, messages.parentMissing, messages.parentForbidden, parentId);
  const [first, second] = [spaceFinding, parentFinding].filter((found): found is string => found !== undefined);
  return first === undefined ? undefined : messages.lookedUp(first, second);
}

/**
 * A 404's message with the lookups' finding: the service's words and the finding say it once, in place of the
 * outcome's general explanation (which the finding makes redundant). Without a finding the outcome's message stands.
 */
export function notFoundMessage(outcome: PublishOutcome, finding: string | undefined): string {
  return finding !== undefined && outcome.said !== undefined ? `${outcome.said} ${finding}` : outcome.message;
}

function finding(
  outcome: LookupOutcome,
  found: (name: string) => string,
  missing: (name: string) => string,
  forbidden: (name: string) => string,
  name: string,
): string | undefined {
  switch (outcome) {
    case 'found':
      return found(name);
    case 'missing':
      return missing(name);
    case 'forbidden':
      return forbidden(name);
    case 'failed':
      return undefined;
  }
}
