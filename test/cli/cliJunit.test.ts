// `--report FILE` (issue 16): the JUnit XML report of a plan and of a publish, validated with libxml2 (xmllint-wasm)
// against schema/junit-gitlab.xsd, the format GitLab documents for unit test reports; refusals and failures are
// failures, unchanged files skipped, and text from files cannot break the XML.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertValidJunit, junitValidation } from './junitSchema';
import { runCli, useCliSandbox } from './cliHarness';

const DOCS = ['--space', 'DOCS', '--parent', '123456'];

function testcases(xml: string): Array<{ name: string; verdict: string }> {
  return [...xml.matchAll(/<testcase classname="[^"]*" name="([^"]*)"[^>]*?(\/>|>\s*<(failure|error|skipped|system-out))/g)].map((match) => ({
    name: match[1] as string, verdict: match[2] === '/>' || match[3] === 'system-out' ? 'passed' : (match[3] as string),
  }));
}

describe('CLI --report (JUnit XML for GitLab and others)', () => {
  const cli = useCliSandbox();

  it('a plan\'s report validates against the schema GitLab documents: refusals fail, the rest pass', async () => {
    const root = await cli.tree({
      'docs/ok.md': '# Fine\n\n![local](x.png)\n',
      'docs/empty.md': '',
      'docs/odd.md': '---\ntitle: "Tricky <![CDATA[ & ]]> \\" [[ATTACHMENT|/etc/passwd]] \\u0001"\n---\nText.\n',
    });
    const run = await runCli(['plan', 'docs', ...DOCS, '--report', 'junit.xml'], { cwd: root, env: {} });
    assert.equal(run.code, 1, run.stderr);
    const xml = await readFile(join(root, 'junit.xml'), 'utf8');
    await assertValidJunit(xml);
    assert.deepEqual(testcases(xml).sort((a, b) => a.name.localeCompare(b.name)), [
      // The control character in its title refuses odd.md (a title is one line of text); its report still validates.
      { name: 'docs/empty.md', verdict: 'failure' }, { name: 'docs/odd.md', verdict: 'failure' }, { name: 'docs/ok.md', verdict: 'passed' },
    ]);
    assert.match(xml, /<testsuites name="wiki-publisher" tests="3" failures="2" errors="0" skipped="0"/);
    assert.match(xml, /holds the control character U\+0001/);
    assert.match(xml, /<failure message="Would be refused: There is nothing to publish[^"]*" type="refused">/);
    assert.match(xml, /Caution: 1 local image \(x\.png\)/);
    assert.doesNotMatch(xml, /\[\[ATTACHMENT/, 'no file can attach a file to the report in GitLab');
    assert.match(run.stdout, /^### Wiki Publisher plan/, 'plan prints Markdown on stdout');
    const withoutClassname = await junitValidation(xml.replace(/ classname="[^"]*"/, ''));
    assert.equal(withoutClassname.valid, false, 'the schema is not a rubber stamp: a test case without classname is refused');
  });

  it('a publish\'s report: published pass, unchanged are skipped, failed and refused fail; it validates', async () => {
    const root = await cli.tree({ 'a.md': '# Alpha\n', 'b.md': '# Beta\n', 'c.md': '# Alpha\n\nAnother file with the same title.\n', 'empty.md': '' });
    const publish = (report: string, ...files: string[]) => runCli(['publish', ...files, ...DOCS, '--state', 's.json', '--report', report], { cwd: root, env: cli.env() });
    const first = await publish('junit.xml', 'a.md', 'b.md');
    assert.equal(first.code, 0, first.stderr);
    await assertValidJunit(await readFile(join(root, 'junit.xml'), 'utf8'));
    const mixed = await publish('junit.xml', 'b.md', 'c.md', 'empty.md');
    assert.equal(mixed.code, 1, mixed.stderr);
    const xml = await readFile(join(root, 'junit.xml'), 'utf8');
    await assertValidJunit(xml);
    assert.deepEqual(testcases(xml).sort((x, y) => x.name.localeCompare(y.name)), [{ name: 'b.md', verdict: 'skipped' }, { name: 'c.md', verdict: 'failure' }, { name: 'empty.md', verdict: 'failure' }]);
    assert.match(xml, /<testsuite name="wiki-publisher publish" tests="3" failures="2" errors="0" skipped="1"/);
    // Its folders are made, as --state's are (the GitLab template no longer makes them first).
    const inNewFolder = await publish('no/such/folder/junit.xml', 'b.md');
    assert.equal(inNewFolder.code, 0, inNewFolder.stderr);
    await assertValidJunit(await readFile(join(root, 'no', 'such', 'folder', 'junit.xml'), 'utf8'));
    // A path that can never be written is refused before anything is sent (exit 2).
    const sent = cli.sandbox.imports.length;
    const throughFile = await publish('a.md/junit.xml', 'c.md');
    assert.equal(throughFile.code, 2, throughFile.stderr);
    assert.match(throughFile.stderr, /--report a\.md\/junit\.xml: a\.md\/junit\.xml cannot be written: a\.md is not a folder\. Name another path\./);
    assert.equal(cli.sandbox.imports.length, sent, 'nothing sent');
    // One that passes that check and still fails at the end (its temporary file's name is longer than a name may be).
    const longName = `${'r'.repeat(250)}.xml`;
    const unwritable = await publish(longName, 'b.md');
    assert.equal(unwritable.code, 1, 'a report that cannot be written fails the run');
    assert.match(unwritable.stderr, new RegExp(`The report ${longName.replace('.', '\\.')} could not be written: ENAMETOOLONG`));
  });
});
