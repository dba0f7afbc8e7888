// The runner writes each workflow command (`::error file=...,title=...::message`) to the job's log, and the log renders
// terminal escape sequences: an ESC, BEL, BS, DEL or C1 control from a title or a file's name would recolour, clear or
// rewrite what the reader sees. Every annotation shows such a character as the CLI's own log lines show it
// (escapeControlCharacters: "\u001b"), in its message and in each property; the message's own line feeds stay lines.
import assert from 'node:assert/strict';
import { runAnnotations, workflowCommand } from '../../src/cli/annotations';
import { RunRecords } from '../../src/cli/runRecords';
import { escapeControlCharacters } from '../../src/core/text/controlCharacters';

/** What the runner and a terminal take as a control: C0 but tab, DEL, C1, and the line and paragraph separators. */
const RAW_CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/;

const TITLE = 'Dup \u001b[31mRED\u001b[0m';
const FILE = 'docs/e\u001b[2J.md';

/** The parts of one command as the runner reads them: its escapes (% CR LF, and : , in properties) undone. */
function parsed(command: string): { level: string; properties: Record<string, string>; message: string } {
  const match = /^::(\w+) ([^:]*)::(.*)$/.exec(command);
  assert.ok(match, `not a workflow command: ${JSON.stringify(command)}`);
  const [, level = '', properties = '', message = ''] = match;
  const data = (text: string): string => text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
  const read: Record<string, string> = {};
  for (const pair of properties.split(',')) {
    const at = pair.indexOf('=');
    read[pair.slice(0, at)] = data(pair.slice(at + 1).replace(/%3A/g, ':').replace(/%2C/g, ','));
  }
  return { level, properties: read, message: data(message) };
}

describe('Annotations show control characters escaped, as the CLI\'s log lines do', () => {
  it('a title and a file name with escape sequences are shown escaped in the properties and the message', () => {
    const message = `Its title "${TITLE}" is also the title of ${FILE}.`;
    const command = workflowCommand({ level: 'error', file: FILE, line: 1, title: TITLE, message });
    assert.equal(command, '::error file=docs/e\\u001b[2J.md,line=1,title=Dup \\u001b[31mRED\\u001b[0m::Its title "Dup \\u001b[31mRED\\u001b[0m" is also the title of docs/e\\u001b[2J.md.');
    assert.doesNotMatch(command, RAW_CONTROL);
    const read = parsed(command);
    assert.equal(read.properties.file, escapeControlCharacters(FILE));
    assert.equal(read.properties.title, escapeControlCharacters(TITLE));
    assert.equal(read.message, escapeControlCharacters(message));
  });

  it('every other control (BEL, BS, DEL, C1, NUL, VT, FF, CR, U+2028) is escaped; a tab stays, the message\'s line feeds stay its lines', () => {
    const controls = 'a\u0007b\bc\u007fd\u009be\u0000f\u000bg\fh\ri\u2028j\tk';
    const command = workflowCommand({ level: 'warning', file: `docs/${controls}.md`, title: `T ${controls}`, message: `one ${controls}\ntwo` });
    const shown = 'a\\u0007b\\bc\\u007fd\\u009be\\u0000f\\u000bg\\fh\\ri\\u2028j\tk';
    assert.equal(command, `::warning file=docs/${shown}.md,title=T ${shown}::one ${shown}%0Atwo`);
    assert.doesNotMatch(command, RAW_CONTROL);
  });

  it('a line feed in a property is shown as "\\n": a property is one line', () => {
    const command = workflowCommand({ level: 'error', file: 'docs/g\n::error file=x::forged.md', title: 'a\nb', message: 'm' });
    assert.equal(command, '::error file=docs/g\\n%3A%3Aerror file=x%3A%3Aforged.md,title=a\\nb::m');
  });

  it('the annotations of a run (refusals and cautions) carry no raw control character', () => {
    const records = new RunRecords();
    records.add({ type: 'plan', file: FILE, status: 'refused', title: TITLE, spaceId: 'DOCS', parentId: '7', refusals: [`Its title "${TITLE}" is taken.`], cautions: [`A caution about ${TITLE}\u0007`] });
    records.add({ type: 'summary', dryRun: true, exitCode: 1 });
    const commands = runAnnotations(records, () => undefined).map(workflowCommand);
    assert.equal(commands.length, 2, commands.join('\n'));
    for (const command of commands) {
      assert.doesNotMatch(command, RAW_CONTROL, command);
      assert.equal(parsed(command).properties.file, 'docs/e\\u001b[2J.md');
    }
    assert.match(commands.join('\n'), /Its title "Dup \\u001b\[31mRED\\u001b\[0m" is taken\./);
    assert.match(commands.join('\n'), /A caution about Dup \\u001b\[31mRED\\u001b\[0m\\u0007/);
  });
});
