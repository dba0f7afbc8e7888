// The first hour (issue 9, points 5, 6 and 10): a new user installs the .vsix, VS Code opens the Get Started
// walkthrough, its first button leads to the import endpoint setting, and the extension's page shows its
// screenshot; the Settings editor shows no error on the empty defaults, and clearing the endpoint sticks.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  FIRST_RUN_SETTINGS, closeWelcomePage, doneStep, installVsixFromPalette, keepScreenshot, loadedImageSize,
  openInstalledExtensionPage, pressStepButton, readmeFrame, walkthroughSteps, walkthroughTitle,
} from './support/firstRun';
import { useSessions } from './support/harness';
import { repoRoot, vsixPath } from './support/paths';
import {
  openSettingsEditor, pasteIntoSetting, readUserSettings, searchSettings, settingInput, settingItem, typeIntoSetting, validationMessage,
  waitForNoValidationMessage, waitForUserSettings,
} from './support/settingsEditor';
import { extensionLog } from './support/artifacts';
import { answerPrompt, notification, openFile, pickItem, runCommand, tokenStatusItem, waitForPrompt, waitUntil } from './support/workbench';

const ENDPOINT = 'wikiPublisher.importEndpoint';
const BASE_URL = 'wikiPublisher.baseUrl';
const ADDRESS_SETTINGS = [ENDPOINT, BASE_URL, 'wikiPublisher.export.authUrl', 'wikiPublisher.export.apiUrl'];
const STEP_TITLES = ['Set the import endpoint', 'Set your API token', 'Publish a Markdown file', 'Sign in to the export API (optional)'] as const;

/** The alt text of the README's screenshot, as the repository's README.md has it. */
function readmeScreenshotAlt(): string {
  const match = /!\[([^\]]+)\]\(media\/publish\.png\)/.exec(fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8'));
  assert.ok(match?.[1], 'README.md shows media/publish.png');
  return match[1];
}

