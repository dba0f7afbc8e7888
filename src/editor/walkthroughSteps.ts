// The Get Started walkthrough's setup steps are done when what they set up is there, however it got there: an endpoint
// set before the extension was installed, a token stored in an earlier session or given in WIKI_PUBLISHER_API_TOKEN.
// package.json's completion events cannot say so. onSettingChanged fires only on a change, and an onContext
// expression already true when VS Code registers the walkthrough never checks its step (VS Code 1.100 records the
// event as seen without progressing the step, and so ignores it from then on). So the extension checks those steps
// off itself, through VS Code's own "Mark Step Complete" command, which also creates the walkthrough's state if it
// is not loaded yet, and keeps it. At activation the walkthrough may not be registered yet: VS Code 1.100 then saves
// the step as done and only after that throws "Tried to progress unknown step". So a failure is tried once more a
// little later (a step already done is left alone without a word), and only a second failure is worth a warning.
import * as vscode from 'vscode';
import { describeError } from '../core/log/redact';
import type { Logger } from '../core/ports';
import { importEndpointSetting, IMPORT_ENDPOINT_SETTING } from './publish/publishSettings';

const MARK_STEP_COMPLETE = 'welcome.markStepComplete';
const WALKTHROUGH_ID = 'gettingStarted';
/** How long after a failed first try the step is checked off again: the walkthrough registers soon after activation. */
const RETRY_AFTER_MS = 10_000;

export type SetupStep = 'setImportEndpoint' | 'setApiToken';

/** The steps as the walkthrough titles them (package.nls.json), for the log: never the step's ID. */
const STEP_TITLES: Record<SetupStep, string> = { setImportEndpoint: 'Set the import endpoint', setApiToken: 'Set your API token' };

export class WalkthroughSteps implements vscode.Disposable {
  private readonly marked = new Set<SetupStep>();
  private readonly subscription: vscode.Disposable;
  private readonly retries = new Set<ReturnType<typeof setTimeout>>();

  constructor(private readonly extensionId: string, private readonly log: Logger) {
    this.subscription = vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration(IMPORT_ENDPOINT_SETTING)) this.markEndpointIfSet();
    });
  }

  /** Checks off the endpoint step if the endpoint is set already: once activation has returned. */
  start(): void {
    this.markEndpointIfSet();
  }

  /** Checks the step off, once per session; a VS Code without the command (or the step) only loses the tick. */
  markDone(step: SetupStep): void {
    if (this.marked.has(step)) return;
    this.marked.add(step);
    const stepId = `${this.extensionId}#${WALKTHROUGH_ID}#${step}`;
    const mark = (): Promise<unknown> => Promise.resolve(vscode.commands.executeCommand(MARK_STEP_COMPLETE, stepId));
    void mark().catch((first: unknown) => {
      this.log.debug(`Checking off the walkthrough step "${STEP_TITLES[step]}" again later: ${describeError(first)}`);
      const retry = setTimeout(() => {
        this.retries.delete(retry);
        void mark().then(
          () => this.log.info(`Checked off the walkthrough step "${STEP_TITLES[step]}" (the walkthrough was not loaded yet at first).`),
          (error: unknown) => this.log.warn(`Could not check off the walkthrough step "${STEP_TITLES[step]}": ${describeError(error)}`),
        );
      }, RETRY_AFTER_MS);
      this.retries.add(retry);
    });
  }

  dispose(): void {
    this.subscription.dispose();
    for (const retry of this.retries) clearTimeout(retry);
    this.retries.clear();
  }

  private markEndpointIfSet(): void {
    if (importEndpointSetting()?.trim()) this.markDone('setImportEndpoint');
  }
}
