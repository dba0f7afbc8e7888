// A space's key (DOCS) and its numeric ID (1001) name one space: the flat plan, which compares spaces as written,
// took two files giving one title there, one spelling each, as two spaces. With page access the core's step refuses
// both before sending, against the sandbox wiki, as the editor's folder publish runs it.
import assert from 'node:assert/strict';
import { planFiles, type SourceFile } from '../../src/core/run/plan';
import { checkFlatTitlesAcrossSpaceNames } from '../../src/core/run/titlesAcrossSpaceNames';
import { useSignedInWorld } from '../support/signedInWorld';

describe('a flat plan whose files name one space by its key and by its numeric ID, against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();

  const file = (name: string, space: string, parentId: string, title: string): SourceFile => ({
    key: `/repo/docs/${name}`, label: `docs/${name}`, text: `---\nwiki:\n  spaceId: "${space}"\n  parentId: "${parentId}"\n  pageTitle: ${title}\n---\nText.\n`,
  });

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
    assert.deepEqual(plan[0]?.refusals.map((refusal) => refusal.message), [
      'Its title "Setup" is also the title of docs/by-id.md in the space DOCS; the wiki keeps a title unique in a space (ignoring case). Give each file its own title.',
    ]);
    assert.deepEqual(plan[1]?.refusals.map((refusal) => refusal.message), [
      'Its title "SETUP" is also the title of docs/by-key.md in the space 1001; the wiki keeps a title unique in a space (ignoring case). Give each file its own title.',
    ]);
  });
});