/** The README's second-level headings, as the repository's README.md writes them. */
function readmeSections(): string[] {
  return [...fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8').matchAll(/^## (.+)$/gm)].map((match) => (match[1] as string).trim());
}

describe('First run', function () {
  const sessions = useSessions();

  it('23. installing the .vsix opens the walkthrough with its four steps, whose buttons set the endpoint and the token and publish the open file; the extension page shows the screenshot', async function () {
    const session = await sessions.start({ files: { 'notes.md': '# Notes\n' }, extensionInstalled: false, settings: FIRST_RUN_SETTINGS });
    const { page, sandbox, userDataDir } = session;
    await closeWelcomePage(page);
    await installVsixFromPalette(page, vsixPath);

    await walkthroughTitle(page).waitFor();
    assert.equal((await walkthroughTitle(page).innerText()).trim(), 'Get started with Wiki Publisher');
    assert.deepEqual(await walkthroughSteps(page), STEP_TITLES.map((title) => ({ title, done: false })));
    await keepScreenshot(page, 'walkthrough');

    // Step 1: the button opens the Settings editor beside the walkthrough, at the endpoint setting.
    await pressStepButton(page, STEP_TITLES[0], 'Set Import Endpoint');
    await settingItem(page, ENDPOINT).waitFor();
    assert.equal(await settingInput(page, ENDPOINT).inputValue(), '', 'a new user has no endpoint yet');
    assert.equal(await validationMessage(page, ENDPOINT), '', 'the empty default shows no error');
    await keepScreenshot(page, 'walkthrough-endpoint-setting');
    // The endpoint is copied from the wiki's app settings and pasted: one input event, one write.
    await pasteIntoSetting(page, ENDPOINT, sandbox.importEndpoint);
    const written = await waitForUserSettings(userDataDir, (settings) => settings[ENDPOINT] === sandbox.importEndpoint);
    assert.equal(written[ENDPOINT], sandbox.importEndpoint, 'the Settings editor wrote the endpoint');
    await doneStep(page, STEP_TITLES[0]).waitFor();

    // Step 2: the token the wiki's app settings showed once, pasted into the box the button opens.
    await pressStepButton(page, STEP_TITLES[1], 'Set API Token');
    await waitForPrompt(page, /token/i);
    await answerPrompt(page, sandbox.issueToken().token);
    await notification(page, /token saved/i).waitFor();
    await doneStep(page, STEP_TITLES[1]).waitFor();

    // Step 3: with a Markdown file open beside the walkthrough (in the group the Settings editor opened in), the
    // button publishes that file.
    await page.locator('.tabs-container .tab', { hasText: 'Settings' }).click();
    await openFile(page, 'notes.md');
    await pressStepButton(page, STEP_TITLES[2], 'Publish the Open File');
    await waitForPrompt(page, /space key/i);
    await doneStep(page, STEP_TITLES[2]).waitFor();
    await keepScreenshot(page, 'walkthrough-publish');
    await page.keyboard.press('Escape');
    assert.equal(sandbox.imports.length, 0, 'Escape at the first prompt sends nothing');

    await openInstalledExtensionPage(page, 'Wiki Publisher');
    const readme = await readmeFrame(page, 'Wiki Publisher');
    const image = await loadedImageSize(readme, readmeScreenshotAlt());
    assert.ok(image.width > 0 && image.height > 0, `the screenshot loaded on the extension page (${JSON.stringify(image)})`);
    const headings = (await readme.locator('h2').allInnerTexts()).map((text) => text.trim());
    // A user's guide: the README's sections, from setting it up to troubleshooting, all on the extension's page.
    assert.ok(headings.includes('Install and configure') && headings.includes('Publish a file') && headings.includes('Troubleshooting'), `a user's guide: ${JSON.stringify(headings)}`);
    assert.deepEqual(readmeSections().filter((section) => !headings.includes(section)), [], `every README section shows: ${JSON.stringify(headings)}`);
    assert.ok(!headings.includes('Development'), 'contributor material lives in CONTRIBUTING.md');
    await keepScreenshot(page, 'extension-page');
  });

  it('25. with the endpoint configured and a token already set, the walkthrough shows those two steps done', async function () {
    const session = await sessions.start({ files: { 'notes.md': '# Notes\n' }, beforeStart: (sandbox) => ({ envToken: sandbox.issueToken().token }) });
    const { page } = session;
    // The item shows the time left once the extension has read the token (and set its context key).
    await tokenStatusItem(page).filter({ hasText: 'Wiki token:' }).waitFor();
    await runCommand(page, 'Welcome: Open Walkthrough');
    await pickItem(page, 'Get started with Wiki Publisher');
    await walkthroughTitle(page).waitFor();
    await doneStep(page, STEP_TITLES[0]).waitFor();
    await doneStep(page, STEP_TITLES[1]).waitFor();
    await keepScreenshot(page, 'walkthrough-configured');
    assert.deepEqual(await walkthroughSteps(page), STEP_TITLES.map((title, index) => ({ title, done: index < 2 })));
    // At activation VS Code 1.100 saves the step and then throws, the walkthrough not loaded yet: the extension tries
    // again later instead of warning in its log about a step that is in fact checked off.
    // The log names the step by its title, never by its internal ID (issue 83).
    await waitUntil(() => /walkthrough step "Set the import endpoint"/.test(extensionLog(session)), 'the walkthrough step tried again');
    assert.match(extensionLog(session), /Checked off the walkthrough step "Set the import endpoint"/);
    assert.doesNotMatch(extensionLog(session), /Could not check off/);
  });

  it('24. the Settings editor shows no error on the empty address settings, refuses an address without https://, and clearing the endpoint sticks', async function () {
    const session = await sessions.start({ files: { 'notes.md': '# Notes\n' } });
    const { page, sandbox, userDataDir } = session;
    // The status bar item shows the extension host has registered the extension, and with it its settings.
    await tokenStatusItem(page).waitFor();
    await openSettingsEditor(page);
    await searchSettings(page, 'wikiPublisher');
    await settingItem(page, BASE_URL).waitFor();
    await keepScreenshot(page, 'settings');
    // The tree's sibling order: a choice of two, described, links first.
    await searchSettings(page, 'wikiPublisher.tree.siblingOrder');
    const order = settingItem(page, 'wikiPublisher.tree.siblingOrder');
    await order.waitFor();
    assert.match(await order.innerText(), /Publish to Wiki › As a page tree/);
    assert.equal(await order.locator('.setting-item-control select').first().inputValue(), 'links');
    await keepScreenshot(page, 'settings-sibling-order');

    for (const id of ADDRESS_SETTINGS) {
      await searchSettings(page, id);
      await settingItem(page, id).waitFor();
      const expected = id === ENDPOINT ? sandbox.importEndpoint : '';
      assert.equal(await settingInput(page, id).inputValue(), expected);
      assert.equal(await validationMessage(page, id), '', `${id} shows no error on ${JSON.stringify(expected)}`);
    }

    await searchSettings(page, BASE_URL);
    await typeIntoSetting(page, BASE_URL, 'wiki.example.net');
    await settingItem(page, BASE_URL).locator('.setting-item-validation-message', { hasText: 'https://' }).waitFor();
    assert.match(await validationMessage(page, BASE_URL), /starts with https:\/\/.*or leave the setting empty/);
    await keepScreenshot(page, 'settings-refused-address');
    await typeIntoSetting(page, BASE_URL, '');
    await waitForNoValidationMessage(page, BASE_URL);

    await searchSettings(page, ENDPOINT);
    await typeIntoSetting(page, ENDPOINT, '');
    const cleared = await waitForUserSettings(userDataDir, (settings) => !(ENDPOINT in settings));
    assert.ok(!(ENDPOINT in cleared), `clearing the endpoint removed it from settings.json: ${JSON.stringify(cleared[ENDPOINT])}`);
    await waitForNoValidationMessage(page, ENDPOINT);
    assert.ok(!(BASE_URL in readUserSettings(userDataDir)), 'the refused address was never written');

    // Searching again rebuilds the row from the configuration: the empty value stuck.
    await searchSettings(page, 'wikiPublisher');
    await searchSettings(page, ENDPOINT);
    await settingItem(page, ENDPOINT).waitFor();
    assert.equal(await settingInput(page, ENDPOINT).inputValue(), '');
  });
});
