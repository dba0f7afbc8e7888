// Everything the command line prints goes through here: results on stdout, problems and progress on stderr,
// progress only when stderr is a terminal (CI logs get no carriage-return noise). Every line is redacted, and the
// token itself is cut out besides, so no secret reaches a CI log even if some message carried one.
import { redact } from '../core/log/redact';

export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

const CLEAR_LINE = '\r\x1b[2K';

export class Output {
  private secrets: string[] = [];
  private progressShown = false;

  constructor(
    private readonly stdout: OutputStream,
    private readonly stderr: OutputStream,
  ) {}

  /** Never prints this text again, wherever it appears. */
  forget(secret: string): void {
    if (secret.length >= 8) this.secrets.push(secret);
  }

  line(text: string): void {
    this.clearProgress();
    this.stdout.write(`${this.scrub(text)}\n`);
  }

  /** One JSON object on one line; string values are redacted one by one, so the line stays valid JSON. */
  json(value: object): void {
    this.clearProgress();
    this.stdout.write(`${JSON.stringify(value, (_key, member: unknown) => (typeof member === 'string' ? this.scrub(member) : member))}\n`);
  }

  problem(text: string): void {
    this.clearProgress();
    this.stderr.write(`wiki-publisher: ${this.scrub(text)}\n`);
  }

  progress(text: string): void {
    if (!this.stderr.isTTY) return;
    this.stderr.write(`${CLEAR_LINE}${this.scrub(text)}`);
    this.progressShown = true;
  }

  clearProgress(): void {
    if (!this.progressShown) return;
    this.stderr.write(CLEAR_LINE);
    this.progressShown = false;
  }

  private scrub(text: string): string {
    let scrubbed = redact(text);
    for (const secret of this.secrets) scrubbed = scrubbed.split(secret).join('[redacted]');
    return scrubbed;
  }
}
