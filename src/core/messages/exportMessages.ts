// What reading a page through the export API says when it fails (Compare with Wiki Page, Open Wiki Page as
// Markdown): the request, its answer and the archive. It speaks of the sign-in too (a token that could not be had),
// so it holds the sign-in catalogue. An ExportError keeps its sentence as a function of this catalogue.
import { englishSignInMessages, type SignInMessages } from './signInMessages';

export interface ExportMessages extends SignInMessages {
  exportNotAPageId(): string;
  exportNotConfigured(settingName: string): string;
  exportUnusableAddress(settingName: string): string;
  exportTimedOut(seconds: number): string;
  exportUnreachable(detail: string): string;
  exportUnauthorized(): string;
  exportForbidden(): string;
  exportNotFound(): string;
  exportRateLimited(): string;
  exportFailing(status: number): string;
  exportRedirected(status: number): string;
  exportStatus(status: number): string;

  answerTooLarge(): string;
  answerNotJson(): string;
  answerNotExpectedJson(): string;
  answerNoSuccess(): string;
  answerOtherPage(pageId: string): string;
  answerNoArchive(): string;

  archiveNotZip(): string;
  archiveNoMarkdown(): string;
  /** The export's Markdown is not UTF-8 text: nothing is compared or merged, rather than its letters turned to replacement characters. */
  archiveNotUtf8(): string;
  archiveDamaged(): string;
  archiveMarkdownIncomplete(): string;
  archiveUnsafeEntry(): string;
  archiveTooLarge(megabytes: number): string;

  /** `detail` is the sign-in's own sentence. */
  exportSignInUnusable(detail: string): string;
}

export const englishExportMessages: ExportMessages = {
  ...englishSignInMessages,
  exportNotAPageId: () => 'A page ID is a number, such as 123456.',
  exportNotConfigured: (settingName) => `The export API address is not configured. Set ${settingName} in your user settings.`,
  exportUnusableAddress: (settingName) => `${settingName} does not give a usable address.`,
  exportTimedOut: (seconds) => `The export API did not answer within ${seconds} s.`,
  exportUnreachable: (detail) => `Could not reach the export API: ${detail}`,
  exportUnauthorized: () => 'The export API rejected the sign-in even after refreshing it (HTTP 401). Sign in again.',
  exportForbidden: () => 'The export API refused the export (HTTP 403): the sign-in lacks the export:markdown:custom permission, or you may not export this page.',
  exportNotFound: () => 'The export API found no such page (HTTP 404): it was deleted, or you may not see it.',
  exportRateLimited: () => 'The export API is limiting requests (HTTP 429). Try again in a minute.',
  exportFailing: (status) => `The export API is failing (HTTP ${status}). Try again later.`,
  exportRedirected: (status) => `The export API answered with a redirect (HTTP ${status}); it is not followed, so the sign-in never leaves the configured address.`,
  exportStatus: (status) => `The export API answered HTTP ${status}.`,

  answerTooLarge: () => 'The export archive was refused: the answer is larger than 50 MB of archive.',
  answerNotJson: () => 'The export API answered HTTP 200 with something that is not JSON.',
  answerNotExpectedJson: () => 'The export API answered HTTP 200 with something that is not the expected JSON.',
  answerNoSuccess: () => 'The export API answered HTTP 200 but did not report success.',
  answerOtherPage: (pageId) => `The export API answered with another page (${pageId}) than the one asked for.`,
  answerNoArchive: () => 'The export API answered HTTP 200 without an archive.',

  archiveNotZip: () => 'The export is not a readable ZIP archive.',
  archiveNoMarkdown: () => 'The export holds no Markdown file.',
  archiveNotUtf8: () => 'The export\'s Markdown is not UTF-8 text: read as it is, its letters would change, so nothing was compared or changed.',
  archiveDamaged: () => 'The export archive is damaged.',
  archiveMarkdownIncomplete: () => 'The export archive is damaged: its Markdown file is incomplete.',
  archiveUnsafeEntry: () => 'The export archive was refused: it holds an entry with an absolute path or a ".." segment.',
  archiveTooLarge: (megabytes) => `The export archive was refused: it would expand to more than ${megabytes} MB.`,

  exportSignInUnusable: (detail) => `Could not use the export sign-in: ${detail}`,
};
