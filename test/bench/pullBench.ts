// Pull on a 1 MB page (issue 15, "Speed"): our whole Pull in the core (the page read before and after the export,
// our export client, the three-way merge of units keyed past the export's style, front matter kept) against what a
// bare client does with the same three texts: one undici POST + unzip of the export, then node-diff3's own merge of
// the lines (after trimming what all three share at both ends; see trimmedMerge). The sandbox exports the stored Markdown (no style differences), so the bare merge is not slowed by them
// and our extra work shows in full. Samples alternate and swap order. Runs alone: `node out/test/bench/pullBench.js`.
import { merge } from 'node-diff3';
import { Agent } from 'undici';
import { exportPageMarkdown } from '../../src/core/export';
import { createUndiciTransport } from '../../src/core/http/undiciTransport';
import type { PageLink } from '../../src/core/links/pageLink';
import { mergeThreeWay, pullPage, splitLeadingFrontMatter, type PullBase } from '../../src/core/pull';
import { createWikiPagesClient } from '../../src/core/wikiPages';
import { startBenchPage } from './benchPage';
import { bareExport } from './compareExport';
import { generateMarkdown } from './markdownCorpus';
import { Report } from './report';
import { describe, ms, summarize, type Summary, timed, timeSync } from './stats';

export interface PullBenchRuns { samples: number; warmups: number }

export interface PullBenchResult {
  pageBytes: number;
  ours: Summary;
  bare: Summary;
  ratio: number;
  mergeOurs: Summary;
  mergeBare: Summary;
}

const TITLE = 'Bench pull 1 MB';

export async function measurePull(runs: PullBenchRuns): Promise<PullBenchResult> {
  const { world, token, pageId } = await startBenchPage(TITLE);
  const transport = createUndiciTransport({}, {});
  const bareAgent = new Agent();
  try {
    const { sandbox } = world;

    const file = generateMarkdown(1024 * 1024, { spaceId: 'DOCS', parentId: '123456', pageTitle: TITLE });
    const published = splitLeadingFrontMatter(file).body;
    const lines = published.split('\n');
    const colleague = [...lines.slice(0, lines.length >> 1), 'A line a colleague added on the wiki.', ...lines.slice(lines.length >> 1)].join('\n');
    // The writer's edit a little after the colleague's: apart, so the merge is clean, and near, so the bare merge's
    // middle stays small (see bareMerge).
    const ourLines = file.split('\n');
    const ourAt = ourLines.length - lines.length + (lines.length >> 1) + 30;
    const ours = [...ourLines.slice(0, ourAt), 'A line added here since the publish.', ...ourLines.slice(ourAt)].join('\n');
    sandbox.editPageOnWiki(pageId, published);
    const base: PullBase = { pageId, version: 2, markdown: published, savedAt: Date.now() };
    sandbox.editPageOnWiki(pageId, colleague);
    const link: PageLink = { spaceId: 'DOCS', parentId: '123456', pageTitle: TITLE, pageId, version: 2, publishedAt: Date.now() };
    const pages = createWikiPagesClient({ baseUrl: sandbox.baseUrl, transport, getAccessToken: async () => token });
    const exportMarkdown = async (id: string): Promise<string> =>
      (await exportPageMarkdown({ apiUrl: sandbox.exportApiUrl, pageId: id, pageTitle: TITLE, transport, getAccessToken: async () => token })).markdown;

    const url = `${sandbox.exportApiUrl}/bulkExport`;
    const body = JSON.stringify({ pageId, bulkExport: false, maxPages: 1, includeAttachments: false });
    // The bare client merges the file's body too (the front matter is not on the wiki).
    const ourBody = splitLeadingFrontMatter(ours).body.split('\n');
    const bareMerge = (theirs: string): string => trimmedMerge(ourBody, published.split('\n'), theirs.split('\n'));
    const oursMs: number[] = [];
    const bareMs: number[] = [];
    for (let index = 0; index < runs.warmups + runs.samples; index++) {
      const sides = [
        async (): Promise<void> => {
          const { ms: took, value } = await timed(() => pullPage({ ours, link, base, pages, exportMarkdown }));
          if (value.kind !== 'merged' || !value.text.includes('A line a colleague added') || !value.text.includes('A line added here')) throw new Error(`our pull gave ${value.kind}`);
          if (index >= runs.warmups) oursMs.push(took);
        },
        async (): Promise<void> => {
          const { ms: took, value } = await timed(async () => bareMerge(await bareExport(url, token, body, bareAgent)));
          if (!value.includes('A line a colleague added') || !value.includes('A line added here')) throw new Error('the bare merge lost a line');
          if (index >= runs.warmups) bareMs.push(took);
        },
      ];
      for (let turn = 0; turn < sides.length; turn++) await sides[(index + turn) % sides.length]!();
      sandbox.exports.length = 0;
    }
    const oursSummary = summarize(oursMs);
    const bareSummary = summarize(bareMs);
    return {
      pageBytes: Buffer.byteLength(published),
      ours: oursSummary,
      bare: bareSummary,
      ratio: oursSummary.median / bareSummary.median,
      mergeOurs: timeSync(runs.samples, () => mergeThreeWay(published, colleague, splitLeadingFrontMatter(ours).body)),
      mergeBare: timeSync(runs.samples, () => bareMerge(colleague)),
    };
  } finally {
    await Promise.all([transport.close(), bareAgent.close()]);
    await world.close();
  }
}

/**
 * node-diff3's merge of lines, after leaving out the lines all three texts share at the start and the end (what GNU
 * diff3 does first). Without that trim node-diff3 alone takes minutes on this page: its LCS grows with the square of
 * the lines, and a page's thousands of blank lines are all alike.
 */
function trimmedMerge(a: string[], o: string[], b: string[]): string {
  let head = 0;
  while (head < a.length && head < o.length && head < b.length && a[head] === o[head] && b[head] === o[head]) head++;
  let tail = 0;
  const same = (index: number): boolean => a[a.length - 1 - index] === o[o.length - 1 - index] && b[b.length - 1 - index] === o[o.length - 1 - index];
  while (tail < Math.min(a.length, o.length, b.length) - head && same(tail)) tail++;
  const middle = merge(a.slice(head, a.length - tail), o.slice(head, o.length - tail), b.slice(head, b.length - tail)).result;
  return [...o.slice(0, head), ...middle, ...o.slice(o.length - tail)].join('\n');
}

export function reportPull(report: Report, result: PullBenchResult): void {
  report.judge({
    name: 'Pull 1 MB: our Pull (page read twice, export, merge) / bare export + node-diff3 merge',
    value: `${result.ratio.toFixed(2)}x`,
    target: '<= 1.20x',
    pass: result.ratio <= 1.2,
  });
  report.detail(`page: ${result.pageBytes} bytes of Markdown`);
  report.detail(`ours: ${describe(result.ours)}`);
  report.detail(`bare: ${describe(result.bare)}`);
  report.detail(`merge alone (medians): ours ${ms(result.mergeOurs.median)} ms, node-diff3 merge of lines ${ms(result.mergeBare.median)} ms`);
}

if (require.main === module) {
  const report = new Report();
  report.section('Pull (20 samples each, alternating, 3 warm-ups)');
  measurePull({ samples: Number(process.env.PULL_SAMPLES ?? 20), warmups: 3 })
    .then((result) => {
      reportPull(report, result);
      console.log(`\n${report.summaryLine()}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
