// One end-to-end session: a sandbox wiki, a code-server with fresh user-data and extensions folders, a
// workspace of Markdown files, and a Chromium page showing the workbench. stop() ends all of them, in
// reverse order, even when some failed to start.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Idp, IdpOptions } from '../../sandbox/idp';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/server';
import { startSandboxWorld } from '../../sandbox/world';
import { startCodeServer, type LaunchWrapper, type RunningCodeServer } from './codeServer';
import { startIpv6Forwarder } from './loopbackForwarder';
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
  /**
   * Starts the sandbox world (the wiki and its identity provider) instead of the bare wiki: its settings become
   * user settings, except that the identity provider and the wiki's site (wikiPublisher.baseUrl) are reached at
   * http://[::1]:PORT (see loopbackForwarder.ts for why), and the client secret goes into code-server's
   * WIKI_PUBLISHER_CLIENT_SECRET.
   */
  world?: { idp?: IdpOptions };
  /** Called with the sandbox (and the identity provider, with `world`) before code-server starts, e.g. to issue the envToken. */
  beforeStart?: (sandbox: Sandbox, idp: Idp | undefined) => Partial<Pick<SessionOptions, 'envToken' | 'settings'>> | void;
  /** Options of the bare sandbox wiki (without `world`), e.g. `tls` for an https wiki. */
  sandbox?: SandboxOptions;
  /** Wraps code-server's command line (network.e2e.ts runs it in a private mount namespace). */
  launch?: LaunchWrapper;
  /** false: the extensions folder starts empty, for a test that installs the .vsix in the workbench (first run). */
  extensionInstalled?: boolean;
}

export interface Session {
  sandbox: Sandbox;
  /** The identity provider, when the session was started with `world`. */
  idp: Idp | undefined;
  /** The wikiPublisher.export.authUrl user setting: where the extension reaches `idp`. */
  authUrl: string | undefined;
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

let browserLaunch: Promise<Browser> | undefined;

/**
 * The run's Chromium, launched for the first session and again if it went away: each session opens a context of its
 * own in it (cookies, storage and permissions of its own, closed with the session), which saves launching and
 * closing a browser, about two seconds, in every scenario.
 */
async function sharedBrowser(): Promise<Browser> {
  const running = await browserLaunch?.catch(() => undefined);
  if (running?.isConnected()) return running;
  browserLaunch = chromium.launch({ executablePath: runContext().chromiumPath, args: CHROMIUM_ARGS });
  return browserLaunch;
}

/** Closes the run's Chromium (the root hook's afterAll); nothing when no session launched it. */
export async function closeSharedBrowser(): Promise<void> {
  const running = await browserLaunch?.catch(() => undefined);
  browserLaunch = undefined;
  await running?.close();
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
    const world = options.world ? await startSandboxWorld({ idp: options.world.idp }) : undefined;
    const sandbox = world?.sandbox ?? (await startSandbox(options.sandbox));
    cleanups.push(() => (world ? world.close() : sandbox.close()));
    const idp = world?.idp;
    const idpForwarder = idp ? await startIpv6Forwarder({ host: '127.0.0.1', port: Number(new URL(idp.authUrl).port) }) : undefined;
    if (idpForwarder) cleanups.push(() => idpForwarder.close());
    const authUrl = idpForwarder?.origin;
    // The wiki too, so the page addresses the extension opens (Open Page) reach the browser unchanged.
    const wikiForwarder = world ? await startIpv6Forwarder({ host: '127.0.0.1', port: Number(new URL(sandbox.baseUrl).port) }) : undefined;
    if (wikiForwarder) cleanups.push(() => wikiForwarder.close());
    const started = options.beforeStart?.(sandbox, idp);
    const envToken = started?.envToken ?? options.envToken;
    writeWorkspace(workspaceDir, options.files);
    writeUserSettings(userDataDir, {
      ...QUIET_WORKBENCH_SETTINGS,
      'wikiPublisher.importEndpoint': sandbox.importEndpoint,
      ...world?.settings,
      ...(authUrl === undefined ? {} : { 'wikiPublisher.export.authUrl': authUrl }),
      ...(wikiForwarder === undefined ? {} : { 'wikiPublisher.baseUrl': wikiForwarder.origin }),
      ...options.settings,
      ...started?.settings,
    });
    if (options.extensionInstalled === false) fs.mkdirSync(extensionsDir, { recursive: true });
    else copyExtensionsDir(extensionsDir);
    const env: Record<string, string> = {};
    if (envToken !== undefined) env.WIKI_PUBLISHER_API_TOKEN = envToken;
    if (idp) env.WIKI_PUBLISHER_CLIENT_SECRET = idp.clientSecret;
    const codeServer = await startCodeServer({
      userDataDir, extensionsDir, workspaceDir, stateDir: path.join(root, 'code-server-state'), env,
      ...(options.launch ? { launch: options.launch } : {}),
    });
    // Killed, not asked to exit: its folders go with it, and an orderly exit spent about two seconds of every scenario
    // waiting on the extension host.
    cleanups.push(() => codeServer.kill());
    const browser = await sharedBrowser();
    // Uncompressed answers: code-server compresses its 11 MB workbench.js anew for every page load, which took about two
    // seconds of every scenario's start; over loopback, sending it whole is faster.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, extraHTTPHeaders: { 'Accept-Encoding': 'identity' } });
    cleanups.push(() => context.close());
    const page = await context.newPage();
    // The temp path holds only [A-Za-z0-9/_-], so it goes into the query unencoded, as a person would type it.
    await page.goto(`${codeServer.origin}/?folder=${workspaceDir}`);
    await waitForWorkbench(page);
    return { sandbox, idp, authUrl, page, workspaceDir, userDataDir, codeServer, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
