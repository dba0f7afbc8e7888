// Makes media/tree.png, the README's picture of a docs folder published as a page tree: the shipped command line
// publishes a small docs folder to the sandbox wiki (its first publish, in the default sibling order), and Chromium
// photographs the sandbox's list of pages, each with its version (v2: sent twice).
// Run after `npm run compile-tests`: node out/test/e2e/captureTree.js
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { shippedCli } from '../bench/bundle';
import { startSandboxWorld } from '../sandbox/world';
import { CHROMIUM_ARGS } from './support/session';
import { repoRoot } from './support/paths';

const FILES: Record<string, string> = {
  'docs/index.md': '# Overview\n\nStart with [the first steps](getting-started/first-steps.md), then [set it up](guide/setup.md).\n',
  'docs/getting-started/first-steps.md': '# First steps\n\nSign in, then open the dashboard.\n',
  'docs/guide/README.md': '# Guide\n\nHow to run the service.\n',
  'docs/guide/install.md': '# Install\n\nRun the installer. Next: [setup](setup.md).\n',
  'docs/guide/setup.md': '# Setup\n\nSet a token ([API](../reference/api.md#tokens)).\n',
  'docs/reference/api.md': '# API\n\n## Tokens\n\nUse one. On failure see [errors](errors.md).\n',
  'docs/reference/errors.md': '# Errors\n\nEach error and its fix.\n',
};

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wiki-publisher-tree-picture-'));
  const world = await startSandboxWorld();
  try {
    for (const [file, text] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    const cli = await shippedCli(dir);
    const env = {
      PATH: process.env.PATH ?? '',
      WIKI_PUBLISHER_ENDPOINT: world.sandbox.importEndpoint,
      WIKI_PUBLISHER_API_TOKEN: world.sandbox.issueToken({ label: 'tree-picture' }).token,
      WIKI_PUBLISHER_PLATFORM_TOKEN: world.idp.issueSessionDirectly().access_token,
      WIKI_PUBLISHER_BASE_URL: world.sandbox.baseUrl,
    };
    const run = await promisify(execFile)(process.execPath, [cli, 'publish', 'docs', '--tree', '--space', 'DOCS', '--parent', '123456'], { cwd: dir, env });
    process.stdout.write(run.stdout);
    const chromiumPath = (await promisify(execFile)(process.execPath, [path.join(repoRoot, 'scripts', 'find-chromium.mjs')])).stdout.trim();
    const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 780, height: 440 } });
      await page.goto(`${world.sandbox.baseUrl}/`);
      const file = path.join(repoRoot, 'media', 'tree.png');
      await page.screenshot({ path: file });
      process.stdout.write(`wrote ${file}\n`);
    } finally {
      await browser.close();
    }
  } finally {
    await world.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
