// The Explorer's (and the editor tabs') one-letter badges, the way the Git extension marks files: W changed on the
// wiki, M modified here, D deleted on the wiki, N a new file in a published page tree. In sync, unchecked and
// published-from-another-clone files get no badge (calm, as Git leaves clean files alone), and a Markdown file outside
// any published tree is no page to be, so it gets none either. Each colour is the extension's own theme colour, which
// defaults to the Git decoration colour of the same meaning (package.json "colors").
//
// Every badge propagates, as the Git extension's do (its resources' decorations set `propagate` for every state but a
// deleted file, which is gone from the Explorer): VS Code then shows a folder holding a badged file, collapsed or not,
// with a dot in that file's colour, up to the workspace folder. A file the wiki deleted the page of is still here, so
// its D goes up too. Firing the changed files is enough: the decorations service fetches each URI fired and bubbles
// it to every folder above (decorationsService.ts, getDecoration with includeChildren).
import * as vscode from 'vscode';
import type { FileState } from '../../core/pageState/workspaceStates';
import { neutralise } from '../../core/text/neutralise';

interface Badge {
  letter: string;
  color: string;
  tooltip: string;
}

function badgeOf(state: FileState, inTree: boolean): Badge | undefined {
  switch (state.kind) {
    case 'changedOnWiki':
      if (state.movedUnder !== undefined) return { letter: 'W', color: 'wikiPublisher.pages.changedOnWikiForeground', tooltip: vscode.l10n.t('Wiki: moved on the wiki') };
      if (state.renamedFrom !== undefined && !state.modifiedHere) return { letter: 'W', color: 'wikiPublisher.pages.changedOnWikiForeground', tooltip: vscode.l10n.t('Wiki: renamed on the wiki') };
      return state.modifiedHere
        ? { letter: 'W', color: 'wikiPublisher.pages.bothChangedForeground', tooltip: vscode.l10n.t('Wiki: changed on the wiki and modified here') }
        : { letter: 'W', color: 'wikiPublisher.pages.changedOnWikiForeground', tooltip: vscode.l10n.t('Wiki: changed on the wiki') };
    case 'modifiedHere':
      return { letter: 'M', color: 'wikiPublisher.pages.modifiedHereForeground', tooltip: vscode.l10n.t('Wiki: modified here since published') };
    case 'deletedOnWiki':
      return { letter: 'D', color: 'wikiPublisher.pages.deletedOnWikiForeground', tooltip: vscode.l10n.t('Wiki: page deleted on the wiki') };
    case 'notPublished':
      return inTree ? { letter: 'N', color: 'wikiPublisher.pages.newInTreeForeground', tooltip: vscode.l10n.t('Wiki: new page of a published tree, not published yet') } : undefined;
    default:
      return undefined;
  }
}

/** The decorations of one set of states, and which files' decorations changed since the last set. */
export class PageDecorations {
  private byUri = new Map<string, { badge: Badge; decoration: vscode.FileDecoration }>();

  /** Takes the new states; returns the URIs whose badge changed (appeared, went or differs). */
  update(states: readonly FileState[], inTree: (state: FileState) => boolean, uriOf: (state: FileState) => vscode.Uri): vscode.Uri[] {
    const next = new Map<string, { badge: Badge; decoration: vscode.FileDecoration }>();
    const changed: vscode.Uri[] = [];
    for (const state of states) {
      const badge = badgeOf(state, inTree(state));
      const key = state.file.key;
      const before = this.byUri.get(key);
      if (badge) {
        const same = before && before.badge.letter === badge.letter && before.badge.color === badge.color && before.badge.tooltip === badge.tooltip;
        next.set(key, same ? before : { badge, decoration: decorationOf(badge) });
        if (!same) changed.push(uriOf(state));
      } else if (before) changed.push(uriOf(state));
    }
    const listed = new Set(states.map((state) => state.file.key));
    for (const key of this.byUri.keys()) if (!listed.has(key)) changed.push(vscode.Uri.parse(key, true));
    this.byUri = next;
    return changed;
  }

  decoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    return this.byUri.get(uri.toString())?.decoration;
  }
}

function decorationOf(badge: Badge): vscode.FileDecoration {
  const decoration = new vscode.FileDecoration(badge.letter, neutralise(badge.tooltip), new vscode.ThemeColor(badge.color));
  decoration.propagate = true;
  return decoration;
}
