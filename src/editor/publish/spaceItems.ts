import type * as vscode from 'vscode';
import { parsePageReference, parseSpaceAddress } from '../../core/publish/pageAddress';
import { englishAddressMessages, type AddressMessages } from '../../core/messages/addressMessages';
import { neutralise } from '../../core/text/neutralise';
import type { RecentSpace } from './recentTargets';

/** A row of the space prompt. Rows without an answer only explain why the typed text cannot be used. */
export interface SpaceItem extends vscode.QuickPickItem {
  answer?: { spaceId?: string; parentId?: string };
}

/** `vscode.l10n`'s translate function, passed in so this module runs without VS Code (the unit tests load it). */
export interface Localizer {
  t(message: string, ...args: Array<string | number>): string;
}

/** English, as VS Code's l10n gives it without a translation: the placeholders `{0}`, `{1}` filled in. */
const english: Localizer = {
  t: (message, ...args) => message.replace(/\{(\d+)\}/g, (whole, index: string) => String(args[Number(index)] ?? whole)),
};

/**
 * The space prompt's rows for what is typed: the typed space (or what a pasted address gives: the space and, when
 * the parent is still to ask, the parent page), then the recent spaces. Labels and descriptions show user text
 * neutralised, so a key such as `$(zap)` reads as typed instead of becoming an icon.
 */
export function spaceItems(
  typed: string,
  recent: readonly RecentSpace[],
  parentAsked: boolean,
  l10n: Localizer = english,
  addressMessages: AddressMessages = englishAddressMessages,
): SpaceItem[] {
  const text = typed.trim();
  const recentRows = recent.map((entry): SpaceItem => ({
    label: neutralise(entry.spaceId),
    description: entry.lastParentId === undefined ? l10n.t('recently used') : l10n.t('recently used, last parent {0}', entry.lastParentId),
    answer: { spaceId: entry.spaceId },
  }));
  if (!text) return recentRows;
  return [...typedRows(text, recent, parentAsked, l10n, addressMessages), ...recentRows];
}

function typedRows(text: string, recent: readonly RecentSpace[], parentAsked: boolean, l10n: Localizer, addressMessages: AddressMessages): SpaceItem[] {
  if (looksLikeAddress(text)) return addressRows(text, parentAsked, l10n, addressMessages);
  if (/[\s/]/.test(text)) return [explanation(l10n.t('Not a space key'), l10n.t('A space key or ID has no spaces or slashes, for example DOCS.'))];
  if (recent.some((entry) => entry.spaceId === text)) return [];
  // alwaysShow: the neutralised label may no longer match the typed text, which would filter the row out.
  return [{ label: neutralise(text), description: l10n.t('use this space'), alwaysShow: true, answer: { spaceId: text } }];
}

function addressRows(text: string, parentAsked: boolean, l10n: Localizer, addressMessages: AddressMessages): SpaceItem[] {
  const spaceOnly = parseSpaceAddress(text);
  if (spaceOnly !== undefined) {
    return [{ label: neutralise(spaceOnly), description: l10n.t('from the space address'), alwaysShow: true, answer: { spaceId: spaceOnly } }];
  }
  const parsed = parsePageReference(text, addressMessages);
  if (!parsed.ok) return [explanation(l10n.t('Not a page address'), parsed.reason)];
  const { pageId, spaceKey } = parsed.reference;
  if (spaceKey !== undefined) {
    return [{
      label: parentAsked ? l10n.t('{0} under parent {1}', neutralise(spaceKey), pageId) : neutralise(spaceKey),
      description: l10n.t('from the page address'),
      alwaysShow: true,
      answer: parentAsked ? { spaceId: spaceKey, parentId: pageId } : { spaceId: spaceKey },
    }];
  }
  if (!parentAsked) return [explanation(l10n.t('This address names no space'), l10n.t('Type the space key or ID, for example DOCS.'))];
  return [{
    label: l10n.t('Parent {0}, space still to give', pageId),
    description: l10n.t('from the page address'),
    detail: l10n.t('The address names no space: choose this, then give the space.'),
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
