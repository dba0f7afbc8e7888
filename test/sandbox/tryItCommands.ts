// The commands `npm run demo` and `npm run sandbox` print so a person can try the whole story against the running
// sandbox: the command line pointed at it (endpoint, a fresh token, page access for the edit guard) and a colleague's
// edit made "on the wiki". test/cli/demoCommands.test.ts runs them as printed.
import { randomBytes } from 'node:crypto';
import type { SandboxWorld } from './world';

/** A service account for the command line's page access (the edit guard in CI), seeing what alice sees. */
export interface CliServiceAccount {
  clientId: string;
  clientSecret: string;
}

export function addCliServiceAccount(world: SandboxWorld): CliServiceAccount {
  const account = { clientId: 'sandbox-ci', clientSecret: randomBytes(18).toString('base64url') };
  world.idp.registerServiceAccount({ ...account, scopes: ['read:platform-app:wiki'], owner: 'alice' });
  return account;
}

/** A shell command that prints a fresh 30-day sandbox token (alice's), and nothing else. */
export function freshTokenCommand(controlUrl: string): string {
  return `curl -s -X POST ${controlUrl}/token`;
}

/** Shell lines that point `wiki-publisher` at the sandbox, with page access (the edit guard, Pull's versions). */
export function cliEnvironmentLines(world: SandboxWorld, account: CliServiceAccount): string[] {
  const { sandbox, idp } = world;
  return [
    `export WIKI_PUBLISHER_ENDPOINT=${sandbox.importEndpoint}`,
    `export WIKI_PUBLISHER_API_TOKEN="$(${freshTokenCommand(sandbox.controlUrl)})"`,
    `export WIKI_PUBLISHER_AUTH_URL=${idp.authUrl} WIKI_PUBLISHER_BASE_URL=${sandbox.baseUrl}`,
    `export WIKI_PUBLISHER_CLIENT_ID=${account.clientId} WIKI_PUBLISHER_CLIENT_SECRET=${account.clientSecret}`,
  ];
}

/**
 * The platform's old rule turned on (`"inSpace": false` turns it off): the sandbox refuses a create whose title a page anywhere in the space
 * already has (a moved file's old page keeps its title), as the platform long did.
 */
export function uniqueTitlesCommand(controlUrl: string): string {
  return `curl -s -X POST ${controlUrl}/uniqueTitles -H 'Content-Type: application/json' -d '{"inSpace":true}'`;
}

/**
 * A colleague's edit of one line on the wiki (issue 83), as colleagues usually edit: the page gets a new version by
 * "wiki-editor" whose first paragraph line ends in " (edited on the wiki)", the rest of the page as it was.
 */
export function wikiEditCommand(controlUrl: string, pageId = '<page id>'): string {
  return `curl -s -X POST ${controlUrl}/pages/${pageId}/editLine`;
}

/**
 * Reads a page as the sandbox wiki holds it now: its title, version, who wrote that version and its Markdown (with the
 * publish notice apart), as JSON. What a colleague's edit changed, or what a publish sent, can be read there.
 */
export function readPageCommand(controlUrl: string, pageId = '<page id>'): string {
  return `curl -s ${controlUrl}/pages/${pageId}`;
}
