// Issue 83, "Speed": the Markdown scanner (src/core/markdown) against the reference parsers on 10,000 documents of
// about 4 KB, as a tree plan reads them: ours answers the four questions planning asks of each text (the findings and
// title, the link destinations, the headings, the diagrams) from one scan; commonmark.js (the reference the scanner
// is tested against) and markdown-it (the sandbox's page view) only parse, and commonmark.js's links are walked.
// Runs alternate. Runs alone: `node out/test/bench/markdownScanner.js`.
import { Parser } from 'commonmark';
import MarkdownIt from 'markdown-it';
import { markdownHeadings } from '../../src/core/markdown/headings/headings';
import { findLinkDestinations } from '../../src/core/markdown/links';
import { findDiagramFences } from '../../src/core/publish/diagrams';
import { inspectMarkdown } from '../../src/core/publish/inspect';
import { generateMarkdown } from './markdownCorpus';
import { Report } from './report';
import { describe, summarize, type Summary } from './stats';

export interface ScannerBenchOptions {
  documents: number;
  runs: number;
}

export interface ScannerBenchResult {
  documents: number;
  bytes: number;
  ours: Summary;
  commonmark: Summary;
  markdownIt: Summary;
}

/** The corpus's sections, with what a repository's pages hold besides: links between files, a definition, HTML, a diagram. */
function corpus(documents: number): string[] {
  const texts: string[] = [];
  for (let index = 0; index < documents; index++) {
    const body = generateMarkdown(3000 + (index % 40) * 50, { spaceId: 'DOCS', parentId: '1', pageTitle: `Page ${index}` }).split('\n---\n').slice(1).join('\n---\n');
    const extras = [`See [the next page](page-${index + 1}.md) and [the index][index].`, '', `[index]: ../index.md#page-${index}`];
    if (index % 7 === 0) extras.push('', `<img src="images/p${index}.png" alt="figure">`);
    if (index % 11 === 0) extras.push('', '```mermaid', 'graph TD', `  A${index} --> B`, '```');
    texts.push(`${body}\n${extras.join('\n')}\n`);
  }
  return texts;
}

export function measureMarkdownScanner(options: ScannerBenchOptions): ScannerBenchResult {
  const texts = corpus(options.documents);
  const parser = new Parser();
  const markdownIt = new MarkdownIt('commonmark');
  let sink = 0;
  const sides: Record<'ours' | 'commonmark' | 'markdownIt', () => void> = {
    ours: () => {
      for (const text of texts) {
        sink += inspectMarkdown(text).localMarkdownLinks.length + findLinkDestinations(text).length + markdownHeadings(text).length + findDiagramFences(text).length;
      }
    },
    commonmark: () => {
      for (const text of texts) {
        const walker = parser.parse(text).walker();
        for (let event = walker.next(); event !== null; event = walker.next()) if (event.entering && event.node.type === 'link') sink++;
      }
    },
    markdownIt: () => {
      for (const text of texts) sink += markdownIt.parse(text, {}).length;
    },
  };
  const samples = { ours: [] as number[], commonmark: [] as number[], markdownIt: [] as number[] };
  const order = Object.keys(sides) as Array<keyof typeof sides>;
  for (let run = 0; run <= options.runs; run++) {
    for (let turn = 0; turn < order.length; turn++) {
      const side = order[(run + turn) % order.length] as keyof typeof sides;
      const start = performance.now();
      sides[side]();
      // The first round warms every side up.
      if (run > 0) samples[side].push(performance.now() - start);
    }
  }
  if (sink < 0) throw new Error('unreachable: keeps the work from being optimised away');
  return {
    documents: texts.length,
    bytes: texts.reduce((total, text) => total + Buffer.byteLength(text), 0),
    ours: summarize(samples.ours),
    commonmark: summarize(samples.commonmark),
    markdownIt: summarize(samples.markdownIt),
  };
}

export function reportMarkdownScanner(report: Report, result: ScannerBenchResult): void {
  const ratio = result.commonmark.median / result.ours.median;
  report.judge({ name: `Markdown scanner: commonmark.js / ours (${result.documents} docs)`, value: `${ratio.toFixed(2)}x`, target: '>= 2.5x', pass: ratio >= 2.5 });
  report.detail(`${result.documents} documents, ${(result.bytes / 1024 / 1024).toFixed(1)} MB`);
  report.detail(`ours (findings, links, headings, diagrams of each): ${describe(result.ours)}`);
  report.detail(`commonmark.js parse and walk: ${describe(result.commonmark)}`);
  report.detail(`markdown-it parse: ${describe(result.markdownIt)} (${(result.markdownIt.median / result.ours.median).toFixed(2)}x ours)`);
}

if (require.main === module) {
  const report = new Report();
  report.section('Markdown scanner (10,000 documents, 5 runs each, alternating, 1 warm-up)');
  reportMarkdownScanner(report, measureMarkdownScanner({ documents: 10_000, runs: 5 }));
  console.log(`\n${report.summaryLine()}`);
}
