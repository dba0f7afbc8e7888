// Everything the command line prints goes through here: results on stdout, problems and progress on stderr,
// progress only when stderr is a terminal (CI logs get no carriage-return noise). Every line is redacted, and the
// token itself is cut out besides, so no secret reaches a CI log even if some message carried one.
// A reader that goes away (`| head -1`) is not an error: that stream is written no more and the run goes on, so a
// publish still finishes and records what landed.
import { redact, redactLines, redactsNothingInJson, redactsNothingInLines, redactWhole } from '../core/log/redact';
import { escapeControlCharacters } from '../core/text/controlCharacters';

export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
  /** Node streams report a write to a closed pipe (EPIPE) as an 'error' event, which would crash if unheard. */
  on?(event: 'error', listener: (error: Error) => void): unknown;
}

const CLEAR_LINE = '\r\x1b[2K';
/** Characters JSON.stringify writes as they are: printable ASCII but the quote and the backslash. */
const PLAIN_IN_JSON = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

export class Output {
  private secrets: string[] = [];
  private progressShown = false;
  private readonly closed = new Set<OutputStream>();
  private readonly recordListeners: Array<(record: Record<string, unknown>) => void> = [];

  constructor(
    private readonly stdout: OutputStream,
    private readonly stderr: OutputStream,
  ) {
    // Any write error means nobody reads this stream any more; there is nowhere left to report it.
    for (const stream of [stdout, stderr]) stream.on?.('error', () => this.closed.add(stream));
  }

  /** Never prints this text again, wherever it appears. */
  forget(secret: string): void {
    if (secret.length < 8) return;
    this.secrets.push(secret);
    // A line shows a control character escaped (line()): a secret holding one is cut as it is shown too.
    const shown = escapeControlCharacters(secret);
    if (shown !== secret) this.secrets.push(shown);
  }

  /**
   * One line, whatever it holds: a line feed in it (a file's name, a title, a manifest's key) is written as \n, as every
   * other control character is escaped, so no text from a file, a manifest or the wiki can start a line that reads as
   * the tool's, or as a workflow command (`::error::`) when the command runs in a GitHub Actions step. Lines of the
   * caller's own are separate texts of lines().
   */
  line(text: string): void {
    this.lines([text]);
  }

  /**
   * Lines, each one line as line() prints it, redacted, in one write: a plan of 10,000 pages is not 10,000 system
   * calls. Most batches hold no control character: the joined text is escaped and searched once, and a count of its
   * line feeds shows that no text had one of its own.
   */
  lines(texts: readonly string[]): void {
    if (texts.length === 0) return;
    const joined = [...texts, ''].join('\n');
    this.clearProgress();
    if (lineFeedsIn(joined) !== texts.length || escapeControlCharacters(joined, true) !== joined) {
      this.write(this.stdout, this.escapedScrubLines(texts.map((text) => escapeControlCharacters(text))));
      return;
    }
    this.write(this.stdout, this.scrubEscaped(texts, joined));
  }

  /**
   * A whole document (the plan's Markdown), redacted as line() does but never cut: a plan of many files is longer
   * than a log line may be, and its digest comes last.
   */
  document(text: string): void {
    this.clearProgress();
    this.write(this.stdout, `${this.cutSecrets(redactWhole(text))}\n`);
  }

  /** One JSON object on one line; string values are redacted one by one, so the line stays valid JSON. */
  json(value: object): void {
    this.clearProgress();
    this.write(this.stdout, `${this.redactedJson(value)}\n`);
  }

  /**
   * Many objects as json() prints each, in one write: a plan of 10,000 pages is not 10,000 system calls. Their texts
   * are searched for what scrubbing would change all at once; only a batch with something to look at is redacted
   * object by object.
   */
  jsonLines(values: readonly object[]): void {
    if (values.length === 0) return;
    this.clearProgress();
    const texts = values.map((value) => JSON.stringify(value));
    // An empty text last puts the final newline in the one join.
    const joined = [...texts, ''].join('\n');
    this.write(this.stdout, this.scrubsNothingInJson(texts, joined) ? joined : values.map((value) => `${this.redactedJson(value)}\n`).join(''));
  }

