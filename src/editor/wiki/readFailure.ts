import * as vscode from 'vscode';
import { isExportError } from '../../core/export/isExportError';
import { describeError } from '../../core/log/redact';
import type { Logger } from '../../core/ports';
import { readFailureText as wordedReadFailure } from '../../core/wikiPages/readFailureText';
import { isWikiReadError } from '../../core/wikiPages/isWikiReadError';
import { editorExportMessages } from '../messages/exportMessages';
import { editorPageRouteMessages } from '../messages/pageRouteMessages';
import { showError } from '../notify';

const SIGN_IN = vscode.l10n.t('Sign In');
const OPEN_SETTINGS = vscode.l10n.t('Open Settings');
const SHOW_LOG = vscode.l10n.t('Show Log');

/** A command that reads from the wiki: its name in the log (English, for support) and in messages (localized). */
export interface ReadingCommand {
  logName: string;
  title: string;
}

/** Tells the user why reading from the wiki failed, with the action that fixes it. Quiet for a cancel. */
export async function reportReadFailure(what: ReadingCommand, error: unknown, log: Logger): Promise<void> {
  if ((isExportError(error) || isWikiReadError(error)) && error.kind === 'cancelled') return;
  log.error(`${what.logName} failed: ${describeError(error)}`);
  const kind = isExportError(error) || isWikiReadError(error) ? error.kind : undefined;
  const actions =
    kind === 'notSignedIn' || kind === 'unauthorized' ? [SIGN_IN] : kind === 'config' ? [OPEN_SETTINGS] : [SHOW_LOG];
  const choice = await showError(vscode.l10n.t('{0} failed: {1}', what.title, readFailureText(error)), ...actions);
  if (choice === SIGN_IN) await vscode.commands.executeCommand('wikiPublisher.signIn');
  if (choice === OPEN_SETTINGS) await vscode.commands.executeCommand('workbench.action.openSettings', 'wikiPublisher.export');
  if (choice === SHOW_LOG) await vscode.commands.executeCommand('wikiPublisher.showLog');
}

/** The failure in the user's language: the core's errors keep their sentences as functions of the catalogue. */
function readFailureText(error: unknown): string {
  if (isExportError(error)) return error.wordedIn(editorExportMessages);
  return wordedReadFailure(error, editorPageRouteMessages);
}

/** Compare and Open read through the export sign-in; without it they explain that and offer Sign In. */
export async function requireSignIn(signedIn: boolean, what: ReadingCommand): Promise<boolean> {
  if (signedIn) return true;
  const choice = await showError(vscode.l10n.t('{0} reads the page through the wiki\'s export API, so it needs the export sign-in.', what.title), SIGN_IN);
  if (choice === SIGN_IN) await vscode.commands.executeCommand('wikiPublisher.signIn');
  return false;
}
