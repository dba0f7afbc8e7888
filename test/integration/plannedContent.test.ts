// A plan of walked files keeps their hashes, not their texts, and reads each file again when it sends it (issue 14,
// planning 10,000 files). What is sent must be what the plan showed: a file changed or gone since planning is not
// sent, with the reason; an unchanged one sends exactly the planned content, and a tree's links are rewritten in it.
// Both ports: the command line's (synchronous reads) and one without readSync, as the editor's workspace port is.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cliFileLinkPorts } from '../../src/cli/fileLinks';
import { readMarkdownSources } from '../../src/cli/files';
import { pageAddress } from '../../src/core/publish/pageAddress';
import { planFileLinks } from '../../src/core/run/fileLinks';
import { contentHash, planFiles } from '../../src/core/run/plan';
import { runPlan, ThrottleGate } from '../../src/core/run/runner';
import { sendPlanned, type SendSettings } from '../../src/core/run/send';
import { planTreeOf } from '../../src/core/tree/planTreeOf';
import type { TreePlanOptions } from '../../src/core/tree/treePlanTypes';
import { digestTreeSource } from '../../src/core/tree/treeSource';
import { runTree } from '../../src/core/tree/treeRun';
import { nodeWalkFs } from '../../src/core/walk/nodeWalkFs';
import { eachSourceFromWalk, sourcesFromWalk } from '../../src/core/walk/sources';
import { walkSelection } from '../../src/core/walk/walk';
import type { WalkFs } from '../../src/core/walk/walkFs';
import { MemoryIdentity } from '../support/memoryIdentity';
import { useSignedInWorld } from '../support/signedInWorld';

const FILES: Record<string, string> = {
  'docs/stays.md': '# Stays\n\nSee [moves](moves.md) and [gone](gone.md).\n',
  'docs/moves.md': '# Moves\n\nThe first text.\n',
  'docs/gone.md': '# Gone\n\nSoon deleted.\n',
  'docs/front.md': '---\ntitle: Front\n---\nThe body stays.\n',
};

const ports: Array<[string, (cwd: string) => WalkFs<string>]> = [
  ['the command line\'s port (synchronous reads)', (cwd) => nodeWalkFs({ cwd })],
  ['a port without synchronous reads (as the editor\'s)', (cwd) => {
    const asynchronous = nodeWalkFs({ cwd });
    delete asynchronous.readSync;
    return asynchronous;
  }],
];

