// `wiki-publisher plan` with page access (issue 16, section 2): the Markdown plan links target pages by their
// addresses, lists the pages edited on the wiki since their last publish with who edited them, and says what moved.
import assert from 'node:assert/strict';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCli, useCliWorld } from './cliHarness';

const DOCS = ['--space', 'DOCS', '--parent', '123456'];

describe('CLI plan as Markdown, with page access', () => {
  const cli = useCliWorld();

  it('links pages by address and lists the pages edited on the wiki since their last publish', async () => {
    const root = await cli.tree({ 'docs/a.md': '# Alpha\n\nOne.\n', 'docs/b.md': '# Beta\n\nOne.\n' });
    assert.equal((await runCli(['publish', 'docs', ...DOCS, '--state', 's.json'], { cwd: root, env: cli.env() })).code, 0);
    const alpha = cli.world.sandbox.findPageByTitle('DOCS', '123456', 'Alpha');
    assert.ok(alpha);
    cli.world.sandbox.editPageOnWiki(alpha.id, '# Alpha\n\nA colleague\'s line.\n');
    await writeFile(join(root, 'docs', 'a.md'), '# Alpha\n\nTwo.\n');
    await writeFile(join(root, 'docs', 'b.md'), '# Beta\n\nTwo.\n');
    const plan = await runCli(['plan', 'docs', ...DOCS, '--state', 's.json'], { cwd: root, env: cli.env() });
    assert.equal(plan.code, 1, 'a page left out fails the plan');
    assert.match(plan.stdout, /\| docs\/b\.md \| \[Beta\]\(http:\/\/127\.0\.0\.1:\d+\/wiki\/[^)]+\) in DOCS under 123456 \| update \| wiki checked: version 1 as last published \|/);
    assert.match(plan.stdout, /\| docs\/a\.md \| \[Alpha\]\([^)]+\) in DOCS under 123456 \| left out \| edited on the wiki since its last publish \(version 2 by wiki-editor\) \|/);
    assert.match(plan.stdout, /#### Pages edited on the wiki since their last publish\n\n- \*\*docs\/a\.md\*\*: \[Alpha\]\([^)]+\) in DOCS under 123456, version 2 by wiki\\?-editor at [^ ]+ \(left out; \\?-\\?-overwrite\\?-edited replaces it\)/);
    assert.doesNotMatch(plan.stdout, /no page access/);
    assert.match(plan.stdout, /Plan digest `[0-9a-f]{12}`: covers files, targets, and the pages on the wiki as the edit guard saw them/);
  });

  it('a page tree\'s plan shows the tree, and a file that moved to another folder', async () => {
    const root = await cli.tree({ 'docs/index.md': '# Overview\n', 'docs/guide/setup.md': '# Setup\n', 'docs/reference/api.md': '# API\n' });
    assert.equal((await runCli(['publish', 'docs', '--tree', ...DOCS], { cwd: root, env: cli.env() })).code, 0);
    await mkdir(join(root, 'docs', 'howto'));
    await rename(join(root, 'docs', 'guide', 'setup.md'), join(root, 'docs', 'howto', 'setup.md'));
    const plan = await runCli(['plan', 'docs', '--tree'], { cwd: root, env: cli.env() });
    assert.match(plan.stdout, /\| &nbsp;&nbsp;docs\/howto\/setup\.md \| Setup in DOCS under the tree's page &quot;Howto&quot; \| [a-z ]+ \(moved\) \| moved from docs\/guide\/setup\.md: the old page stays/);
    assert.match(plan.stdout, /#### Moves and orphans\n\n- moved: docs\/guide\/setup\.md to docs\/howto\/setup\.md; \[page \d+\]\(http:\/\/127\.0\.0\.1:\d+\/wiki\/spaces\/DOCS\/pages\/\d+\/Setup\) stays where it is/);
  });
});
