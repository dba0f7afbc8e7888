// Reading a page through the export API: its failures in the user's language (one literal vscode.l10n.t call per
// entry), typed as the core's catalogue so a missing entry does not compile.
import * as vscode from 'vscode';
import type { ExportMessages } from '../../core/messages/exportMessages';
import { editorSignInMessages } from './signInMessages';

export const editorExportMessages: ExportMessages = {
  ...editorSignInMessages,
  exportNotAPageId: () => vscode.l10n.t('A page ID is a number, such as 123456.'),
  exportNotConfigured: (settingName) => vscode.l10n.t('The export API address is not configured. Set {0} in your user settings.', settingName),
  exportUnusableAddress: (settingName) => vscode.l10n.t('{0} does not give a usable address.', settingName),
  exportTimedOut: (seconds) => vscode.l10n.t('The export API did not answer within {0} s.', seconds),
  exportUnreachable: (detail) => vscode.l10n.t('Could not reach the export API: {0}', detail),
  exportUnauthorized: () => vscode.l10n.t('The export API rejected the sign-in even after refreshing it (HTTP 401). Sign in again.'),
  exportForbidden: () => vscode.l10n.t('The export API refused the export (HTTP 403): the sign-in lacks the export:markdown:custom permission, or you may not export this page.'),
  exportNotFound: () => vscode.l10n.t('The export API found no such page (HTTP 404): it was deleted, or you may not see it.'),
  exportRateLimited: () => vscode.l10n.t('The export API is limiting requests (HTTP 429). Try again in a minute.'),
  exportFailing: (status) => vscode.l10n.t('The export API is failing (HTTP {0}). Try again later.', status),
  exportRedirected: (status) => vscode.l10n.t('The export API answered with a redirect (HTTP {0}); it is not followed, so the sign-in never leaves the configured address.', status),
  exportStatus: (status) => vscode.l10n.t('The export API answered HTTP {0}.', status),
  answerTooLarge: () => vscode.l10n.t('The export archive was refused: the answer is larger than 50 MB of archive.'),
  answerNotJson: () => vscode.l10n.t('The export API answered HTTP 200 with something that is not JSON.'),
  answerNotExpectedJson: () => vscode.l10n.t('The export API answered HTTP 200 with something that is not the expected JSON.'),
  answerNoSuccess: () => vscode.l10n.t('The export API answered HTTP 200 but did not report success.'),
  answerOtherPage: (pageId) => vscode.l10n.t('The export API answered with another page ({0}) than the one asked for.', pageId),
  answerNoArchive: () => vscode.l10n.t('The export API answered HTTP 200 without an archive.'),
  archiveNotZip: () => vscode.l10n.t('The export is not a readable ZIP archive.'),
  archiveNoMarkdown: () => vscode.l10n.t('The export holds no Markdown file.'),
  archiveNotUtf8: () => vscode.l10n.t('The export\'s Markdown is not UTF-8 text: read as it is, its letters would change, so nothing was compared or changed.'),
  archiveDamaged: () => vscode.l10n.t('The export archive is damaged.'),
  archiveMarkdownIncomplete: () => vscode.l10n.t('The export archive is damaged: its Markdown file is incomplete.'),
  archiveUnsafeEntry: () => vscode.l10n.t('The export archive was refused: it holds an entry with an absolute path or a ".." segment.'),
  archiveTooLarge: (megabytes) => vscode.l10n.t('The export archive was refused: it would expand to more than {0} MB.', megabytes),
  exportSignInUnusable: (detail) => vscode.l10n.t('Could not use the export sign-in: {0}', detail),
};
