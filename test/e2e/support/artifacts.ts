// On failure, keep what explains it: a screenshot of the workbench, the extension's log output channel,
// the extension host's log and code-server's own output, under test-results/<test name>/.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Session } from './session';
import { testResultsDir } from './paths';

const LOG_FILE_PATTERN = /(Wiki Publisher.*\.log|exthost\.log|remoteagent\.log)$/;

export function resultsDirFor(testTitle: string): string {
  const safeName = testTitle.replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 120);
  return path.join(testResultsDir, safeName);
}

export async function saveFailureArtifacts(session: Session | undefined, testTitle: string): Promise<string | undefined> {
  if (!session) return undefined;
  const dir = resultsDirFor(testTitle);
  fs.mkdirSync(dir, { recursive: true });
  try {
    await session.page.screenshot({ path: path.join(dir, 'screenshot.png'), timeout: 10_000 });
  } catch (error) {
    fs.writeFileSync(path.join(dir, 'screenshot-failed.txt'), String(error));
  }
  for (const logFile of findFiles(path.join(session.userDataDir, 'logs'), LOG_FILE_PATTERN)) {
    const relative = path.relative(path.join(session.userDataDir, 'logs'), logFile).replace(/[\\/]/g, '__');
    fs.copyFileSync(logFile, path.join(dir, relative));
  }
  fs.writeFileSync(path.join(dir, 'code-server-output.log'), session.codeServer.output());
  fs.writeFileSync(path.join(dir, 'sandbox-imports.json'), JSON.stringify(session.sandbox.imports, null, 2));
  return dir;
}

/**
 * A few lines that say what the workbench showed when the test failed, printed with the test's output: a CI log is
 * often all there is to read, and the files above stay on the machine that ran it.
 */
export async function failureDigest(session: Session): Promise<string[]> {
  const lines: string[] = [];
  const shown = async (selector: string): Promise<string[]> => {
    try {
      return (await session.page.locator(selector).allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim().slice(0, 200));
    } catch {
      return [];
    }
  };
  for (const toast of await shown('.notification-toast')) lines.push(`notification: ${toast}`);
  for (const prompt of await shown('.quick-input-widget:visible .quick-input-title, .quick-input-widget:visible .quick-input-message')) {
    if (prompt) lines.push(`quick input: ${prompt}`);
  }
  lines.push(`sandbox: ${session.sandbox.imports.length} import request(s)`);
  for (const line of extensionLog(session).trim().split('\n').slice(-8)) if (line) lines.push(`log: ${line.slice(0, 200)}`);
  return lines;
}

/** What the extension wrote to its log output channel so far ('' before its first line). */
export function extensionLog(session: Pick<Session, 'userDataDir'>): string {
  const log = findFiles(path.join(session.userDataDir, 'logs'), /Wiki Publisher.*\.log$/)[0];
  return log ? fs.readFileSync(log, 'utf8') : '';
}

function findFiles(dir: string, pattern: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((relative) => path.join(dir, relative))
    .filter((file) => pattern.test(path.basename(file)) && fs.statSync(file).isFile());
}

/**
 * Keeps a picture of a screen whose look is what a scenario is about (a diff's marked lines, a folder's badge, the
 * Problems panel), under test-results/screens/, passed or not, for a person to look at after changing it.
 */
export async function keepScreen(page: Session['page'], name: string): Promise<void> {
  await page.screenshot({ path: path.join(testResultsDir, 'screens', `${name}.png`) });
}
