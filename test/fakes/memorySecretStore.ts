import type { SecretStore } from '../../src/core/ports';

/** An in-memory SecretStore that can also be told to fail its next write (fault injection). */
export class MemorySecretStore implements SecretStore {
  readonly values = new Map<string, string>();
  failNextWrite: Error | undefined;

  async get(key: string): Promise<string | undefined> {
    return this.values.get(key);
  }

  async store(key: string, value: string): Promise<void> {
    if (this.failNextWrite) {
      const error = this.failNextWrite;
      this.failNextWrite = undefined;
      throw error;
    }
    this.values.set(key, value);
  }

  async delete(key: string): Promise<void> {
    this.values.delete(key);
  }
}
