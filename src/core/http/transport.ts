// The one way the core sends HTTP. The editor passes a transport over the network stack VS Code gives
// extensions (its proxy, PAC and system-certificate support); the command-line tool and the tests pass one over
// undici with the environment's proxy. Every implementation keeps the same rules: redirects are never followed
// (a 3xx comes back as a response), a loopback address never goes through a proxy, and the caller's signal
// aborts the request at once.

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The text sent as UTF-8: whole, or in pieces a transport may write one by one (PiecewiseBody). */
  body?: string | PiecewiseBody;
  signal?: AbortSignal;
  /**
   * The most bytes of answer body the caller takes: a transport stops reading past it, ends the response and rejects
   * text() with answerTooLargeError (networkError.ts). Each kind of request says what it needs (a small JSON answer,
   * an export's archive): a body read whole has no other bound, and one past V8's longest string crashes the process.
   */
  maxResponseBytes: number;
}

/**
 * A body made piece by piece as it is written, so a large one (a 5 MB page's JSON) is never one string, nor one buffer
 * of bytes, in memory. `pieces` makes it again each time it is asked: a retry sends the same bytes.
 */
export interface PiecewiseBody {
  /** The length of the whole body in UTF-8 bytes (its Content-Length). */
  readonly byteLength: number;
  pieces(): Iterable<string>;
}

/** The whole body as one string, for a transport that takes nothing else (the editor's fetch, undici). */
export function bodyText(body: string | PiecewiseBody): string {
  if (typeof body === 'string') return body;
  let text = '';
  for (const piece of body.pieces()) text += piece;
  return text;
}

const MIB = 1024 * 1024;

/** How much answer each kind of request takes (HttpRequest.maxResponseBytes); the export's is exportAnswer.ts's. */
export const ANSWER_LIMITS = {
  /**
   * The import service's answer and a token endpoint's: a JSON object of a sentence or of a few tokens. A megabyte
   * leaves room for the HTML error page of a proxy in front of them, which is reported by its status.
   */
  smallJson: MIB,
  /**
   * A page route's answer: up to 250 pages a request, with their storage-format bodies when the page state or the edit
   * guard asks for them. Generous for that, and well below V8's longest string (about 512 million characters), so that
   * an answer past it ends as a message, never as a crash.
   */
  pageRoute: 256 * MIB,
} as const;

export interface HttpResponse {
  status: number;
  /** Lower-case header names; the values of a repeated header are joined with ", " (as fetch does). */
  headers: Record<string, string | undefined>;
  /**
   * The whole body as UTF-8 text. Call once. The request's signal still aborts it (a body that stalls); a body over the
   * request's maxResponseBytes rejects it, unread.
   */
  text(): Promise<string>;
}

export interface Transport {
  /** Which network stack this is, for the log ("vscode", "undici"). */
  readonly name: string;
  /**
   * Sends one request. Rejects on a network failure or abort with an Error whose `cause` chain carries the system
   * error code (ECONNREFUSED, ...), so callers can tell "never connected" from "connection lost"
   * (networkError.ts builds it; failedBeforeConnecting() reads it).
   */
  send(request: HttpRequest): Promise<HttpResponse>;
}
