// Publishing many files from the Explorer: one plan, one question for what the files do not say themselves, one
// confirmation, bounded sending with one progress notification, and one summary. The engine is the core's
// (plan, run, send); this file only asks and renders.
import * as vscode from 'vscode';
import { neutralise } from '../../core/text/neutralise';
import type { PageLink } from '../../core/links/pageLink';
import type { PlanItem, SourceFile } from '../../core/run/plan';
import type { FileResult } from '../../core/run/runner';
import { showModal } from '../notify';
import { onDemand } from '../onDemandLoader';
import { collectMarkdown } from './collectMarkdown';
import { askPlanDefaults, type PlanDefaults } from './prompts';
import { concurrencySetting, omitTitleHeadingSetting, sendSetup, type PublishDependencies } from './publishContext';
import { PublishAnswer } from './publishAnswer';
import { showWithActions } from './showOutcome';

/** A retry of some files of an earlier run: its answers, and which files may have landed then. */
interface RetryOf {
  defaults: PlanDefaults | undefined;
  mayHaveLanded: ReadonlySet<string>;
}

const SHOWN_IN_DETAIL = 6;

export class ManyPublisher {
  constructor(private readonly deps: PublishDependencies) {}

  async publish(selection: readonly vscode.Uri[], retry?: RetryOf): Promise<void> {
    const setup = await sendSetup(this.deps, () => this.publish(selection, retry));
    if (!setup) return;
    const core = onDemand();
    const sources = await this.read(selection);
    if (!sources) return;
    if (sources.length === 0) {
      void showWithActions('info', vscode.l10n.t('There are no Markdown files in the selection (files hidden by files.exclude, node_modules and dot-folders are skipped).'), []);
      return;
    }
    const links = new Map<string, PageLink | undefined>();
    for (const source of sources) links.set(source.key, await this.deps.links.get(source.key));
    const options = { titleFromFile: true, omitTitleHeading: omitTitleHeadingSetting(), force: retry !== undefined };
    let items = core.planFiles(sources, links, options);
    let defaults = retry?.defaults;
    if (items.some((item) => item.state === 'incomplete')) {
      defaults ??= await askPlanDefaults({}, this.deps.recent, {}, items.filter((item) => item.state === 'incomplete').length);
      if (!defaults) return;
      items = core.planFiles(sources, links, { ...options, defaults });
    }
    if (!retry && !(await this.confirm(items, defaults))) return;
    const results = await this.run(items, setup, retry?.mayHaveLanded ?? new Set());
    if (!results) return;
    await this.remember(results, defaults);
    this.logResults(results);
    await this.summarise(results, selection, defaults);
  }

