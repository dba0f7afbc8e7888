// The look again just before a send (pageRecheck.ts) against the sandbox wiki: a page that moved on since the plan is
// judged by what it holds, as the guard judges it. Another run's publish of the same file between this run's plan and
// its send (two CI jobs of one commit) is this tool's, not a colleague's edit; a colleague's edit after it still is one.
import assert from 'node:assert/strict';
import { guardPlan } from '../../src/core/run/guard';
import { planFiles, type PlanItem } from '../../src/core/run/plan';
import { runPlan, type FileResult } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import { useSignedInWorld } from '../support/signedInWorld';

const TO = { titleFromFile: true, defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: false } };

describe('the look again before a send: another run\'s publish of the same file is no edit', () => {
  const signedIn = useSignedInWorld();

  /**
   * A fresh run's plan of the file (no record of its page, as a fresh clone), checked by the guard. A run that keeps no
   * record (the command line's flat run without --state) has the notice for its record; one that does would need its
   * repository known (CI) to take a page holding another text (cliSamePathUnknownRepository.test.ts).
   */
  const planned = async (text: string): Promise<PlanItem> => {
    const items = planFiles([{ key: 'file:///repo/docs/a.md', label: 'docs/a.md', text }], new Map(), TO);
    await guardPlan(items, { pages: signedIn.pages, noAccessReason: 'not signed in', markerIsTheRecord: true });
    return items[0] as PlanItem;
  };
  const send = (item: PlanItem): Promise<FileResult[]> => runPlan([item], {
    concurrency: 1, pages: signedIn.pages,
    send: (planItem, target, context) => sendPlanned(planItem, target, context, {
      endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
    }),
  });
  const page = () => {
    const found = signedIn.world.sandbox.findPageByTitle('DOCS', '123456', 'Alpha');
    assert.ok(found, 'the page is on the wiki');
    return found;
  };

  beforeEach(async () => {
    assert.equal((await send(await planned('# Alpha\n\nOne.\n')))[0]?.state, 'published');
  });

  it('the other run sent what this one would: nothing is sent, the page is left as that run left it', async () => {
    const mine = await planned('# Alpha\n\nTwo.\n');
    assert.equal(mine.guard?.kind, 'asLeft');
    // The other run plans and sends the same file's same text first.
    assert.equal((await send(await planned('# Alpha\n\nTwo.\n')))[0]?.state, 'published');
    assert.equal(page().version, 2);

    const [result] = await send(mine);
    assert.notEqual(result?.state, 'edited', 'another run\'s publish of this file is not a colleague\'s edit');
    assert.equal(result?.state, 'skipped', 'the page already holds what this run would send');
    assert.equal(page().version, 2, 'nothing sent again');
    assert.equal(result?.item.guard?.kind === 'asLeft' ? result.item.guard.page.version : undefined, 2, 'the page as found, for the record');
  });

  it('the other run sent another text of the file: this run updates the page from the version that run left', async () => {
    const mine = await planned('# Alpha\n\nThree.\n');
    assert.equal((await send(await planned('# Alpha\n\nTwo.\n')))[0]?.state, 'published');

    const [result] = await send(mine);
    assert.equal(result?.state, 'published', JSON.stringify(result?.item.guard));
    assert.equal(page().version, 3);
    assert.match(page().markdown, /Three\./);
    assert.equal(result?.item.guard?.kind === 'asLeft' ? result.item.guard.page.version : undefined, 2, 'updated from version 2, so its record names version 3');
  });

  it('a colleague\'s edit after the other run\'s publish is still held back, named as the edit', async () => {
    const mine = await planned('# Alpha\n\nTwo.\n');
    assert.equal((await send(await planned('# Alpha\n\nTwo.\n')))[0]?.state, 'published');
    signedIn.world.sandbox.editLineOnWiki(page().id, { append: ' A COLLEAGUE' });

    const [result] = await send(mine);
    assert.equal(result?.state, 'edited');
    assert.equal(result?.item.guard?.kind === 'edited' ? result.item.guard.knownVersion : undefined, 2, 'edited since the other run\'s publish (version 2)');
    assert.match(page().markdown, /A COLLEAGUE/, 'the colleague\'s edit survives');
  });
});
