// Makes V8's code cache of the command's bundle (dist/cliMain.cache, read by src/cli/codeCache.ts): the built command
// plans a sample tree (a dry run, nothing sent) with WIKI_PUBLISHER_WRITE_CODE_CACHE=1 and writes, as it exits, the
// bytecode of every function it compiled. The sample has what a docs folder has: folders with and without an index,
// README and <folder>.md pages, front matter, links with anchors, reference definitions, code, a Mermaid fence, an
// image, a file that names its own page, and a page manifest.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SAMPLE = {
  'index.md': '# Handbook\n\nStart with the [guide](guide/) and [setup](guide/setup.md#install), or [the API](api/api.md).\n',
  'guide/index.md': '# Guide\n\n- [Setup](setup.md)\n- [Usage](./usage.md#options)\n- [Back](../index.md)\n',
  'guide/setup.md': [
    '# Setup', '', '## Install', '', 'Run this:', '', '```sh', 'npm install', '```', '', '### Options', '',
    '```mermaid', 'graph TD; A-->B;', '```', '', '![chart](chart.png) and <img src="local.png">', '',
    'See [usage][use] and [the first steps](../getting-started/first.md).', '', '[use]: usage.md "Usage"', '',
  ].join('\n'),
  'guide/usage.md': '---\ntitle: Using it\n---\n## Options\n\n| Option | Meaning |\n|---|---|\n| `-v` | verbose |\n\n> A [quote link](#options).\n',
  'api/api.md': '# API reference\n\n[Endpoints](endpoints.md#get-pages) and [models](models/).\n',
  'api/endpoints.md': '# Endpoints\n\n## GET /pages\n\nReturns pages. See [outside](../../README.md) and [a file](../guide/chart.png).\n',
  'api/models/README.md': '# Models\n\nThe [user](user.md) model.\n',
  'api/models/user.md': '# User\n\n```json\n{ "id": 1 }\n```\n',
  'getting-started/first.md': '# First steps\n\n1. Read [the handbook](../index.md).\n2. Try it.\n',
  'getting-started/second.md': '---\ntitle: Second steps\nwiki:\n  pageTitle: Second steps\n---\nMore [steps](first.md).\n',
  'pinned.md': '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: A page of its own\n---\n# Pinned\n\nLinks to the [guide](guide/index.md).\n',
};

const MANIFEST = [
  '{',
  '  "version": 1,',
  '  "space": "DOCS",',
  '  "parent": "123456",',
  '  "pages": {',
  '    "api/": {"id":"2000001","title":"API reference"},',
  '    "api/endpoints.md": {"id":"2000002","title":"Endpoints"},',
  '    "guide/": {"id":"2000003","title":"Guide"}',
  '  }',
  '}',
  '',
].join('\n');

/** Writes dist/cliMain.cache for the bundle just built; throws when the built command cannot plan the sample. */
export function makeCodeCache(dist) {
  const cache = path.join(dist, 'cliMain.cache');
  rmSync(cache, { force: true });
  const dir = mkdtempSync(path.join(tmpdir(), 'wiki-publisher-code-cache-'));
  try {
    for (const [name, text] of Object.entries(SAMPLE)) {
      mkdirSync(path.dirname(path.join(dir, 'docs', name)), { recursive: true });
      writeFileSync(path.join(dir, 'docs', name), text);
    }
    writeFileSync(path.join(dir, 'docs', '.wiki-pages.json'), MANIFEST);
    const run = spawnSync(process.execPath, [path.resolve(dist, 'cli.js'), 'publish', 'docs', '--tree', '--dry-run', '--space', 'DOCS', '--parent', '123456'], {
      cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', WIKI_PUBLISHER_WRITE_CODE_CACHE: '1' },
    });
    // A dry run with cautions and refusals exits 1; anything else is a command that does not work.
    if ((run.status !== 0 && run.status !== 1) || !existsSync(cache)) {
      throw new Error(`the built command did not plan the code cache's sample (exit ${run.status}):\n${run.stderr}${run.error ?? ''}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
