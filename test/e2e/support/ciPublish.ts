// The command line run in the session's workspace as a CI job runs it, against the session's wiki, with page access:
// what a teammate's pipeline publishes while the editor's own record of the file says nothing of it.
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { repoRoot } from './paths';
import type { Session } from './session';

export async function publishFromCi(session: Session, args: readonly string[]): Promise<{ code: number | null; output: string }> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    WIKI_PUBLISHER_ENDPOINT: session.sandbox.importEndpoint,
    WIKI_PUBLISHER_API_TOKEN: session.sandbox.issueToken({ label: 'ci-pipeline' }).token,
  };
  if (session.idp) {
    env.WIKI_PUBLISHER_PLATFORM_TOKEN = session.idp.issueSessionDirectly().access_token;
    env.WIKI_PUBLISHER_BASE_URL = session.sandbox.baseUrl;
  }
  const child = spawn(process.execPath, [path.join(repoRoot, 'dist', 'cli.js'), 'publish', ...args], { cwd: session.workspaceDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { code, output };
}
