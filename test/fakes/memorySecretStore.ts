import type { SecretStore } from '../../src/core/ports';

/** An in-memory SecretStore with fault injection: fail the next write, fail every read, or stop answering reads. */
export class MemorySecretStore implements SecretStore {
  readonly values = new Map<string, string>();
  failNextWrite: Error | undefined;
  /** Every get rejects with this while set (a secret storage that is failing). */
  failGets: Error | undefined;
  /** How many gets started and never settled (see hangGetsAfter). */
  hangingGets = 0;
  private getsBeforeHang: number | undefined;

  /** The next `answered` gets answer; every get after them never settles (a secret storage that stopped answering). */
  hangGetsAfter(answered: number): void {
    this.getsBeforeHang = answered;
  }

  async get(key: string): Promise<string | undefined> {
    if (this.failGets) throw this.failGets;
    if (this.getsBeforeHang !== undefined) {
      if (this.getsBeforeHang === 0) {
        this.hangingGets++;
        return new Promise<never>(() => undefined);
      }
      this.getsBeforeHang--;
    }
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
