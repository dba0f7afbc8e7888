// The Explorer badges reach the folders above a changed file (issue 83): a collapsed `docs/` shows that something in it
// changed. Files published to the sandbox wiki, then changed there, deleted there and modified here; their states read
// as the Wiki Pages view reads them; their badges as the view's decoration provider gives them to VS Code. A folder
// shows what VS Code's decorations service bubbles up to it: each decoration below it that propagates.
import assert from 'node:assert/strict';
import { identifyPage, withIdentity } from '../../src/core/links/pageIdentity';
import type { PageLink } from '../../src/core/links/pageLink';
import { localFacts } from '../../src/core/pageState/localPlan';
import { refreshStates, type FileState, type ViewFile } from '../../src/core/pageState/workspaceStates';
import { planFile, type SourceFile } from '../../src/core/run/plan';
import { linkAfterPublish } from '../../src/core/run/publishedLink';
import { heldContent } from '../../src/core/run/plannedContent';
import { ThrottleGate } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import { EditorUri, FakeFileDecoration, installEditorVscode, type FakeEditor } from '../support/fakeEditorWorkspace';
import { useSignedInWorld } from '../support/signedInWorld';

type PageDecorations = import('../../src/editor/wikiPages/pageDecorations').PageDecorations;

describe('Explorer badges reach the folders above a changed file, against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();
  const fakeEditor: FakeEditor = { folder: '/workspace', settings: {}, documents: [] };
  let restore: () => void = () => undefined;
  let makeDecorations: () => PageDecorations;

  before(async () => {
    restore = installEditorVscode(fakeEditor);
    const { PageDecorations: Decorations } = await import('../../src/editor/wikiPages/pageDecorations');
    makeDecorations = () => new Decorations();
  });
  after(() => restore());

  const source = (path: string, text: string): SourceFile => ({ key: new EditorUri(`/workspace/${path}`).toString(), label: path, text });

  async function publish(file: SourceFile): Promise<PageLink> {
    const item = planFile(file, undefined, { titleFromFile: true, defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: true } });
    assert.ok(item.complete);
    const outcome = await sendPlanned(item, item.complete, { signal: new AbortController().signal, gate: new ThrottleGate(), content: heldContent(item) }, {
      endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
    });
    assert.ok(outcome.kind === 'created' || outcome.kind === 'updated', outcome.message);
    const published = linkAfterPublish(item, item.complete, Date.now(), outcome.kind);
    const identity = await identifyPage(signedIn.pages, item.complete);
    return identity ? withIdentity(published, identity) : published;
  }

  const viewFile = (file: SourceFile, link: PageLink | undefined): ViewFile => ({ key: file.key, label: file.label, link, local: link ? localFacts(file, link) : undefined });

  /** What a folder shows: the decorations of the files below it that propagate, as VS Code bubbles them. */
  function folderShows(decorations: PageDecorations, states: readonly FileState[], folder: string): string[] {
    const prefix = `${new EditorUri(`/workspace/${folder}`).toString()}/`;
    return states.filter((state) => state.file.key.startsWith(prefix))
      .map((state) => decorations.decoration(EditorUri.parse(state.file.key) as never) as unknown as FakeFileDecoration | undefined)
      .filter((decoration) => decoration?.propagate === true).map((decoration) => decoration?.badge ?? '');
  }

  it('a file changed on the wiki, deleted there or modified here marks every folder above it; an unchanged one marks none', async () => {
    const files = {
      modified: source('docs/overview.md', '# Overview\n\nFirst text.\n'),
      changed: source('docs/guide/setup.md', '# Setup\n\nFirst text.\n'),
      deleted: source('docs/guide/old.md', '# Old\n\nFirst text.\n'),
      untouched: source('other/notes.md', '# Notes\n\nFirst text.\n'),
    };
    const links = {
      modified: await publish(files.modified), changed: await publish(files.changed), deleted: await publish(files.deleted), untouched: await publish(files.untouched),
    };
    assert.ok(links.changed.pageId && links.deleted.pageId);
    signedIn.world.sandbox.editPageOnWiki(links.changed.pageId, '# Setup\n\nA colleague\'s line.\n');
    signedIn.world.sandbox.deletePage(links.deleted.pageId);
    const facts = {
      trees: [],
      files: [
        viewFile(source('docs/overview.md', '# Overview\n\nFirst text.\n\nMy new line.\n'), links.modified), viewFile(files.changed, links.changed),
        viewFile(files.deleted, links.deleted), viewFile(files.untouched, links.untouched),
      ],
    };
    const { states } = await refreshStates(facts, { pages: signedIn.pages });
    assert.deepEqual(states.files.map((state) => state.kind), ['modifiedHere', 'changedOnWiki', 'deletedOnWiki', 'inSync']);
    const decorations = makeDecorations();
    const fired = decorations.update(states.files, () => false, (state) => EditorUri.parse(state.file.key) as never);
    // The files whose badge appeared are fired: VS Code fetches each and bubbles it to the folders above.
    assert.deepEqual(fired.map(String), [files.modified.key, files.changed.key, files.deleted.key]);
    assert.deepEqual(folderShows(decorations, states.files, 'docs'), ['M', 'W', 'D']);
    assert.deepEqual(folderShows(decorations, states.files, 'docs/guide'), ['W', 'D']);
    assert.deepEqual(folderShows(decorations, states.files, 'other'), []);
    // Back in sync (published again): its folders no longer show it, and the file is fired so VS Code asks again.
    const modifiedNow = source('docs/overview.md', '# Overview\n\nFirst text.\n\nMy new line.\n');
    const republished = await publish(modifiedNow);
    const { states: after } = await refreshStates({ trees: [], files: [viewFile(modifiedNow, republished), ...facts.files.slice(1)] }, { pages: signedIn.pages });
    assert.deepEqual(decorations.update(after.files, () => false, (state) => EditorUri.parse(state.file.key) as never).map(String), [files.modified.key]);
    assert.deepEqual(folderShows(decorations, after.files, 'docs'), ['W', 'D']);
  });

  it('a new file of a published tree marks its folders too', async () => {
    const fresh = source('docs/guide/new.md', '# New\n');
    const { states } = await refreshStates({ trees: [], files: [viewFile(fresh, undefined)] }, { pages: signedIn.pages });
    const decorations = makeDecorations();
    decorations.update(states.files, () => true, (state) => EditorUri.parse(state.file.key) as never);
    assert.deepEqual(folderShows(decorations, states.files, 'docs'), ['N']);
    // Outside a published tree a file that is no page gets no badge, so no folder shows one.
    const outside = makeDecorations();
    outside.update(states.files, () => false, (state) => EditorUri.parse(state.file.key) as never);
    assert.deepEqual(folderShows(outside, states.files, 'docs'), []);
  });
});
