import type * as vscode from 'vscode';
import type { PublishTarget } from '../../core/publish/target';

const TARGETS_KEY = 'wikiPublisher.lastTargets';
const RECENT_SPACES_KEY = 'wikiPublisher.recentSpaces';
const MAX_FILES = 200;
const MAX_SPACES = 8;

type TargetsByFile = Record<string, PublishTarget & { at: number }>;

/** Remembers where each file was last published, and the spaces used lately, across sessions. */
export class TargetMemory {
  constructor(private readonly state: vscode.Memento) {}

  lastTarget(fileUri: string): PublishTarget | undefined {
    const entry = this.state.get<TargetsByFile>(TARGETS_KEY, {})[fileUri];
    if (!entry) return undefined;
    const { spaceId, parentId, pageTitle, overwrite } = entry;
    return { spaceId, parentId, pageTitle, overwrite };
  }

  recentSpaces(): string[] {
    return this.state.get<string[]>(RECENT_SPACES_KEY, []);
  }

  async remember(fileUri: string, target: PublishTarget, now: number): Promise<void> {
    const targets = { ...this.state.get<TargetsByFile>(TARGETS_KEY, {}), [fileUri]: { ...target, at: now } };
    const newestFirst = Object.entries(targets).sort(([, a], [, b]) => b.at - a.at).slice(0, MAX_FILES);
    await this.state.update(TARGETS_KEY, Object.fromEntries(newestFirst));
    const spaces = [target.spaceId, ...this.recentSpaces().filter((space) => space !== target.spaceId)].slice(0, MAX_SPACES);
    await this.state.update(RECENT_SPACES_KEY, spaces);
  }

  async forget(fileUri: string): Promise<void> {
    const targets = { ...this.state.get<TargetsByFile>(TARGETS_KEY, {}) };
    delete targets[fileUri];
    await this.state.update(TARGETS_KEY, targets);
  }
}
