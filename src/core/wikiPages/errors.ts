// Every way a read of the wiki's page routes can fail, as one error type the editor switches on. A 404 is not
// an error (the page is missing or hidden: callers get undefined). Messages are fixed text passed through redact().
// The sentence is kept as a function of the catalogue: `message` is the English one (logs, the command line), and
// the editor asks `wordedIn` for its own.
import { redact } from '../log/redact';
import { englishPageRouteMessages, type PageRouteMessages } from '../messages/pageRouteMessages';


/** One sentence of the page routes' catalogue, with its data. */
export type PageRouteSentence = (messages: PageRouteMessages) => string;

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
    readonly sentence: PageRouteSentence,
    readonly details: { status?: number; cause?: unknown } = {},
  ) {
    super(redact(sentence(englishPageRouteMessages)));
    this.name = 'WikiReadError';
  }

  /** The message in another catalogue's words (the editor's), redacted like `message`. */
  wordedIn(messages: PageRouteMessages): string {
    return redact(this.sentence(messages));
  }
}
