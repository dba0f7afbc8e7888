/** One command of the extension: its id from package.json and what it does. Dependencies come through the constructor. */
export interface Command {
  readonly id: string;
  execute(...args: unknown[]): unknown;
}