  /** The files' texts: an open editor's text (unsaved edits included, as for one file), else the file on disk. */
  private async read(selection: readonly vscode.Uri[]): Promise<SourceFile[] | undefined> {
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Reading the Markdown files...'), cancellable: true }, async (_progress, cancellation) => {
      const collected = await collectMarkdown(selection, cancellation);
      if (cancellation.isCancellationRequested) return undefined;
      if (collected.truncated) this.deps.log.warn(`The selection holds more Markdown files than one publish takes; only the first ${collected.uris.length} were planned.`);
      const open = new Map(vscode.workspace.textDocuments.map((document) => [document.uri.toString(), document]));
      const decoder = new TextDecoder();
      const sources: SourceFile[] = [];
      for (const uri of collected.uris) {
        const key = uri.toString();
        const text = open.get(key)?.getText() ?? decoder.decode(await vscode.workspace.fs.readFile(uri));
        sources.push({ key, label: vscode.workspace.asRelativePath(uri), text });
      }
      return sources;
    });
  }

  /** The modal summary of the plan; true when the user chose Publish. */
  private async confirm(items: readonly PlanItem[], defaults: PlanDefaults | undefined): Promise<boolean> {
    const core = onDemand();
    const counts = core.countPlan(items);
    const refused = items.filter((item) => item.state === 'refused');
    const cautioned = items.filter((item) => item.state === 'send' && item.cautions.length > 0);
    const lines = [
      defaultsLine(defaults),
      counts.updates === 1
        ? vscode.l10n.t('{0} new, {1} update, {2} unchanged (skipped), {3} refused.', counts.newPages, counts.updates, counts.unchanged, counts.refused)
        : vscode.l10n.t('{0} new, {1} updates, {2} unchanged (skipped), {3} refused.', counts.newPages, counts.updates, counts.unchanged, counts.refused),
      ...listed(vscode.l10n.t('Refused'), refused, (item) => item.refusals.map((refusal) => refusal.message).join(' ')),
      ...listed(vscode.l10n.t('Warnings (published anyway)'), cautioned, (item) => item.cautions.map((caution) => caution.message).join(' ')),
    ];
    if (counts.send === 0) {
      void showWithActions(counts.refused > 0 ? 'error' : 'info', [vscode.l10n.t('Nothing to publish among {0} files.', counts.files), ...lines.slice(1)].join(' '), []);
      return false;
    }
    const question = counts.files === 1
      ? vscode.l10n.t('Publish {0} of {1} Markdown file to the wiki?', counts.send, counts.files)
      : vscode.l10n.t('Publish {0} of {1} Markdown files to the wiki?', counts.send, counts.files);
    const publish = vscode.l10n.t('Publish');
    const choice = await showModal('info', question, lines.join('\n'), publish);
    return choice === publish;
  }

  private run(items: PlanItem[], setup: { endpoint: URL; token: string; deadlineMs: number }, mayHaveLanded: ReadonlySet<string>): Thenable<FileResult[]> {
    const core = onDemand();
    const total = items.filter((item) => item.state === 'send').length;
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Publishing to the wiki'), cancellable: true }, (progress, cancellation) => {
      const controller = new AbortController();
      cancellation.onCancellationRequested(() => controller.abort());
      return core.runPlan(items, {
        concurrency: core.clampConcurrency(concurrencySetting()),
        signal: controller.signal,
        onStart: (item, started) => progress.report({ message: neutralise(vscode.l10n.t('Publishing {0} of {1}: {2}', started, total, item.complete?.pageTitle ?? item.file.label)) }),
        onResult: (result) => {
          if (result.item.state === 'send') progress.report({ increment: 100 / Math.max(1, total) });
        },
        send: (item, target, context) =>
          core.sendPlanned(item, target, context, {
            ...setup, transport: this.deps.transport(), hooks: { earlierRunMayHaveLanded: mayHaveLanded.has(item.file.key) },
          }),
      });
    });
  }

  /** Links every file that landed to its page; when signed in, finds the pages' IDs in the background. */
  private async remember(results: readonly FileResult[], defaults: PlanDefaults | undefined): Promise<void> {
    const core = onDemand();
    const landed: Array<{ key: string; link: PageLink }> = [];
    for (const result of results) {
      const target = result.item.complete;
      if (result.state !== 'published' || !target) continue;
      const link = core.linkAfterPublish(result.item, target, this.deps.clock.now());
      await this.deps.links.set(result.item.file.key, link);
      landed.push({ key: result.item.file.key, link });
    }
    if (defaults && landed.length > 0) await this.deps.recent.remember(defaults);
    if (results.some((result) => result.outcome && (result.outcome.kind === 'unauthorized' || result.outcome.kind === 'forbidden' || result.outcome.kind === 'created' || result.outcome.kind === 'updated'))) {
      const verdict = results.find((result) => result.outcome?.kind === 'unauthorized' || result.outcome?.kind === 'forbidden')?.outcome ?? results.find((result) => result.outcome)?.outcome;
      if (verdict) this.deps.tokenVerdict?.(verdict);
    }
    void this.identify(landed);
  }

  private async identify(landed: ReadonlyArray<{ key: string; link: PageLink }>): Promise<void> {
    const pages = await this.deps.wiki.pages();
    if (!pages) return;
    const answer = new PublishAnswer(this.deps);
    // One lookup at a time: this runs after the summary and must not compete with anything the user does next.
    for (const { key, link } of landed) {
      await answer.identify(pages, key, link, { spaceId: link.spaceId, parentId: link.parentId, pageTitle: link.pageTitle, overwrite: true });
    }
  }


  private logResults(results: readonly FileResult[]): void {
    this.deps.log.info(`Published many files: ${onDemand().summaryLine(onDemand().summarise(results))}`);
    for (const result of results) {
      const target = result.item.complete;
      const where = target ? ` -> "${target.pageTitle}" (space ${target.spaceId}, parent ${target.parentId})` : '';
      const said = result.outcome ? `: ${result.outcome.status ? `HTTP ${result.outcome.status} ` : ''}${result.outcome.message}` : result.item.refusals.length ? `: ${result.item.refusals.map((refusal) => refusal.message).join(' ')}` : '';
      const landed = result.mayHaveLanded && result.state !== 'published' ? ' (may have landed)' : '';
      const line = `  ${result.item.file.label}${where}: ${result.state}${landed}${said}`;
      if (result.state === 'failed' || result.state === 'refused') this.deps.log.error(line);
      else this.deps.log.info(line);
    }
  }

  private async summarise(results: readonly FileResult[], selection: readonly vscode.Uri[], defaults: PlanDefaults | undefined): Promise<void> {
    const core = onDemand();
    const summary = core.summarise(results);
    const again = results.filter((result) => result.state === 'failed' || result.state === 'cancelled' || result.state === 'notStarted');
    const severity = summary.failed > 0 || summary.refused > 0 ? 'error' : summary.cancelled + summary.notStarted > 0 ? 'warning' : 'info';
    const cancelledNote = summary.cancelled + summary.notStarted > 0 ? ` ${vscode.l10n.t('Publishing was cancelled: the files cancelled while sending may or may not have landed.')}` : '';
    const choice = await showWithActions(severity, `${core.summaryLine(summary)}.${cancelledNote}`, again.length > 0 ? ['showResults', 'retryFailed'] : ['showResults']);
    if (choice === 'showResults') this.deps.showLog();
    if (choice === 'retryFailed') {
      const byKey = new Map(selection.map((uri) => [uri.toString(), uri]));
      const uris = again.map((result) => byKey.get(result.item.file.key) ?? vscode.Uri.parse(result.item.file.key));
      const mayHaveLanded = new Set(again.filter((result) => result.mayHaveLanded).map((result) => result.item.file.key));
      await this.publish(uris, { defaults, mayHaveLanded });
    }
  }
}

function defaultsLine(defaults: PlanDefaults | undefined): string {
  if (!defaults) return vscode.l10n.t('Every file names its page (front matter, or where it was published before).');
  return defaults.overwrite
    ? vscode.l10n.t('Files that do not name their page go to space {0}, under parent page {1}, updating pages with the same titles.', defaults.spaceId, defaults.parentId)
    : vscode.l10n.t('Files that do not name their page go to space {0}, under parent page {1}, creating pages only.', defaults.spaceId, defaults.parentId);
}

function listed(heading: string, items: readonly PlanItem[], reason: (item: PlanItem) => string): string[] {
  if (items.length === 0) return [];
  const shown = items.slice(0, SHOWN_IN_DETAIL).map((item) => `  ${item.file.label}: ${reason(item)}`);
  const more = items.length > SHOWN_IN_DETAIL ? [`  ${vscode.l10n.t('... and {0} more (see the log).', items.length - SHOWN_IN_DETAIL)}`] : [];
  return [`${heading}:`, ...shown, ...more];
}
