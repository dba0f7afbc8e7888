import type * as LazyCommands from './lazyCommands';
import type { Command } from './command';

let loaded: typeof LazyCommands | undefined;

/** Loads dist/lazyCommands.js on first use. */
export function lazyCommands(): typeof LazyCommands {
  // A plain require on purpose: scripts/build.mjs turns it into a runtime require of the separate bundle.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('./lazyCommands') as typeof LazyCommands;
  return loaded;
}

/** A value made by `make` the first time it is asked for, then kept: what start-up wires but does not need yet. */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** A command registered at start-up whose implementation is built (and its bundle loaded) when it first runs. */
export class LazyCommand<T extends Command> implements Command {
  private made: T | undefined;

  constructor(
    readonly id: string,
    private readonly create: () => T,
  ) {}

  get instance(): T {
    this.made ??= this.create();
    return this.made;
  }

  execute(...args: unknown[]): unknown {
    return this.instance.execute(...args);
  }
}
