// A fresh profile (no link of this machine's) over pages CI published: the editor's folder publish plans the files,
// its edit guard finds their pages as they left them (unchanged, nothing to send), and the links are learnt then, before
// the confirmation (publishMany.ts learnFound, through recordSend.ts recordFoundPages): the user may stop there, since
// there is nothing to publish, and the Wiki Pages view must still show the files published and in sync. Against the
// sandbox wiki.
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import type { PageLink } from '../../src/core/links/pageLink';
import { localFacts } from '../../src/core/pageState/localPlan';
import { refreshStates } from '../../src/core/pageState/workspaceStates';
import { guardPlan } from '../../src/core/run/guard';
import { planFile, planFiles, type SourceFile } from '../../src/core/run/plan';
import { heldContent } from '../../src/core/run/plannedContent';
import { recordFoundPages } from '../../src/core/run/recordSend';
import { ThrottleGate } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import { GlobalStateLinkStore } from '../../src/editor/publish/pageLinks';
import { MemoryMemento } from '../fakes/memoryMemento';
import { useSignedInWorld } from '../support/signedInWorld';

describe('a folder publish learns the pages it finds as their files left them, before its confirmation', () => {
  const signedIn = useSignedInWorld();
  const DEFAULTS = { spaceId: 'DOCS', parentId: '123456', overwrite: true };
  const source = (name: string, text: string): SourceFile => ({ key: `file:///w/docs/${name}`, label: `docs/${name}`, text });

  /** CI's publish of the file: no link of this machine's is left. */
  async function publishedByCi(file: SourceFile): Promise<void> {
    const item = planFile(file, undefined, { titleFromFile: true, defaults: DEFAULTS });
    await guardPlan([item], { pages: signedIn.pages, noAccessReason: 'not signed in' });
    assert.ok(item.complete && item.state === 'send');
    const outcome = await sendPlanned(item, item.complete, { signal: new AbortController().signal, gate: new ThrottleGate(), content: heldContent(item) }, {
      endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
    });
    assert.ok(outcome.kind === 'created', outcome.message);
  }

  it('records the links of the unchanged files, so the view shows them in sync; a file to send and a link already right are not written', async () => {
    const files = [source('alpha.md', '# Alpha\n\nText.\n'), source('beta.md', '# Beta\n\nText.\n'), source('gamma.md', '# Gamma\n\nText.\n')];
    for (const file of files) await publishedByCi(file);
    const changed = source('gamma.md', '# Gamma\n\nText, changed here.\n');
    const workspace = [files[0], files[1], changed] as SourceFile[];
    const store = new GlobalStateLinkStore(new MemoryMemento() as unknown as vscode.Memento);
    const written: string[] = [];
    let writes = 0;
    store.onDidChange((keys) => {
      writes++;
      written.push(...(keys ?? []));
    });

    // The editor's folder publish: plan from this machine's (empty) links, guard as guardStep.ts runs it.
    const plan = planFiles(workspace, new Map(), { titleFromFile: true, defaults: DEFAULTS });
    await guardPlan(plan, { pages: signedIn.pages, noAccessReason: 'not signed in', lookUpCreates: false });
    assert.deepEqual(plan.map((item) => item.state), ['unchanged', 'unchanged', 'send']);
    assert.equal(await recordFoundPages(store, plan, Date.now()), 2);
    assert.deepEqual(written, [files[0]?.key, files[1]?.key], 'the view hears the links change (it re-reads the store)');
    assert.equal(writes, 1, 'in one write of the store, not one per file');
    const alpha = await store.get(files[0]?.key ?? '');
    assert.deepEqual([alpha?.version, alpha?.pageId !== undefined, await store.get(changed.key)], [1, true, undefined]);

    // The view over those links: in sync, from the wiki's notices.
    const links = await Promise.all(workspace.map((file) => store.get(file.key)));
    const viewFiles = workspace.map((file, index) => {
      const link = links[index] as PageLink | undefined;
      return { key: file.key, label: file.label, link, local: link ? localFacts(file, link) : undefined };
    });
    const { states } = await refreshStates({ trees: [], files: viewFiles }, { pages: signedIn.pages });
    assert.deepEqual(states.files.map((state) => state.kind), ['inSync', 'inSync', 'notPublished']);

    // Again: the links say so already, nothing is written.
    const again = planFiles(workspace, new Map(workspace.map((file, index) => [file.key, links[index]])), { titleFromFile: true, defaults: DEFAULTS });
    await guardPlan(again, { pages: signedIn.pages, noAccessReason: 'not signed in', lookUpCreates: false });
    assert.equal(await recordFoundPages(store, again, Date.now()), 0);
  });
});
