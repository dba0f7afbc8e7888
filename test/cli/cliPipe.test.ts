// `wiki-publisher publish docs --dry-run | head -1`: a reader that closes the pipe early is not an error. The CLI
// stops printing and exits quietly, without an EPIPE stack trace or "Unexpected error".
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { Output } from '../../src/cli/output';
import { assertBuilt, makeTree, removeTree, startCli } from './cliHarness';

/** A stream whose reader has gone: the write "succeeds", then the stream reports EPIPE, as a Node socket does. */
class ClosedPipe extends EventEmitter {
  writes: string[] = [];
  write(text: string): boolean {
    this.writes.push(text);
    process.nextTick(() => this.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })));
    return true;
  }
}

describe('CLI output to a pipe that the reader closed', () => {
  let root: string;
  before(async () => {
    assertBuilt();
    // Far more output than a pipe buffers (64 KiB), so the CLI is still writing when the reader goes away.
    const files: Record<string, string> = {};
    for (let i = 0; i < 1500; i++) files[`docs/a-long-file-name-so-each-line-is-long-${String(i).padStart(4, '0')}.md`] = `# Page ${i} with a title long enough to fill the line\n\nText.\n`;
    root = await makeTree(files);
  });
  after(() => removeTree(root));

  it('exits quietly when stdout is closed after the first line (| head -1)', async () => {
    const { child, done } = startCli(['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--dry-run'], { cwd: root });
    let firstLine = '';
    child.stdout?.on('data', (chunk: string) => {
      if (firstLine !== '') return;
      firstLine = chunk.split('\n')[0] ?? '';
      child.stdout?.destroy();
    });
    const run = await done;
    assert.match(firstLine, /^would create +docs\/a-long-file-name/);
    assert.doesNotMatch(run.stderr, /EPIPE|Unexpected error|\n\s+at /, run.stderr);
    assert.equal(run.stderr, '');
    assert.equal(run.signal, null);
    assert.equal(run.code, 0, 'the dry run itself found nothing to refuse');
  });

  it('stops writing to a stream once it reported its reader gone, and keeps the other one', async () => {
    const stdout = new ClosedPipe();
    const stderr = new ClosedPipe();
    const output = new Output(stdout, stderr);
    output.line('first');
    await new Promise((resolve) => process.nextTick(resolve));
    output.line('second');
    output.json({ type: 'third' });
    output.problem('a problem');
    assert.deepEqual(stdout.writes, ['first\n']);
    assert.deepEqual(stderr.writes, ['wiki-publisher: a problem\n']);
  });
});
