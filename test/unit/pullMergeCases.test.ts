// What Pull's three-way merge gives, held fixed over thousands of seeded random pages: a change to how the merge works
// inside (made faster, say) must not change what it merges. The cases mix what the merge decides on (edits on either
// side or both, conflicts, list markers and escapes in the export's style, indented lines, fences of both kinds, blank
// lines inside and outside code, HTML comments, thematic breaks, CRLF, a last line without its ending); each case's
// result is kept as a short hash in pullMergeCases.json beside this file. A change that means to merge differently
// rewrites the file with
//   WRITE_MERGE_CASES=1 npx mocha --no-config out/test/unit/pullMergeCases.test.js
// and says why in its commit.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeThreeWay } from '../../src/core/pull';

const CASES_FILE = join(__dirname, '..', '..', '..', 'test', 'unit', 'pullMergeCases.json');
const CASES = 3000;
const SEED = 7;

const LINES = [
  'Plain text.', '- an item', '* another item', '+ third', '1. first', '2) second', '', '', '', '```sh', '~~~', 'npm run build', '```',
  '## Heading', 'snake_case word', '> quoted', '    indented', '\\*escaped\\*', '  - nested', '* * *', '<!-- c -->', 'x  ',
];

interface MergeCase { base: string; theirs: string; ours: string }

/** The cases, the same on every run: a linear congruential generator from SEED. */
function mergeCases(): MergeCase[] {
  let seed = SEED;
  const next = (below: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % below;
  };
  const pick = (): string => LINES[next(LINES.length)] as string;
  const page = (): string[] => Array.from({ length: 3 + next(50) }, pick);
  const edited = (lines: readonly string[]): string[] => {
    const copy = [...lines];
    for (let edits = next(5); edits > 0; edits--) {
      const at = next(copy.length + 1);
      const kind = next(4);
      const last = Math.min(at, copy.length - 1);
      if (kind === 0) copy.splice(at, 0, next(2) ? `added ${next(1000)}` : pick());
      else if (kind === 1 && copy.length > 1) copy.splice(last, 1);
      else if (kind === 2) copy[last] = `changed ${next(50)}`;
      // The export's style: another bullet, `*` for `_`.
      else copy[last] = (copy[last] ?? '').replace('-', '*').replace('_', '*');
    }
    return copy;
  };
  const text = (lines: readonly string[], ending: boolean, crlf: boolean): string => {
    const newline = crlf ? '\r\n' : '\n';
    return lines.join(newline) + (ending ? newline : '');
  };
  return Array.from({ length: CASES }, () => {
    const base = page();
    const ending = next(4) !== 0;
    const crlf = next(6) === 0;
    const theirs = edited(base);
    const ours = next(3) === 0 ? base : edited(base);
    return { base: text(base, ending, false), theirs: text(theirs, next(5) ? ending : !ending, false), ours: text(ours, ending, crlf) };
  });
}

function hashOf(result: unknown): string {
  return createHash('sha256').update(JSON.stringify(result)).digest('hex').slice(0, 10);
}

describe('Pull merge: what it gives for thousands of seeded random pages', () => {
  it(`gives each of ${CASES} cases the result it gave when pullMergeCases.json was written`, () => {
    const cases = mergeCases();
    const hashes = cases.map(({ base, theirs, ours }) => hashOf(mergeThreeWay(base, theirs, ours)));
    if (process.env.WRITE_MERGE_CASES === '1') writeFileSync(CASES_FILE, `${JSON.stringify({ seed: SEED, cases: CASES, hashes })}\n`);
    const kept = JSON.parse(readFileSync(CASES_FILE, 'utf8')) as { seed: number; cases: number; hashes: string[] };
    assert.deepEqual([kept.seed, kept.cases], [SEED, CASES], 'pullMergeCases.json was written for other cases');
    const changed = hashes.flatMap((hash, index) => (hash === kept.hashes[index] ? [] : [index]));
    const first = changed[0];
    if (first === undefined) return;
    const shown = cases[first] as MergeCase;
    assert.fail(
      `${changed.length} of ${CASES} merges now give another result. The first, case ${first}:\n` +
        `${JSON.stringify(shown)}\nnow gives ${JSON.stringify(mergeThreeWay(shown.base, shown.theirs, shown.ours))}`,
    );
  });
});
