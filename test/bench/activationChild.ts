// One activation sample in a fresh process: `node activationChild.js <extension main> [built-in to preload...]`. Times what VS Code times
// for an activation (loading the main module, then activate(context) until it returns) and reports, as one JSON
// line, what the activation loaded. The fake `vscode` module is installed before the clock starts: VS Code
// provides that API itself, so its cost is not the extension's.
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createFakeContext, createFakeVscode, installFakeVscode, isFakeVscodePath, type ActivationRecord } from './fakeVscode';

export interface ActivationSample {
  loadMs: number;
  activateMs: number;
  totalMs: number;
  /** Files that entered require.cache during the measured span. */
  loadedFiles: string[];
  /** Node built-in modules first loaded during the measured span (from process.moduleLoadList). */
  loadedBuiltins: string[];
  commands: string[];
  activationErrors: string[];
}

interface ExtensionModule {
  activate?(context: unknown): unknown;
  deactivate?(): unknown;
}

function builtinsLoaded(): string[] {
  const list = (process as unknown as { moduleLoadList?: string[] }).moduleLoadList ?? [];
  return list.filter((entry) => entry.startsWith('NativeModule ')).map((entry) => entry.slice('NativeModule '.length));
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

async function main(): Promise<void> {
  const [main, ...preload] = process.argv.slice(2);
  if (!main) throw new Error('Usage: node activationChild.js <path to the extension main module> [built-in to preload...]');
  // For the informational variant: built-ins a real extension host has already loaded for itself.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  for (const name of preload) require(name);
  const record: ActivationRecord = { commands: [], errorLines: [], errorMessages: [] };
  installFakeVscode(createFakeVscode(record));
  const context = createFakeContext(dirname(main));
  const filesBefore = new Set(Object.keys(require.cache));
  const builtinsBefore = new Set(builtinsLoaded());

  const start = performance.now();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const extension = require(main) as ExtensionModule;
  const loaded = performance.now();
  const returned = extension.activate?.(context);
  if (isThenable(returned)) await returned;
  const activated = performance.now();

  const sample: ActivationSample = {
    loadMs: loaded - start,
    activateMs: activated - loaded,
    totalMs: activated - start,
    loadedFiles: Object.keys(require.cache).filter((file) => !filesBefore.has(file) && !isFakeVscodePath(file)),
    loadedBuiltins: builtinsLoaded().filter((name) => !builtinsBefore.has(name)),
    commands: record.commands,
    activationErrors: [...record.errorLines, ...record.errorMessages],
  };
  for (const subscription of context.subscriptions.splice(0)) subscription.dispose();
  await extension.deactivate?.();
  process.stdout.write(`${JSON.stringify(sample)}\n`, () => process.exit(0));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
