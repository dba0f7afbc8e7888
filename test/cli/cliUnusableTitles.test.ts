// A title the wiki cannot take as it is is refused by the plan, before anything is sent, with where it came from. One
// that is not well-formed Unicode (a lone surrogate, which a "\ud800" escape in YAML makes) landed, but its page's
// address could not be written (encodeURIComponent throws), so its ID was never learnt and every later run met
// "already exists"; one with a control character (a line feed, an escape sequence, a bell) went to the wiki as it was.
// Real runs of the built CLI against the sandbox wiki, flat and as a tree.
import assert from 'node:assert/strict';
import { fileRecords, runCli, useCliWorld, type CliRun } from './cliHarness';

const TO = ['--space', 'DOCS', '--parent', '123456'];
const FILES: Record<string, string> = {
  'docs/lone.md': '---\ntitle: "a\\ud800b"\n---\nText.\n',
  'docs/pinned.md': '---\nwiki:\n  pageTitle: "Bell\\a"\n---\nText.\n',
  'docs/break.md': '---\ntitle: "Two\\nLines"\n---\nText.\n',
  'docs/escape.md': '# Clear \u001b[2J screen\n\nText.\n',
  'docs/tab.md': '# A\ttab\n\nText.\n',
  'docs/ok.md': '# OK\n\nText.\n',
};
/** Each refused file, with what its refusal says: the title shown with codes, the character, and where to correct it. */
const REFUSED: Record<string, RegExp> = {
  'docs/lone.md': /The page title "a<U\+D800>b" \(from the front matter's title\) is not well-formed Unicode: U\+D800 is half of a character .* Write the whole character, or remove the half, in the front matter's title, then publish again\./,
  'docs/pinned.md': /The page title "Bell\\u0007" \(from the front matter's wiki\.pageTitle\) holds the control character U\+0007, and a title is one line of text\. Remove it from the front matter's wiki\.pageTitle, then publish again\./,
  'docs/break.md': /The page title "Two\\nLines" \(from the front matter's title\) holds the control character U\+000A/,
  'docs/escape.md': /The page title "Clear \\u001b\[2J screen" \(from the file's first heading\) holds the control character U\+001B/,
};

/** Each refused file's reasons: a plan's record lists them, a run's record says them in its message. */
const refusals = (run: CliRun): Map<string, string> => new Map(fileRecords(run).filter((record) => record.status === 'refused')
  .map((record) => [String(record.file), [record.message, ...(Array.isArray(record.refusals) ? record.refusals : [])].filter((reason) => typeof reason === 'string').join(' ')]));

describe('CLI: a title that is not well-formed Unicode or holds a control character is refused before sending', () => {
  const cli = useCliWorld();

  const assertRefusedUnsent = (run: CliRun, refusedFiles: Record<string, RegExp>): void => {
    assert.equal(run.code, 1, `${run.stdout}\n${run.stderr}`);
    const refused = refusals(run);
    assert.deepEqual([...refused.keys()].sort(), Object.keys(refusedFiles).sort(), run.stdout);
    for (const [file, reason] of Object.entries(refusedFiles)) assert.match(refused.get(file) ?? '', reason, file);
    const titles = cli.world.sandbox.imports.map((sent) => JSON.stringify(sent));
    for (const title of ['a\ud800b', 'Bell\u0007', 'Two\nLines', 'Clear \u001b[2J screen']) assert.ok(titles.every((sent) => !sent.includes(JSON.stringify(title).slice(1, -1))), `"${title}" was sent`);
  };

  it('flat: the dry run and the run refuse each, name where the title came from, and send the others (a tab stays)', async () => {
    const root = await cli.tree(FILES);
    const dry = await runCli(['publish', 'docs', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assertRefusedUnsent(dry, REFUSED);
    const run = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assertRefusedUnsent(run, REFUSED);
    assert.deepEqual(fileRecords(run).filter((record) => record.status === 'published').map((record) => record.file).sort(), ['docs/ok.md', 'docs/tab.md']);
    // Nothing of theirs landed: the next run refuses them the same, not "already exists".
    const again = await runCli(['publish', 'docs', ...TO, '--json'], { cwd: root, env: cli.env() });
    assertRefusedUnsent(again, REFUSED);
  });

  it('tree: the dry run and the run refuse each file whose title the tree would send, naming where it came from', async () => {
    const root = await cli.tree(FILES);
    const expected = REFUSED;
    const dry = await runCli(['publish', 'docs', '--tree', ...TO, '--dry-run', '--json'], { cwd: root, env: cli.env() });
    assertRefusedUnsent(dry, expected);
    const run = await runCli(['publish', 'docs', '--tree', ...TO, '--json'], { cwd: root, env: cli.env() });
    assertRefusedUnsent(run, expected);
    assert.ok(cli.world.sandbox.pages().some((page) => page.title === 'A\ttab' && !page.deleted), 'a title with a tab is sent');
  });
});
