// Every way a read of the wiki's page routes can fail, as one error type the editor switches on. A 404 is not
// an error (the page is missing or hidden: callers get undefined). Messages are fixed text passed through redact().
import { redact } from '../log/redact';

export type WikiReadErrorKind =
  | 'network'
  | 'timeout'
  /** 401 or 403 from the wiki, or no usable export sign-in. */
  | 'unauthorized'
  | 'server'
  /** Not the JSON expected, a redirect, or a pagination link that leaves the wiki. */
  | 'protocol'
  | 'cancelled'
  /** The wiki address setting is missing or unsafe. */
  | 'config';

export class WikiReadError extends Error {
  constructor(
    readonly kind: WikiReadErrorKind,
    message: string,
    readonly details: { status?: number; cause?: unknown } = {},
  ) {
    super(redact(message));
    this.name = 'WikiReadError';
  }
}

export function isWikiReadError(error: unknown, kind?: WikiReadErrorKind): error is WikiReadError {
  return error instanceof WikiReadError && (kind === undefined || error.kind === kind);
}
