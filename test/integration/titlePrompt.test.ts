// The page title the user types in the editor's prompt (prompts.ts, the multi-step input's title step) is checked as it
// is typed by the core's own rule (preflight.ts checkTitle), so a title the publish would refuse (a lone surrogate, a
// control character) is said in the box at once and Enter does not take it. VS Code played by fakeEditorVscode.ts.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PublishTarget } from '../../src/core/publish/target';
import type { RecentTargetsView } from '../../src/editor/publish/recentTargets';
import { installEditorVscode, type FakeEditor, type FakeInputBox } from '../support/fakeEditorVscode';

describe('the editor\'s page title prompt checks the title as it is typed', () => {
  let folder: string;
  let fake: FakeEditor;
  let askForMissing: typeof import('../../src/editor/publish/prompts').askForMissing;
  const recent = { spaces: () => [] } as unknown as RecentTargetsView;

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'wiki-publisher-title-prompt-'));
    fake = installEditorVscode(folder);
    ({ askForMissing } = await import('../../src/editor/publish/prompts'));
  });
  after(async () => {
    fake.uninstall();
    await rm(folder, { recursive: true, force: true });
  });

  /** The prompt for the title alone (space, parent and create-or-update known), and its box once shown. */
  async function titleBox(): Promise<{ box: FakeInputBox; answer: Promise<PublishTarget | undefined> }> {
    fake.inputBoxes.length = 0;
    const answer = askForMissing({ spaceId: 'DOCS', parentId: '123456', overwrite: true }, 'Setup', recent);
    for (let tries = 0; tries < 100 && fake.inputBoxes.length === 0; tries++) await new Promise((resolve) => setImmediate(resolve));
    const box = fake.inputBoxes[0];
    assert.ok(box?.shown, 'the title box is shown');
    return { box, answer };
  }
  const messageOf = (box: FakeInputBox): string | undefined => (typeof box.validationMessage === 'string' ? box.validationMessage : box.validationMessage?.message);

  it('a lone surrogate and a control character are refused in the box, with the core\'s reason; Enter keeps the box open', async () => {
    const { box, answer } = await titleBox();
    box.type('Setup \ud800 guide');
    assert.match(messageOf(box) ?? '', /is not well-formed Unicode: U\+D800 is half of a character/);
    assert.equal(typeof box.validationMessage === 'object' ? box.validationMessage.severity : undefined, 3, 'an error');
    box.accept();
    box.type('Setup\u0007guide');
    assert.match(messageOf(box) ?? '', /holds the control character U\+0007/);
    assert.ok(!(messageOf(box) ?? '').includes('\u0007'), 'the box shows the character as a code');
    box.accept();
    assert.ok(box.shown, 'not taken');

    box.type('Setup guide');
    assert.equal(box.validationMessage, undefined);
    box.accept();
    assert.equal((await answer)?.pageTitle, 'Setup guide');
  });

  it('an empty title is still refused as empty', async () => {
    const { box, answer } = await titleBox();
    box.type('  ');
    assert.equal(messageOf(box), 'The page title cannot be empty.');
    box.escape();
    assert.equal(await answer, undefined);
  });
});
