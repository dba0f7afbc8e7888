// What the Wiki Pages view says besides its rows. Empty, it shows one of package.json's welcome texts, each with the
// button that fixes it (chosen by the context key wikiPublisher.pages.welcome): no folder, no endpoint, no token,
// nothing published yet (with Sign In beside it when not signed in). With rows, its message line says what is
// missing or failed: no sign-in (changes on the wiki need it), a read that failed, manifests it could not read.
import * as vscode from 'vscode';
import { readApiToken, type SecretReader } from '../../core/apiToken/tokenSource';
import type { WikiPagesClient } from '../../core/wikiPages';
import { importEndpointSetting } from '../publish/publishSettings';
import type { WikiAccess } from '../wiki/wikiAccess';

export type Welcome = 'noFolder' | 'noEndpoint' | 'noToken' | 'nothingPublished' | undefined;

export const WELCOME_CONTEXT = 'wikiPublisher.pages.welcome';
export const HAS_MODIFIED_CONTEXT = 'wikiPublisher.pages.hasModified';

export interface ViewSetup {
  endpointSet: boolean;
  tokenSet: boolean;
  /** The page routes, when signed in to the export API. */
  pages: WikiPagesClient | undefined;
}

export async function readSetup(deps: { secrets: SecretReader; env: Record<string, string | undefined>; wiki: WikiAccess }): Promise<ViewSetup> {
  const token = await readApiToken(deps.secrets, deps.env).catch(() => undefined);
  const pages = await deps.wiki.pages().catch(() => undefined);
  return {
    endpointSet: (importEndpointSetting() ?? '').trim() !== '',
    tokenSet: token !== undefined,
    pages,
  };
}

/** The welcome text for an empty view, or undefined when the view has rows. */
export function welcomeOf(setup: ViewSetup, anythingPublished: boolean): Welcome {
  if ((vscode.workspace.workspaceFolders ?? []).length === 0) return 'noFolder';
  if (anythingPublished) return undefined;
  if (!setup.endpointSet) return 'noEndpoint';
  if (!setup.tokenSet) return 'noToken';
  return 'nothingPublished';
}

export interface MessageFacts {
  setup: ViewSetup;
  readFailure: string | undefined;
  truncated: boolean;
  manifestProblems: readonly string[];
}

/** The line above the rows, or undefined when all is well. */
export function viewMessage(facts: MessageFacts): string | undefined {
  const { setup } = facts;
  const lines: string[] = [];
  if (!setup.pages) lines.push(vscode.l10n.t('Not signed in to the export API: changes made on the wiki are not shown (Sign In above).'));
  else if (facts.readFailure) lines.push(vscode.l10n.t('The wiki could not be read ({0}); only changes made here are shown.', facts.readFailure));
  if (!setup.endpointSet) lines.push(vscode.l10n.t('No import endpoint is set: publishing needs one.'));
  else if (!setup.tokenSet) lines.push(vscode.l10n.t('No API token is set: publishing needs one.'));
  if (facts.truncated) lines.push(vscode.l10n.t('The workspace has more Markdown files than the view lists; only the first ones are shown.'));
  lines.push(...facts.manifestProblems);
  return lines.length > 0 ? lines.join(' ') : undefined;
}
