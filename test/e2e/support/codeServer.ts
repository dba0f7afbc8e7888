// Starts code-server (VS Code 1.100.3's workbench and extension host) on a free loopback port with its own
// user-data, extensions and config folders, and stops it by its process group.
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { codeServerEntry } from './paths';
import { killProcessGroup, stopProcessGroup } from './processes';

const STARTUP_TIMEOUT_MS = 60_000;
const LISTENING = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)\//;

/** Rewrites code-server's command line, e.g. to start it inside a private mount namespace (systemTrustStore.ts). */
export type LaunchWrapper = (command: string, args: string[]) => { command: string; args: string[] };

export interface CodeServerOptions {
  userDataDir: string;
  extensionsDir: string;
  /** Holds code-server's own config.yaml and XDG folders, so nothing is written to the real home. */
  stateDir: string;
  workspaceDir: string;
  /** The port on 127.0.0.1; 0 (the default) lets the OS pick a free one. */
  port?: number;
  /** Extra environment for the extension host, e.g. WIKI_PUBLISHER_API_TOKEN. */
  env?: Record<string, string>;
  launch?: LaunchWrapper;
}

export interface RunningCodeServer {
  /** http://127.0.0.1:PORT (no trailing slash). */
  origin: string;
  pid: number;
  /** Everything code-server printed, for the failure report. */
  output(): string;
  /** Settles when code-server exits, for whatever reason. */
  exited: Promise<void>;
  /** Asks it to exit (SIGTERM), then kills what is left after a grace period. */
  stop(): Promise<void>;
  /** Kills it at once, helpers and all: for a session whose folders are removed with it. */
  kill(): Promise<void>;
}

export async function startCodeServer(options: CodeServerOptions): Promise<RunningCodeServer> {
  fs.mkdirSync(options.stateDir, { recursive: true });
  const configFile = path.join(options.stateDir, 'config.yaml');
  fs.writeFileSync(configFile, 'auth: none\ncert: false\n');
  const args = [
    codeServerEntry,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${options.port ?? 0}`,
    '--config', configFile,
    '--user-data-dir', options.userDataDir,
    '--extensions-dir', options.extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    options.workspaceDir,
  ];
  const env: NodeJS.ProcessEnv = {
    ...withoutInheritedToken(process.env),
    XDG_CONFIG_HOME: path.join(options.stateDir, 'config'),
    XDG_DATA_HOME: path.join(options.stateDir, 'data'),
    ...options.env,
  };
  // detached: the child leads its own process group, so stopping it also stops the helpers it forks.
  const launch = options.launch?.(process.execPath, args) ?? { command: process.execPath, args };
  const child = spawn(launch.command, launch.args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  try {
    const origin = await waitForListening(child, () => output);
    return { origin, pid: child.pid ?? -1, output: () => output, exited, stop: () => stopProcessGroup(child), kill: () => killProcessGroup(child) };
  } catch (error) {
    await stopProcessGroup(child);
    throw error;
  }
}

/** A token or client secret in the test runner's own environment must not leak into sessions that expect none. */
function withoutInheritedToken(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy.WIKI_PUBLISHER_API_TOKEN;
  delete copy.WIKI_PUBLISHER_CLIENT_SECRET;
  return copy;
}

function waitForListening(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`code-server did not start within ${STARTUP_TIMEOUT_MS} ms:\n${output()}`)), STARTUP_TIMEOUT_MS);
    const onData = (): void => {
      const match = LISTENING.exec(output());
      if (match?.[1]) finish(match[1]);
    };
    const onExit = (code: number | null): void => finish(new Error(`code-server exited (${code}) before listening:\n${output()}`));
    function finish(result: string | Error): void {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      if (result instanceof Error) reject(result);
      else resolve(result);
    }
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}
