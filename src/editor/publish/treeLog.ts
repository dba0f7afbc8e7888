// What a tree publish writes to the log (Output > Wiki Publisher, "Show Results"): each page's end with its title and
// page, what its service said or why it was refused, the links that stay as written and why, then the moves, orphans
// and pages left behind. In English, as every log line; reasons in words, never their codes.
import type { Logger } from '../../core/ports';
import type { OrphanPage } from '../../core/tree/moves';
import type { RunSummary } from '../../core/run/runner';
import type { TreeFileResult } from '../../core/tree/runTypes';
import type { TreePlan } from '../../core/tree/treePlan';
import { onDemand } from '../onDemandLoader';
import { FILE_STATE_WORDS, mayHaveLandedWords } from './logWords';

export interface TreeRunLog {
  plan: TreePlan;
  results: readonly TreeFileResult[];
  summary: RunSummary;
  leftBehind: readonly OrphanPage[];
  addressOf: (pageId: string, title: string) => string | undefined;
}

export function logTreeRun(log: Logger, { plan, results, summary, leftBehind, addressOf }: TreeRunLog): void {
  const core = onDemand();
  log.info(`Published a page tree: ${core.summaryLine(summary)}`);
  for (const result of results) {
    const said = result.outcome ? `: ${result.outcome.message}` : result.item.refusals.length ? `: ${result.item.refusals.map((refusal) => refusal.message).join(' ')}` : '';
    const cautions = result.linkCautions.map((caution) => ` [the link to ${caution.target} stays as written: ${core.linkCautionReasonText(caution.reason)}]`).join('');
    const line = `  ${'  '.repeat(result.depth)}${result.key} -> "${result.item.complete?.pageTitle ?? ''}"${result.pageId ? ` (page ${result.pageId})` : ''}: ${FILE_STATE_WORDS[result.state]}${result.pass === 2 ? ' (second pass)' : result.relinked && result.state === 'published' ? ' (file unchanged: sent so its links reach a page made anew)' : ''}${mayHaveLandedWords(result)}${said}${cautions}`;
    if (result.state === 'failed' || result.state === 'refused') log.error(line);
    else log.info(line);
  }
  for (const move of plan.moves.moves) log.warn(`  moved: ${move.oldPath} -> ${move.path}; page ${move.pageId} stays where it is`);
  for (const move of plan.moves.undecided) log.warn(`  undecided: ${move.oldPath} -> ${move.path}; page ${move.pageId} may stay where it is (only the wiki can tell)`);
  for (const page of plan.moves.retitled) log.warn(`  retitled: ${page.path} "${page.title}" -> "${page.newTitle}"; page ${page.pageId} stays where it is`);
  for (const orphan of plan.moves.orphans) log.warn(`  orphan: "${orphan.title}" (page ${orphan.pageId}, was ${orphan.path})${orphan.notOnWiki ? '; not on the wiki any more (deleted, or hidden from this account): remove its entry from .wiki-pages.json' : ''}`);
  for (const page of leftBehind) {
    const url = addressOf(page.pageId, page.title);
    log.warn(`  left behind: "${page.title}" (page ${page.pageId}, was ${page.path})${url ? ` - ${url}` : ''}; a new page replaced it${page.noNotice ? '; it carries no publish notice from here, so only .wiki-pages.json says it was this file\'s page: check whose page it is before removing it' : ''}`);
  }
}
