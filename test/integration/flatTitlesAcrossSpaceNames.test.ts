// A space's key (DOCS) and its numeric ID (1001) name one space: the flat plan, which compares spaces as written,
// took two files giving one title there, one spelling each, as two spaces. With page access the core refuses both
// before sending, against the sandbox wiki: the check itself, and the core's edit guard, which runs it for every flat
// path that reads the wiki (the command line and the Action, the editor's one file, many files, a folder and Retry),
// before it looks up any page.
import assert from 'node:assert/strict';
import { guardPlan } from '../../src/core/run/guard';
import { planFiles, type PlanItem, type SourceFile } from '../../src/core/run/plan';
import { runPlan } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import { checkFlatTitlesAcrossSpaceNames } from '../../src/core/run/titlesAcrossSpaceNames';
import type { WikiPagesClient } from '../../src/core/wikiPages';
import { useSignedInWorld } from '../support/signedInWorld';

describe('a flat plan whose files name one space by its key and by its numeric ID, against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();

  const file = (name: string, space: string, parentId: string, title: string, overwrite = false): SourceFile => ({
    key: `/repo/docs/${name}`, label: `docs/${name}`, text: `---\nwiki:\n  spaceId: "${space}"\n  parentId: "${parentId}"\n  pageTitle: ${title}\n  overwrite: ${overwrite}\n---\nText of ${title}.\n`,
  });
  const reason = (title: string, others: string, space: string): string =>
    `Its title "${title}" is also the title of ${others} in the space ${space}; the wiki keeps a title unique in a space (ignoring case). Give each file its own title.`;

  /** Sends the plan as every front end does, through the core's runner; the titles the import was sent. */
  async function send(plan: PlanItem[]): Promise<string[]> {
    const before = signedIn.world.sandbox.imports.length;
    await runPlan(plan, {
      concurrency: 2,
      send: (item, target, context) => sendPlanned(item, target, context, {
        endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
      }),
    });
    return signedIn.world.sandbox.imports.slice(before).map((sent) => String((sent.body as { pageTitle?: string }).pageTitle)).sort();
  }

  /** A second parent page in DOCS beside its home page (123456), published through the import. */
  async function guidesPage(): Promise<string> {
    assert.deepEqual(await send(planFiles([file('guides.md', 'DOCS', '123456', 'Guides')], new Map())), ['Guides']);
    const page = signedIn.world.sandbox.findPageByTitle('DOCS', '123456', 'Guides');
    assert.ok(page);
    return page.id;
  }

  /** The page routes, saying which were asked, in order: space lookups, and lookups of pages by title. */
  function recording(asked: string[]): WikiPagesClient {
    const pages = signedIn.pages;
    return {
      ...pages,
      resolveSpace: (keyOrId, signal) => (asked.push(`space ${keyOrId}`), pages.resolveSpace(keyOrId, signal)),
      findChildByTitle: (parentId, title, signal) => (asked.push(`page "${title}"`), pages.findChildByTitle(parentId, title, signal)),
      // The guard lists a parent's children once for all the files that would go under it.
      listChildren: (parentId, signal) => (asked.push(`children of ${parentId}`), pages.listChildren(parentId, signal)),
    };
  }

  it('refuses both, naming each other, and leaves files of other titles and spaces alone', async () => {
    const plan = planFiles([
      file('by-key.md', 'DOCS', '123456', 'Setup'),
      file('by-id.md', '1001', '654321', 'SETUP'),
      file('other-space.md', 'ENG', '234567', 'Setup'),
      file('other-title.md', '1001', '654321', 'Run'),
    ], new Map(), { titleFromFile: true });
    assert.deepEqual(plan.map((item) => item.state), ['send', 'send', 'send', 'send'], 'as written, DOCS and 1001 are two spaces');

    await checkFlatTitlesAcrossSpaceNames(plan, signedIn.pages);
    assert.deepEqual(plan.map((item) => item.state), ['refused', 'refused', 'send', 'send']);
    assert.deepEqual(plan[0]?.refusals.map((refusal) => refusal.message), [reason('Setup', 'docs/by-id.md', 'DOCS')]);
    assert.deepEqual(plan[1]?.refusals.map((refusal) => refusal.message), [reason('SETUP', 'docs/by-key.md', '1001')]);
  });

  it('the core\'s edit guard refuses them as the editor runs it for a Retry of creates: nothing of theirs is looked up or sent', async () => {
    // The editor's guard looks up no create (lookUpCreates: false), and a Retry plans with force and says which files
    // may have landed: the editor called the check itself before its guard, and a path that did not refused nothing.
    const guides = await guidesPage();
    const plan = planFiles([
      file('by-key.md', 'DOCS', '123456', 'Setup'),
      file('by-id.md', '1001', guides, 'setup'),
      file('other.md', '1001', guides, 'Run'),
    ], new Map(), { titleFromFile: true, force: true });
    const asked: string[] = [];
    await guardPlan(plan, {
      pages: recording(asked), noAccessReason: 'not signed in', lookUpCreates: false,
    });
    assert.deepEqual(plan.map((item) => item.state), ['refused', 'refused', 'send']);
    assert.deepEqual(plan[0]?.refusals.map((refusal) => refusal.message), [reason('Setup', 'docs/by-id.md', 'DOCS')]);
    assert.deepEqual(plan[1]?.refusals.map((refusal) => refusal.message), [reason('setup', 'docs/by-key.md', '1001')]);
    assert.deepEqual(asked.filter((call) => call.startsWith('page')), [], 'no create is looked up by the editor\'s guard');
    assert.deepEqual(await send(plan), ['Run'], 'neither Setup was sent');
  });

  it('the core\'s edit guard refuses them as the command line runs it, before it looks up any page, and looks up only the others', async () => {
    const guides = await guidesPage();
    const plan = planFiles([
      file('by-key.md', 'DOCS', '123456', 'Setup', true),
      file('by-id.md', '1001', guides, 'SETUP', true),
      file('other.md', 'DOCS', guides, 'Run', true),
    ], new Map(), { titleFromFile: true });
    const asked: string[] = [];
    await guardPlan(plan, { pages: recording(asked), noAccessReason: 'no page access' });
    assert.deepEqual(plan.map((item) => item.state), ['refused', 'refused', 'send']);
    assert.deepEqual(plan.map((item) => item.guard?.kind), [undefined, undefined, 'absent'], 'a refused file is not looked up');
    assert.deepEqual(asked.slice(0, 2).sort(), ['space 1001', 'space DOCS'], 'the space\'s two names are resolved first');
    assert.deepEqual(asked.slice(2).filter((call) => call.startsWith('children')), [`children of ${guides}`], 'only the place of the file not refused is looked at');
    assert.deepEqual(await send(plan), ['Run']);
  });

  it('without page access the guard cannot tell DOCS from 1001: both stay in the plan, as before', async () => {
    const plan = planFiles([file('by-key.md', 'DOCS', '123456', 'Setup'), file('by-id.md', '1001', '654321', 'setup')], new Map(), { titleFromFile: true });
    await guardPlan(plan, { pages: undefined, noAccessReason: 'no page access' });
    assert.deepEqual(plan.map((item) => item.state), ['send', 'send']);
  });
});
