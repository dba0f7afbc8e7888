import type { SecretStore } from '../../src/core/ports';

/**
 * VS Code's SecretStorage as several windows see it: one backing store, and one view per window with its own
 * cache. A window sees its own writes at once; other windows see them only after `delayMs` (VS Code flushes
 * after about 100 ms, then tells the other extension hosts over IPC). Like SecretStorage, no lock and no
 * compare-and-swap. Writes reach the other views in the order they were made.
 */
export class LaggingSecretWorld {
  private readonly backing = new Map<string, string>();
  private readonly views: LaggingSecretView[] = [];
  private inTransit = 0;
  private idleWaiters: Array<() => void> = [];
  /** Numbers every write, so a view never goes back to a value older than one it already shows. */
  private writes = 0;

  constructor(readonly delayMs = 150) {}

  /** A new window's view, starting from what the backing store holds now. */
  view(name = `window-${this.views.length + 1}`): LaggingSecretView {
    const view = new LaggingSecretView(this, name, new Map(this.backing));
    this.views.push(view);
    return view;
  }

  /** Writes straight to the backing store and every view at once (test set-up). */
  seed(key: string, value: string): void {
    this.backing.set(key, value);
    for (const view of this.views) view.cache.set(key, value);
  }

  /** What the backing store holds (what a window opened now would read). */
  stored(key: string): string | undefined {
    return this.backing.get(key);
  }

  /** Resolves once every write has reached every view. */
  settled(): Promise<void> {
    if (this.inTransit === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Called by a view when it changes its own cache; returns the write's number. */
  publish(from: LaggingSecretView, key: string, value: string | undefined): number {
    const write = ++this.writes;
    if (value === undefined) this.backing.delete(key);
    else this.backing.set(key, value);
    this.inTransit++;
    setTimeout(() => {
      for (const view of this.views) {
        if (view !== from) view.receive(key, value, write);
      }
      if (--this.inTransit === 0) {
        const waiters = this.idleWaiters;
        this.idleWaiters = [];
        for (const resolve of waiters) resolve();
      }
    }, this.delayMs);
    return write;
  }
}

export class LaggingSecretView implements SecretStore {
  /** The number of the write each key's cached value came from. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly world: LaggingSecretWorld,
    readonly name: string,
    readonly cache: Map<string, string>,
  ) {}

  async get(key: string): Promise<string | undefined> {
    return this.cache.get(key);
  }

  async store(key: string, value: string): Promise<void> {
    this.cache.set(key, value);
    this.seen.set(key, this.world.publish(this, key, value));
  }

  async delete(key: string): Promise<void> {
    this.cache.delete(key);
    this.seen.set(key, this.world.publish(this, key, undefined));
  }

  /** Another window's write arriving; one older than this view's own later write is already superseded. */
  receive(key: string, value: string | undefined, write: number): void {
    if ((this.seen.get(key) ?? 0) > write) return;
    this.seen.set(key, write);
    if (value === undefined) this.cache.delete(key);
    else this.cache.set(key, value);
  }
}
