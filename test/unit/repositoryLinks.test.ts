// Page identity from the repository for a file published on its own (issue 14, section 1): the page the nearest
// .wiki-pages.json records for it, as a link the edit guard compares with, never one this machine published.
import assert from 'node:assert/strict';
import { serializeManifest, type ManifestEntry } from '../../src/core/tree/manifestFormat';
import { manifestReader, nearestManifest, repositoryLinks, type RepositoryLinkFile } from '../../src/core/tree/repositoryLinks';

const manifest = (pages: Record<string, string>): string =>
  serializeManifest({ root: { space: 'DOCS', parent: '100' }, pages: new Map<string, ManifestEntry>(Object.entries(pages).map(([key, id]) => [key, { id, title: `Title of ${key}` }])) });

/** A file at `path` (below /repo) whose ancestors reach up to /repo. */
function fileAt(path: string, siblingNames?: string[]): RepositoryLinkFile {
  const parts = path.split('/');
  const ancestors = parts.slice(0, -1).map((_, index, folders) => {
    const folder = ['/repo', ...folders.slice(0, folders.length - index)].join('/');
    return { folder, manifestLocation: `${folder}/.wiki-pages.json`, relativePath: parts.slice(folders.length - index).join('/') };
  });
  ancestors.push({ folder: '/repo', manifestLocation: '/repo/.wiki-pages.json', relativePath: path });
  return { key: `/repo/${path}`, ancestors, ...(siblingNames ? { siblingNames } : {}) };
}

