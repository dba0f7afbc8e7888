// The titles a tree plan gives its pages and the title clashes it refuses before sending (issue 14): a folder page
// whose content file has no title of its own is titled by its folder, and a file whose front matter names its own
// page in the tree's space cannot take a tree page's title.
import assert from 'node:assert/strict';
import type { SourceFile } from '../../src/core/run/plan';
import { planTree, type TreePlan } from '../../src/core/tree/treePlan';
import { MemoryIdentity } from '../support/memoryIdentity';

function planOf(files: Record<string, string>): TreePlan {
  const sources: SourceFile[] = Object.entries(files).map(([label, text]) => ({ key: `/repo/${label}`, label, text }));
  return planTree(sources, { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity: new MemoryIdentity(), links: new Map(), pageAccess: true });
}

function refusalsOf(plan: TreePlan, label: string): string[] {
  const item = [...plan.pages.map((page) => page.item), ...plan.pinned].find((each) => each.file.label === label);
  assert.ok(item, `no item for ${label}`);
  return item.refusals.map((refusal) => refusal.message);
}

const pinnedSetup = (spaceId: string, parentId: string): string => `---\nwiki:\n  spaceId: ${spaceId}\n  parentId: "${parentId}"\n  pageTitle: Setup\n---\nPinned.\n`;

