// One end-to-end session: a sandbox wiki, a code-server with fresh user-data and extensions folders, a
// workspace of Markdown files, and a Chromium page showing the workbench. stop() ends all of them, in
// reverse order, even when some failed to start.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { startCodeServer, type RunningCodeServer } from './codeServer';
import { copyExtensionsDir, runContext } from './runSetup';
import { waitForWorkbench } from './workbench';

/** Flags that work as root with no network (docs/real-vscode.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run',
];

export interface SessionOptions {
  /** File name -> content, written into the workspace folder. */
  files: Record<string, string>;
  /** A token for the extension host's WIKI_PUBLISHER_API_TOKEN (the headless token source). */
  envToken?: string;
  /** Extra user settings on top of the endpoint and the quiet-workbench defaults. */
  settings?: Record<string, unknown>;
  /** Called with the sandbox before code-server starts, e.g. to issue the envToken. */
  beforeStart?: (sandbox: Sandbox) => Partial<Pick<SessionOptions, 'envToken'>> | void;
}

export interface Session {
  sandbox: Sandbox;
  page: Page;
  workspaceDir: string;
  userDataDir: string;
  codeServer: RunningCodeServer;
  stop(): Promise<void>;
}

export const QUIET_WORKBENCH_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'workbench.tips.enabled': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'chat.commandCenter.enabled': false,
};

/** Writes user settings; the import endpoint is application-scoped, so it must be a user setting. */
export function writeUserSettings(userDataDir: string, settings: Record<string, unknown>): void {
  const dir = path.join(userDataDir, 'User');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
}

export function writeWorkspace(dir: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

export async function startSession(options: SessionOptions): Promise<Session> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wp-e2e-'));
  const workspaceDir = path.join(root, 'workspace');
  const userDataDir = path.join(root, 'user-data');
  const extensionsDir = path.join(root, 'extensions');
  const cleanups: Array<() => Promise<void> | void> = [() => fs.rmSync(root, { recursive: true, force: true })];
  const stop = async (): Promise<void> => {
    // Reverse order: the browser goes before the server it talks to, the sandbox last.
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('      [e2e] cleanup failed:', error);
      }
    }
  };
  try {
    const sandbox = await startSandbox();
    cleanups.push(() => sandbox.close());
    const envToken = options.beforeStart?.(sandbox)?.envToken ?? options.envToken;
    writeWorkspace(workspaceDir, options.files);
    writeUserSettings(userDataDir, {
      ...QUIET_WORKBENCH_SETTINGS,
      'wikiPublisher.importEndpoint': sandbox.importEndpoint,
      ...options.settings,
    });
    copyExtensionsDir(extensionsDir);
    const codeServer = await startCodeServer({
      userDataDir, extensionsDir, workspaceDir, stateDir: path.join(root, 'code-server-state'),
      env: envToken === undefined ? {} : { WIKI_PUBLISHER_API_TOKEN: envToken },
    });
    cleanups.push(() => codeServer.stop());
    const browser: Browser = await chromium.launch({ executablePath: runContext().chromiumPath, args: CHROMIUM_ARGS });
    cleanups.push(() => browser.close());
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // The temp path holds only [A-Za-z0-9/_-], so it goes into the query unencoded, as a person would type it.
    await page.goto(`${codeServer.origin}/?folder=${workspaceDir}`);
    await waitForWorkbench(page);
    return { sandbox, page, workspaceDir, userDataDir, codeServer, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
