// Reading a Markdown plan or job summary as a reviewer does: a row that names a reason several files share ("reason 2
// (below)") says what that reason's line after the table says, and that line names the row's file.
import assert from 'node:assert/strict';

/** The table row of `file` (its cell as written, a tree's indentation included), each shared reason it names put in. */
export function resolvedRow(markdown: string, file: string): string {
  const lines = markdown.split('\n');
  const row = lines.find((line) => line.startsWith(`| ${file} |`));
  assert.ok(row, `no row for ${file} in:\n${markdown}`);
  const name = file.replace(/^(&nbsp;)+/, '');
  return row.replace(/reason (\d+) \(below\)/g, (_said, number: string) => {
    const reason = lines.find((line) => line.startsWith(`${number}. `));
    assert.ok(reason, `no reason ${number} in:\n${markdown}`);
    const at = reason.lastIndexOf(' — **');
    assert.ok(at > 0 && reason.slice(at).includes(name), `reason ${number} does not name ${name}: ${reason}`);
    return reason.slice(`${number}. `.length, at);
  });
}
