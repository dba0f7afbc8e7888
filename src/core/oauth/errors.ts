// Every way the export sign-in can fail, as one error type with a `kind` the editor switches on to pick a
// message and actions. Messages never contain a token: they are built from fixed text and pass redact().
// The sentence is kept as a function of the catalogue: `message` is the English one (logs, the command line), and
// the editor asks `wordedIn` for its own. The kinds (authErrorKind.ts) and the check (isExportAuthError.ts) live
// apart, so that start-up code imports them without this catalogue.
import { redact } from '../log/redact';
import { englishSignInMessages, type SignInMessages } from '../messages/signInMessages';
import type { ExportAuthErrorKind } from './authErrorKind';

export type { ExportAuthErrorKind } from './authErrorKind';

/** One sentence of the sign-in catalogue, with its data. */
export type SignInSentence = (messages: SignInMessages) => string;

const RETRYABLE: ReadonlySet<ExportAuthErrorKind> = new Set(['busy', 'network', 'rateLimited', 'serverError']);

export class ExportAuthError extends Error {
  readonly retryable: boolean;

  constructor(
    readonly kind: ExportAuthErrorKind,
    readonly sentence: SignInSentence,
    readonly details: { status?: number; retryAfterMs?: number } = {},
  ) {
    super(redact(sentence(englishSignInMessages)));
    this.name = 'ExportAuthError';
    this.retryable = RETRYABLE.has(kind);
  }

  /** The message in another catalogue's words (the editor's), redacted like `message`. */
  wordedIn(messages: SignInMessages): string {
    return redact(this.sentence(messages));
  }
}

export function notSignedIn(): ExportAuthError {
  return new ExportAuthError('notSignedIn', (m) => m.notSignedIn());
}

export function signedOut(): ExportAuthError {
  return new ExportAuthError('signedOut', (m) => m.signedOut());
}

/** The refresh lock was taken over by another process (it judged this one dead) while this one held it. */
export function lockLost(): ExportAuthError {
  return new ExportAuthError('busy', (m) => m.lockLost());
}

/** This window's store still shows another refresh token than the last lock holder stored. */
export function staleView(): ExportAuthError {
  return new ExportAuthError('busy', (m) => m.staleView());
}

/** Another window rotated and holds the new pair it could not save; the stored refresh token is already replaced. */
export function rotationPendingElsewhere(): ExportAuthError {
  return new ExportAuthError('busy', (m) => m.rotationPendingElsewhere());
}

/** This window's store holds an older session than the marker's and will not catch up (sessionMarker.overwrittenHere). */
export function overwritten(): ExportAuthError {
  return new ExportAuthError('overwritten', (m) => m.sessionOverwritten());
}

/** What a secret-storage call was doing, for its timeout's sentence. */
export type StorageCall = 'answer' | 'delete' | 'save';

/** A secret-storage call made while holding the refresh lock did not finish before the lock's hold deadline. */
export function storageTimeout(what: StorageCall, budgetMs: number): ExportAuthError {
  const sentence: Record<StorageCall, SignInSentence> = {
    answer: (m) => m.storageDidNotAnswer(budgetMs),
    delete: (m) => m.storageDidNotDelete(budgetMs),
    save: (m) => m.storageDidNotSave(budgetMs),
  };
  return new ExportAuthError('busy', sentence[what]);
}

/** This window cannot prove it still holds the refresh lock (it may have been paused past the stale timeout). */
export function lockUnproven(): ExportAuthError {
  return new ExportAuthError('busy', (m) => m.lockUnproven());
}

/** The access token ran out in a window that may not refresh (spec 5.2 needs the shared lock and secret storage). */
export function refreshUnavailable(): ExportAuthError {
  return new ExportAuthError(
    'refreshUnavailable',
    (m) => m.refreshUnavailable(),
  );
}

/** Lets one caller stop waiting for a shared promise when its own signal aborts. */
export function raceWithSignal<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new ExportAuthError('cancelled', (m) => m.cancelled()));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new ExportAuthError('cancelled', (m) => m.cancelled()));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
