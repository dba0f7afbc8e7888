import type * as vscode from 'vscode';
import { parsePageReference, parseSpaceAddress } from '../../core/publish/pageAddress';
import { neutralise } from '../../core/text/neutralise';
import type { RecentSpace } from './recentTargets';

/** A row of the space prompt. Rows without an answer only explain why the typed text cannot be used. */
export interface SpaceItem extends vscode.QuickPickItem {
  answer?: { spaceId?: string; parentId?: string };
}

/**
 * The space prompt's rows for what is typed: the typed space (or what a pasted address gives: the space and, when
 * the parent is still to ask, the parent page), then the recent spaces. Labels and descriptions show user text
 * neutralised, so a key such as `$(zap)` reads as typed instead of becoming an icon.
 */
export function spaceItems(typed: string, recent: readonly RecentSpace[], parentAsked: boolean): SpaceItem[] {
  const text = typed.trim();
  const recentRows = recent.map((entry): SpaceItem => ({
    label: neutralise(entry.spaceId),
    description: entry.lastParentId === undefined ? 'recently used' : `recently used, last parent ${entry.lastParentId}`,
    answer: { spaceId: entry.spaceId },
  }));
  if (!text) return recentRows;
  return [...typedRows(text, recent, parentAsked), ...recentRows];
}

function typedRows(text: string, recent: readonly RecentSpace[], parentAsked: boolean): SpaceItem[] {
  if (looksLikeAddress(text)) return addressRows(text, parentAsked);
  if (/[\s/]/.test(text)) return [explanation('Not a space key', 'A space key or ID has no spaces or slashes, for example DOCS.')];
  if (recent.some((entry) => entry.spaceId === text)) return [];
  // alwaysShow: the neutralised label may no longer match the typed text, which would filter the row out.
  return [{ label: neutralise(text), description: 'use this space', alwaysShow: true, answer: { spaceId: text } }];
}

function addressRows(text: string, parentAsked: boolean): SpaceItem[] {
  const spaceOnly = parseSpaceAddress(text);
  if (spaceOnly !== undefined) {
    return [{ label: neutralise(spaceOnly), description: 'from the space address', alwaysShow: true, answer: { spaceId: spaceOnly } }];
  }
  const parsed = parsePageReference(text);
  if (!parsed.ok) return [explanation('Not a page address', parsed.reason)];
  const { pageId, spaceKey } = parsed.reference;
  if (spaceKey !== undefined) {
    return [{
      label: parentAsked ? `${neutralise(spaceKey)} under parent ${pageId}` : neutralise(spaceKey),
      description: 'from the page address',
      alwaysShow: true,
      answer: parentAsked ? { spaceId: spaceKey, parentId: pageId } : { spaceId: spaceKey },
    }];
  }
  if (!parentAsked) return [explanation('This address names no space', 'Type the space key or ID, for example DOCS.')];
  return [{
    label: `Parent ${pageId}, space still to give`,
    description: 'from the page address',
    detail: 'The address names no space: choose this, then give the space.',
    alwaysShow: true,
    answer: { parentId: pageId },
  }];
}

/** A scheme (`https:`, `javascript:`) or a path on a site; personal space keys start with `~`, never like this. */
function looksLikeAddress(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:/.test(text) || text.startsWith('/');
}

function explanation(label: string, detail: string): SpaceItem {
  return { label, detail, alwaysShow: true };
}
