// Links between files in publishes that are not a tree (issue 14, section 3), against the sandbox wiki: a file
// published on its own or in a flat selection sends a link to another Markdown file as a link to that file's page when
// the page is known (recorded in the repository's .wiki-pages.json, or remembered by this machine), with the anchor in
// the wiki's form; every other link stays as written and the plan names it; the file on disk never changes.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cliFileLinkPorts } from '../../src/cli/fileLinks';
import { readMarkdownSources } from '../../src/cli/files';
import type { PageLink } from '../../src/core/links/pageLink';
import { linkedPageIdOf, planFileLinks, type FileLinkPorts } from '../../src/core/run/fileLinks';
import { LinkFindings } from '../../src/core/run/linkFindings';
import { runFlat, type FlatFileResult } from '../../src/core/run/flatRun';
import { guardPlan } from '../../src/core/run/guard';
import { planFile, planFiles, type PlanItem, type SourceFile } from '../../src/core/run/plan';
import { landedLink } from '../../src/core/run/publishedLink';
import { heldContent } from '../../src/core/run/plannedContent';
import { runPlan, ThrottleGate, type FileResult, type RunOptions } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import { serializeManifest } from '../../src/core/tree/manifestFormat';
import { exportPageMarkdown } from '../../src/core/export';
import { identifyPage, withIdentity } from '../../src/core/links/pageIdentity';
import { captureBase, MemoryPullBaseStore, pullPage } from '../../src/core/pull';
import { pageAddress } from '../../src/core/publish/pageAddress';
import { planTreeOnDisk } from '../../src/core/tree/treePlan';
import { runTree } from '../../src/core/tree/treeRun';
import { nodeWalkFs } from '../../src/core/walk/nodeWalkFs';
import { MemoryIdentity } from '../support/memoryIdentity';
import { useSignedInWorld } from '../support/signedInWorld';
import { until } from '../support/until';

const TO = { titleFromFile: true, defaults: { spaceId: 'DOCS', parentId: '123456', overwrite: false } };
const SETUP = '# Setup\n\n## Install\n\nRun it.\n';
const NOTES = '# Notes\n\nSee [x](guide/setup.md#install), [y](missing.md) and [z](diagram.png).\n';

