// Every way exporting a page can fail, as one error type the editor switches on to pick a message and actions.
// Messages are fixed text passed through redact(); they never carry a token. The sentence is kept as a function of
// the catalogue: `message` is the English one (logs, the command line), and the editor asks `wordedIn` for its own.
import { redact } from '../log/redact';
import { englishExportMessages, type ExportMessages } from '../messages/exportMessages';


/** One sentence of the export catalogue, with its data. */
export type ExportSentence = (messages: ExportMessages) => string;

export type ExportErrorKind =
  /** No export session, or it is dead (the user must sign in, or sign in again). */
  | 'notSignedIn'
  /** The export API rejected the access token even after one refresh. */
  | 'unauthorized'
  /** 403: the sign-in lacks the export scope, or the user may not export this page. */
  | 'forbidden'
  /** 404: no such page, or hidden from this user. */
  | 'notFound'
  | 'rateLimited'
  | 'server'
  | 'network'
  | 'timeout'
  /** The ZIP is unreadable, too large, has an unsafe entry path or no Markdown file. */
  | 'archive'
  /** The answer was not the JSON expected, or a redirect. */
  | 'protocol'
  | 'cancelled'
  /** The export API address is missing or unsafe, or the page ID is not one. */
  | 'config';

export class ExportError extends Error {
  constructor(
    readonly kind: ExportErrorKind,
    readonly sentence: ExportSentence,
    readonly details: { status?: number; retryAfterMs?: number; attempts?: number; cause?: unknown } = {},
  ) {
    super(redact(sentence(englishExportMessages)));
    this.name = 'ExportError';
  }

  /** The message in another catalogue's words (the editor's), redacted like `message`. */
  wordedIn(messages: ExportMessages): string {
    return redact(this.sentence(messages));
  }
}