describe('repository links: a file\'s page from .wiki-pages.json', () => {
  const files: Record<string, string> = {
    '/repo/docs/.wiki-pages.json': manifest({ 'index.md': '1', 'guide/': '2', 'guide/setup.md': '3', 'guide/deep/': '4', 'guide/deep/x.md': '5' }),
  };
  const port = { read: async (location: string) => files[location] };

  it('gives a recorded file its page, under its folder\'s recorded page (the chosen page at the top)', async () => {
    const found = await repositoryLinks([fileAt('docs/index.md'), fileAt('docs/guide/setup.md'), fileAt('docs/guide/deep/x.md')], port);
    const at = (line: number): string => `/repo/docs/.wiki-pages.json:${line}`;
    assert.deepEqual(found.links.get('/repo/docs/index.md'), {
      spaceId: 'DOCS', parentId: '100', pageTitle: 'Title of index.md', pageId: '1', publishedAt: 0,
      recorded: [{ key: 'index.md', id: '1', title: 'Title of index.md', parentId: '100', at: at(10) }],
    });
    assert.equal(found.links.get('/repo/docs/guide/setup.md')?.parentId, '2');
    assert.equal(found.links.get('/repo/docs/guide/deep/x.md')?.parentId, '4');
    // Every recorded page the link relies on, the file's own first, each with the parent the manifest's shape gives it
    // and its line: the guard checks them all on the wiki before the link is used (a pull request can change any).
    assert.deepEqual(found.links.get('/repo/docs/guide/deep/x.md')?.recorded, [
      { key: 'guide/deep/x.md', id: '5', title: 'Title of guide/deep/x.md', parentId: '4', at: at(8) },
      { key: 'guide/deep/', id: '4', title: 'Title of guide/deep/', parentId: '2', at: at(7) },
      { key: 'guide/', id: '2', title: 'Title of guide/', parentId: '100', at: at(6) },
    ]);
    assert.deepEqual(found.problems, []);
  });

  it('gives a folder\'s content file its folder\'s page, and a README beside an index file none', async () => {
    const found = await repositoryLinks([
      fileAt('docs/guide/README.md', ['README.md', 'setup.md']),
      fileAt('docs/guide/deep/index.md'),
      fileAt('docs/guide/deep/README.md', ['README.md', 'index.md', 'x.md']),
    ], port);
    assert.equal(found.links.get('/repo/docs/guide/README.md')?.pageId, '2');
    assert.equal(found.links.get('/repo/docs/guide/README.md')?.parentId, '100');
    assert.equal(found.links.get('/repo/docs/guide/deep/index.md')?.pageId, '4');
    assert.equal(found.links.get('/repo/docs/guide/deep/README.md'), undefined, 'index.md is that folder\'s page');
  });

  it('gives no page from an entry for the file\'s path in another case (A.MD for a.md), and says so once, naming the entry\'s line', async () => {
    const cased = { read: async (location: string) => (location === '/repo/site/.wiki-pages.json' ? manifest({ 'Guide/': '7', 'Guide/A.MD': '8' }) : undefined) };
    const found = await repositoryLinks([fileAt('site/Guide/a.md'), fileAt('site/guide/x.md')], cased);
    assert.equal(found.links.size, 0);
    assert.deepEqual(found.problems, []);
    assert.deepEqual(found.entryFindings, [
      '/repo/site/.wiki-pages.json:7 records "Guide/A.MD", not "Guide/a.md": keys name files with their case, so that entry is not this file\'s and its page is not used. If the file was renamed, correct the key.',
    ]);
  });

  it('gives nothing to a file its nearest manifest does not record, or outside any tree', async () => {
    const found = await repositoryLinks([fileAt('docs/guide/new.md'), fileAt('other/a.md')], port);
    assert.equal(found.links.size, 0);
  });

  it('says which manifest could not be read, and gives its files no page', async () => {
    const broken = { read: async (location: string) => (location === '/repo/docs/.wiki-pages.json' ? '<<<<<<< HEAD\n{}\n' : undefined) };
    const found = await repositoryLinks([fileAt('docs/index.md'), fileAt('docs/guide/setup.md')], broken);
    assert.equal(found.links.size, 0);
    assert.equal(found.problems.length, 1, 'said once');
  });

  it('never passes over a manifest it cannot read for another tree\'s further up (a publish and Pull alike)', async () => {
    // The repository's top records docs/guide/setup.md as a page of its own tree; docs/ has the tree's own manifest,
    // which cannot be read (a folder by that name, no permission): that tree's page is unknown, not the top's.
    const reads: string[] = [];
    const nested = {
      read: async (location: string) => {
        reads.push(location);
        if (location === '/repo/docs/.wiki-pages.json') throw new Error('EACCES: permission denied');
        return location === '/repo/.wiki-pages.json' ? manifest({ 'docs/': '8', 'docs/guide/': '9', 'docs/guide/setup.md': '10' }) : undefined;
      },
    };
    const found = await repositoryLinks([fileAt('docs/guide/setup.md'), fileAt('docs/guide/other.md')], nested);
    assert.equal(found.links.size, 0);
    assert.equal(found.problems.length, 1);
    assert.match(found.problems[0] ?? '', /^\/repo\/docs\/\.wiki-pages\.json cannot be read \(EACCES: permission denied\)\.$/);
    assert.ok(!reads.includes('/repo/.wiki-pages.json'), 'the manifest further up is not read');
    assert.equal(reads.filter((location) => location === '/repo/docs/.wiki-pages.json').length, 1, 'each folder\'s manifest is read once for all its files');

    const nearest = await nearestManifest(fileAt('docs/guide/setup.md').ancestors, manifestReader(nested));
    assert.ok(nearest && 'problem' in nearest);
    assert.equal(nearest.ancestor.folder, '/repo/docs');
  });

  it('takes the nearest manifest there is, with the file\'s path relative to its folder', async () => {
    const nearest = await nearestManifest(fileAt('docs/guide/deep/x.md').ancestors, manifestReader(port));
    assert.ok(nearest && 'manifest' in nearest);
    assert.equal(nearest.ancestor.folder, '/repo/docs');
    assert.equal(nearest.ancestor.relativePath, 'guide/deep/x.md');
    assert.equal(nearest.manifest.pages.get('guide/deep/x.md')?.id, '5');
    assert.equal(await nearestManifest(fileAt('other/a.md').ancestors, manifestReader(port)), undefined);
  });
});
