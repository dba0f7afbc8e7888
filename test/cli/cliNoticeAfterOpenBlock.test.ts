// A file that ends inside a fence left open (or an HTML comment) is published with its block closed before the notice:
// the page shows the notice as its own rule and paragraph, and the code as the file alone shows it. The closing line
// is found when the file is planned; a re-run finds the page as it left it and sends nothing. Against the sandbox.
import assert from 'node:assert/strict';
import { runCli, useCliWorld } from './cliHarness';

const FLAGS = ['--space', 'DOCS', '--parent', '123456'];

describe('CLI, a file ending inside an open block', () => {
  const cli = useCliWorld();

  it('closes the fence or comment before the notice, and a re-run sends nothing', async () => {
    const root = await cli.tree({
      'docs/fence.md': '# Fence\n\nExample:\n\n````sh\necho hi\n```\n',
      'docs/comment.md': '# Comment\n\nText.\n\n<!-- TODO: finish this section\n',
    });
    const first = await runCli(['publish', 'docs', ...FLAGS], { cwd: root, env: cli.env() });
    assert.equal(first.code, 0, `${first.stdout}\n${first.stderr}`);
    // What the import received, the notice with it.
    const text = (title: string): string => cli.world.sandbox.findPageByTitle('DOCS', '123456', title)?.imported ?? '';
    assert.match(text('Fence'), /^# Fence\n\nExample:\n\n````sh\necho hi\n```\n````\n\n---\n\n\*Published from /);
    assert.match(text('Comment'), /<!-- TODO: finish this section\n-->\n\n---\n\n\*Published from /);
    const sent = cli.world.sandbox.imports.length;
    const again = await runCli(['publish', 'docs', ...FLAGS], { cwd: root, env: cli.env() });
    assert.equal(again.code, 0, `${again.stdout}\n${again.stderr}`);
    assert.equal(cli.world.sandbox.imports.length, sent, 'nothing is sent again');
  });
});
