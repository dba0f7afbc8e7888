// A dry run never sends the import token, but it is still set in a plan job's environment, and the plan prints what
// files say (titles, paths, messages). A token that is not a JWT is not redacted by its shape, so the run must cut it
// as it cuts a client secret: in the lines, the --json records, the plan's Markdown and the files the run writes.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileRecords, runCli, useCliWorld, type CliRun } from './cliHarness';

const FLAGS = ['--space', 'DOCS', '--parent', '123456'];
/** An opaque token (no JWT shape): only being forgotten keeps it out of what the run prints. */
const OPAQUE_TOKEN = 'tok-OPAQUE-abcdef123456';
const REDACTED = /\\?\[redacted\\?\]/;

function assertCut(run: CliRun): void {
  assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
  assert.ok(!run.stdout.includes(OPAQUE_TOKEN) && !run.stderr.includes(OPAQUE_TOKEN), `the token is printed:\n${run.stdout}\n${run.stderr}`);
  // Markdown escapes the brackets: \[redacted\].
  assert.match(run.stdout, REDACTED, 'the title shows as [redacted]');
}

describe('CLI dry run: the API token is cut from what it prints, as when it publishes', () => {
  const cli = useCliWorld();
  before(() => {
    cli.secrets.push(OPAQUE_TOKEN);
  });

  const tree = (): Promise<string> => cli.tree({ 'docs/a.md': `# ${OPAQUE_TOKEN}\n\nx\n` });
  // Only the token: a plan job without endpoint or page access.
  const env = { WIKI_PUBLISHER_API_TOKEN: OPAQUE_TOKEN };

  it('--dry-run --json: the title that is the token is [redacted] in the plan record', async () => {
    const run = await runCli(['publish', 'docs', ...FLAGS, '--dry-run', '--json'], { cwd: await tree(), env });
    assertCut(run);
    assert.equal(fileRecords(run)[0]?.title, '[redacted]');
  });

  it('--dry-run --json: a file named with the token is cut from every record, the summary\'s entries keyed by path too', async () => {
    const root = await cli.tree({ [`docs/${OPAQUE_TOKEN}.md`]: '# T\n\nx\n' });
    const run = await runCli(['publish', 'docs', ...FLAGS, '--dry-run', '--json'], { cwd: root, env });
    assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
    assert.ok(!run.stdout.includes(OPAQUE_TOKEN) && !run.stderr.includes(OPAQUE_TOKEN), `the token is printed:\n${run.stdout}\n${run.stderr}`);
    assert.equal(fileRecords(run)[0]?.file, 'docs/[redacted].md');
  });

  it('--dry-run as text lines, and with the token padded by spaces as a secret store may give it', async () => {
    assertCut(await runCli(['publish', 'docs', ...FLAGS, '--dry-run'], { cwd: await tree(), env }));
    assertCut(await runCli(['publish', 'docs', ...FLAGS, '--dry-run'], { cwd: await tree(), env: { WIKI_PUBLISHER_API_TOKEN: ` ${OPAQUE_TOKEN}\n` } }));
  });

  it('`plan`: its Markdown, and the Markdown file and JUnit report it writes', async () => {
    const root = await tree();
    const run = await runCli(['plan', 'docs', ...FLAGS, '--markdown-file', 'plan.md', '--report', 'junit.xml'], { cwd: root, env });
    assertCut(run);
    for (const written of ['plan.md', 'junit.xml']) {
      const text = await readFile(join(root, written), 'utf8');
      assert.ok(!text.includes(OPAQUE_TOKEN), `${written} holds the token:\n${text}`);
      assert.match(text, REDACTED, `${written} shows the title as [redacted]`);
    }
  });

  it('with page access (the wiki read for the plan), as the client secrets are', async () => {
    const run = await runCli(['publish', 'docs', ...FLAGS, '--dry-run', '--json'], { cwd: await tree(), env: { ...cli.env(), ...env } });
    assertCut(run);
    assert.equal(fileRecords(run)[0]?.title, '[redacted]');
  });
});
