/** The import request body of spec 2.1. */
export interface ImportBody {
  spaceId: string;
  parentId: string;
  pageTitle: string;
  content: string;
  overwrite: boolean;
}

/** What one HTTP attempt produced, before any interpretation. */
export type AttemptResult =
  | {
      kind: 'response';
      status: number;
      /** The `body` member of the JSON answer (spec 2.2), when the answer was such JSON. */
      message: string | undefined;
      /** Why `message` is missing: no body at all, a body that is not the expected JSON, or one too large to read. */
      unreadable?: 'empty' | 'notJson' | 'tooLarge';
      /** With `tooLarge`: the limit the body went past. */
      limitBytes?: number;
      retryAfterMs?: number;
    }
  | {
      kind: 'network';
      detail: string;
      /** False when the connection was never made (refused, unknown host): the server cannot have acted on it. */
      reachedServer: boolean;
      /** Set when every attempt would fail the same way (an untrusted certificate): not retried. */
      permanent?: boolean;
    }
  | { kind: 'timeout' }
  | {
      kind: 'cancelled';
      /** False when no request was out (stopped before an attempt, or while waiting to retry): nothing can have landed. */
      inFlight?: false;
    };

/** The end of a publish: the last attempt's result and how many attempts it took. */
export interface ImportResult {
  last: AttemptResult;
  attempts: number;
  /** True when an attempt before the last may have reached the server (a 5xx, a reset, a timeout). */
  earlierAttemptMayHaveLanded: boolean;
}