  private redactedJson(value: object): string {
    // Scrubbing each string (a call back for every member) costs more than writing the JSON: when the whole text shows
    // that no string would change, it is the answer as it is.
    const plain = JSON.stringify(value);
    if (this.scrubsNothingInJson([plain], plain)) return plain;
    return JSON.stringify(this.scrubbedValue(value));
  }

  /**
   * The value with every string scrubbed, the members' names too: a plan's entries are keyed by file paths, and a
   * path may quote a secret (a replacer passed to JSON.stringify sees the values only).
   */
  private scrubbedValue(value: unknown): unknown {
    if (typeof value === 'string') return this.scrub(value);
    if (Array.isArray(value)) return value.map((member: unknown) => this.scrubbedValue(member));
    if (value === null || typeof value !== 'object') return value;
    // What JSON.stringify would write of it (a Map, say, has a toJSON or writes as {}): the same, scrubbed.
    const plain = 'toJSON' in value && typeof value.toJSON === 'function' ? (value.toJSON as () => unknown)() : value;
    if (plain !== value) return this.scrubbedValue(plain);
    const scrubbed: Record<string, unknown> = {};
    for (const [name, member] of Object.entries(value)) if (member !== undefined && typeof member !== 'function') scrubbed[this.scrub(name)] = this.scrubbedValue(member);
    return scrubbed;
  }

  /**
   * Whether scrub() leaves every string in these JSON texts as it is (`joined`: the texts joined by newlines). A
   * forgotten secret of characters that JSON writes as they are (printable, no quote, no backslash) shows in the text
   * wherever a string holds it; with any other secret each string is looked at.
   */
  private scrubsNothingInJson(texts: readonly string[], joined: string): boolean {
    return redactsNothingInJson(texts, joined) && this.secrets.every((secret) => PLAIN_IN_JSON.test(secret) && !joined.includes(secret));
  }

  /** Whether record() tells anyone: a caller printing text can skip building records nobody reads. */
  get recording(): boolean {
    return this.recordListeners.length > 0;
  }

  /** Told every record of the run (plan, file, tree, summary), redacted, whatever the output format. */
  onRecord(listener: (record: Record<string, unknown>) => void): void {
    this.recordListeners.push(listener);
  }

  /**
   * A record of the run for the listeners (the Markdown plan, the JUnit report, the GitHub Action): a redacted copy,
   * so nothing rendered from it can carry a secret. Printing it is still json()'s or line()'s job.
   */
  record(value: object): void {
    if (this.recordListeners.length === 0) return;
    const copy = JSON.parse(this.redactedJson(value)) as Record<string, unknown>;
    for (const listener of this.recordListeners) listener(copy);
  }

  problem(text: string): void {
    this.clearProgress();
    this.write(this.stderr, `wiki-publisher: ${this.scrub(escapeControlCharacters(text))}\n`);
  }

  progress(text: string): void {
    if (!this.stderr.isTTY) return;
    this.write(this.stderr, `${CLEAR_LINE}${this.scrub(escapeControlCharacters(text))}`);
    this.progressShown = true;
  }

  clearProgress(): void {
    if (!this.progressShown) return;
    this.write(this.stderr, CLEAR_LINE);
    this.progressShown = false;
  }

  private write(stream: OutputStream, text: string): void {
    if (!this.closed.has(stream)) stream.write(text);
  }

  private scrub(text: string): string {
    return this.cutSecrets(redact(text));
  }

  /** The lines of texts that escaping leaves as they are, redacted; `joined`: them joined by newlines, with one at the end. */
  private scrubEscaped(texts: readonly string[], joined: string): string {
    if (this.secrets.some((secret) => secret.includes('\n')) || !redactsNothingInLines(texts, joined)) return this.escapedScrubLines(texts);
    return this.cutSecrets(joined);
  }

  private escapedScrubLines(texts: readonly string[]): string {
    // A secret without a line break cannot span two lines: cut from the whole, it is cut from each line.
    if (this.secrets.some((secret) => secret.includes('\n'))) return texts.map((text) => `${this.scrub(text)}\n`).join('');
    return this.cutSecrets(redactLines(texts));
  }

  private cutSecrets(text: string): string {
    let cut = text;
    for (const secret of this.secrets) cut = cut.split(secret).join('[redacted]');
    return cut;
  }
}

function lineFeedsIn(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
