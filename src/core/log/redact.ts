// The one place that scrubs secrets from text bound for a log or an error message
// (reliability requirement 2). Every logger runs its messages through `redact`.

const REDACTED = '[redacted]';

// Three base64url segments, the first two starting like a JSON object ("eyJ") as every JWT does.
const JWT_SHAPE = /eyJ[A-Za-z0-9_-]{2,}\.eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g;
// "Authorization: Bearer abc", "authorization=Basic abc", and JSON "Authorization":"Bearer abc".
const AUTH_HEADER = /(authorization["']?\s*[:=]\s*["']?)(bearer|basic)?\s*[^\s"',}]+/gi;
// A bare "Bearer xyz" anywhere.
const BEARER = /\b(bearer)\s+[A-Za-z0-9._~+/=-]+/gi;
// key=value, key: value and "key":"value" where the key names a token, secret, password or code verifier.
// The lookbehind starts a key only where a word starts: without it the engine retries the leading run from
// every position, which takes quadratic time on long runs of word characters.
const SECRET_FIELD =
  /((?<![A-Za-z0-9_.-])(["']?)([A-Za-z0-9_.-]*(?:token|secret|password|verifier)[A-Za-z0-9_.-]*)["']?(\s*[:=]\s*)["']?)([^\s"'&,}]+)/gi;
// Our own sentences say "This is not an API token: it should be...". A bare `token:` or `secret:` and a space,
// followed by a short word of letters, is prose: no credential is that short and that plain. Seven letters at
// most, because the suite's secret scan (test/support/secretScan.ts) takes eight or more for a value.
const PROSE_KEY = /^(?:token|secret)s?$/i;
const PROSE_WORD = /^[A-Za-z][a-z]{0,6}[.;:!?)]*$/;
// Log lines and messages longer than this are cut first: a service or proxy can answer with megabytes.
const MAX_LENGTH = 8_000;
// Each pattern above needs one of these words: a text without any is left as it is, with one test instead of four
// replacements (the command line prints a line for each of 10,000 files).
const ANY_MARKER = /eyJ|authorization|bearer|token|secret|password|verifier/i;
// What each pattern's match must hold: a text without it is not searched with that pattern. SECRET_FIELD's key word is
// followed by more key characters, a quote perhaps, spaces and ':' or '=' in every match.
const AUTH_MARKER = /authorization/i;
const BEARER_MARKER = /bearer/i;
const SECRET_FIELD_MARKER = /(?:token|secret|password|verifier)[A-Za-z0-9_.-]*["']?\s*[:=]/i;

export function redact(text: string): string {
  return redactWhole(text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}... (${text.length - MAX_LENGTH} more characters)` : text);
}

/**
 * redact() without its cut: for a document the run wrote itself (the plan's Markdown), which is long by design and
 * must reach its reader whole (its last lines hold the plan's digest).
 */
export function redactWhole(text: string): string {
  if (!ANY_MARKER.test(text)) return text;
  // Each replacement only where its own word is: a plan line saying "a platform token" holds a marker word, and the
  // secret field's pattern, tried from every word start, cost more than the rest of printing 10,000 such lines.
  let redacted = text;
  if (redacted.includes('eyJ')) redacted = redacted.replace(JWT_SHAPE, REDACTED);
  if (AUTH_MARKER.test(redacted)) redacted = redacted.replace(AUTH_HEADER, (_m, prefix: string) => `${prefix}${REDACTED}`);
  if (BEARER_MARKER.test(redacted)) redacted = redacted.replace(BEARER, (_m, word: string) => `${word} ${REDACTED}`);
  if (!SECRET_FIELD_MARKER.test(redacted)) return redacted;
  return redacted.replace(SECRET_FIELD, (match: string, prefix: string, quote: string, key: string, separator: string, value: string) =>
    isProse(quote, key, separator, value) ? match : `${prefix}${REDACTED}`);
}

/**
 * The texts redacted one by one as redact() does it, each followed by a newline. The marker words hold no newline,
 * so the whole has one exactly when some text has: a plan of 10,000 lines without any is searched once, not 10,000
 * times, and only one with a marker is redacted line by line.
 */
export function redactLines(texts: readonly string[]): string {
  // An empty text last puts the final newline in the one join, not in a second copy of 10,000 lines.
  const joined = [...texts, ''].join('\n');
  if (redactsNothingInLines(texts, joined)) return joined;
  return texts.map((text) => `${redact(text)}\n`).join('');
}

/**
 * Whether redact() leaves each of these texts as it is, asked of `joined` (the texts joined by newlines) once: each
 * pattern's match in a text holds that pattern's word in that text. A plan's 10,000 refused lines all say "a platform
 * token", and no pattern matches any of them. A word found across two texts only sends them the slow way.
 */
export function redactsNothingInLines(texts: readonly string[], joined: string): boolean {
  if (!texts.every((text) => text.length <= MAX_LENGTH)) return false;
  if (!ANY_MARKER.test(joined)) return true;
  return !joined.includes('eyJ') && !AUTH_MARKER.test(joined) && !BEARER_MARKER.test(joined) && !SECRET_FIELD_MARKER.test(joined);
}

// A JSON string whose text runs past MAX_LENGTH characters: every character of a string is one or more in its JSON
// text (an escape is one unit here), so a longer string has such a run. Tried at every quote, also a closing one:
// that can only find more (a run of numbers), never fewer.
const LONG_JSON_STRING = new RegExp(`"(?:[^"\\\\]|\\\\.){${MAX_LENGTH + 1}}`);

/**
 * Whether redact() leaves every string in these JSON texts as it is, found without taking them apart: a string with
 * a marker word shows the word in its text (escaping never touches letters), and a string longer than redact() keeps
 * makes a longer text, with a long run in it. `joined`: the texts joined by newlines, searched once for all. False
 * does not mean a string needs redacting, only that each must be looked at.
 */
export function redactsNothingInJson(texts: readonly string[], joined: string): boolean {
  return !ANY_MARKER.test(joined) && texts.every((text) => text.length <= MAX_LENGTH || !LONG_JSON_STRING.test(text));
}

function isProse(quote: string, key: string, separator: string, value: string): boolean {
  return quote === '' && PROSE_KEY.test(key) && /^:\s+$/.test(separator) && PROSE_WORD.test(value);
}

/** Redacts an error's message for display or logging; never returns the raw stack. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return redact(error.message);
  return redact(String(error));
}