describe('links to other files in single-file and flat publishes, against the sandbox wiki', () => {
  const signedIn = useSignedInWorld();
  let repo: string;
  /** Every temporary folder of the test, removed after it. */
  const folders: string[] = [];
  let ids: { guide: string; setup: string };

  const send = (items: PlanItem[], content?: RunOptions['content']) => runPlan(items, {
    concurrency: 2, ...(content ? { content } : {}),
    send: (item, target, context) => sendPlanned(item, target, context, {
      endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
    }),
  });
  const pageText = (title: string): string => {
    const found = signedIn.world.sandbox.pages().find((candidate) => candidate.title === title && !candidate.deleted);
    assert.ok(found, `"${title}" is on the wiki`);
    return found.markdown;
  };
  const pagesAt = (id: string, title: string): string => `${signedIn.world.sandbox.baseUrl}/wiki/spaces/DOCS/pages/${id}/${title}`;
  const write = async (files: Record<string, string>): Promise<void> => {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(repo, path)), { recursive: true });
      await writeFile(join(repo, path), text);
    }
  };
  const ports = (extra: Partial<FileLinkPorts<string>> = {}): FileLinkPorts<string> => ({
    ...cliFileLinkPorts({ cwd: repo, state: undefined, pages: signedIn.pages, baseUrl: signedIn.world.sandbox.baseUrl, signal: new AbortController().signal }),
    ...extra,
  });
  // The links that stay as written, then those that reach their page without the heading they name: one text.
  const linkCaution = (item: PlanItem | undefined): string | undefined => {
    const said = item?.cautions.filter((caution) => caution.code === 'localLinks').map((caution) => caution.message) ?? [];
    return said.length > 0 ? said.join(' ') : undefined;
  };

  /** A guide folder published as a tree before: its pages on the wiki, recorded in the repository (by the space's ID). */
  beforeEach(async () => {
    const [guide] = planFiles([{ key: 'memory:guide', label: 'guide', text: '# Guide\n\nThe guide.\n' }], new Map(), TO);
    assert.equal((await send([guide as PlanItem]))[0]?.state, 'published');
    const guideId = signedIn.world.sandbox.findPageByTitle('DOCS', '123456', 'Guide')?.id ?? '';
    const [setup] = planFiles([{ key: 'memory:setup', label: 'setup', text: SETUP }], new Map(), { ...TO, defaults: { ...TO.defaults, parentId: guideId } });
    assert.equal((await send([setup as PlanItem]))[0]?.state, 'published');
    ids = { guide: guideId, setup: signedIn.world.sandbox.findPageByTitle('DOCS', guideId, 'Setup')?.id ?? '' };
    repo = await mkdtemp(join(tmpdir(), 'wiki-publisher-links-'));
    folders.push(repo);
    await write({
      '.wiki-pages.json': serializeManifest({ root: { space: '1001', parent: '123456' }, pages: new Map([['guide/', { id: ids.guide, title: 'Guide' }], ['guide/setup.md', { id: ids.setup, title: 'Setup' }]]) }),
      'guide/setup.md': SETUP,
      'notes.md': NOTES,
      'diagram.png': 'not really a picture',
    });
  });
  afterEach(async () => {
    await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });

  it('a flat publish sends a link to a recorded file as its page address with the wiki\'s anchor; the others stay, named in the plan', async () => {
    const read = await readMarkdownSources(['notes.md'], repo);
    assert.ok(read.ok);
    const plan = planFiles(read.files, new Map(), TO);
    const links = await planFileLinks(read.files, plan, ports());
    assert.equal(plan[0]?.linksToPages, 1);
    assert.equal(linkCaution(plan[0]), '2 links stay as written and will not work on the wiki: missing.md (no such file), diagram.png (not a Markdown file).');

    const [result] = await send(plan, (item) => links.content(item));
    assert.equal(result?.state, 'published', result?.outcome?.message);
    // The manifest names the space by its ID; the address names it by its key, as the platform's addresses do.
    assert.equal(pageText('Notes'), `# Notes\n\nSee [x](${pagesAt(ids.setup, 'Setup')}#Install), [y](missing.md) and [z](diagram.png).\n`);
    assert.equal(await readFile(join(repo, 'notes.md'), 'utf8'), NOTES, 'the file on disk is never changed');
  });

  it('the links a flat plan finds as it plans each file are those of the text it sends: a title heading left out before them', async () => {
    // A second file planned after it: the scanner holds that one's text when the links are decided.
    await write({ 'notes.md': NOTES, 'other.md': '# Other\n\nPlain text, [one link](notes.md).\n' });
    const read = await readMarkdownSources(['notes.md', 'other.md'], repo);
    assert.ok(read.ok);
    const linkFindings = new LinkFindings();
    const plan = planFiles(read.files, new Map(), { ...TO, omitTitleHeading: true, linkFindings });
    const links = await planFileLinks(read.files, plan, ports(), linkFindings);
    assert.equal(plan[0]?.linksToPages, 1);
    const [notes] = await send([plan[0] as PlanItem], (item) => links.content(item));
    assert.equal(notes?.state, 'published', notes?.outcome?.message);
    assert.equal(pageText('Notes'), `See [x](${pagesAt(ids.setup, 'Setup')}#Install), [y](missing.md) and [z](diagram.png).\n`);
  });

  it('a link to a folder goes to the page its index or README takes, the folder\'s recorded page, with or without the slash', async () => {
    await write({
      'guide/README.md': '# Guide\n\n## Start here\n\nThe guide.\n',
      'other/known.md': '# Known\n',
      'notes.md': '# Notes\n\nSee [g](guide/), [h](./guide/#start-here), [i](guide), [j](other/) and [k](guide/setup.md).\n',
    });
    const read = await readMarkdownSources(['notes.md'], repo);
    assert.ok(read.ok);
    const plan = planFiles(read.files, new Map(), TO);
    const links = await planFileLinks(read.files, plan, ports());
    assert.equal(plan[0]?.linksToPages, 4);
    // A folder that is there but has no page (no tree published it) gets one when it is published.
    assert.equal(linkCaution(plan[0]), '1 link stays as written and will not work on the wiki: other/ (it has no page yet: a publish after it has one fills the link in).');
    const [result] = await send(plan, (item) => links.content(item));
    assert.equal(result?.state, 'published', result?.outcome?.message);
    const guide = pagesAt(ids.guide, 'Guide');
    assert.equal(pageText('Notes'), `# Notes\n\nSee [g](${guide}), [h](${guide}#Start-here), [i](${guide}), [j](other/) and [k](${pagesAt(ids.setup, 'Setup')}).\n`);
  });

  it('a link to a folder of images says it gets no page; one to a folder with Markdown further down waits for the page a tree gives it', async () => {
    await write({ 'imgs/a.png': 'not Markdown', 'deep/sub/x.md': '# X\n', 'notes.md': '# Notes\n\nSee [pictures](imgs/), [them again](imgs) and [deep](deep/).\n' });
    const read = await readMarkdownSources(['notes.md'], repo);
    assert.ok(read.ok);
    const plan = planFiles(read.files, new Map(), TO);
    const links = await planFileLinks(read.files, plan, ports());
    assert.equal(linkCaution(plan[0]), '3 links stay as written and will not work on the wiki: imgs/ (a folder with no Markdown to publish, so no page), imgs (a folder with no Markdown to publish, so no page), deep/ (it has no page yet: a publish after it has one fills the link in).');
    assert.equal(plan[0]?.linksWaitForPages, true, 'only the folder a tree would give a page is waited for');
    const [result] = await send(plan, (item) => links.content(item));
    assert.equal(result?.state, 'published', result?.outcome?.message);
    assert.equal(pageText('Notes'), '# Notes\n\nSee [pictures](imgs/), [them again](imgs) and [deep](deep/).\n');
  });

  it('a link to a folder without an index or README reaches the page the repository records for the folder (a generated one)', async () => {
    await write({ 'other/known.md': '# Known\n', 'notes.md': '# Notes\n\nSee [g](guide/), [h](./guide), [i](guide/#start) and [j](other/).\n' });
    const read = await readMarkdownSources(['notes.md'], repo);
    assert.ok(read.ok);
    const plan = planFiles(read.files, new Map(), TO);
    const links = await planFileLinks(read.files, plan, ports());
    assert.equal(plan[0]?.linksToPages, 3);
    assert.equal(linkCaution(plan[0]), '1 link stays as written and will not work on the wiki: other/ (it has no page yet: a publish after it has one fills the link in). 1 link goes to its page, not to the heading it names (the page has no such heading): guide/#start.');
    const [result] = await send(plan, (item) => links.content(item));
    assert.equal(result?.state, 'published', result?.outcome?.message);
    const guide = pagesAt(ids.guide, 'Guide');
    assert.equal(pageText('Notes'), `# Notes\n\nSee [g](${guide}), [h](${guide}), [i](${guide}#start) and [j](other/).\n`);
  });

  it('a file published on its own links to a page this machine remembers; a heading it lacks, a link, a way out and no site address stay', async () => {
    await write({ 'other/known.md': '# Known\n\nNo headings.\n', 'notes.md': `${NOTES}\nAlso [w](other/known.md#nowhere), [v](linked/x.md) and [u](../outside.md).\n` });
    // A folder of the repository that is a link to a folder elsewhere, whose manifest records the file linked to.
    const elsewhere = await mkdtemp(join(tmpdir(), 'wiki-publisher-elsewhere-'));
    folders.push(elsewhere);
    await writeFile(join(elsewhere, '.wiki-pages.json'), serializeManifest({ root: { space: 'DOCS', parent: '123456' }, pages: new Map([['x.md', { id: ids.guide, title: 'Guide' }]]) }));
    await writeFile(join(elsewhere, 'x.md'), '# X\n');
    await symlink(elsewhere, join(repo, 'linked'));
    const text = await readFile(join(repo, 'notes.md'), 'utf8');
    // An editor's document: the plan holds its text.
    const source: SourceFile = { key: join(repo, 'notes.md'), label: 'notes.md', text };
    const known: PageLink = { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Guide', pageId: ids.guide, publishedAt: 1 };
    const item = planFile(source, undefined, TO);
    const links = await planFileLinks([source], [item], ports({ linkOf: async (key) => (key === join(repo, 'other', 'known.md') ? known : undefined) }));
    assert.equal(item.linksToPages, 2);
    assert.equal(linkCaution(item), '4 links stay as written and will not work on the wiki: missing.md (no such file), diagram.png (not a Markdown file), linked/x.md (no page is known for it), ... 1 link goes to its page, not to the heading it names (the page has no such heading): other/known.md#nowhere.');

    const outcome = await sendPlanned(item, item.complete as NonNullable<PlanItem['complete']>, { signal: new AbortController().signal, gate: new ThrottleGate(), content: links.rewrite(item.file.key, heldContent(item)) }, {
      endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
    });
    assert.equal(outcome.kind, 'created', outcome.message);
    const sent = pageText('Notes');
    assert.ok(sent.includes(`[w](${pagesAt(ids.guide, 'Guide')}#nowhere)`), `a known page with an unknown heading keeps the anchor as written:\n${sent}`);
    assert.ok(sent.includes('[v](linked/x.md)'), 'a symbolic link is never followed');
    assert.ok(sent.includes('[u](../outside.md)'), 'nothing outside the folder a run may look in');

    const blind = planFile(source, undefined, TO);
    const unaddressed = await planFileLinks([source], [blind], ports({ siteBase: undefined }));
    assert.equal(blind.linksToPages, undefined);
    // Said once for the run with how many (the front end's line), not in the file's caution, which keeps the others.
    assert.doesNotMatch(linkCaution(blind) ?? '', /address is not set/);
    assert.match(linkCaution(blind) ?? '', /missing\.md \(no such file\)/);
    assert.equal(unaddressed.linksWithoutAddress(), 1);
    assert.equal(links.linksWithoutAddress(), 0, 'with the site address every known page has one');
    assert.equal(unaddressed.rewrite(blind.file.key, text), text);

    // No folder is published: a link out of the folder files are looked up in says so in those words.
    const away: SourceFile = { key: join(repo, 'away.md'), label: 'away.md', text: '# Away\n\nSee [u](../outside.md).\n' };
    const awayItem = planFile(away, undefined, TO);
    await planFileLinks([away], [awayItem], ports());
    assert.equal(linkCaution(awayItem), '1 link stays as written and will not work on the wiki: ../outside.md (outside the folder this publish looks in).');
  });

  it('Pull of a file published on its own: a colleague\'s edit of a line with a link to another file\'s page merges, the link as the file writes it', async () => {
    await write({ 'other/known.md': '# Known\n', 'notes.md': `${NOTES}\nAnd [k](other/known.md) too.\n` });
    const text = await readFile(join(repo, 'notes.md'), 'utf8');
    const notesKey = join(repo, 'notes.md');
    // other/known.md: a page this machine remembers (no manifest records it); guide/setup.md: recorded in the manifest.
    const known: PageLink = { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Guide', pageId: ids.guide, publishedAt: 1 };
    const linkPorts = ports({ linkOf: async (key) => (key === join(repo, 'other', 'known.md') ? known : undefined) });
    const source: SourceFile = { key: notesKey, label: 'notes.md', text };
    const item = planFile(source, undefined, TO);
    const links = await planFileLinks([source], [item], linkPorts);
    const outcome = await sendPlanned(item, item.complete as NonNullable<PlanItem['complete']>, { signal: new AbortController().signal, gate: new ThrottleGate(), content: links.rewrite(notesKey, heldContent(item)) }, {
      endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
    });
    assert.equal(outcome.kind, 'created', outcome.message);
    const published = landedLink({ state: 'published', item, outcome }, Date.now());
    const identity = await identifyPage(signedIn.pages, item.complete as NonNullable<PlanItem['complete']>);
    assert.ok(published && identity);
    const link = withIdentity(published, identity);
    const exportMarkdown = async (pageId: string): Promise<string> => (await exportPageMarkdown({
      apiUrl: signedIn.world.sandbox.exportApiUrl, pageId, transport: signedIn.transport, getAccessToken: async () => signedIn.accessToken,
    })).markdown;
    const bases = new MemoryPullBaseStore();
    assert.equal((await captureBase(notesKey, link, { pages: signedIn.pages, exportMarkdown, store: bases, now: Date.now() })).kind, 'kept');

    // On the wiki both links are page addresses; a colleague edits each of the two lines that hold them.
    const page = signedIn.world.sandbox.findPageByTitle('DOCS', '123456', 'Notes');
    assert.ok(page);
    assert.ok(page.markdown.includes(`${pagesAt(ids.setup, 'Setup')}#Install`) && page.markdown.includes(`[k](${pagesAt(ids.guide, 'Guide')})`), page.markdown);
    signedIn.world.sandbox.editPageOnWiki(page.id, page.markdown.replace('and [z](diagram.png).', 'and [z](diagram.png), all of them.').replace(') too.', ') as well.'));

    const pageIdOf = await linkedPageIdOf(notesKey, text, linkPorts);
    assert.ok(pageIdOf);
    assert.equal(pageIdOf('guide/setup.md#install'), ids.setup);
    assert.equal(pageIdOf('./other/known.md'), ids.guide);
    assert.equal(pageIdOf('missing.md'), undefined);
    const base = await bases.get(notesKey);
    const pulled = await pullPage({ ours: text, link, base, pages: signedIn.pages, exportMarkdown, linkedPages: async () => pageIdOf });
    assert.equal(pulled.kind, 'merged');
    assert.equal(pulled.kind === 'merged' ? pulled.text : '', '# Notes\n\nSee [x](guide/setup.md#install), [y](missing.md) and [z](diagram.png), all of them.\n\nAnd [k](other/known.md) as well.\n');
    // Without knowing the links' pages, the same edit meets the file's own links on the same lines.
    const blind = await pullPage({ ours: text, link, base, pages: signedIn.pages, exportMarkdown });
    assert.equal(blind.kind, 'conflicts');

    // A file in no folder a run may look in: its links name no page it can know.
    assert.equal(await linkedPageIdOf(join(tmpdir(), 'elsewhere.md'), text, linkPorts), undefined);
  });

  it('a file published on its own sends links to its own headings (a table of contents) in the wiki\'s anchor form, which the page view has', async () => {
    const text = '# Handbook\n\n- [Install](#install)\n- [Configure](#step-2-configure-it)\n- [Gone](#gone)\n\n## Install\n\n## Step 2: Configure it!\n\nBack to [Install](#install).\n';
    await write({ 'handbook.md': text });
    const read = await readMarkdownSources(['handbook.md'], repo);
    assert.ok(read.ok);
    const plan = planFiles(read.files, new Map(), TO);
    const links = await planFileLinks(read.files, plan, ports());
    assert.equal(plan[0]?.linksToPages, undefined, 'links into its own page are no links to pages');
    assert.equal(linkCaution(plan[0]), '1 link stays as written and will not work on the wiki: #gone (no such heading on this page).');

    const [result] = await send(plan, (item) => links.content(item));
    assert.equal(result?.state, 'published', result?.outcome?.message);
    const sent = pageText('Handbook');
    assert.equal(sent, text.replaceAll('(#install)', '(#Install)').replace('(#step-2-configure-it)', '(#Step-2%3A-Configure-it%21)'));
    assert.equal(await readFile(join(repo, 'handbook.md'), 'utf8'), text, 'the file on disk is never changed');
    // Each mapped anchor names a heading of the page as the wiki shows it.
    const handbook = signedIn.world.sandbox.findPageByTitle('DOCS', '123456', 'Handbook');
    assert.ok(handbook);
    const view = await (await fetch(pagesAt(handbook.id, 'Handbook'))).text();
    for (const id of ['Install', 'Step-2:-Configure-it!']) assert.ok(view.includes(`id="${id}"`), `the page view has a heading with id ${id}`);
    assert.ok(!view.includes('id="install"') && !view.includes('id="gone"'), 'the GitHub slugs are no anchors on the wiki');
  });

  it('a file planned again after its prompts keeps what was decided of its links, a link waiting for a page included', async () => {
    await write({ 'draft.md': '# Draft\n\nNot published yet.\n', 'notes.md': `${NOTES}\nSee [the draft](draft.md).\n` });
    const source: SourceFile = { key: join(repo, 'notes.md'), label: 'notes.md', text: await readFile(join(repo, 'notes.md'), 'utf8') };
    // As the editor does: a first plan without a target, decided, then the plan made again with the prompts' answers.
    const first = planFile(source, undefined, { titleFromFile: true });
    const links = await planFileLinks([source], [first], ports());
    assert.equal(first.state, 'incomplete');
    const answered = planFile(source, undefined, TO);
    assert.equal(answered.linksWaitForPages, undefined, 'a new plan knows nothing of its links yet');
    links.annotate(answered);
    assert.equal(answered.linksToPages, 1);
    assert.equal(answered.linksWaitForPages, true, 'draft.md exists and has no page yet');
    assert.equal(linkCaution(answered), linkCaution(first));
    assert.match(linkCaution(answered) ?? '', /draft\.md \(it has no page yet: a publish after it has one fills the link in\)/);

    // What it leaves once published records the pages its links reached (none for draft.md): a publish after draft.md
    // has a page finds them changed and sends it again, to fill the link in.
    const [result] = await send([answered], (item) => links.content(item));
    assert.equal(result?.state, 'published', result?.outcome?.message);
    assert.notEqual(landedLink(result as FileResult, 1)?.linkTargets, undefined);
  });

  it('a title heading the linked page leaves out is no anchor there, on its own or in the same selection', async () => {
    await write({ 'notes.md': '# Notes\n\nSee [the top](guide/setup.md#setup) and [the step](guide/setup.md#install).\n' });
    const plan = async (files: string[], extra: Partial<FileLinkPorts<string>>, omitTitleHeading = false) => {
      const read = await readMarkdownSources(files, repo);
      assert.ok(read.ok);
      const items = planFiles(read.files, new Map(), { ...TO, omitTitleHeading });
      await planFileLinks(read.files, items, ports(extra));
      return items.find((item) => item.file.label === 'notes.md');
    };
    // The page shows its first heading: both anchors are headings of it.
    assert.equal(linkCaution(await plan(['notes.md'], {})), undefined);
    // Published with the title heading left out (the editor's setting), "Setup" is no heading of its page.
    const unknownTop = '1 link goes to its page, not to the heading it names (the page has no such heading): guide/setup.md#setup.';
    assert.equal(linkCaution(await plan(['notes.md'], { omitTitleHeading: true })), unknownTop);
    // The linked file's front matter says so itself.
    await write({ 'guide/setup.md': `---\nomitTitleHeading: true\n---\n${SETUP}` });
    assert.equal(linkCaution(await plan(['notes.md'], {})), unknownTop);
    // A file of the same selection: as its plan sends it (recorded page, title heading left out by the run's option).
    await write({ 'guide/setup.md': SETUP });
    const recorded = async () => ({ links: new Map([[join(repo, 'guide', 'setup.md'), { spaceId: '1001', parentId: ids.guide, pageTitle: 'Setup', pageId: ids.setup, publishedAt: 0 }]]) });
    const selected = await readMarkdownSources(['notes.md', 'guide/setup.md'], repo);
    assert.ok(selected.ok);
    const setupKey = join(repo, 'guide', 'setup.md');
    const items = planFiles(selected.files, (await recorded()).links, { ...TO, omitTitleHeading: true });
    await planFileLinks(selected.files, items, ports({ recordedLinks: recorded }));
    assert.equal(items.find((item) => item.file.key === setupKey)?.recipe.omitHeading, 'Setup');
    assert.equal(linkCaution(items.find((item) => item.file.label === 'notes.md')), unknownTop);
  });

  it('a link to a folder\'s content file (README.md, index.md, <folder>.md) reaches its folder\'s recorded page', async () => {
    await write({ 'guide/README.md': '# Guide\n\n## Overview\n', 'index.md': '# Index\n\nStart with [the guide](guide/README.md#overview).\n' });
    const read = await readMarkdownSources(['index.md'], repo);
    assert.ok(read.ok);
    const plan = planFiles(read.files, new Map(), TO);
    const links = await planFileLinks(read.files, plan, ports());
    assert.equal(linkCaution(plan[0]), undefined);
    assert.equal(links.rewrite(plan[0]?.file.key ?? '', '[the guide](guide/README.md#overview)'), `[the guide](${pagesAt(ids.guide, 'Guide')}#Overview)`);
  });

  it('a file of the same selection goes where its plan sends it: to its recorded page, or nowhere known when it goes elsewhere', async () => {
    const read = await readMarkdownSources(['notes.md', 'guide/setup.md'], repo);
    assert.ok(read.ok);
    const recorded: PageLink = { spaceId: '1001', parentId: ids.guide, pageTitle: 'Setup', pageId: ids.setup, publishedAt: 0 };
    const setupKey = join(repo, 'guide', 'setup.md');
    const kept = planFiles(read.files, new Map([[setupKey, recorded]]), TO);
    await planFileLinks(read.files, kept, ports({ recordedLinks: async () => ({ links: new Map() }) }));
    assert.equal(kept.find((item) => item.file.label === 'notes.md')?.linksToPages, 1, 'its plan updates its recorded page');

    // --retarget: the selected file goes to a new page, so its recorded page is not where the link should go.
    const retargeted = planFiles(read.files, new Map(), TO);
    await planFileLinks(read.files, retargeted, ports());
    const notes = retargeted.find((item) => item.file.label === 'notes.md');
    assert.equal(notes?.linksToPages, undefined);
    // With page access the run learns the new page's ID and a second pass fills the link in: no caution for it.
    assert.equal(notes?.linksWaitForPages, true);
    assert.doesNotMatch(linkCaution(notes) ?? '', /setup\.md/);
    // Without, nothing can learn the page's ID in this run: the link stays, and the plan says why.
    const blind = planFiles(read.files, new Map(), TO);
    await planFileLinks(read.files, blind, ports({ pageAccess: async () => false }));
    assert.match(linkCaution(blind.find((item) => item.file.label === 'notes.md')) ?? '', /guide\/setup\.md#install \(it has no page yet: a publish after it has one fills the link in\)/);
  });

  describe('two passes (runFlat)', () => {
    const flat = async (files: Record<string, string>, extra: Partial<FileLinkPorts<string>> = {}, sendHook?: (item: PlanItem) => boolean, signal?: AbortSignal) => {
      await write(files);
      const read = await readMarkdownSources(Object.keys(files), repo);
      assert.ok(read.ok);
      const items = planFiles(read.files, new Map(), TO);
      const links = await planFileLinks(read.files, items, ports(extra));
      const progress: string[] = [];
      const ended: FlatFileResult[] = [];
      const run = await runFlat(items, {
        concurrency: 2, links, pages: signedIn.pages, gate: new ThrottleGate(), ...(signal ? { signal } : {}),
        onStart: (item, started, total) => progress.push(`${started}/${total} ${item.file.label}`),
        onResult: (result) => ended.push(result),
        send: (item, target, context) => {
          if (sendHook && !sendHook(item)) return Promise.resolve({ kind: 'unexpected', severity: 'error', status: 500, message: 'refused by the test', actions: [], attempts: 1, mayHaveLanded: false });
          return sendPlanned(item, target, context, {
            endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
          });
        },
      });
      return { items, run, progress, ended };
    };
    const pageOf = (title: string) => {
      const found = signedIn.world.sandbox.pages().find((candidate) => candidate.title === title && !candidate.deleted);
      assert.ok(found, `"${title}" is on the wiki`);
      return found;
    };

    it('a file whose links name a page this run creates goes after it, once, the link and its anchor filled in', async () => {
      const { run, progress, ended } = await flat({
        'flat/one.md': '# One\n\nSee [two](two.md#the-part) and [setup](../guide/setup.md#install).\n',
        'flat/two.md': '# Two\n\n## The part\n\nText.\n',
        'flat/three.md': '# Three\n\nNo links.\n',
      });
      const two = pageOf('Two');
      assert.equal(pageOf('One').markdown, `# One\n\nSee [two](${pagesAt(two.id, 'Two')}#The-part) and [setup](${pagesAt(ids.setup, 'Setup')}#Install).\n`);
      assert.equal(pageOf('One').version, 1, 'written once');
      assert.equal(two.version, 1);
      assert.equal(run.secondPass, 0);
      assert.deepEqual(ended.map((result) => [result.item.file.label, result.pass]).slice(-1), [['flat/one.md', 1]]);
      assert.equal(ended.find((result) => result.item.file.label === 'flat/two.md')?.pageId, two.id);
      assert.equal(run.summary.published, 3);
      assert.deepEqual(progress.map((line) => line.split(' ')[0]).sort(), ['1/3', '2/3', '3/3']);
      const one = ended.find((result) => result.item.file.label === 'flat/one.md');
      const recorded = landedLink(one as FlatFileResult, 0, one?.pageId);
      assert.equal(recorded?.version, 1);
      assert.ok(recorded?.contentSha256, 'nothing waits any more: the next run leaves it alone');
      assert.deepEqual(run.linksLeft, []);
    });

    it('files whose links name each other (a cycle): one goes first and again once the other landed; both passes count', async () => {
      const { run, progress, ended } = await flat({
        'flat/one.md': '# One\n\nSee [two](two.md#the-part).\n',
        'flat/two.md': '# Two\n\n## The part\n\nBack to [one](one.md).\n',
        'flat/three.md': '# Three\n\nNo links.\n',
      });
      const one = pageOf('One');
      const two = pageOf('Two');
      assert.equal(one.markdown, `# One\n\nSee [two](${pagesAt(two.id, 'Two')}#The-part).\n`);
      assert.equal(one.version, 1, 'the file waiting for the other goes once');
      assert.equal(two.markdown, `# Two\n\n## The part\n\nBack to [one](${pagesAt(one.id, 'One')}).\n`);
      assert.equal(two.version, 2, 'the one that had to go first goes again');
      assert.equal(run.secondPass, 1);
      assert.deepEqual(ended.map((result) => [result.item.file.label, result.pass]).slice(-1), [['flat/two.md', 2]]);
      assert.equal(run.summary.published, 3, 'each file once, by its last pass');
      // One count for both passes: the total grows by the file sent again.
      assert.deepEqual(progress.map((line) => line.split(' ')[0]).sort(), ['1/3', '2/3', '3/3', '4/4']);
      // The first pass left Two with the pages its links reached then (not One's); the second pass's link names One's.
      const [firstTwo, secondTwo] = ended.filter((result) => result.item.file.label === 'flat/two.md');
      const waited = landedLink(firstTwo as FlatFileResult, 0, firstTwo?.pageId);
      const settled = landedLink(secondTwo as FlatFileResult, 0, secondTwo?.pageId);
      assert.notEqual(waited?.linkTargets, undefined);
      assert.notEqual(waited?.linkTargets, settled?.linkTargets, 'a run that stopped after the first pass would send it again');
      assert.equal(settled?.pageId, two.id);
      assert.equal(settled?.version, 2);
      assert.ok(settled?.contentSha256, 'nothing waits any more: the next run leaves it alone');
      assert.deepEqual(run.linksLeft, []);
    });

    it('a second send interrupted while out is not counted as sent again; the file counts as its first pass published it', async () => {
      const { sandbox } = signedIn.world;
      const interrupt = new AbortController();
      // The wiki holds each request a while, and carries it out after its client went away.
      sandbox.injectFaults({ latencyMs: 300 });
      try {
        // Links both ways: Ten goes first, Eleven once Ten's page is known, then Ten again once Eleven's is:
        // interrupted while that send is out.
        const before = sandbox.imports.length;
        const running = flat({ 'flat/ten.md': '# Ten\n\nSee [eleven](eleven.md).\n', 'flat/eleven.md': '# Eleven\n\nBack to [ten](ten.md).\n' }, {}, undefined, interrupt.signal);
        await until(() => sandbox.imports.length === before + 2 && sandbox.importsInFlight === 1, running);
        interrupt.abort();
        const { run, ended } = await running;
        assert.deepEqual(ended.filter((result) => result.pass === 2).map((result) => [result.item.file.label, result.state]), [['flat/ten.md', 'cancelled']]);
        assert.equal(run.secondPass, 0, 'no second send is known to have reached its page');
        assert.equal(run.summary.published, 2);
      } finally {
        sandbox.clearFaults();
      }
    });

    it('a page that did not land fills nothing in: no second pass, and the waiting file goes again in the run in which that page lands', async () => {
      const { run, ended } = await flat({
        'flat/four.md': '# Four\n\nSee [five](five.md).\n',
        'flat/five.md': '# Five\n\nText.\n',
      }, {}, (item) => item.file.label !== 'flat/five.md');
      assert.equal(run.secondPass, 0);
      assert.equal(run.summary.failed, 1);
      assert.equal(pageOf('Four').markdown, '# Four\n\nSee [five](five.md).\n');
      const four = ended.find((result) => result.item.file.label === 'flat/four.md');
      // Recorded with the pages its links reached (none for five.md): the plan of a run that sends five.md sends it too.
      assert.notEqual(landedLink(four as FlatFileResult, 0)?.linkTargets, undefined);
      // The plan counted on the second pass and gave the link no caution: the run says which links stayed, and why.
      assert.deepEqual(run.linksLeft.map((left) => [left.item.file.label, left.waitsFor]), [['flat/four.md', ['flat/five.md']]]);
    });

    it('a linked file whose page a colleague deleted on the wiki is created anew, and the file linking to it goes after it, its link at the new page, not the dead one', async () => {
      const files = { 'flat/eight.md': '# Eight\n\nSee [nine](nine.md).\n', 'flat/nine.md': '# Nine\n\nText.\n' };
      const { ended } = await flat(files);
      const remembered = new Map<string, PageLink | undefined>();
      for (const result of ended) remembered.set(result.item.file.key, landedLink(result, 0, result.pageId ?? pageOf(result.item.file.label === 'flat/eight.md' ? 'Eight' : 'Nine').id));
      const oldNine = pageOf('Nine');
      assert.equal(pageOf('Eight').markdown, `# Eight\n\nSee [nine](${pagesAt(oldNine.id, 'Nine')}).\n`);
      signedIn.world.sandbox.deletePage(oldNine.id);

      // Both changed: Eight's link was decided with Nine's old page, which the guard finds deleted.
      await write({ 'flat/eight.md': '# Eight\n\nSee [nine](nine.md), again.\n', 'flat/nine.md': '# Nine\n\nMore text.\n' });
      const read = await readMarkdownSources(Object.keys(files), repo);
      assert.ok(read.ok);
      const items = planFiles(read.files, remembered, TO);
      const links = await planFileLinks(read.files, items, ports());
      await guardPlan(items, { pages: signedIn.pages, noAccessReason: 'no page access', overwriteEdited: true });
      assert.deepEqual(items.map((item) => [item.file.label, item.state, item.guard?.kind]), [['flat/eight.md', 'send', 'asLeft'], ['flat/nine.md', 'send', 'deleted']]);
      const run = await runFlat(items, {
        concurrency: 2, links, pages: signedIn.pages, gate: new ThrottleGate(),
        send: (item, target, context) => sendPlanned(item, target, context, {
          endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
        }),
      });
      const newNine = pageOf('Nine');
      assert.notEqual(newNine.id, oldNine.id, 'Nine is created anew');
      assert.equal(pageOf('Eight').markdown, `# Eight\n\nSee [nine](${pagesAt(newNine.id, 'Nine')}), again.\n`, 'the link reaches the new page');
      // Eight waited for Nine's new page: its one send names it.
      assert.equal(pageOf('Eight').version, 2);
      assert.equal(run.secondPass, 0);
      assert.deepEqual(run.linksLeft, []);
    });

    it('without a site address no page address can be made: no second pass', async () => {
      const { run } = await flat({ 'flat/six.md': '# Six\n\nSee [seven](seven.md).\n', 'flat/seven.md': '# Seven\n\nText.\n' }, { siteBase: undefined });
      assert.equal(run.secondPass, 0);
      assert.equal(pageOf('Six').markdown, '# Six\n\nSee [seven](seven.md).\n');
      assert.deepEqual(run.linksLeft, [], 'the plan cautioned about this link already');
    });
  });
  it('a tree planned from files read in full (the editor\'s way) sends a link to a file outside its folder as that file\'s recorded page, with the wiki\'s anchor', async () => {
    const text = '# Tree doc\n\nSee [x](../guide/setup.md#install) and [n](../notes.md).\n';
    await write({ 'docs/a.md': text });
    const read = await readMarkdownSources(['docs/a.md'], repo);
    assert.ok(read.ok);
    const identity = new MemoryIdentity();
    const fs = nodeWalkFs({ cwd: repo });
    const plan = await planTreeOnDisk(read.files, {
      rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity, links: new Map(), pageAccess: true,
    }, { fs, root: join(repo, 'docs') }, ports());
    // notes.md has no page: its link stays, named as leaving the folder.
    assert.equal(linkCaution(plan.pages[0]?.item), '1 link stays as written and will not work on the wiki: ../notes.md (outside the published folder).');
    const run = await runTree({
      plan, pages: signedIn.pages, identity, gate: new ThrottleGate(), concurrency: 2,
      addressOf: (pageId, title) => pageAddress(signedIn.world.sandbox.baseUrl, 'DOCS', pageId, title),
      addressInSpace: async (spaceId) => (pageId, title) => pageAddress(signedIn.world.sandbox.baseUrl, spaceId, pageId, title),
      guard: { noAccessReason: 'no page access' },
      send: (item, target, context) => sendPlanned(item, target, context, {
        endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000,
      }),
    });
    assert.equal(run.results[0]?.state, 'published', run.results[0]?.outcome?.message);
    assert.equal(pageText('Tree doc'), `# Tree doc\n\nSee [x](${pagesAt(ids.setup, 'Setup')}#Install) and [n](../notes.md).\n`);
  });
});
