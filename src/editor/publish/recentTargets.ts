import type * as vscode from 'vscode';

/** A space published to lately, and the parent page last used in it. */
export interface RecentSpace {
  spaceId: string;
  lastParentId?: string;
}

/** What the prompts read: the spaces to offer, newest first, each with its last parent. */
export interface RecentTargetsView {
  spaces(): readonly RecentSpace[];
}

type StateStore = Pick<vscode.Memento, 'get' | 'update'>;

const RECENT_TARGETS_KEY = 'wikiPublisher.recentTargets';
/** Where spaces were kept before last parents were (targetMemory.ts): read once, then replaced. */
const LEGACY_RECENT_SPACES_KEY = 'wikiPublisher.recentSpaces';
const MAX_SPACES = 8;

/** The spaces used lately and the last parent page in each, across sessions (globalState). */
export class RecentTargets implements RecentTargetsView {
  constructor(private readonly state: StateStore) {}

  spaces(): RecentSpace[] {
    const stored = this.state.get<unknown>(RECENT_TARGETS_KEY);
    if (stored !== undefined) return readEntries(stored);
    return readLegacySpaces(this.state.get<unknown>(LEGACY_RECENT_SPACES_KEY));
  }

  lastParent(spaceId: string): string | undefined {
    return this.spaces().find((entry) => entry.spaceId === spaceId)?.lastParentId;
  }

  /** Call after a publish succeeded: the space moves to the top, with this parent as its last one. */
  async remember(target: { spaceId: string; parentId: string }): Promise<void> {
    const others = this.spaces().filter((entry) => entry.spaceId !== target.spaceId);
    const entries = [{ spaceId: target.spaceId, lastParentId: target.parentId }, ...others].slice(0, MAX_SPACES);
    await this.state.update(RECENT_TARGETS_KEY, entries);
    if (this.state.get<unknown>(LEGACY_RECENT_SPACES_KEY) !== undefined) await this.state.update(LEGACY_RECENT_SPACES_KEY, undefined);
  }
}

// globalState outlives versions of the extension and can hold anything: keep only well-formed entries.
function readEntries(stored: unknown): RecentSpace[] {
  if (!Array.isArray(stored)) return [];
  const entries: RecentSpace[] = [];
  for (const item of stored as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { spaceId, lastParentId } = item as Record<string, unknown>;
    if (typeof spaceId !== 'string' || !spaceId.trim() || entries.some((entry) => entry.spaceId === spaceId)) continue;
    entries.push(typeof lastParentId === 'string' && /^\d+$/.test(lastParentId) ? { spaceId, lastParentId } : { spaceId });
  }
  return entries.slice(0, MAX_SPACES);
}

function readLegacySpaces(stored: unknown): RecentSpace[] {
  if (!Array.isArray(stored)) return [];
  const spaces = (stored as unknown[]).filter((space): space is string => typeof space === 'string' && space.trim() !== '');
  return [...new Set(spaces)].slice(0, MAX_SPACES).map((spaceId) => ({ spaceId }));
}
