// Page trees made at random (seeded, so a failure names its tree), published by the built command line against the
// sandbox world: folders with and without an index.md, links between any two files, to folders, to a page's own
// folder, with and without anchors. What must hold for every one of them, whatever its shape:
// - a first publish sends a page a second time only where the plan said it would (its count of pages sent twice),
//   every link to a file of the tree reaches that file's page on the wiki, and a re-run sends nothing;
// - new files, an edited one and a deleted one, published again: the same;
// - colleagues' edits on the wiki and changes here, with --state, without it, or with one a run behind: exactly the
//   changed files whose pages are as they were left are updated, every page edited on the wiki is held with its text
//   untouched, a page deleted on the wiki is made anew, and no page is ever held that nobody edited; the same for the
//   folder published without --tree.
// Publishing random trees found the plan leaving a page that links to itself out of its count; random folders without
// --tree found every linking file sent twice on a fresh runner, and pages left linking to a deleted page.
import assert from 'node:assert/strict';
import { copyFile, readFile, rm } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { seeded } from '../support/seeded';
import { jsonLines, runCli, summaryRecord, useCliWorld, writeTree, type CliRun } from './cliHarness';

const TO = ['--tree', '--space', 'DOCS', '--parent', '123456'];

interface RandomTree {
  /** Files by path below docs/ ('a/index.md'), each with the paths its links name (a folder's with its '/'). */
  links: Map<string, string[]>;
  folders: string[];
  tag: string;
  /** A file whose front matter names its own place (under the chosen page), in a folder with another file, if any. */
  pinned?: string;
}

/** A tree of up to five folders, a few files in each, some folders with an index.md, and up to three links a file. */
function randomTree(seed: number): RandomTree {
  const random = seeded(seed);
  const pick = <T>(from: readonly T[]): T => from[Math.floor(random() * from.length)] as T;
  const tag = `r${seed}`;
  const folders = [''];
  for (let index = 0; index < 1 + Math.floor(random() * 5); index++) {
    const parent = pick(folders);
    if (parent.split('/').length <= 3) folders.push(`${parent}${tag}f${index}/`);
  }
  const files: string[] = [];
  for (const folder of folders) {
    for (let index = Math.floor(random() * 4) + (folder === '' ? 1 : 0); index > 0; index--) files.push(`${folder}${tag}p${files.length}.md`);
    if (folder !== '' && random() < 0.4) files.push(`${folder}index.md`);
  }
  const withFiles = folders.filter((folder) => folder !== '' && files.some((file) => file.startsWith(folder)));
  const links = new Map<string, string[]>();
  for (const file of files) {
    const named: string[] = [];
    for (let index = Math.floor(random() * 4); index > 0; index--) {
      const target = random() < 0.15 && withFiles.length > 0 ? pick(withFiles) : pick(files);
      if (target !== file) named.push(target);
    }
    // A page that links to itself: a folder's index.md to `./`, a file to its own heading by its name.
    if (file.endsWith('/index.md') && random() < 0.3) named.push(file.slice(0, -'index.md'.length));
    else if (random() < 0.1) named.push(file);
    links.set(file, named);
  }
  // Some trees have a file whose front matter names its own page: it goes after the tree's pages.
  const pinnable = files.filter((file) => file.includes('/') && !file.endsWith('index.md') && files.filter((other) => posix.dirname(other) === posix.dirname(file) && !other.endsWith('index.md')).length > 1);
  const pinned = random() < 0.5 && pinnable.length > 0 ? pick(pinnable) : undefined;
  // Such a file's link to itself stays as written in its first publish (it goes after the tree, with no second pass):
  // not what these trees check.
  if (pinned !== undefined) links.set(pinned, (links.get(pinned) ?? []).filter((target) => target !== pinned));
  return { links, folders, tag, ...(pinned !== undefined ? { pinned } : {}) };
}

