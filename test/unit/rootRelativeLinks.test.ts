// Links written from the repository root (`/docs/guide.md`), which GitHub resolves from the root of the repository:
// read against the published folder's place in the repository, by every reader of links (the rewriter, the tree's
// digest of reached pages, Pull's link forms); left as written when that place is unknown.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { linkTarget } from '../../src/core/links/rewrite/linkTarget';
import { rewriteLinks } from '../../src/core/links/rewrite';
import { manifestPageIdOf, withFileLinkForms } from '../../src/core/pull';
import { linkTargetsDigest } from '../../src/core/links/linkTargets';
import { folderInRepository } from '../../src/core/walk/gitignore';
import { nodeWalkFs } from '../../src/core/walk/nodeWalkFs';

const file = (path: string | undefined, markdown = true, anchor?: string) => ({ kind: 'file', path, markdown, folder: false, anchor });

describe('links written from the repository root', () => {
  it('name the file they name in the repository, relative to the published folder', () => {
    assert.deepEqual(linkTarget('/docs/guide/setup.md', 'index.md', 'docs/'), file('guide/setup.md'));
    assert.deepEqual(linkTarget('/docs/guide/setup.md#install', 'a/b/c.md', 'docs/'), file('guide/setup.md', true, 'install'));
    assert.deepEqual(linkTarget('/docs/guide/setup.md', 'index.md', ''), file('docs/guide/setup.md'), 'the repository root published');
    assert.deepEqual(linkTarget('/site/docs/a.md', 'x.md', 'site/docs/'), file('a.md'));
    assert.deepEqual(linkTarget('/docs/./guide/../ref/api.md', 'x.md', 'docs/'), file('ref/api.md'));
    assert.deepEqual(linkTarget('/docs/My%20Guide.md', 'x.md', 'docs/'), file('My Guide.md'));
    assert.deepEqual(linkTarget('/docs/guide/', 'x.md', 'docs/'), { kind: 'file', path: 'guide/', markdown: false, folder: true, anchor: undefined });
  });

  it('a relative link that climbs above the published folder and comes back into it names its file there, as GitHub reads it', () => {
    assert.deepEqual(linkTarget('../docs/guide/setup.md', 'index.md', 'docs/'), file('guide/setup.md'));
    assert.deepEqual(linkTarget('../../docs/ref/api.md#tokens', 'guide/setup.md', 'docs/'), file('ref/api.md', true, 'tokens'));
    assert.deepEqual(linkTarget('../docs/guide.md', 'index.md'), file(undefined), 'not in a repository');
    assert.deepEqual(linkTarget('../README.md', 'index.md', 'docs/'), file(undefined), 'outside the folder');
    assert.deepEqual(linkTarget('../docsite/a.md', 'index.md', 'docs/'), file(undefined), 'a folder whose name only starts alike');
    assert.deepEqual(linkTarget('../../docs/a.md', 'index.md', 'docs/'), file(undefined), 'above the repository');
    assert.deepEqual(linkTarget('../a.md', 'index.md', ''), file(undefined), 'the repository root published: above it');
  });

  it('leave the published folder when they name something outside it, or when its place is unknown', () => {
    assert.deepEqual(linkTarget('/README.md', 'index.md', 'docs/'), file(undefined));
    assert.deepEqual(linkTarget('/docsite/a.md', 'index.md', 'docs/'), file(undefined), 'a folder whose name only starts alike');
    assert.deepEqual(linkTarget('/../docs/a.md', 'index.md', 'docs/'), file(undefined), 'above the repository');
    assert.deepEqual(linkTarget('/docs/', 'index.md', 'docs/'), { kind: 'file', path: undefined, markdown: false, folder: true, anchor: undefined }, 'the published folder is no page');
    assert.deepEqual(linkTarget('/docs/guide/setup.md', 'index.md'), file(undefined), 'not in a repository');
    assert.deepEqual(linkTarget('//example.com/docs/a.md', 'index.md', 'docs/'), { kind: 'web' });
  });

  it('become page links in what is sent; the digest of reached pages and Pull read them alike', () => {
    const pages = new Map([['guide/setup.md', { id: '12', title: 'Setup' }]]);
    const url = 'https://wiki.example.test/wiki/spaces/DOCS/pages/12/Setup';
    const markdown = 'See [setup](/docs/guide/setup.md) and [the readme](/README.md).\n';
    const context = { filePath: 'index.md', resolvePage: (path: string) => (path === 'guide/setup.md' ? { url, title: 'Setup', headings: [] } : undefined) };
    const rewritten = rewriteLinks(markdown, { ...context, rootInRepository: 'docs/' });
    assert.equal(rewritten.markdown, `See [setup](${url}) and [the readme](/README.md).\n`);
    assert.deepEqual(rewritten.cautions, [{ target: '/README.md', reason: 'outsideRun' }]);
    assert.deepEqual(rewriteLinks(markdown, context).cautions.map((caution) => caution.target), ['/docs/guide/setup.md', '/README.md'], 'unknown place: both stay');

    const idOf = (path: string): string | undefined => pages.get(path)?.id;
    assert.equal(linkTargetsDigest(['/docs/guide/setup.md'], 'index.md', idOf, 'docs/'), linkTargetsDigest(['guide/setup.md'], 'index.md', idOf));

    const wiki = `See [setup](${url}) and [the readme](/README.md), now longer.\n`;
    assert.equal(withFileLinkForms(wiki, markdown, manifestPageIdOf(pages, 'index.md', 'docs/')), 'See [setup](/docs/guide/setup.md) and [the readme](/README.md), now longer.\n');
  });

  it('the published folder\'s place: its path below the folder holding .git, none outside a repository', async () => {
    const top = await mkdtemp(join(tmpdir(), 'wiki-publisher-repo-'));
    try {
      await mkdir(join(top, 'repo', '.git'), { recursive: true });
      await mkdir(join(top, 'repo', 'site', 'docs'), { recursive: true });
      await mkdir(join(top, 'loose'), { recursive: true });
      const fs = nodeWalkFs({ cwd: top });
      assert.equal(await folderInRepository(fs, join(top, 'repo', 'site', 'docs')), 'site/docs/');
      assert.equal(await folderInRepository(fs, join(top, 'repo')), '');
      // A worktree or submodule has a .git file, not a folder.
      await mkdir(join(top, 'worktree', 'docs'), { recursive: true });
      await writeFile(join(top, 'worktree', '.git'), 'gitdir: ../repo/.git/worktrees/w\n');
      assert.equal(await folderInRepository(fs, join(top, 'worktree', 'docs')), 'docs/');
      assert.equal(await folderInRepository(fs, join(top, 'loose')), undefined);
    } finally {
      await rm(top, { recursive: true, force: true });
    }
  });
});
