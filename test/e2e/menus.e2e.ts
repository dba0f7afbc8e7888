// Scenario 9: the publish button and palette entry appear only where they can work (Markdown editors).
import * as assert from 'node:assert/strict';
import { ONBOARDING_FILE } from './support/docs';
import { useSessions } from './support/harness';
import { PUBLISH_BUTTON_LABEL } from './support/publishFlow';
import { activeTab, editorTitleAction, openCommandPalette, openFile, quickInputRows } from './support/workbench';

describe('Menus', function () {
  const sessions = useSessions();

  it('9. a non-Markdown file has no publish button and the palette does not offer Publish to Wiki', async function () {
    const { page } = await sessions.start({
      files: { 'onboarding.md': ONBOARDING_FILE, 'settings.json': '{ "retries": 3 }\n' },
      beforeStart: (wiki) => ({ envToken: wiki.issueToken().token }),
    });
    // The Markdown file first: the button is there, which makes its absence on the JSON file meaningful.
    await openFile(page, 'onboarding.md');
    await editorTitleAction(page, PUBLISH_BUTTON_LABEL).waitFor();

    await openFile(page, 'settings.json');
    await activeTab(page, 'settings.json').waitFor();
    // The editor's language has settled once the JSON status bar entry shows; only then is the title bar final.
    await page.locator('#workbench\\.parts\\.statusbar [id="status.editor.mode"]', { hasText: 'JSON' }).waitFor();
    assert.equal(await editorTitleAction(page, PUBLISH_BUTTON_LABEL).count(), 0, 'no publish button on a JSON file');

    await openCommandPalette(page, 'Wiki:');
    // Other Wiki commands are listed, so the list has been filtered for this query when it is checked.
    await quickInputRows(page).filter({ hasText: 'Wiki: Set API Token' }).first().waitFor();
    const labels = await quickInputRows(page).allInnerTexts();
    assert.ok(!labels.some((label) => label.includes('Wiki: Publish to Wiki')), `the palette offers: ${labels.join(' | ')}`);
    await page.keyboard.press('Escape');
  });
});
