// Code spans (CommonMark 6.1): a run of backticks opens one that the next run of the same length closes; a run that
// no such run follows is literal backticks. The runs of a subject are listed once, by length, when its first
// backtick is met, and each length's list is read forward only: the scan asks at offsets that only grow.
import { BACKTICK } from '../chars';

export class BacktickRuns {
  private readonly byLength = new Map<number, { starts: number[]; next: number }>();

  constructor(text: string, from: number, end: number) {
    for (let at = text.indexOf('`', from); at !== -1 && at < end; at = text.indexOf('`', at)) {
      const start = at;
      while (at < end && text.charCodeAt(at) === BACKTICK) at++;
      const length = at - start;
      let runs = this.byLength.get(length);
      if (runs === undefined) this.byLength.set(length, (runs = { starts: [], next: 0 }));
      runs.starts.push(start);
    }
  }

  /** The start of the first run of exactly `length` backticks that starts at or after `from`; -1 for none. */
  closerFrom(from: number, length: number): number {
    const runs = this.byLength.get(length);
    if (runs === undefined) return -1;
    while (runs.next < runs.starts.length && (runs.starts[runs.next] as number) < from) runs.next++;
    return runs.next < runs.starts.length ? (runs.starts[runs.next] as number) : -1;
  }
}