/** The file's text: its heading, a link to each path it names (relative, some to a heading), a heading to link to. */
function fileText(tree: RandomTree, file: string, seed: number, extra = ''): string {
  const from = posix.dirname(file) === '.' ? '' : posix.dirname(file);
  const random = seeded(seed + file.length);
  const lines = (tree.links.get(file) ?? []).map((target) => {
    const folder = target.endsWith('/');
    const relative = posix.relative(from, folder ? target.slice(0, -1) : target);
    const written = folder ? (relative === '' ? './' : `${relative}/`) : relative;
    return `- [to ${target}](${written}${!folder && (target === file || random() < 0.3) ? '#details' : ''})`;
  });
  const frontMatter = file === tree.pinned ? '---\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  overwrite: true\n---\n' : '';
  return `${frontMatter}# ${titleOf(tree, file)}\n\n${lines.join('\n')}\n\n## Details\n\nText.${extra}\n`;
}

/** The title of a file's page: its heading (fileText). */
const titleOf = (tree: RandomTree, file: string): string => `${tree.tag} ${file.replace(/\W/g, ' ')}`;

/** The key .wiki-pages.json records a file's page under: a folder's index.md is its folder's page. */
const keyOf = (path: string): string => (path.endsWith('/index.md') ? path.slice(0, -'index.md'.length) : path);

