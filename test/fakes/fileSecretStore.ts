import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { SecretStore } from '../../src/core/ports';

/**
 * A SecretStore in one JSON file that several processes share, like VS Code's SecretStorage is shared by
 * windows: every read goes to disk, every write replaces the file atomically (write a temp file, rename).
 * Like SecretStorage it has no lock and no compare-and-swap; concurrent writers of different keys could
 * lose each other's update, which the race tests (one key) never do.
 */
export class FileSecretStore implements SecretStore {
  constructor(readonly file: string) {}

  async get(key: string): Promise<string | undefined> {
    return (await this.readAll())[key];
  }

  async store(key: string, value: string): Promise<void> {
    const all = await this.readAll();
    all[key] = value;
    await this.writeAll(all);
  }

  async delete(key: string): Promise<void> {
    const all = await this.readAll();
    delete all[key];
    await this.writeAll(all);
  }

  private async readAll(): Promise<Record<string, string>> {
    try {
      return JSON.parse(await readFile(this.file, 'utf8')) as Record<string, string>;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
  }

  private async writeAll(all: Record<string, string>): Promise<void> {
    const temp = `${this.file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temp, JSON.stringify(all), { mode: 0o600 });
    await rename(temp, this.file);
  }
}
