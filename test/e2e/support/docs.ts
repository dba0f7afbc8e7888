// Markdown files the scenarios publish. Each is realistic enough to exercise the converter path
// (headings, lists, code, tables) and small enough to compare exactly with what the sandbox stored.
import * as assert from 'node:assert/strict';
import type { Session } from './session';

/** The Markdown after the front matter: exactly what the sandbox must hold. */
export const ONBOARDING_BODY = [
  '# Welcome aboard',
  '',
  'This page collects what a new team member needs in the first week.',
  '',
  '## First day',
  '',
  '- Get your laptop from the front desk',
  '- Join the `#team-docs` channel',
  '',
  '| Day | Topic |',
  '| --- | --- |',
  '| Mon | Tools & access |',
  '| Tue | "Quoted" things and back\\slashes |',
  '',
  '```bash',
  'npm ci && npm test',
  '```',
  '',
].join('\n');

/** Front matter that is not a publish target: it must be stripped but does not skip any prompt. */
export const ONBOARDING_FILE = `---\nauthor: dana\ntags: [onboarding, team]\n---\n${ONBOARDING_BODY}`;
export const ONBOARDING_TITLE = 'Welcome aboard';

export const UPDATED_ONBOARDING_BODY = ONBOARDING_BODY.replace('first week', 'first two weeks') + '\n## Second week\n\nPair with a buddy.\n';
export const UPDATED_ONBOARDING_FILE = `---\nauthor: dana\ntags: [onboarding, team]\n---\n${UPDATED_ONBOARDING_BODY}`;

export interface WikiTarget {
  spaceId: string;
  parentId: string;
  pageTitle: string;
  /** Left out unless given: the spec makes it optional. */
  overwrite?: boolean;
}

export const DOCS_HOME: Omit<WikiTarget, 'pageTitle'> = { spaceId: 'DOCS', parentId: '123456' };

export function apiGuideBody(title: string): string {
  return `# ${title}\n\nCall \`GET /v1/items\` to list items.\n\n1. Create a token\n2. Send it as a Bearer header\n`;
}

/** A file whose `wiki:` front matter names the whole target, so publishing asks nothing. */
export function targetedFile(target: WikiTarget, body = apiGuideBody(target.pageTitle)): string {
  return [
    '---',
    'wiki:',
    `  spaceId: ${target.spaceId}`,
    `  parentId: "${target.parentId}"`,
    `  pageTitle: ${JSON.stringify(target.pageTitle)}`,
    ...(target.overwrite === undefined ? [] : [`  overwrite: ${target.overwrite}`]),
    '---',
    body,
  ].join('\n');
}

/** A colleague's page under the documentation home, published with their own import token. */
export async function colleaguePublishes(session: Pick<Session, 'sandbox'>, pageTitle: string, content: string): Promise<void> {
  const token = session.sandbox.issueToken({ label: 'colleague' }).token;
  const seeded = await fetch(session.sandbox.importEndpoint, {
    method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ spaceId: 'DOCS', parentId: DOCS_HOME.parentId, pageTitle, content }),
  });
  assert.equal(seeded.status, 201);
}
