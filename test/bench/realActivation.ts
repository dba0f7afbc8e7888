// Activation cost against an empty extension in a real VS Code: code-server (VS Code's workbench and its Node
// extension host) with our packaged .vsix and an empty stub installed side by side, both activated by
// onStartupFinished. The numbers are VS Code's own ExtensionActivationTimes, read from the workbench as a person
// would: "Developer: Show Running Extensions" shows codeLoadingTime + activateCallTime per extension (the judged
// number), and "Developer: Startup Performance" shows the parts (Load Code, Call Activate, Finish Activate).
// Each sample restarts code-server with a fresh user-data folder; the extensions folder is installed once.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Locator, Page } from 'playwright-core';
import { startCodeServer } from '../e2e/support/codeServer';
import { codeServerEntry, extensionId, repoRoot, vsixPath } from '../e2e/support/paths';
import { installExtension } from '../e2e/support/runSetup';
import { runCommand, UI_TIMEOUT_MS, waitForWorkbench } from '../e2e/support/workbench';
import { summarize, type Summary } from './stats';

const run = promisify(execFile);

export const STUB_ID = 'bench.empty-stub';
const STUB_VERSION = '0.0.1';
const STUB_MANIFEST = {
  name: 'empty-stub',
  publisher: 'bench',
  version: STUB_VERSION,
  description: 'An extension that does nothing, for the activation bench.',
  license: 'MIT',
  engines: { vscode: '^1.95.0' },
  main: './extension.js',
  // The same event our extension activates on at start-up.
  activationEvents: ['onStartupFinished'],
  files: ['extension.js'],
};
const STUB_MAIN = "'use strict';\nexports.activate = function activate() {};\nexports.deactivate = function deactivate() {};\n";

/** Tall enough that the Running Extensions list and the top of the Startup Performance text are all rendered. */
const VIEWPORT = { width: 1280, height: 3000 };
const RUNNING_EXTENSIONS = 'Developer: Show Running Extensions';
const STARTUP_PERFORMANCE = 'Developer: Startup Performance';
const ACTIVATION_TEXT = /^(Startup )?Activation: (\d+)ms$/;

/** One extension's activation as VS Code recorded it, in whole milliseconds (VS Code times it with Date.now()). */
export interface RecordedActivation {
  /** What Running Extensions shows: codeLoadingTime + activateCallTime. */
  shownMs: number;
  /** From Startup Performance ("Extension Activation Stats"); undefined when that table could not be read. */
  parts: { loadCodeMs: number; callActivateMs: number; finishActivateMs: number; eager: boolean; event: string } | undefined;
}

export interface RealActivationSample {
  ours: RecordedActivation;
  stub: RecordedActivation;
  /** Every extension activated by onStartupFinished in this session, in the table's order, with its Load Code ms. */
  startupFinishedBatch: Array<{ id: string; loadCodeMs: number }>;
  wallMs: number;
}

export interface RealActivationResult {
  kind: 'measured';
  codeServerVersion: string;
  vscodeVersion: string;
  ours: Summary;
  stub: Summary;
  ratio: number;
  oursParts: PartSummaries | undefined;
  stubParts: PartSummaries | undefined;
  samples: RealActivationSample[];
  warmups: number;
  /** How the .vsix was obtained (packaged now, or reused). */
  packaging: string;
  /** Shown time that differs from Load Code + Call Activate in the same session (should never happen). */
  mismatches: string[];
}

export interface PartSummaries {
  loadCode: Summary;
  callActivate: Summary;
  finishActivate: Summary;
}

export type RealActivationOutcome = RealActivationResult | { kind: 'unavailable'; reason: string };

const codeServerPackageDir = path.resolve(codeServerEntry, '..', '..', '..');

