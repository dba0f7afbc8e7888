// Compare with Wiki Page on a 1 MB page (issue 8 section 8): our export client (deadline, cancel path, retry
// wrapper, answer checks, the guarded unzip) against a bare undici POST of the same request plus a plain fflate
// unzip, against the same sandbox with the same token. Samples alternate and swap order so noise lands on both.
// Runs alone too: `node out/test/bench/compareExport.js`.
import { Agent, request } from 'undici';
import { strFromU8, unzipSync } from 'fflate';
import { exportPageMarkdown, extractMarkdown } from '../../src/core/export';
import { readExportAnswer } from '../../src/core/export/exportAnswer';
import { createUndiciTransport } from '../../src/core/http/undiciTransport';
import { startBenchPage } from './benchPage';
import { generateMarkdown } from './markdownCorpus';
import { Report } from './report';
import { describe, ms, summarize, type Summary, timed, timeSync } from './stats';

export interface CompareExportRuns {
  samples: number;
  warmups: number;
}

export interface CompareExportResult {
  markdownBytes: number;
  answerBytes: number;
  ours: Summary;
  bare: Summary;
  ratio: number;
  parts: { name: string; summary: Summary }[];
}

const TITLE = 'Bench compare 1 MB';

interface ExportAnswer { zipBase64: string }

/** What a client with no safeguards does: one POST, parse, decode, unzip everything, take the .md entry. */
export async function bareExport(url: string, token: string, body: string, dispatcher: Agent): Promise<string> {
  const response = await request(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body,
    dispatcher,
  });
  if (response.statusCode !== 200) throw new Error(`the bare POST answered HTTP ${response.statusCode}`);
  const answer = (await response.body.json()) as ExportAnswer;
  return bareUnzip(Buffer.from(answer.zipBase64, 'base64'));
}

function bareUnzip(zip: Uint8Array): string {
  const files = unzipSync(zip);
  const name = Object.keys(files).find((entry) => entry.endsWith('.md'));
  if (!name) throw new Error('no .md entry');
  return strFromU8(files[name]!);
}

export async function measureCompareExport(runs: CompareExportRuns): Promise<CompareExportResult> {
  const { world, token, pageId } = await startBenchPage(TITLE);
  const transport = createUndiciTransport({}, {});
  const bareAgent = new Agent();
  try {
    const { sandbox } = world;
    const markdown = generateMarkdown(1024 * 1024, { spaceId: 'DOCS', parentId: '123456', pageTitle: TITLE });
    sandbox.editPageOnWiki(pageId, markdown);

    const url = `${sandbox.exportApiUrl}/bulkExport`;
    const body = JSON.stringify({ pageId, bulkExport: false, maxPages: 1, includeAttachments: false });
    const ours = (): Promise<string> =>
      exportPageMarkdown({ apiUrl: sandbox.exportApiUrl, pageId, pageTitle: TITLE, transport, getAccessToken: async () => token }).then((page) => page.markdown);
    const oursMs: number[] = [];
    const bareMs: number[] = [];
    for (let index = 0; index < runs.warmups + runs.samples; index++) {
      const sides = [
        async (): Promise<void> => {
          const { ms: took, value } = await timed(ours);
          if (value !== markdown) throw new Error('our export did not give the stored page');
          if (index >= runs.warmups) oursMs.push(took);
        },
        async (): Promise<void> => {
          const { ms: took, value } = await timed(() => bareExport(url, token, body, bareAgent));
          if (value !== markdown) throw new Error('the bare export did not give the stored page');
          if (index >= runs.warmups) bareMs.push(took);
        },
      ];
      // Swap the order every round so neither side always runs first (warm connections, GC debt).
      for (let turn = 0; turn < sides.length; turn++) await sides[(index + turn) % sides.length]!();
      sandbox.exports.length = 0;
    }

    const answer = await (await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body })).text();
    const zip = readExportAnswer(answer, pageId);
    const oursSummary = summarize(oursMs);
    const bareSummary = summarize(bareMs);
    return {
      markdownBytes: Buffer.byteLength(markdown),
      answerBytes: Buffer.byteLength(answer),
      ours: oursSummary,
      bare: bareSummary,
      ratio: oursSummary.median / bareSummary.median,
      parts: [
        { name: 'answer JSON + base64 decode (ours)', summary: timeSync(runs.samples, () => readExportAnswer(answer, pageId)) },
        { name: 'answer JSON + base64 decode (bare)', summary: timeSync(runs.samples, () => Buffer.from((JSON.parse(answer) as ExportAnswer).zipBase64, 'base64')) },
        { name: 'guarded unzip (ours)', summary: timeSync(runs.samples, () => extractMarkdown(zip, { pageId, pageTitle: TITLE })) },
        { name: 'unzipSync + decode (bare)', summary: timeSync(runs.samples, () => bareUnzip(zip)) },
      ],
    };
  } finally {
    await Promise.all([transport.close(), bareAgent.close()]);
    await world.close();
  }
}

export function reportCompareExport(report: Report, result: CompareExportResult): void {
  report.judge({
    name: 'Compare with Wiki Page 1 MB: our export client / bare undici POST + unzip',
    value: `${result.ratio.toFixed(2)}x`,
    target: '<= 1.10x',
    pass: result.ratio <= 1.1,
  });
  report.detail(`page: ${result.markdownBytes} bytes of Markdown; export answer: ${result.answerBytes} bytes (JSON with the base64 ZIP)`);
  report.detail(`ours: ${describe(result.ours)}`);
  report.detail(`bare: ${describe(result.bare)}`);
  report.detail(`difference of medians: ${ms(result.ours.median - result.bare.median)} ms; steps timed alone (medians):`);
  for (const part of result.parts) report.detail(`  ${part.name.padEnd(36)} ${ms(part.summary.median)} ms`);
}

if (require.main === module) {
  const report = new Report();
  report.section('Compare with Wiki Page (40 samples each, alternating, 5 warm-ups)');
  measureCompareExport({ samples: 40, warmups: 5 })
    .then((result) => {
      reportCompareExport(report, result);
      console.log(`\n${report.summaryLine()}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
