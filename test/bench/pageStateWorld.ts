// The world the Wiki Pages view's state bench (pageState.ts) reads: the sandbox with 500 pages published from the
// bench's files, a tenth of them then edited on the wiki. It runs in a process of its own, as a wiki does: in the
// bench's process the sandbox's own work (rendering 250 page bodies and serialising them for one read) was counted as
// the refresh's wall time and as its hold of the event loop. Run as a child: prints one JSON line (where the wiki is,
// a platform access token, each file's page ID) and stops when its stdin closes.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { planFile, type SourceFile } from '../../src/core/run/plan';
import type { PlanItem } from '../../src/core/run/planItem';
import { importBody, postImport } from '../sandbox/sandboxTestKit';
import { startSandboxWorld } from '../sandbox/world';
import { generateMarkdown } from './markdownCorpus';

export const FILES = 500;
export const FILE_BYTES = 4 * 1024;
const PARENT = '123456';

export interface PageStateFile {
  source: SourceFile;
  item: PlanItem & { complete: NonNullable<PlanItem['complete']> };
}

/** The bench's files and their plans, the same in both processes (the corpus is seeded). */
export function pageStateFiles(): PageStateFile[] {
  const files: PageStateFile[] = [];
  for (let index = 0; index < FILES; index++) {
    const pageTitle = `State ${index}`;
    const text = generateMarkdown(FILE_BYTES, { spaceId: 'DOCS', parentId: PARENT, pageTitle });
    const source: SourceFile = { key: `file:///bench/state-${index}.md`, label: `bench/state-${index}.md`, text };
    const item = planFile(source, undefined, { titleFromFile: true, defaults: { spaceId: 'DOCS', parentId: PARENT, overwrite: false } });
    if (!item.complete) throw new Error(`${source.label} has no target`);
    files.push({ source, item: { ...item, complete: item.complete } });
  }
  return files;
}

export interface PageStateWorld {
  baseUrl: string;
  accessToken: string;
  /** Each file's page, in the order of pageStateFiles(). */
  pageIds: string[];
  stop(): Promise<void>;
}

/** Starts the world in a child process and waits for its line; stop() closes its stdin and waits for it to end. */
export async function startPageStateWorld(): Promise<PageStateWorld> {
  const child = spawn(process.execPath, [join(__dirname, 'pageStateWorld.js')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    child.stdin.end();
    const gone = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000).unref())]);
    if (!gone && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
  };
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string | undefined>((resolve) => {
    lines.once('line', resolve);
    void exited.then(() => resolve(undefined));
  });
  lines.close();
  if (first === undefined) throw new Error('the page state world ended before it was ready');
  const ready = JSON.parse(first) as Omit<PageStateWorld, 'stop'>;
  return { ...ready, stop };
}

async function serve(): Promise<void> {
  const world = await startSandboxWorld();
  const { sandbox, idp } = world;
  const accessToken = idp.issueSessionDirectly().access_token;
  const importToken = sandbox.issueToken({ label: 'bench-page-state' }).token;
  const pageIds: string[] = [];
  for (const { item } of pageStateFiles()) {
    const { spaceId, parentId, pageTitle } = item.complete;
    const answer = await postImport(sandbox, importBody({ spaceId, parentId, pageTitle, content: item.content }), importToken);
    if (answer.status !== 201) throw new Error(`creating ${pageTitle} answered HTTP ${answer.status}`);
    const pageId = sandbox.findPageByTitle(spaceId, parentId, pageTitle)?.id;
    if (pageId === undefined) throw new Error(`${pageTitle} was not found after its import`);
    pageIds.push(pageId);
  }
  // A tenth changed on the wiki (the bench changes another tenth in its files).
  for (let index = 0; index < pageIds.length; index += 10) sandbox.editPageOnWiki(pageIds[index] ?? '', '# Edited on the wiki\n');
  process.stdout.write(`${JSON.stringify({ baseUrl: sandbox.baseUrl, accessToken, pageIds })}\n`);
  process.stdin.resume();
  process.stdin.once('end', () => void world.close());
}

if (require.main === module) {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
