// Issue 81: text from the repository and the wiki that reaches what the Action writes (the job summary, the comment
// file, the annotations, its log) cannot become a link, an image, a mention or a reordering of the text around it.
// The committed bundle runs as the runner runs it, against the sandbox wiki with page access; GitHub's Markdown
// (micromark with GFM) is the oracle, and its bare autolinks stand in for the linkifier of annotations.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { useCliWorld, writeTree } from '../cli/cliHarness';
import { assertInertDocument, HOSTILE_TITLES, hostileTree } from '../cli/hostileTree';
import { bidiShown, linksIn, loadGfmOracle, RAW_BIDI_CONTROL, type GfmOracle } from '../support/gfmOracle';
import { removeRunnerTemps, runAction, type ActionRun } from './actionHarness';

const INPUTS = { path: 'docs', space: 'DOCS', parent: '123456', state: 's.json' };

describe('GitHub Action: text from files stays text in the job summary, the comment and the annotations', () => {
  const cli = useCliWorld();
  afterEach(removeRunnerTemps);
  let oracle: GfmOracle;
  before(async () => {
    oracle = await loadGfmOracle();
  });

  const pageAddress = (): string => `${cli.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/`;

  /** Every annotation's title and message without link, mention or bidi control; each file's caution on its file. */
  function assertInertAnnotations(run: ActionRun, what: string): void {
    assert.doesNotMatch(run.stdout, RAW_BIDI_CONTROL, `${what}: the step's stdout (commands and log)`);
    const annotations = run.commands.filter((command) => ['error', 'warning', 'notice'].includes(command.command));
    for (const { properties, message } of annotations) {
      for (const shown of [properties.title ?? '', message]) {
        assert.deepEqual(linksIn(oracle.linkified(shown)), [], `${what}: an address is linked in ${JSON.stringify(shown)}`);
        assert.doesNotMatch(shown, /(^|[^\w])@[A-Za-z0-9]/, `${what}: a mention in ${JSON.stringify(shown)}`);
      }
    }
    const cautionedFiles = annotations.filter((command) => command.command === 'warning').map((command) => command.properties.file);
    // The file that shares its title with docs/twin.md is refused: a refused file's cautions are not said.
    for (const file of Object.keys(HOSTILE_TITLES).filter((name) => name !== 'docs/www.evil.example.md')) assert.ok(cautionedFiles.includes(bidiShown(file)), `${what}: a caution on ${JSON.stringify(file)}: ${JSON.stringify(cautionedFiles)}`);
    const refusal = annotations.find((command) => command.command === 'error' && command.properties.file === 'docs/twin.md');
    assert.match(refusal?.message.replace(/\u2060/g, '') ?? '', /same page as docs\/www\.evil\.example\.md \("https:\/\/evil\.example\/x"/, `${what}: the refusal still says the title`);
  }

  it('a publish and then a plan: only our page links in the Markdown, and annotations without links or bidi controls', async () => {
    const workspace = await cli.tree(hostileTree());
    const published = await runAction({ workspace, inputs: INPUTS, env: cli.env() });
    assert.equal(published.code, 1, `the two files of one title are refused: ${published.stdout}${published.stderr}`);
    assert.equal(published.outputs.published, String(Object.keys(HOSTILE_TITLES).length - 1));
    assertInertDocument(oracle, published.summary, pageAddress(), 'the publish\'s job summary');
    assertInertDocument(oracle, await readFile(published.outputs.plan ?? '', 'utf8'), pageAddress(), 'the publish\'s comment file');
    assertInertAnnotations(published, 'the publish');

    await writeTree(workspace, hostileTree('Changed.\n\n'));
    const planned = await runAction({ workspace, inputs: { ...INPUTS, 'dry-run': 'true' }, env: cli.env() });
    assert.equal(planned.code, 1, planned.stdout + planned.stderr);
    assert.match(planned.summary, /^### Wiki Publisher plan/m);
    const links = assertInertDocument(oracle, planned.summary, pageAddress(), 'the plan\'s job summary');
    assert.ok(links.length >= Object.keys(HOSTILE_TITLES).length - 1, `the pages to update are linked:\n${links.join('\n')}`);
    const comment = await readFile(planned.outputs.plan ?? '', 'utf8');
    assert.deepEqual(assertInertDocument(oracle, comment, pageAddress(), 'the plan\'s comment file'), links);
    assertInertAnnotations(planned, 'the plan');
  });
});
