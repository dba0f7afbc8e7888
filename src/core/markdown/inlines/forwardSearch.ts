// indexOf for searches that go forward through one text: the last answer serves every later search that starts at or
// before it, so a text of many openers that nothing closes (`<!--` again and again, a pull request may write it) is
// read once, not once per opener.

export class ForwardSearch {
  private from = -1;
  private found = -1;

  constructor(private readonly text: string, private readonly needle: string) {}

  /** The first offset at or after `from` where the needle stands; -1 for none. */
  at(from: number): number {
    if (this.from !== -1 && from >= this.from && (this.found === -1 || from <= this.found)) return this.found;
    this.from = from;
    this.found = this.text.indexOf(this.needle, from);
    return this.found;
  }
}
