// Page identity as a repository records it (the manifest's port), in memory, for tests of the tree planner and runner.
import type { TreeIdentity } from '../../src/core/tree/treePlan';
import type { TreeIdentityStore } from '../../src/core/tree/treeRun';

export class MemoryIdentity implements TreeIdentity, TreeIdentityStore {
  readonly map = new Map<string, { id: string; title: string }>();
  get(key: string): { id: string; title: string } | undefined {
    return this.map.get(key);
  }
  entries(): ReadonlyArray<[string, { id: string; title: string }]> {
    return [...this.map];
  }
  async record(key: string, entry: { id: string; title: string }): Promise<void> {
    this.map.set(key, entry);
  }
  async forget(key: string): Promise<void> {
    this.map.delete(key);
  }
}
