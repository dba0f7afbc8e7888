// One plan, one truth: the same folder through the editor's reading (its vscode.workspace.fs port, fed by a fake that
// reports entry types as VS Code's disk provider does) and the command line's (node:fs), then the core's plan and edit
// guard against the sandbox wiki, gives the same files, the same targets and the same guard verdicts.
import assert from 'node:assert/strict';
import { join, relative, sep } from 'node:path';
import { diskFs, FakeUri } from '../support/vscodeDiskFs';
import { readMarkdownSources } from '../../src/cli/files';
import { createUndiciTransport, type UndiciTransport } from '../../src/core/http/undiciTransport';
import type { PageLink } from '../../src/core/links/pageLink';
import { guardPlan } from '../../src/core/run/guard';
import { planFiles, type PlanItem, type SourceFile } from '../../src/core/run/plan';
import { linkAfterPublish } from '../../src/core/run/publishedLink';
import { runPlan } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import { sourcesFromWalk } from '../../src/core/walk/sources';
import { walkSelection } from '../../src/core/walk/walk';
import { createWikiPagesClient, type WikiPagesClient } from '../../src/core/wikiPages';
import { workspaceWalkFs } from '../../src/editor/publish/workspaceWalkFs';
import { startSandboxWorld, type SandboxWorld } from '../sandbox/world';
import { makeHostileTree, type HostileTree } from '../unit/walkTestTree';

describe('one plan, one truth: the editor and the command line plan a folder alike', () => {
  let tree: HostileTree;
  let world: SandboxWorld;
  let transport: UndiciTransport;
  let pages: WikiPagesClient;

  before(async () => {
    tree = await makeHostileTree();
    world = await startSandboxWorld();
    transport = createUndiciTransport();
    const accessToken = world.idp.issueSessionDirectly().access_token;
    pages = createWikiPagesClient({ baseUrl: world.sandbox.baseUrl, transport, getAccessToken: async () => accessToken });
  });
  after(async () => {
    await transport.close();
    await world.close();
    await tree.remove();
  });

  async function editorSources(): Promise<SourceFile[]> {
    const fs = workspaceWalkFs(diskFs, { label: (uri) => relative(tree.repo, uri.path).split(sep).join('/') });
    const walked = await walkSelection([new FakeUri(join(tree.repo, 'docs'))], { fs });
    return sourcesFromWalk(walked, { fs });
  }

  async function cliSources(): Promise<SourceFile[]> {
    const read = await readMarkdownSources(['docs'], tree.repo);
    assert.ok(read.ok, read.ok ? '' : read.message);
    return read.files;
  }

  const DEFAULTS = { spaceId: 'DOCS', parentId: '123456', overwrite: false };

  /** Each front end keys its links its own way (a URI, a path); the label is what both share. */
  async function planAndGuard(sources: SourceFile[], linksByLabel: ReadonlyMap<string, PageLink>): Promise<PlanItem[]> {
    const links = new Map(sources.map((source) => [source.key, linksByLabel.get(source.label)]));
    const plan = planFiles(sources, links, { titleFromFile: true, defaults: DEFAULTS });
    await guardPlan(plan, { pages, noAccessReason: 'no page access' });
    return plan;
  }

  const view = (plan: readonly PlanItem[]) => plan.map((item) => ({
    file: item.file.label, state: item.state, target: item.complete, refusals: item.refusals.map((refusal) => refusal.code), guard: item.guard?.kind,
  }));

  it('the same files, targets and guard verdicts, before and after a colleague edits a page', async () => {
    const [editor, cli] = [await editorSources(), await cliSources()];
    const firstEditor = await planAndGuard(editor, new Map());
    const firstCli = await planAndGuard(cli, new Map());
    assert.deepEqual(view(firstEditor), view(firstCli));
    assert.ok(firstCli.some((item) => item.state === 'refused' && item.refusals[0]?.code === 'unreadable'), 'links, pipes and binaries are refused by both');

    // Publish once (as the command line would), and keep the links by label.
    const token = world.sandbox.issueToken({ label: 'writer' }).token;
    const results = await runPlan(firstCli, {
      concurrency: 4,
      send: (item, target, context) => sendPlanned(item, target, context, {
        endpoint: new URL(world.sandbox.importEndpoint), token, transport, deadlineMs: 10_000,
      }),
    });
    const links = new Map<string, PageLink>();
    for (const result of results) {
      if (result.state === 'published' && result.item.complete) links.set(result.item.file.label, linkAfterPublish(result.item, result.item.complete, Date.now(), 'created'));
    }
    assert.ok(links.size >= 4, JSON.stringify(results.map((result) => [result.item.file.label, result.state, result.outcome?.message])));
    const alpha = world.sandbox.findPageByTitle('DOCS', '123456', 'Alpha');
    assert.ok(alpha);
    world.sandbox.editPageOnWiki(alpha.id, '# Alpha\n\nA colleague.\n');

    const forced = (sources: SourceFile[]) => sources.map((source) => (source.readProblem ? source : { ...source, text: `${source.text}\nMore.\n` }));
    const secondEditor = await planAndGuard(forced(await editorSources()), links);
    const secondCli = await planAndGuard(forced(await cliSources()), links);
    assert.deepEqual(view(secondEditor), view(secondCli));
    assert.equal(secondCli.find((item) => item.file.label === 'docs/a.md')?.state, 'edited', 'both hold back the edited page');
    assert.ok(secondCli.some((item) => item.guard?.kind === 'asLeft'), 'and update the others as left');
  });
});