describe('CLI: page trees and folders made at random', () => {
  const cli = useCliWorld();

  const publish = (root: string, more: readonly string[] = []): Promise<CliRun> => runCli(['publish', 'docs', ...TO, '--json', ...more], { cwd: root, env: cli.env() });
  const recordedPages = async (root: string): Promise<Record<string, { id: string }>> =>
    (JSON.parse(await readFile(join(root, 'docs', '.wiki-pages.json'), 'utf8')) as { pages: Record<string, { id: string }> }).pages;
  const fileResults = (run: CliRun): Array<Record<string, unknown>> => jsonLines(run).filter((record) => record.type === 'file');

  /**
   * Publishes the tree as it is on disk (after its dry run), and checks what every publish of it must give. One request
   * at a time, where the plan's count is the run's to the page: with more at once, the wiki's answers may let a page
   * wait for one still out and go once where the plan counted it twice (foreseenSends.ts).
   */
  async function publishAndCheck(root: string, tree: RandomTree, files: readonly string[], what: string): Promise<void> {
    const dry = await runCli(['publish', 'docs', ...TO, '--json', '--dry-run', '--concurrency', '1'], { cwd: root, env: cli.env() });
    const run = await publish(root, ['--concurrency', '1']);
    assert.equal(run.code, 0, `${what}: ${run.stdout}\n${run.stderr}`);
    const second = fileResults(run).filter((record) => (record.tree as { pass?: number } | undefined)?.pass === 2).length;
    assert.equal(second, summaryRecord(dry).sentTwice ?? 0, `${what}: the pages sent twice, as the plan counted them`);
    const recorded = await recordedPages(root);
    const pages = cli.world.sandbox.pages();
    for (const file of files) {
      const page = pages.find((each) => each.id === recorded[keyOf(file)]?.id && !each.deleted);
      assert.ok(page, `${what}: ${file} has its page`);
      for (const target of tree.links.get(file) ?? []) {
        const id = recorded[keyOf(target)]?.id;
        assert.ok(id !== undefined && page.markdown.includes(`/pages/${id}/`), `${what}: ${file}'s link to ${target} reaches page ${id}:\n${page.markdown}`);
      }
    }
    const again = await publish(root);
    assert.equal(again.code, 0, `${what}, again: ${again.stderr}`);
    assert.deepEqual(fileResults(again).filter((record) => record.status !== 'skipped').map((record) => record.file), [], `${what}: a re-run sends nothing`);
  }

  it('every page goes as often as the plan says, every link reaches its page, a re-run sends nothing; after new, edited and deleted files too', async function () {
    // Dozens of runs of the command line, one after another: 14 s alone on a 2-core machine, more beside other work.
    this.timeout(60_000);
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const tree = randomTree(seed);
      const files = [...tree.links.keys()];
      const root = await cli.tree(Object.fromEntries(files.map((file) => [`docs/${file}`, fileText(tree, file, seed)])));
      await publishAndCheck(root, tree, files, `tree ${seed}`);
      // New files linking to old ones and to each other, an old one linking to a new one, one file gone.
      const random = seeded(seed * 31);
      const gone = files.length > 2 ? files.find((file) => !file.endsWith('index.md') && random() < 0.5) : undefined;
      const added = [`${tree.folders[Math.floor(random() * tree.folders.length)] ?? ''}${tree.tag}n0.md`, `${tree.tag}n1.md`];
      const now = [...files.filter((file) => file !== gone), ...added];
      for (const [file, targets] of tree.links) tree.links.set(file, targets.filter((target) => target !== gone && now.some((each) => each.startsWith(target))));
      tree.links.set(added[0] as string, [now[0] as string, added[1] as string].filter((target) => target !== added[0]));
      tree.links.set(added[1] as string, [added[0] as string, now[now.length - 3] as string].filter((target) => target !== added[1]));
      const edited = now[0] as string;
      tree.links.set(edited, [...(tree.links.get(edited) ?? []), added[1] as string]);
      if (gone !== undefined) await rm(join(root, 'docs', gone));
      await writeTree(root, Object.fromEntries(now.map((file) => [`docs/${file}`, fileText(tree, file, seed)])));
      await publishAndCheck(root, tree, now, `tree ${seed} changed`);
    }
  });

  /**
   * A tree (or, `flat`, the same folder without --tree: every file under the chosen page) published, then colleagues'
   * edits on the wiki, changes here and a page deleted on the wiki, published again with --state, without it, or with
   * it dropped; then once more, for some with --state as the first run left it.
   */
  async function editsEverywhere(seed: number, flat: boolean): Promise<void> {
    const what = `${flat ? 'folder' : 'tree'} ${seed}`;
    const random = seeded(seed);
    const tree = randomTree(seed);
    const files = [...tree.links.keys()];
    const texts = new Map(files.map((file) => [file, fileText(tree, file, seed)]));
    const root = await cli.tree(Object.fromEntries([...texts].map(([file, text]) => [`docs/${file}`, text])));
    const state = random() < 0.5 ? ['--state', 'state.json'] : [];
    const go = (): Promise<CliRun> => (flat ? runCli(['publish', 'docs', '--space', 'DOCS', '--parent', '123456', '--json', ...state], { cwd: root, env: cli.env() }) : publish(root, state));
    const first = await go();
    assert.equal(first.code, 0, `${what}: ${first.stderr}`);
    if (state.length > 0) await copyFile(join(root, 'state.json'), join(root, 'state.behind.json'));
    // A tree's pages by its record; a folder's by their titles under the chosen page (its files' headings).
    const recorded = flat ? undefined : await recordedPages(root);
    const idOf = new Map(files.map((file) => [file, recorded ? recorded[keyOf(file)]?.id : cli.world.sandbox.findPageByTitle('DOCS', '123456', titleOf(tree, file))?.id]));
    const pageOf = (file: string): { id: string; version: number; markdown: string } => {
      const page = cli.world.sandbox.pages().find((each) => each.id === idOf.get(file));
      assert.ok(page, `${what}: ${file} has its page`);
      return page;
    };
    const editedOnWiki = new Set(files.filter(() => random() < 0.25));
    const changedHere = new Set(files.filter(() => random() < 0.3));
    const deleted = random() < 0.4 ? files.find((file) => !editedOnWiki.has(file)) : undefined;
    for (const file of editedOnWiki) cli.world.sandbox.editLineOnWiki(pageOf(file).id);
    if (deleted !== undefined) cli.world.sandbox.deletePage(pageOf(deleted).id);
    for (const file of changedHere) texts.set(file, fileText(tree, file, seed, `\n\nChanged here (${seed}).`));
    await writeTree(root, Object.fromEntries([...texts].map(([file, text]) => [`docs/${file}`, text])));
    const before = new Map(files.map((file) => [file, { ...pageOf(file) }]));
    if (state.length > 0 && random() < 0.3) await rm(join(root, 'state.json'), { force: true });
    const second = await go();
    assert.equal(second.code, editedOnWiki.size > 0 ? 1 : 0, `${what}: ${second.stdout}\n${second.stderr}`);
    if (deleted !== undefined) idOf.set(deleted, flat ? cli.world.sandbox.findPageByTitle('DOCS', '123456', titleOf(tree, deleted))?.id : (await recordedPages(root))[keyOf(deleted)]?.id);
    const statusOf = new Map<string, unknown>();
    for (const record of fileResults(second)) statusOf.set(String(record.file).replace(/^docs\//, ''), record.status);
    for (const file of files) {
      const status = flat ? statusOf.get(file) : (statusOf.get(keyOf(file)) ?? statusOf.get(file));
      const page = pageOf(file);
      const was = before.get(file);
      if (editedOnWiki.has(file)) {
        assert.equal(status, 'edited', `${what}: ${file}, edited on the wiki, is held`);
        assert.deepEqual([page.version, page.markdown], [was?.version, was?.markdown], `${what}: ${file}'s page keeps the colleague's text`);
      } else if (file === deleted) {
        assert.equal(status, 'published', `${what}: ${file}, deleted on the wiki, is made anew`);
      } else if (changedHere.has(file)) {
        assert.equal(status, 'published', `${what}: ${file}, changed here, is updated`);
        assert.match(page.markdown, new RegExp(`Changed here \\(${seed}\\)`));
      } else if (status === 'published') {
        // Unchanged here and there, it goes again only for a link to the page made anew.
        assert.ok(deleted !== undefined && (tree.links.get(file) ?? []).includes(deleted), `${what}: ${file}, unchanged, was sent`);
        if (flat) assert.ok(page.markdown.includes(`/pages/${idOf.get(deleted) ?? 'none'}/`), `${what}: ${file} reaches the page made anew`);
      } else assert.equal(status, 'skipped', `${what}: ${file}, unchanged, is left as it is`);
    }
    // One run later, with --state as the first run left it for some (a cache saved a run ago): nothing new is sent,
    // and no page is held that nobody edited.
    if (state.length > 0 && random() < 0.5) await copyFile(join(root, 'state.behind.json'), join(root, 'state.json'));
    const third = await go();
    const held = fileResults(third).filter((record) => record.status === 'edited').map((record) => String(record.file).replace(/^docs\//, ''));
    assert.deepEqual(held.filter((file) => ![...editedOnWiki].some((edited) => keyOf(edited) === file || edited === file)), [], `${what}: no false alarm`);
    assert.deepEqual(fileResults(third).filter((record) => record.status !== 'skipped' && record.status !== 'edited').map((record) => `${String(record.file)} ${String(record.status)}`), [], `${what}: nothing sent again`);
  }

  it('four requests at a time: no page goes twice more often than the plan says, and every link reaches its page', async () => {
    for (const seed of [11, 12, 13, 14, 15, 16, 17, 18]) {
      const tree = randomTree(seed);
      const files = [...tree.links.keys()];
      const root = await cli.tree(Object.fromEntries(files.map((file) => [`docs/${file}`, fileText(tree, file, seed)])));
      const dry = await runCli(['publish', 'docs', ...TO, '--json', '--dry-run', '--concurrency', '4'], { cwd: root, env: cli.env() });
      const run = await publish(root, ['--concurrency', '4']);
      assert.equal(run.code, 0, `tree ${seed}: ${run.stdout}\n${run.stderr}`);
      const second = fileResults(run).filter((record) => (record.tree as { pass?: number } | undefined)?.pass === 2).length;
      // A page ranked after a page it names may find that page landed, and go once: fewer, never more.
      assert.ok(second <= Number(summaryRecord(dry).sentTwice ?? 0), `tree ${seed}: ${second} pages sent twice, the plan said ${String(summaryRecord(dry).sentTwice ?? 0)}`);
      const recorded = await recordedPages(root);
      const pages = cli.world.sandbox.pages();
      for (const [file, targets] of tree.links) {
        const page = pages.find((each) => each.id === recorded[keyOf(file)]?.id && !each.deleted);
        for (const target of targets) assert.ok(page?.markdown.includes(`/pages/${recorded[keyOf(target)]?.id ?? 'none'}/`), `tree ${seed}: ${file}'s link to ${target}`);
      }
    }
  });

  it('edits on the wiki and here, with --state, without, or a run behind: the changed pages as left are updated, every edited page held, a deleted one made anew', async () => {
    for (const seed of [11, 12, 13, 14, 15, 16, 17, 18]) await editsEverywhere(seed, false);
  });

  it('the same for a folder published without --tree: its files\' pages found by their places and notices, links and all', async () => {
    for (const seed of [21, 22, 23, 24, 25, 26, 27, 28]) await editsEverywhere(seed, true);
  });
});