describe('a plan of walked files reads each again when it is sent, and sends only what was planned', () => {
  const signedIn = useSignedInWorld();
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wiki-publisher-planned-'));
    for (const [path, text] of Object.entries(FILES)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  const settings = (): SendSettings => ({
    endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
    hooks: { sleep: async () => undefined },
  });
  const received = (title: string): string | undefined => signedIn.world.sandbox.pages().find((page) => page.title === title)?.markdown;
  /** Changes made between planning and sending: a new body, a deleted file, and front matter alone. */
  const changeFiles = async (): Promise<void> => {
    await writeFile(join(dir, 'docs/moves.md'), '# Moves\n\nA second text, written after the plan.\n');
    await unlink(join(dir, 'docs/gone.md'));
    await writeFile(join(dir, 'docs/front.md'), '---\ntitle: Front\ndraft: true\n---\nThe body stays.\n');
  };

  for (const [name, port] of ports) {
    it(`flat, ${name}`, async () => {
      const fs = port(dir);
      const sources = await sourcesFromWalk(await walkSelection([join(dir, 'docs')], { fs }), { fs });
      const plan = planFiles(sources, new Map(), { titleFromFile: true, defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: false } });
      assert.deepEqual(plan.map((item) => item.state), ['send', 'send', 'send', 'send']);
      await changeFiles();
      const results = await runPlan(plan, { concurrency: 2, send: (item, target, context) => sendPlanned(item, target, context, settings()) });
      const byLabel = new Map(results.map((result) => [result.item.file.label, result]));
      assert.equal(byLabel.get('docs/stays.md')?.state, 'published');
      assert.equal(received('Stays'), FILES['docs/stays.md'], 'the planned content, read again');
      assert.equal(byLabel.get('docs/front.md')?.state, 'published', 'a change to front matter alone leaves what is sent as planned');
      assert.equal(received('Front'), 'The body stays.\n');
      const moved = byLabel.get('docs/moves.md');
      assert.equal(moved?.state, 'refused');
      assert.match(moved?.item.refusals.map((refusal) => refusal.message).join(' ') ?? '', /docs\/moves\.md changed after it was planned, so it was not sent/);
      assert.equal(moved?.item.refusals.at(-1)?.code, 'changedSincePlan');
      const gone = byLabel.get('docs/gone.md');
      assert.equal(gone?.state, 'refused');
      assert.match(gone?.item.refusals.at(-1)?.message ?? '', /docs\/gone\.md could not be read/);
      assert.equal(received('Moves'), undefined, 'nothing of the changed file reached the wiki');
      assert.equal(received('Gone'), undefined);
      assert.equal(signedIn.world.sandbox.imports.length, 2);
    });

    it(`a page tree, ${name}: links rewritten in the text read again, a changed file left out`, async () => {
      const fs = port(dir);
      const walked = await walkSelection([join(dir, 'docs')], { fs });
      const identity = new MemoryIdentity();
      const options: TreePlanOptions = { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map(), pageAccess: true };
      const plan = planTreeOf(await eachSourceFromWalk(walked, { fs }, (source) => digestTreeSource(source, options)), options);
      const stays = plan.pages.find((page) => page.key === 'stays.md');
      assert.equal(stays?.item.contentSha256, contentHash(FILES['docs/stays.md'] as string), 'the plan keeps the hash of what it would send');
      await writeFile(join(dir, 'docs/moves.md'), '# Moves\n\nChanged after the plan.\n');
      const run = await runTree({
        plan, pages: signedIn.pages, identity, gate: new ThrottleGate(), concurrency: 2,
        addressOf: (pageId, title) => pageAddress(signedIn.world.sandbox.baseUrl, 'DOCS', pageId, title),
        addressInSpace: async (spaceId) => (pageId, title) => pageAddress(signedIn.world.sandbox.baseUrl, spaceId, pageId, title),
        guard: { noAccessReason: 'no page access' },
        send: (item, target, context) => sendPlanned(item, target, context, settings()),
      });
      const states = new Map(run.results.map((result) => [`${result.key} ${result.pass}`, result.state]));
      assert.equal(states.get('moves.md 1'), 'refused');
      assert.equal(received('Moves'), undefined);
      const gone = signedIn.world.sandbox.pages().find((page) => page.title === 'Gone');
      assert.ok(gone);
      const sent = received('Stays') ?? '';
      assert.ok(sent.includes(`[gone](${signedIn.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${gone.id}/Gone)`), sent);
      assert.ok(sent.includes('[moves](moves.md)'), 'a link to a page that was not sent stays as written');
    });
  }

  // A large file is not read into a second text when it is sent (issue 84: a 5 MB file's peak memory): its plan keeps
  // its content, and the file is compared with it a piece at a time. Unchanged, that content goes without the file
  // being read again; changed, the file is read again and judged as any other.
  it('a large file read through the command line\'s port: its planned content is sent while the file is unchanged, and only then', async () => {
    const large = (title: string, marker: string): string => `---\ntitle: ${title}\n---\n# ${title}\n\n${'A paragraph of the large page, [moves](moves.md).\n\n'.repeat(24_000)}${marker}\n`;
    await writeFile(join(dir, 'docs/large.md'), large('Large', 'The end.'));
    await writeFile(join(dir, 'docs/larger.md'), large('Larger', 'The end.'));
    const read = await readMarkdownSources([join(dir, 'docs')], dir);
    assert.ok(read.ok);
    const plan = planFiles(read.files, new Map(), { titleFromFile: true, defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: false } });
    const item = (name: string) => plan.find((planned) => planned.file.label === `docs/${name}.md`);
    const kept = item('large');
    assert.ok(kept?.content !== undefined && kept.file.unchangedSinceRead !== undefined, 'a file of 1 MiB or more keeps its content');
    assert.equal(item('moves')?.content, undefined, 'a small file is read again when it is sent, as before');
    assert.equal(contentHash(kept.content), kept.contentSha256);
    let readAgain = 0;
    const { readAgain: original } = kept.file;
    kept.file.readAgain = async () => {
      readAgain++;
      return (await original?.()) ?? { ok: false, problem: 'none' };
    };
    // The other large file changes in its last line, after the plan; the small ones as in the other cases.
    await writeFile(join(dir, 'docs/larger.md'), large('Larger', 'The end, changed.'));
    await changeFiles();
    const results = await runPlan(plan, { concurrency: 2, send: (planned, target, context) => sendPlanned(planned, target, context, settings()) });
    const byLabel = new Map(results.map((result) => [result.item.file.label, result]));
    assert.equal(byLabel.get('docs/large.md')?.state, 'published');
    assert.equal(received('Large'), kept.content, 'the planned content');
    assert.equal(readAgain, 0, 'an unchanged large file is not read again into a second text');
    const changed = byLabel.get('docs/larger.md');
    assert.equal(changed?.state, 'refused');
    assert.equal(changed?.item.refusals.at(-1)?.code, 'changedSincePlan');
    assert.match(changed?.item.refusals.at(-1)?.message ?? '', /docs\/larger\.md changed after it was planned, so it was not sent/);
    assert.equal(received('Larger'), undefined);
    assert.equal(byLabel.get('docs/moves.md')?.item.refusals.at(-1)?.code, 'changedSincePlan', 'a small file changed is refused as before');
  });

  it('a large file whose front matter alone changed is read again, and sends the content planned', async () => {
    const body = `# Kept\n\n${'Text of the kept page.\n\n'.repeat(50_000)}`;
    await writeFile(join(dir, 'docs/kept.md'), `---\ntitle: Kept\n---\n${body}`);
    const read = await readMarkdownSources([join(dir, 'docs/kept.md')], dir);
    assert.ok(read.ok);
    const plan = planFiles(read.files, new Map(), { titleFromFile: true, defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: false } });
    assert.ok(plan[0]?.file.unchangedSinceRead);
    await writeFile(join(dir, 'docs/kept.md'), `---\ntitle: Kept\ndraft: true\n---\n${body}`);
    const [result] = await runPlan(plan, { concurrency: 1, send: (planned, target, context) => sendPlanned(planned, target, context, settings()) });
    assert.equal(result?.state, 'published');
    assert.equal(received('Kept'), body);
  });

  it('a large file read through a port without synchronous reads (the editor\'s) is read again when it is sent, as before', async () => {
    await writeFile(join(dir, 'docs/large.md'), `# Large\n\n${'Text.\n\n'.repeat(200_000)}`);
    const fs = ports[1]?.[1](dir);
    assert.ok(fs);
    const sources = await sourcesFromWalk(await walkSelection([join(dir, 'docs/large.md')], { fs }), { fs });
    assert.equal(sources[0]?.unchangedSinceRead, undefined);
    const plan = planFiles(sources, new Map(), { titleFromFile: true, defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: false } });
    assert.equal(plan[0]?.content, undefined);
  });

  // The links plan holds the text of a file with links; it is what is sent, but only once the file read again was
  // found the same: a file changed since is refused as any other.
  it('a flat selection with links between its files: the text the links were decided in is sent only when the file is unchanged', async () => {
    const read = await readMarkdownSources([join(dir, 'docs')], dir);
    assert.ok(read.ok);
    const plan = planFiles(read.files, new Map(), { titleFromFile: true, defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: false } });
    const links = await planFileLinks(read.files, plan, cliFileLinkPorts({ cwd: dir, state: undefined, pages: undefined, baseUrl: undefined, signal: new AbortController().signal }));
    const stays = plan.find((item) => item.file.label.endsWith('stays.md'));
    assert.ok(stays);
    assert.equal((await links.content(stays)).ok, true, 'unchanged: its content is given');
    await writeFile(join(dir, 'docs/stays.md'), '# Stays\n\nSee [moves](moves.md), written after the plan.\n');
    const results = await runPlan(plan, { concurrency: 2, content: (item) => links.content(item), send: (item, target, context) => sendPlanned(item, target, context, settings()) });
    const staysResult = results.find((result) => result.item.file.label.endsWith('stays.md'));
    assert.equal(staysResult?.state, 'refused');
    assert.equal(staysResult?.item.refusals.at(-1)?.code, 'changedSincePlan');
    assert.equal(received('Stays'), undefined, 'neither the planned text nor the new one reached the wiki');
    assert.equal(received('Moves'), FILES['docs/moves.md'], 'an unchanged file goes as planned');
  });
});
