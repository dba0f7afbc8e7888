// A publish notice is a paragraph anyone can copy: a colleague who puts the notice back under their own words, pastes
// another page's notice into a page, or restores a version of theirs that kept this tool's notice leaves a version
// that carries a marker of this tool's without being a send of it. The guard's history reading (wikiVerdict.ts) must
// hold each as the edit it is, and still take a send that landed, a retry of it, and an edit undone, as this tool's.
// Against the sandbox wiki, imports authored by an app account (as a CI import may be), so no author can tell.
import assert from 'node:assert/strict';
import type { PageLink } from '../../src/core/links/pageLink';
import { guardPlan } from '../../src/core/run/guard';
import { planFiles, type PlanItem, type SourceFile } from '../../src/core/run/plan';
import { linkAfterPublish } from '../../src/core/run/publishedLink';
import { runPlan } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import { useSignedInWorld } from '../support/signedInWorld';

type Links = Map<string, PageLink | undefined>;

describe('the edit guard and a publish notice copied by hand, against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();

  beforeEach(() => signedIn.world.sandbox.setImportAuthor('app'));

  const DEFAULTS = { spaceId: 'DOCS', parentId: '123456', overwrite: false };
  const file = (name: string, text: string): SourceFile => ({ key: `/repo/docs/${name}`, label: `docs/${name}`, text });

  /** Plan and guard as every front end does; `overwrite`: the --overwrite of a fresh runner. */
  async function guarded(files: SourceFile[], links: Links, options: { overwrite?: boolean; force?: boolean } = {}): Promise<PlanItem[]> {
    const plan = planFiles(files, links, { titleFromFile: true, defaults: { ...DEFAULTS, overwrite: options.overwrite ?? false }, force: options.force ?? false });
    await guardPlan(plan, { pages: signedIn.pages, noAccessReason: 'no page access' });
    return plan;
  }

  /** Plan, guard, send, and link each landed file with the version it must have produced. */
  async function publishAll(files: SourceFile[], links: Links, options: { overwrite?: boolean; overwriteEdited?: boolean } = {}): Promise<Links> {
    const plan = planFiles(files, links, { titleFromFile: true, defaults: { ...DEFAULTS, overwrite: options.overwrite ?? false }, force: true });
    await guardPlan(plan, { pages: signedIn.pages, noAccessReason: 'no page access', overwriteEdited: options.overwriteEdited ?? false });
    const results = await runPlan(plan, {
      concurrency: 2,
      send: (item, target, context) => sendPlanned(item, target, context, {
        endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
      }),
    });
    const next = new Map(links);
    for (const result of results) {
      assert.equal(result.state, 'published', `${result.item.file.label} published`);
      if (result.item.complete) next.set(result.item.file.key, linkAfterPublish(result.item, result.item.complete, Date.now(), result.outcome?.kind === 'updated' ? 'updated' : 'created'));
    }
    return next;
  }

  const live = (title: string): ReturnType<typeof signedIn.world.sandbox.pages>[number] => {
    const found = signedIn.world.sandbox.pages().find((page) => page.title === title && !page.deleted);
    assert.ok(found, `"${title}" exists`);
    return found;
  };
  /** The notice of the page of this title as a colleague copies it: the rule and the paragraph whose link carries the marker. */
  const noticeOf = (title: string): string => {
    const notice = live(title).notice;
    assert.ok(notice !== undefined, `"${title}" carries a notice`);
    return `---\n\n${notice}\n`;
  };
  const editedSince = (item: PlanItem | undefined): [string | undefined, number | undefined, number | undefined, string | undefined] => {
    const verdict = item?.guard;
    return verdict?.kind === 'edited' ? [item?.state, verdict.knownVersion, verdict.page.version, verdict.page.versionAuthorId] : [item?.state, undefined, undefined, verdict?.kind];
  };

  it('a colleague who took the notice off and put it back under their own words has edited the page: held, recorded or on a fresh runner', async () => {
    const sandbox = signedIn.world.sandbox;
    const links = await publishAll([file('g.md', '# Guide2\n\nStep one.\n')], new Map());
    const page = live('Guide2');
    const notice = noticeOf('Guide2');
    sandbox.editPageOnWiki(page.id, '# Guide2\n\nStep one. Colleague rewrote this.\n');
    sandbox.editPageOnWiki(page.id, `# Guide2\n\nStep one. Colleague rewrote this.\n\n${notice}`);
    assert.match(noticeOf('Guide2'), /wiki-publisher\.v1\./, 'version 3 carries the marker of version 1');
    const colleague = live('Guide2').authorId;

    const changed = [file('g.md', '# Guide2\n\nStep one, then two.\n')];
    for (const [what, plan] of [
      ['recorded', await guarded(changed, links)],
      ['a fresh runner', await guarded(changed, new Map())],
      ['a fresh runner with --overwrite', await guarded(changed, new Map(), { overwrite: true })],
    ] as const) {
      assert.deepEqual(editedSince(plan[0]), ['edited', 1, 3, colleague], `${what}: held as edited since version 1, by the colleague`);
    }

    // Put back as it was (the colleague's words undone, the notice with them): nothing of theirs is left to lose.
    sandbox.editPageOnWiki(page.id, `# Guide2\n\nStep one.\n\n${notice}`);
    const undone = await guarded(changed, links);
    assert.deepEqual([undone[0]?.guard?.kind, undone[0]?.state], ['asLeft', 'send']);
  });

  it('an --overwrite does not replace a page a colleague rewrote under another page\'s notice: the page\'s own publish is in its history', async () => {
    const sandbox = signedIn.world.sandbox;
    const files = [file('a.md', '# Apage\n\nA text.\n'), file('b.md', '# Bpage\n\nB text.\n')];
    await publishAll(files, new Map(), { overwrite: true });
    const bpage = live('Bpage');
    sandbox.editPageOnWiki(bpage.id, `# Bpage\n\nColleague merged A into B and rewrote it.\n\nA text.\n\n${noticeOf('Apage')}`);

    const plan = await guarded([files[0] as SourceFile, file('b.md', '# Bpage\n\nB text, changed.\n')], new Map(), { overwrite: true });
    assert.deepEqual(plan.map((item) => [item.file.label, item.guard?.kind, item.state]), [
      ['docs/a.md', 'asLeft', 'unchanged'],
      ['docs/b.md', 'edited', 'edited'],
    ]);
    assert.deepEqual(editedSince(plan[1]), ['edited', 1, 2, live('Bpage').authorId], 'held as edited since b.md\'s publish, by the colleague');

    // Another file's page as this tool left it is still replaced, as --overwrite asks (a file whose title took it).
    const c = await guarded([file('c.md', '# Apage\n\nC text.\n')], new Map(), { overwrite: true });
    assert.deepEqual([c[0]?.guard?.kind, c[0]?.state], ['notOurs', 'send']);
  });

  it('a colleague restoring their version that kept the notice, over the publish that replaced it, has edited the page: held, --force or not', async () => {
    const sandbox = signedIn.world.sandbox;
    const howto = [file('howto.md', '# Howto\n\nDo this.\n')];
    const first = await publishAll(howto, new Map());
    const id = live('Howto').id;
    sandbox.editLineOnWiki(id, { append: ' COLLEAGUE WORDS' });
    const colleagueVersion = sandbox.pageVersions(id).find((version) => version.number === 2);
    assert.match(colleagueVersion?.markdown ?? '', /COLLEAGUE WORDS[\s\S]*wiki-publisher\.v1\./, 'version 2 kept the notice of version 1');
    const overwritten = await publishAll(howto, first, { overwriteEdited: true });
    sandbox.editPageOnWiki(id, colleagueVersion?.markdown ?? '', { message: 'Restored v2' });

    for (const [what, links] of [['recorded', overwritten], ['a fresh runner', new Map<string, PageLink | undefined>()]] as const) {
      for (const force of [false, true]) {
        const plan = await guarded(howto, links, { force });
        assert.deepEqual(editedSince(plan[0]), ['edited', 3, 4, live('Howto').authorId], `${what}${force ? ', --force' : ''}: held as edited since the publish it rolled back`);
      }
    }
  });
});
