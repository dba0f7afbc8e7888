// What the --state record costs a large publish: 2,000 files of 1 KB through the sandbox in this process with no added
// latency (nothing hides the record's writes) at concurrency 4, a fresh record each run, against the same publish
// without --state, alternating. Each send's mark must be on disk before its request goes out; rewriting the whole
// record for it made a first publish of 2,000 files 4.4 times as slow as without --state (8.3 s against 1.9 s), and
// the cost grew with the square of the number of files. Marks now go to a journal folded into the record as it grows.
import { access, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stateJournalPath } from '../../src/core/links/stateFile';
import { startSandbox } from '../sandbox/server';
import { generateMarkdown } from './markdownCorpus';
import type { Report } from './report';
import { describe, summarize, type Summary } from './stats';
import { shippedCli } from './bundle';
import { mustExit, runNode } from './treePublish';

export interface StateRecordOptions {
  files: number;
  /** Runs with --state and without, each, alternating. */
  runs: number;
  timeoutMs: number;
}

export interface StateRecordResult {
  files: number;
  fileBytes: number;
  concurrency: number;
  withState: Summary;
  without: Summary;
  /** The record's size after the last run with --state. */
  recordBytes: number;
  /** Whether a run that ended normally left its journal behind (it should fold it into the record). */
  journalLeft: boolean;
}

const FILE_BYTES = 1024;
const CONCURRENCY = 4;

export async function measureStateRecord(options: StateRecordOptions): Promise<StateRecordResult> {
  const dir = await mkdtemp(join(tmpdir(), 'wiki-publisher-state-bench-'));
  const sandbox = await startSandbox();
  try {
    const cli = await shippedCli(dir);
    const { token } = sandbox.issueToken({ label: 'bench-state' });
    const env = { WIKI_PUBLISHER_ENDPOINT: sandbox.importEndpoint, WIKI_PUBLISHER_API_TOKEN: token };
    await mkdir(join(dir, 'docs'));
    for (let index = 0; index < options.files; index++) {
      await writeFile(join(dir, 'docs', `page-${String(index).padStart(4, '0')}.md`), generateMarkdown(FILE_BYTES, { spaceId: 'DOCS', parentId: '123456', pageTitle: `State bench ${index}` }));
    }
    // --overwrite: the pages exist after the first run, and each run starts without a record of them.
    const args = [cli, 'publish', 'docs', '--concurrency', String(CONCURRENCY), '--overwrite'];
    const record = join(dir, 'state.json');
    const withMs: number[] = [];
    const withoutMs: number[] = [];
    const withState = async (): Promise<void> => {
      await rm(record, { force: true });
      await rm(stateJournalPath(record), { force: true });
      withMs.push(mustExit(await runNode([...args, '--state', 'state.json'], { cwd: dir, env, timeoutMs: options.timeoutMs }), 0, 'the CLI with --state').ms);
    };
    const without = async (): Promise<void> => {
      withoutMs.push(mustExit(await runNode(args, { cwd: dir, env, timeoutMs: options.timeoutMs }), 0, 'the CLI without --state').ms);
    };
    // One warm-up each (the page cache, the sandbox's pages), then alternating, each side first in turn.
    await without();
    await withState();
    withMs.length = 0;
    withoutMs.length = 0;
    for (let run = 0; run < options.runs; run++) {
      for (const side of run % 2 === 0 ? [withState, without] : [without, withState]) await side();
      // The sandbox keeps every request body: 2,000 per run add up in this process.
      sandbox.imports.length = 0;
    }
    const journalLeft = await access(stateJournalPath(record)).then(() => true, () => false);
    return {
      files: options.files, fileBytes: FILE_BYTES, concurrency: CONCURRENCY, withState: summarize(withMs), without: summarize(withoutMs),
      recordBytes: (await stat(record)).size, journalLeft,
    };
  } finally {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export function reportStateRecord(report: Report, result: StateRecordResult): void {
  const ratio = result.withState.median / result.without.median;
  report.judge({
    name: `CLI ${result.files} x ${result.fileBytes / 1024} KB first publish with --state / without (information)`,
    value: `${ratio.toFixed(2)}x`, target: '-', pass: undefined,
  });
  report.detail(`concurrency ${result.concurrency}, no added latency, a fresh record each run; spawn to exit`);
  report.detail(`with --state: ${describe(result.withState)}`);
  report.detail(`without:      ${describe(result.without)}`);
  report.detail(`the record after a run: ${(result.recordBytes / 1024).toFixed(0)} KB; its journal ${result.journalLeft ? 'LEFT BEHIND (a run that ends folds it in)' : 'folded in and removed'}`);
  report.detail('each send\'s mark is written before its request goes out; rewriting the whole record for each (before the journal) took 4.4x on this shape');
}