describe('tree plan: page titles and title clashes', () => {
  it('titles a folder page by its folder name made readable when its content file has no title of its own', () => {
    const plan = planOf({
      'docs/a/index.md': 'Intro A.\n', 'docs/b/index.md': 'Intro B.\n',
      'docs/getting-started/README.md': 'Start here.\n', 'docs/api_reference/api_reference.md': 'Calls.\n',
    });
    assert.deepEqual(plan.pages.map((page) => [page.key, page.node.title, page.item.complete?.pageTitle, page.item.state]), [
      ['a/', 'A', 'A', 'send'], ['api_reference/', 'Api reference', 'Api reference', 'send'],
      ['b/', 'B', 'B', 'send'], ['getting-started/', 'Getting started', 'Getting started', 'send'],
    ]);
  });

  it('titles a file refused for its front matter by its heading, as a flat publish does, not by its path', () => {
    const plan = planOf({ 'docs/guide/broken.md': '---\nwiki:\n  spaceId: [\n---\n# Broken\n\nText.\n', 'docs/guide/setup.md': '# Setup\n' });
    assert.deepEqual(plan.refused.map((item) => [item.file.label, item.state, item.target.pageTitle]), [['docs/guide/broken.md', 'refused', 'Broken']]);
    assert.match(plan.refused[0]?.refusals[0]?.message ?? '', /^The front matter is not valid YAML at line 3, column 13 of the file: /);
  });

  it('keeps a content file\'s own title, from front matter or its first heading', () => {
    const plan = planOf({ 'docs/a/index.md': '---\ntitle: Alpha\n---\nText.\n', 'docs/b/README.md': '# Beta\n\nText.\n' });
    assert.deepEqual(plan.pages.map((page) => [page.key, page.node.title]), [['a/', 'Alpha'], ['b/', 'Beta']]);
  });

  it('names the content file a clashing folder page takes its title from, not only the folder', () => {
    const plan = planOf({ 'docs/setup.md': '# Setup\n', 'docs/b/index.md': '# setup\n' });
    assert.match(refusalsOf(plan, 'docs/setup.md').join(' '), /also the title of docs\/b\/index\.md\b/);
    assert.match(refusalsOf(plan, 'docs/b/index.md').join(' '), /also the title of docs\/setup\.md\b/);
  });

  it('tells how to retitle a generated folder page (its title is its folder\'s name) that clashes with a file', () => {
    const plan = planOf({ 'docs/install/steps.md': '# Install\n\nGo.\n' });
    assert.deepEqual(plan.pages.map((page) => [page.key, page.item.state]), [['install/', 'refused'], ['install/steps.md', 'refused']]);
    const [folder] = plan.pages;
    assert.deepEqual(folder?.item.refusals.map((refusal) => [refusal.message, refusal.fix]), [[
      'Its title "Install", made from the folder\'s name, is also the title of docs/install/steps.md; the wiki keeps a title unique in a space (ignoring case). Give the folder an index.md or README.md with a title of its own, or rename the folder.',
      undefined,
    ]]);
    assert.deepEqual(refusalsOf(plan, 'docs/install/steps.md'), [
      'Its title "Install" is also the title of docs/install/; the wiki keeps a title unique in a space (ignoring case). Give each its own title.',
    ]);
  });

  it('titles a folder page by a content file that holds nothing but its title, which lists the children; a clash names that file, to retitle', () => {
    const plan = planOf({
      'docs/a/index.md': '', 'docs/a/one.md': '# One\n\nText.\n',
      'docs/b/README.md': '---\ntitle: Setup\n---\n', 'docs/b/two.md': '# Two\n\nText.\n',
      'docs/setup.md': '# Setup\n\nText.\n',
    });
    assert.deepEqual(plan.pages.map((page) => [page.key, page.node.title, page.node.generated === true, page.node.titleFrom, page.item.state]), [
      ['setup.md', 'Setup', false, undefined, 'refused'],
      ['a/', 'A', true, 'docs/a/index.md', 'send'], ['a/one.md', 'One', false, undefined, 'send'],
      ['b/', 'Setup', true, 'docs/b/README.md', 'refused'], ['b/two.md', 'Two', false, undefined, 'refused'],
    ]);
    const folder = plan.pages.find((page) => page.key === 'b/');
    assert.deepEqual(folder?.item.refusals.map((refusal) => [refusal.message, refusal.fix]), [[
      'Its title "Setup" is also the title of docs/setup.md; the wiki keeps a title unique in a space (ignoring case). Give each its own title.', 'editFile',
    ]]);
    assert.match(refusalsOf(plan, 'docs/setup.md').join(' '), /also the title of docs\/b\/README\.md\b/);
  });

  it('titles pages by a setext heading (`Title` over `===`), and lists the children of a folder whose content file holds only one', () => {
    const plan = planOf({
      'docs/guide/README.md': 'Guide\n=====\n\nStart here.\n', 'docs/guide/setup.md': 'Setting up\r\n==========\r\n\r\nSteps.\r\n',
      'docs/ops/index.md': 'Operations\n===\n', 'docs/ops/run.md': '# Run\n\nText.\n',
    });
    assert.deepEqual(plan.pages.map((page) => [page.key, page.node.title, page.node.generated === true, page.node.titleFrom, page.item.state]), [
      ['guide/', 'Guide', false, undefined, 'send'], ['guide/setup.md', 'Setting up', false, undefined, 'send'],
      ['ops/', 'Operations', true, 'docs/ops/index.md', 'send'], ['ops/run.md', 'Run', false, undefined, 'send'],
    ]);
  });

  it('refuses a file naming its own page in the tree\'s space with a tree page\'s title, and the tree page, each naming the other', () => {
    const plan = planOf({ 'docs/guide/setup.md': '# Setup\n', 'docs/notes.md': pinnedSetup('DOCS', '999') });
    assert.deepEqual(plan.pinned.map((item) => [item.file.label, item.state]), [['docs/notes.md', 'refused']]);
    assert.deepEqual(refusalsOf(plan, 'docs/notes.md'), [
      'Its title "Setup" is also the title of docs/guide/setup.md; the wiki keeps a title unique in a space (ignoring case). Give each its own title.',
    ]);
    assert.deepEqual(refusalsOf(plan, 'docs/guide/setup.md'), [
      'Its title "Setup" is also the title of docs/notes.md; the wiki keeps a title unique in a space (ignoring case). Give each its own title.',
    ]);
  });

  it('lets a file naming its own page in another space keep a tree page\'s title', () => {
    const plan = planOf({ 'docs/setup.md': '# Setup\n', 'docs/notes.md': pinnedSetup('OTHER', '999') });
    assert.deepEqual(refusalsOf(plan, 'docs/notes.md'), []);
    assert.deepEqual(refusalsOf(plan, 'docs/setup.md'), []);
  });

  it('names three others of a large group of pages with one title, and refuses every one of them', () => {
    // 2,000 pages with one title made 2,000 refusals of 1,999 names each: most of a gigabyte for 5,000.
    const files: Record<string, string> = {};
    for (let index = 0; index < 2000; index++) files[`docs/same/${String(index).padStart(4, '0')}.md`] = '# Same\n';
    const plan = planOf({ ...files, 'docs/pinned.md': pinnedSetup('DOCS', '123456').replace(/Setup/g, 'Same') });
    assert.ok(plan.pages.filter((page) => page.node.kind === 'file').every((page) => page.item.state === 'refused'));
    assert.deepEqual(refusalsOf(plan, 'docs/same/0000.md'), [
      'Its title "Same" is also the title of docs/same/, docs/same/0001.md, docs/same/0002.md, ...; the wiki keeps a title unique in a space (ignoring case). Give each its own title.',
    ]);
    // The folder's page, titled by its name, takes the title too.
    assert.deepEqual(refusalsOf(plan, 'docs/pinned.md'), [
      'Its title "Same" is also the title of docs/same/, docs/same/0000.md, docs/same/0001.md, ...; the wiki keeps a title unique in a space (ignoring case). Give each its own title.',
    ]);
  });

  it('refuses each of two files naming their own pages in the tree\'s space with one title once, with the tree page they clash with', () => {
    const plan = planOf({ 'docs/setup.md': '# Setup\n', 'docs/one.md': pinnedSetup('DOCS', '123456'), 'docs/two.md': pinnedSetup('DOCS', '123456') });
    assert.deepEqual(refusalsOf(plan, 'docs/one.md'), [
      'Its title "Setup" is also the title of docs/setup.md, docs/two.md; the wiki keeps a title unique in a space (ignoring case). Give each its own title.',
    ]);
    assert.equal(refusalsOf(plan, 'docs/two.md').length, 1);
    assert.equal(refusalsOf(plan, 'docs/setup.md').length, 1);
  });
});
