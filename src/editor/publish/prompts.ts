import * as vscode from 'vscode';
import type { PartialTarget, PublishTarget } from '../../core/publish/target';

const TITLE = 'Publish to Wiki';
const CREATE_ONLY = 'Create only';
const UPDATE_EXISTING = 'Update an existing page with this title';

/**
 * Asks for whatever the target still lacks, in the order space, parent, title, overwrite.
 * Returns undefined when the user presses Escape at any step (a quiet cancel).
 */
export async function askForMissing(known: PartialTarget, suggestedTitle: string, recentSpaces: readonly string[], defaults: PartialTarget = {}): Promise<PublishTarget | undefined> {
  const steps = (['spaceId', 'parentId', 'pageTitle', 'overwrite'] as const).filter((key) => known[key] === undefined);
  const stepLabel = (key: (typeof steps)[number]): string => `${TITLE} (${steps.indexOf(key) + 1}/${steps.length})`;
  const spaceId = known.spaceId ?? (await askSpace(stepLabel('spaceId'), recentSpaces, defaults.spaceId));
  if (spaceId === undefined) return undefined;
  const parentId = known.parentId ?? (await askParent(stepLabel('parentId'), defaults.parentId));
  if (parentId === undefined) return undefined;
  const pageTitle = known.pageTitle ?? (await askTitle(stepLabel('pageTitle'), defaults.pageTitle ?? suggestedTitle));
  if (pageTitle === undefined) return undefined;
  const overwrite = known.overwrite ?? (await askOverwrite(stepLabel('overwrite')));
  if (overwrite === undefined) return undefined;
  return { spaceId, parentId, pageTitle, overwrite };
}

/** A quick pick of recently used spaces that also takes any typed key or ID. */
function askSpace(title: string, recentSpaces: readonly string[], initial: string | undefined): Promise<string | undefined> {
  return new Promise((resolve) => {
    const pick = vscode.window.createQuickPick();
    pick.title = title;
    pick.placeholder = 'Space key or ID, for example DOCS';
    pick.ignoreFocusOut = true;
    pick.value = initial ?? '';
    const recentItems = recentSpaces.map((space) => ({ label: space, description: 'recently used' }));
    const refresh = (): void => {
      const typed = pick.value.trim();
      const typedItem = typed && !recentSpaces.includes(typed) ? [{ label: typed, description: 'use this space' }] : [];
      pick.items = [...typedItem, ...recentItems];
    };
    refresh();
    let settled = false;
    const finish = (value: string | undefined): void => {
      if (settled) return;
      settled = true;
      resolve(value);
      pick.dispose();
    };
    pick.onDidChangeValue(refresh);
    pick.onDidAccept(() => {
      const chosen = (pick.selectedItems[0] ?? pick.activeItems[0])?.label ?? pick.value.trim();
      if (chosen) finish(chosen);
    });
    pick.onDidHide(() => finish(undefined));
    pick.show();
  });
}

async function askParent(title: string, initial: string | undefined): Promise<string | undefined> {
  const value = await vscode.window.showInputBox({
    title,
    prompt: 'The ID of the parent page: the digits in the page address, for example 123456.',
    placeHolder: 'Parent page ID, for example 123456',
    value: initial,
    ignoreFocusOut: true,
    validateInput: (text) => (/^\d+$/.test(text.trim()) ? undefined : 'A page ID consists of digits only, for example 123456.'),
  });
  return value?.trim();
}

async function askTitle(title: string, suggested: string): Promise<string | undefined> {
  const value = await vscode.window.showInputBox({
    title,
    prompt: 'The title of the wiki page. A page with the same title under the same parent is the same page.',
    value: suggested,
    ignoreFocusOut: true,
    validateInput: (text) => (text.trim() ? undefined : 'The page title cannot be empty.'),
  });
  return value?.trim();
}

async function askOverwrite(title: string): Promise<boolean | undefined> {
  const picked = await vscode.window.showQuickPick(
    [
      { label: CREATE_ONLY, detail: 'Fail if a page with this title already exists under the parent.', overwrite: false },
      { label: UPDATE_EXISTING, detail: 'Replace the content of that page if it exists; create it otherwise.', overwrite: true },
    ],
    { title, placeHolder: 'If a page with this title already exists under the parent', ignoreFocusOut: true },
  );
  return picked?.overwrite;
}
