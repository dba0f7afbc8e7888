import * as vscode from 'vscode';
import { renamedFileKey } from '../../core/links/moveLinks';
import type { PageLink } from '../../core/links/pageLink';
import { describeError } from '../../core/log/redact';
import type { Logger } from '../../core/ports';
import type { PullBaseStore } from '../../core/pull/pullBase';
import { onDemand } from '../onDemandLoader';
import type { GlobalStateLinkStore } from './pageLinks';
import { recordedPagesOf } from './repositoryLinks';
import { omitTitleHeadingSetting } from './publishContext';

/** What finding a file's link needs: the link store, Pull's bases (moved with a link), the log. */
export interface LinkFinding {
  links: GlobalStateLinkStore;
  bases?: PullBaseStore & { move?(from: string, to: string): Promise<void> };
  log: Logger;
}

/**
 * The link of a file renamed or moved outside the editor (a terminal's `git mv`, a branch switched), which VS Code
 * does not report as a rename: the one link of its workspace folder whose file is gone and that names the page this
 * file's title (and front matter place) gives (core renamedFileKey). It moves to the file, with Pull's base, as a rename
 * the editor saw moves them (extension.ts), and is given; undefined when no such link is found.
 */
export async function followRenameOutside(
  deps: LinkFinding,
  uri: vscode.Uri,
  text: string,
): Promise<PageLink | undefined> {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder || uri.scheme === 'untitled') return undefined;
  const key = uri.toString();
  const item = onDemand().planFile({ key, label: vscode.workspace.asRelativePath(uri), text }, undefined, { omitTitleHeading: omitTitleHeadingSetting() });
  const title = item.target.pageTitle ?? item.suggestedTitle;
  if (title === undefined) return undefined;
  const folderKey = folder.uri.toString().replace(/\/?$/, '/');
  const candidates = deps.links.linksUnder(folderKey).filter(([other]) => other !== key);
  const isGone = async (other: string): Promise<boolean> => {
    try {
      await vscode.workspace.fs.stat(vscode.Uri.parse(other, true));
      return false;
    } catch {
      return true;
    }
  };
  const oldKey = await renamedFileKey(candidates, { title, place: item.target }, isGone);
  if (oldKey === undefined) return undefined;
  await deps.links.move(oldKey, key);
  await deps.bases?.move?.(oldKey, key).catch((error: unknown) => deps.log.warn(`Moving the Pull base of a file renamed outside the editor failed: ${describeError(error)}`));
  deps.log.info(`${vscode.workspace.asRelativePath(uri)} was renamed outside the editor from ${vscode.workspace.asRelativePath(vscode.Uri.parse(oldKey, true))}: its page link and Pull base follow it.`);
  return deps.links.get(key);
}

/**
 * The page link of a file as Compare and Pull find it: its own, the page it was opened from (wiki.pageId), the link of
 * its name before a rename made outside the editor, or the repository's record of its page (a teammate's or CI's tree).
 */
export async function linkOfFile(
  deps: LinkFinding,
  uri: vscode.Uri,
  text: string,
): Promise<PageLink | undefined> {
  const key = uri.toString();
  const own = await deps.links.get(key);
  if (own) return own;
  const pageId = onDemand().prepareDocument(text).frontMatterPageId;
  const opened = pageId ? await deps.links.opened(pageId) : undefined;
  if (opened) return opened;
  return (await followRenameOutside(deps, uri, text)) ?? (await recordedPagesOf([key], deps.log)).get(key);
}
