// One line per measured target: what, value, target, PASS/MISS; details indented below it.

export interface Verdict {
  name: string;
  value: string;
  target: string;
  /** undefined when there is nothing to judge (information only, or not measurable now). */
  pass: boolean | undefined;
}

export class Report {
  private readonly verdicts: Verdict[] = [];

  judge(verdict: Verdict): void {
    this.verdicts.push(verdict);
    const status = verdict.pass === undefined ? 'N/A ' : verdict.pass ? 'PASS' : 'MISS';
    console.log(`${status}  ${verdict.name.padEnd(44)} ${verdict.value.padEnd(14)} target ${verdict.target}`);
  }

  detail(text: string): void {
    console.log(`      ${text}`);
  }

  section(title: string): void {
    console.log(`\n== ${title}`);
  }

  summaryLine(): string {
    const missed = this.verdicts.filter((verdict) => verdict.pass === false).map((verdict) => verdict.name);
    const unknown = this.verdicts.filter((verdict) => verdict.pass === undefined).map((verdict) => verdict.name);
    const parts = [missed.length === 0 ? 'all measured targets met' : `MISS: ${missed.join('; ')}`];
    if (unknown.length > 0) parts.push(`not judged: ${unknown.join('; ')}`);
    return `SUMMARY: ${parts.join(' | ')}`;
  }
}
