// Issue 81: text from the repository and the wiki that reaches what the CLI writes (the Markdown of a publish and of a
// plan, the JUnit reports, its log lines) cannot become a link, an image, a mention or a reordering of the text around
// it. Real runs against the sandbox wiki with page access, so the Markdown holds our own page links beside the
// hostile titles; GitHub's Markdown (micromark with GFM) is the oracle.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadGfmOracle, RAW_BIDI_CONTROL, type GfmOracle } from '../support/gfmOracle';
import { runCli, useCliWorld, writeTree } from './cliHarness';
import { assertInertDocument, HOSTILE_TITLES, hostileTree } from './hostileTree';
import { assertValidJunit } from './junitSchema';

const DOCS = ['--space', 'DOCS', '--parent', '123456', '--state', 's.json'];

describe('CLI: text from files stays text in the Markdown, the JUnit report and the log', () => {
  const cli = useCliWorld();
  let oracle: GfmOracle;
  before(async () => {
    oracle = await loadGfmOracle();
  });

  const pageAddress = (): string => `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/`;

  it('a publish and then a plan, with page access: only our page links, no image, mention, reference or bidi control', async () => {
    const root = await cli.tree(hostileTree());
    const published = await runCli(['publish', 'docs', ...DOCS, '--format', 'markdown', '--report', 'publish.xml'], { cwd: root, env: cli.env() });
    assert.equal(published.code, 1, `the two files of one title are refused: ${published.stdout}${published.stderr}`);
    assert.match(published.stdout, /^### Wiki Publisher: publish/);
    const created = cli.world.sandbox.pages().filter((page) => Object.values(HOSTILE_TITLES).includes(page.title));
    assert.equal(created.length, Object.keys(HOSTILE_TITLES).length - 1, 'every page but the refused title\'s was created');
    assertInertDocument(oracle, published.stdout, pageAddress(), 'the publish\'s Markdown');
    assert.doesNotMatch(published.stderr, RAW_BIDI_CONTROL, 'nor in the log');

    await writeTree(root, hostileTree('Changed.\n\n'));
    const plan = await runCli(['plan', 'docs', ...DOCS, '--report', 'plan.xml'], { cwd: root, env: cli.env() });
    assert.equal(plan.code, 1, plan.stderr);
    assert.match(plan.stdout, /^### Wiki Publisher plan/);
    const links = assertInertDocument(oracle, plan.stdout, pageAddress(), 'the plan\'s Markdown');
    assert.ok(links.length >= created.length, `each page updated is linked by its address:\n${links.join('\n')}`);
    assert.doesNotMatch(plan.stderr, RAW_BIDI_CONTROL);

    const lines = await runCli(['plan', 'docs', ...DOCS, '--format', 'text'], { cwd: root, env: cli.env() });
    assert.doesNotMatch(lines.stdout + lines.stderr, RAW_BIDI_CONTROL, 'the plan\'s lines for a log');
    assert.match(lines.stdout, /docs\/<U\+202E>gnp\.md -> "report<U\+202E>fdp\.exe"/);

    for (const report of ['publish.xml', 'plan.xml']) {
      const xml = await readFile(join(root, report), 'utf8');
      await assertValidJunit(xml);
      assert.doesNotMatch(xml, RAW_BIDI_CONTROL, report);
      assert.match(xml, /name="docs\/&lt;U\+202E&gt;gnp\.md"/, `${report} shows where the control was`);
    }
  });
});
