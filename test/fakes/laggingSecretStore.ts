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

  /** Called by a view after it changed its own cache. */
  publish(from: LaggingSecretView, key: string, value: string | undefined): void {
    if (value === undefined) this.backing.delete(key);
    else this.backing.set(key, value);
    this.inTransit++;
    setTimeout(() => {
      for (const view of this.views) {
        if (view === from) continue;
        if (value === undefined) view.cache.delete(key);
        else view.cache.set(key, value);
      }
      if (--this.inTransit === 0) {
        const waiters = this.idleWaiters;
        this.idleWaiters = [];
        for (const resolve of waiters) resolve();
      }
    }, this.delayMs);
  }
}

export class LaggingSecretView implements SecretStore {
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
    this.world.publish(this, key, value);
  }

  async delete(key: string): Promise<void> {
    this.cache.delete(key);
    this.world.publish(this, key, undefined);
  }
}
