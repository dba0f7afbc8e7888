// Makes media/publish.png, the README's picture of a successful publish: the sample doc in the editor,
// the Publish to Wiki button (hovered, so its tooltip names it) and the sandbox's success notification.
// Run after `npm run package && npm run compile-tests`: node out/test/e2e/captureScreenshot.js
import * as path from 'node:path';
import { repoRoot } from './support/paths';
import { PUBLISH_BUTTON_LABEL } from './support/publishFlow';
import { prepareRun } from './support/runSetup';
import { SANDBOX_BODIES } from './support/sandboxBodies';
import { readSampleDocs } from './support/sampleDocs';
import { startSession, type Session } from './support/session';
import { clickEditorTitleAction, editorTitleAction, notification, openFile } from './support/workbench';

async function main(): Promise<void> {
  const run = prepareRun();
  let session: Session | undefined;
  try {
    session = await startSession({ files: readSampleDocs(), beforeStart: (sandbox) => ({ envToken: sandbox.issueToken().token }) });
    const { page } = session;
    await openFile(page, 'getting-started.md');
    await clickEditorTitleAction(page, PUBLISH_BUTTON_LABEL);
    await notification(page, SANDBOX_BODIES.created).waitFor();
    // The progress notification closes a moment after the answer arrives; the picture shows the result alone.
    await notification(page, /Publishing "/).waitFor({ state: 'detached' });
    await editorTitleAction(page, PUBLISH_BUTTON_LABEL).hover();
    await page.locator('.monaco-hover', { hasText: PUBLISH_BUTTON_LABEL }).first().waitFor();
    const file = path.join(repoRoot, 'media', 'publish.png');
    await page.screenshot({ path: file });
    console.log(`Saved ${file}`);
  } finally {
    await session?.stop();
    run.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