function readVersion(packageJson: string): string {
  try {
    const parsed = JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { version?: unknown };
    return typeof parsed.version === 'string' ? parsed.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

export function codeServerVersion(): string {
  return readVersion(path.join(codeServerPackageDir, 'package.json'));
}

function errorText(error: unknown): string {
  if (error && typeof error === 'object' && 'stderr' in error) {
    const stderr = String((error as { stderr: unknown }).stderr).trim();
    if (stderr) return stderr.split('\n').slice(-3).join(' ');
  }
  return error instanceof Error ? error.message.split('\n')[0] ?? error.message : String(error);
}

async function runNodeScript(name: string): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(repoRoot, 'scripts', name)], { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

/** Packages the extension (npm run package) when the .vsix is missing or older than dist/. */
async function ensureVsix(): Promise<string> {
  const distFiles = ['extension.js', 'onDemand.js'].map((name) => path.join(repoRoot, 'dist', name)).filter((file) => fs.existsSync(file));
  const newestDist = Math.max(0, ...distFiles.map((file) => fs.statSync(file).mtimeMs));
  if (fs.existsSync(vsixPath) && fs.statSync(vsixPath).mtimeMs >= newestDist) return `${path.basename(vsixPath)} is newer than dist/, used as it is`;
  const reason = fs.existsSync(vsixPath) ? 'older than dist/' : 'missing';
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  await run(npm, ['run', 'package'], { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 });
  return `${path.basename(vsixPath)} was ${reason}: npm run package took ${Date.now() - started} ms`;
}

/** Writes the stub extension's folder and packs it with vsce, as a publisher would. */
async function packStub(dir: string): Promise<string> {
  const source = path.join(dir, 'empty-stub');
  fs.mkdirSync(source, { recursive: true });
  fs.writeFileSync(path.join(source, 'package.json'), JSON.stringify(STUB_MANIFEST, null, 2));
  fs.writeFileSync(path.join(source, 'extension.js'), STUB_MAIN);
  fs.writeFileSync(path.join(source, 'README.md'), '# empty-stub\n\nDoes nothing; the activation bench compares against it.\n');
  const vsix = path.join(dir, 'empty-stub.vsix');
  const vsce = path.join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce');
  await run(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', vsix], { cwd: source });
  return vsix;
}

async function installStub(extensionsDir: string, stubVsix: string): Promise<void> {
  const root = path.dirname(extensionsDir);
  await run(process.execPath, [codeServerEntry, '--extensions-dir', extensionsDir, '--install-extension', stubVsix], {
    env: { ...process.env, XDG_CONFIG_HOME: path.join(root, 'xdg-config'), XDG_DATA_HOME: path.join(root, 'xdg-data') },
  });
  const folder = `${STUB_ID}-${STUB_VERSION}`;
  if (!fs.existsSync(path.join(extensionsDir, folder))) throw new Error(`Installing the stub left no ${folder} folder in ${extensionsDir}`);
}

/** The name VS Code shows: displayName, with a `%key%` placeholder looked up in package.nls.json as VS Code does. */
function manifestLabel(manifest: { displayName?: unknown; name?: unknown }, nls: Record<string, unknown> = {}): string {
  if (typeof manifest.displayName !== 'string' || !manifest.displayName) return String(manifest.name);
  const key = /^%(.+)%$/.exec(manifest.displayName)?.[1];
  const localized = key === undefined ? undefined : nls[key];
  return typeof localized === 'string' ? localized : manifest.displayName;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Shown {
  label: string;
  version: string;
}

/** The Running Extensions row of one extension, once VS Code shows its activation time. */
async function readShownTime(page: Page, shown: Shown): Promise<number> {
  const editor = page.locator('.runtime-extensions-editor');
  const row = editor
    .locator('.monaco-list-row')
    .filter({ has: page.locator('.name', { hasText: new RegExp(`^${escapeRegExp(shown.label)}$`) }) })
    .filter({ has: page.locator('.version', { hasText: new RegExp(`^${escapeRegExp(shown.version)}$`) }) })
    .filter({ has: page.locator('.activation-time', { hasText: ACTIVATION_TEXT }) })
    .first();
  try {
    await row.waitFor({ timeout: UI_TIMEOUT_MS });
  } catch {
    const listed = (await editor.locator('.monaco-list-row').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    throw new Error(`Running Extensions shows no activation time for "${shown.label}" ${shown.version}; it lists: ${listed.join(' | ') || 'nothing'}`);
  }
  const text = (await row.locator('.activation-time').innerText()).trim();
  const match = ACTIVATION_TEXT.exec(text);
  if (!match?.[2]) throw new Error(`Unexpected activation time text "${text}" for ${shown.label}`);
  return Number(match[2]);
}

interface PerfRow {
  eager: boolean;
  loadCodeMs: number;
  callActivateMs: number;
  finishActivateMs: number;
  event: string;
}

/** The "Extension Activation Stats" table of Startup Performance: | Extension | Eager | Load Code | Call Activate | Finish Activate | Event | By | */
async function readPerfTable(page: Page): Promise<Map<string, PerfRow>> {
  await runCommand(page, STARTUP_PERFORMANCE);
  const lines: Locator = page.locator('.editor-group-container.active .monaco-editor .view-line');
  await page
    .locator('.editor-group-container.active .monaco-editor .view-lines', { hasText: 'Extension Activation Stats' })
    .waitFor({ timeout: UI_TIMEOUT_MS });
  const rows = new Map<string, PerfRow>();
  for (const raw of await lines.allTextContents()) {
    const cells = raw.replace(/\u00a0/g, ' ').split('|').map((cell) => cell.trim());
    // ['', extension, eager, load, call, finish, event, by, '']
    if (cells.length !== 9) continue;
    const [, id, eager, load, call, finish, event] = cells;
    if (!id || !/^\d+$/.test(load ?? '') || !/^\d+$/.test(call ?? '') || !/^-?\d+$/.test(finish ?? '')) continue;
    rows.set(id, { eager: eager === 'true', loadCodeMs: Number(load), callActivateMs: Number(call), finishActivateMs: Number(finish), event: event ?? '' });
  }
  return rows;
}

function recorded(shownMs: number, row: PerfRow | undefined): RecordedActivation {
  return {
    shownMs,
    parts: row && {
      loadCodeMs: row.loadCodeMs,
      callActivateMs: row.callActivateMs,
      finishActivateMs: row.finishActivateMs,
      eager: row.eager,
      event: row.event,
    },
  };
}

interface SampleSetup {
  browser: Browser;
  extensionsDir: string;
  ours: Shown;
  stub: Shown;
}

async function sampleOnce(setup: SampleSetup): Promise<RealActivationSample> {
  const { QUIET_WORKBENCH_SETTINGS, writeUserSettings } = await import('../e2e/support/session');
  const started = Date.now();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wp-bench-vscode-'));
  const workspaceDir = path.join(root, 'workspace');
  const userDataDir = path.join(root, 'user-data');
  fs.mkdirSync(workspaceDir, { recursive: true });
  fs.writeFileSync(path.join(workspaceDir, 'README.md'), '# Bench\n');
  writeUserSettings(userDataDir, QUIET_WORKBENCH_SETTINGS);
  try {
    const codeServer = await startCodeServer({
      userDataDir,
      extensionsDir: setup.extensionsDir,
      workspaceDir,
      stateDir: path.join(root, 'code-server-state'),
    });
    try {
      const context = await setup.browser.newContext({ viewport: VIEWPORT });
      try {
        const page = await context.newPage();
        await page.goto(`${codeServer.origin}/?folder=${workspaceDir}`);
        await waitForWorkbench(page);
        await runCommand(page, RUNNING_EXTENSIONS);
        const oursShown = await readShownTime(page, setup.ours);
        const stubShown = await readShownTime(page, setup.stub);
        const table = await readPerfTable(page);
        const batch = [...table.entries()].filter(([, row]) => row.event === 'onStartupFinished').map(([id, row]) => ({ id, loadCodeMs: row.loadCodeMs }));
        return {
          ours: recorded(oursShown, table.get(extensionId)),
          stub: recorded(stubShown, table.get(STUB_ID)),
          startupFinishedBatch: batch,
          wallMs: Date.now() - started,
        };
      } finally {
        await context.close();
      }
    } finally {
      await codeServer.stop();
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

function partSummaries(samples: readonly RecordedActivation[]): PartSummaries | undefined {
  const parts = samples.map((sample) => sample.parts);
  if (parts.some((part) => part === undefined)) return undefined;
  const defined = parts.filter((part): part is NonNullable<typeof part> => part !== undefined);
  return {
    loadCode: summarize(defined.map((part) => part.loadCodeMs)),
    callActivate: summarize(defined.map((part) => part.callActivateMs)),
    finishActivate: summarize(defined.map((part) => part.finishActivateMs)),
  };
}

export async function measureRealActivation(samples: number, warmups: number): Promise<RealActivationOutcome> {
  // What cannot be had on this machine is reported, not failed.
  try {
    await runNodeScript('ensure-code-server.mjs');
  } catch (error) {
    return { kind: 'unavailable', reason: `code-server could not be installed: ${errorText(error)}` };
  }
  let chromiumPath: string;
  try {
    chromiumPath = (await runNodeScript('find-chromium.mjs')).trim();
  } catch (error) {
    return { kind: 'unavailable', reason: `no Chromium: ${errorText(error)}` };
  }
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_ARGS } = await import('../e2e/support/session');
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  } catch (error) {
    return { kind: 'unavailable', reason: `Chromium (${chromiumPath}) could not be started: ${errorText(error)}` };
  }

  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wp-bench-extensions-'));
  try {
    const packaging = await ensureVsix();
    const extensionsDir = path.join(root, 'extensions');
    installExtension(extensionsDir);
    await installStub(extensionsDir, await packStub(path.join(root, 'stub-source')));
    const ourManifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { displayName?: unknown; name?: unknown; version?: unknown };
    const setup: SampleSetup = {
      browser,
      extensionsDir,
      ours: { label: manifestLabel(ourManifest, JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.nls.json'), 'utf8')) as Record<string, unknown>), version: String(ourManifest.version) },
      stub: { label: manifestLabel(STUB_MANIFEST), version: STUB_VERSION },
    };
    const taken: RealActivationSample[] = [];
    for (let index = 0; index < warmups + samples; index++) {
      const sample = await sampleOnce(setup);
      if (index >= warmups) taken.push(sample);
    }
    const ours = summarize(taken.map((sample) => sample.ours.shownMs));
    const stub = summarize(taken.map((sample) => sample.stub.shownMs));
    const mismatches: string[] = [];
    taken.forEach((sample, index) => {
      for (const [name, value] of [['ours', sample.ours], ['stub', sample.stub]] as const) {
        if (value.parts && value.parts.loadCodeMs + value.parts.callActivateMs !== value.shownMs) {
          mismatches.push(`sample ${index + 1} ${name}: shown ${value.shownMs} ms, Load Code + Call Activate ${value.parts.loadCodeMs + value.parts.callActivateMs} ms`);
        }
      }
    });
    return {
      kind: 'measured',
      codeServerVersion: codeServerVersion(),
      vscodeVersion: readVersion(path.join(codeServerPackageDir, 'lib', 'vscode', 'package.json')),
      ours,
      stub,
      ratio: stub.median > 0 ? ours.median / stub.median : Number.POSITIVE_INFINITY,
      oursParts: partSummaries(taken.map((sample) => sample.ours)),
      stubParts: partSummaries(taken.map((sample) => sample.stub)),
      samples: taken,
      warmups,
      packaging,
      mismatches,
    };
  } finally {
    await browser.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
