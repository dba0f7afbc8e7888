// A repository is untrusted input (a pull request controls it): no file may abort a run, take time out of proportion
// to its size, or be refused for a reason it does not have. Three files a tester wrote did: front matter nested
// thousands deep with a line after it overflowed the YAML parser's stack and aborted the run; `- - - … x` took time
// quadratic in its length (6 s for 100 KB, minutes for 1 MB); a 600 MB file of ASCII was "not UTF-8 text".
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { LineState } from '../../src/core/markdown/blocks/lineState';
import { scanMarkdown } from '../../src/core/markdown/scan';
import { englishWalkMessages } from '../../src/core/messages/walkMessages';
import { MAX_FRONT_MATTER_DEPTH, splitFrontMatter } from '../../src/core/publish/frontMatter';
import { decodeText } from '../../src/core/walk/decode';

/** How often `run` calls `owner[name]`: the scanner's work, counted rather than timed. */
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

/** The scanner's work on `text(n)` and on `text(2n)`: a linear reading does about twice the work for twice the text. */
function growth(text: (n: number) => string, count: (run: () => void) => number, n: number): number {
  // Each text read once: the scanner keeps the last text's reading, so the same text twice would count nothing.
  return count(() => scanMarkdown(text(2 * n))) / count(() => scanMarkdown(text(n)));
}

describe('files a pull request controls, each refused or read in proportion to its size', () => {
  it('front matter nested thousands deep, with a line after it, is refused and the run goes on (defect A)', function () {
    // In a process of its own: the parser's stack overflow, before the fix, could abort the process (and mocha).
    this.timeout(60_000);
    const frontMatter = join(__dirname, '../../src/core/publish/frontMatter.js');
    const script = `const { splitFrontMatter } = require(${JSON.stringify(frontMatter)});
      const texts = [
        'x:\\n  ' + '- '.repeat(3000) + 'a\\ntitle: T',
        Array.from({ length: 2500 }, (_, i) => ' '.repeat(i) + 'k:').join('\\n') + '\\ntitle: T',
        'a' + ': '.repeat(3000) + 'b\\ntitle: T',
        't: 1\\n' + '['.repeat(3000) + ']'.repeat(3000) + ': v\\ntitle: T',
      ];
      for (const block of texts) console.log(JSON.stringify(splitFrontMatter('---\\n' + block + '\\n---\\n# D\\n').problems));`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 50_000 });
    assert.equal(run.signal, null, run.stderr.slice(0, 300));
    assert.equal(run.status, 0, run.stderr.slice(0, 300));
    const tooDeep = `The front matter nests lists or maps more than ${MAX_FRONT_MATTER_DEPTH} levels deep, which is not read. Flatten it.`;
    assert.deepEqual(run.stdout.trim().split('\n').map((line) => JSON.parse(line) as unknown), [[tooDeep], [tooDeep], [tooDeep], [tooDeep]]);
    // In this process too, now that nothing recurses as deep as the file nests; the limit itself is unchanged.
    assert.deepEqual(splitFrontMatter(`---\nx:\n  ${'- '.repeat(3000)}a\ntitle: T\n---\n# D\n`).problems, [tooDeep]);
    const nested = (levels: number): string => `---\nx:\n  ${'- '.repeat(levels - 1)}a\ntitle: T\n---\n# D\n`;
    assert.deepEqual(splitFrontMatter(nested(MAX_FRONT_MATTER_DEPTH)), { content: '# D\n', target: {}, problems: [], title: 'T' });
    assert.deepEqual(splitFrontMatter(nested(MAX_FRONT_MATTER_DEPTH + 1)).problems, [tooDeep]);
  });

  it('list items nested on one line, and blank lines after them, are read in work linear in the text (defect B)', () => {
    // Each `- ` or `* ` opens an item in the one before, and each was tried as a thematic break by reading the rest of
    // the line; each blank line after them walked every open item. Twice the text took four times the work.
    const dashes = (n: number): string => `# l\n\n${'- '.repeat(n)}x`;
    const stars = (n: number): string => `# l\n\n${'* '.repeat(n)}x\n`;
    const blankLines = (n: number): string => `# l\n\n${'+ '.repeat(n)}x${'\n'.repeat(n)}`;
    const characters = (run: () => void): number => calls(String.prototype, 'charCodeAt', run);
    const lineSteps = (run: () => void): number => calls(LineState.prototype, 'findNextNonspace', run);
    for (const [name, text, count] of [['dashes', dashes, characters], ['stars', stars, characters], ['blank lines', blankLines, lineSteps]] as const) {
      const ratio = growth(text, count, 5_000);
      assert.ok(ratio < 2.5, `${name}: twice the text took ${ratio.toFixed(2)} times the work`);
    }
    // A text of 200 KB, minutes to read before, is read whole: its heading, and the link at its end.
    const scanned = scanMarkdown(`${dashes(100_000)} [guide](guide.md)\n${'\n'.repeat(100_000)}`);
    assert.deepEqual(Array.from(scanned.headings, (heading) => heading.start), [0]);
    assert.deepEqual(Array.from(scanned.links, (link) => link.destination?.text), ['guide.md']);
  });

  it('a file too large to read as text says so, with its size, not that it is not UTF-8 (defect C)', () => {
    // The limit is a string's length (about 537 million characters); a small one stands in for it here.
    const limit = 1_000_000;
    const tooLarge = 'docs/big.md is too large to read: 1.5 MB, more than the 1.0 MB that can be read as text. The wiki\'s page limit is about 1 MB: split it into several files.';
    const ascii = new Uint8Array(1_500_000).fill(0x61);
    assert.deepEqual(decodeText(ascii, 'docs/big.md', englishWalkMessages, limit), { ok: false, problem: tooLarge });
    // Not read for an encoding problem it may also have: its size alone refuses it.
    const invalidToo = new Uint8Array(1_500_000).fill(0xff);
    assert.deepEqual(decodeText(invalidToo, 'docs/big.md', englishWalkMessages, limit), { ok: false, problem: tooLarge });
    // UTF-16 takes two bytes a character: 1.5 MB of it is 750,000 characters, within the limit; 2.5 MB is not.
    const utf16 = (bytes: number): Uint8Array => Uint8Array.from({ length: bytes }, (_, at) => (at === 0 ? 0xff : at === 1 ? 0xfe : at % 2 === 0 ? 0x61 : 0));
    assert.equal(decodeText(utf16(1_500_002), 'docs/wide.md', englishWalkMessages, limit).ok, true);
    assert.match((decodeText(utf16(2_500_002), 'docs/wide.md', englishWalkMessages, limit) as { problem: string }).problem, /^docs\/wide\.md is too large to read: 2\.5 MB/);
    // A file at the limit reads as it did, and an invalid byte in a file within it is still named.
    const atLimit = decodeText(new Uint8Array(limit).fill(0x61), 'docs/ok.md', englishWalkMessages, limit);
    assert.equal(atLimit.ok && atLimit.text.length, limit);
    assert.deepEqual(decodeText(Uint8Array.from([0x41, 0xff]), 'docs/x.md', englishWalkMessages, limit), {
      ok: false, problem: 'docs/x.md is not UTF-8 text (invalid byte at offset 1); save it as UTF-8 to publish it.',
    });
  });
});
