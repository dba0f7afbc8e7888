// A tester's file of 4,000 list items, each nested in the one before by two more spaces of indentation (16 MB), took
// 138 s to scan: each line's indentation was read again from each open item's continuation, so a line with n items
// open cost n times its indentation, and the scan time grew as the file's length to the power 1.5 (twice the depth,
// four times the text, eight times the work). docs/security.md promises time in proportion to a file's length
// whatever it nests. The work is counted here, not timed (the machines are shared): the characters the scanner reads.
import assert from 'node:assert/strict';
import { LineState } from '../../src/core/markdown/blocks/lineState';
import { scanMarkdown } from '../../src/core/markdown/scan';
import { ourReading, referenceReading } from '../support/commonmarkReadings';

/** How often `run` calls `owner[name]`: the scanner's work, counted rather than timed (as hostileDocuments.test.ts counts it). */
function calls<T extends object>(owner: T, name: keyof T & string, run: () => void): number {
  const original = owner[name] as (...args: unknown[]) => unknown;
  let count = 0;
  (owner as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]): unknown {
    count++;
    return original.apply(this, args);
  };
  try {
    run();
  } finally {
    (owner as Record<string, unknown>)[name] = original;
  }
  return count;
}

/**
 * Two counts of work: the characters read (the block parser reads each with charCodeAt), which a line's indentation
 * read once per open item made grow as depth times indentation; and the searches for a line's next non-space, one per
 * open block a line goes on in and per block start tried, which bound the steps of the walk over the open blocks.
 */
const COUNTS: ReadonlyArray<readonly [string, (run: () => void) => number]> = [
  ['characters read', (run) => calls(String.prototype, 'charCodeAt', run)],
  ['blocks walked', (run) => calls(LineState.prototype, 'findNextNonspace', run)],
];

/** Nested texts of `depth` lines, each line's indentation taking it one level deeper than the line before. */
const NESTED: ReadonlyArray<readonly [string, (depth: number) => string]> = [
  // The tester's file: items of `- `, two more spaces a level.
  ['bullet items by spaces', (depth) => lines(depth, (level) => `${'  '.repeat(level)}- x`)],
  ['ordered items by spaces', (depth) => lines(depth, (level) => `${'   '.repeat(level)}1. x`)],
  // A tab is four columns and an item takes two: each item takes half a tab, the next the other half.
  ['bullet items by tabs', (depth) => lines(depth, (level) => `${'\t'.repeat(level)}- x`)],
  ['items in a block quote', (depth) => lines(depth, (level) => `> ${'  '.repeat(level)}- x`)],
  // Each item's paragraph goes on in a line indented to its content, and a line of indented code in it after a blank line.
  ['items with paragraph lines and code', (depth) => lines(depth, (level) => `${'  '.repeat(level)}- x\n${'  '.repeat(level + 1)}y\n\n${'  '.repeat(level + 3)}code`)],
];

function lines(depth: number, line: (level: number) => string): string {
  const parts = ['# Nested', ''];
  for (let level = 0; level < depth; level++) parts.push(line(level));
  return `${parts.join('\n')}\n`;
}

describe('the Markdown scanner on lists nested by indentation', () => {
  it('reads each nested text in work in proportion to its length: twice the depth, four times the text, about four times the work', () => {
    const depth = 300;
    for (const [name, text] of NESTED) {
      const small = text(depth);
      const large = text(2 * depth);
      const growth = large.length / small.length;
      for (const [counted, count] of COUNTS) {
        // Each text read once: the scanner keeps the last text's reading, so the same text twice would count nothing.
        const work = count(() => scanMarkdown(large)) / count(() => scanMarkdown(small));
        // Before the fix, the characters read grew about twice as fast as the text (7.9 times for 4 times the text).
        assert.ok(work <= growth * 1.125, `${name}, ${counted}: ${growth.toFixed(2)} times the text took ${work.toFixed(2)} times the work`);
      }
    }
  });

  it('reads every depth from 1 to 120 as commonmark.js does: links, headings and code at each level', () => {
    // A link on each item's line, a heading at the deepest, and a link in indented code (no link) under each line.
    const shapes: ReadonlyArray<(level: number) => string> = [
      (level) => `${'  '.repeat(level)}- [l${level}](p${level}.md)\n\n${'  '.repeat(level + 3)}[c](code.md)`,
      (level) => `${'\t'.repeat(level)}- [l${level}](p${level}.md)`,
      (level) => `> ${'   '.repeat(level)}1. [l${level}](p${level}.md)\n> ${'   '.repeat(level + 1)}text`,
      (level) => `${'  '.repeat(level)}* > [l${level}](p${level}.md)`,
    ];
    for (const [index, shape] of shapes.entries()) {
      for (let depth = 1; depth <= 120; depth++) {
        const text = `${lines(depth, shape)}${'  '.repeat(depth)}## Deepest\n`;
        assert.deepEqual(ourReading(text), referenceReading(text), `shape ${index} at depth ${depth}`);
      }
    }
  });
});
