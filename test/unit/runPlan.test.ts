import assert from 'node:assert/strict';
import type { PageLink } from '../../src/core/links/pageLink';
import type { PublishOutcome } from '../../src/core/publish/outcome';
import { omitTitleHeading } from '../../src/core/markdown/headings/omitTitle';
import { contentHash, countPlan, planFile, planFiles, type SourceFile } from '../../src/core/run/plan';
import { linkAfterPublish } from '../../src/core/run/publishedLink';
import { clampConcurrency, runPlan, summarise, summaryLine, ThrottleGate } from '../../src/core/run/runner';

const file = (label: string, text: string): SourceFile => ({ key: `file:///${label}`, label, text });
const pinned = (title: string, extra = ''): string => `---\nwiki:\n  spaceId: DOCS\n  parentId: "1"\n  pageTitle: ${title}\n${extra}---\n# ${title}\n\nBody of ${title}.\n`;
const outcome = (kind: PublishOutcome['kind'], extra: Partial<PublishOutcome> = {}): PublishOutcome => ({
  kind, severity: kind === 'created' || kind === 'updated' ? 'info' : 'error', status: undefined, message: kind, actions: [], attempts: 1, mayHaveLanded: false, ...extra,
});

describe('planning files', () => {
  it('takes each file\'s title from its front matter, first heading or name when publishing many', () => {
    const items = planFiles([file('docs/a.md', '# Alpha\n\ntext'), file('docs/b-notes.md', 'no heading')], new Map(), {
      titleFromFile: true, defaults: { spaceId: 'DOCS', parentId: '1', overwrite: false },
    });
    assert.deepEqual(items.map((item) => item.complete?.pageTitle), ['Alpha', 'b-notes']);
    assert.deepEqual(items.map((item) => item.state), ['send', 'send']);
  });

  it('refuses every file of a group that would land on the same page', () => {
    const items = planFiles([file('a.md', pinned('Same')), file('b.md', pinned('Same')), file('c.md', pinned('Other'))], new Map());
    assert.deepEqual(items.map((item) => item.state), ['refused', 'refused', 'send']);
    assert.match(items[0]?.refusals[0]?.message ?? '', /same page as b\.md/);
    assert.equal(items[0]?.refusals[0]?.code, 'duplicatePage');
  });

  it('names three others of a large group that shares a page or a title, and refuses every one of its files', () => {
    // A pull request of thousands of files with one title: each refusal named every other file (four million names
    // for 2,000 files, and minutes to plan them). Now it names three and says there are more.
    const under = (title: string, parent: string): string => `---\nwiki:\n  spaceId: DOCS\n  parentId: "${parent}"\n  pageTitle: ${title}\n---\nText.\n`;
    const same = Array.from({ length: 2000 }, (_, index) => file(`same/${String(index).padStart(4, '0')}.md`, under('Same', '1')));
    const elsewhere = [file('other/a.md', under('same', '2')), file('other/b.md', under('Same', '3'))];
    const items = planFiles([...same, ...elsewhere, file('four/1.md', pinned('Four')), file('four/2.md', pinned('Four')), file('four/3.md', pinned('Four')), file('four/4.md', pinned('Four'))], new Map());
    assert.ok(items.every((item) => item.state === 'refused'), 'every file of both groups is refused');
    assert.deepEqual(items[0]?.refusals.map((refusal) => refusal.message), [
      'It would land on the same page as same/0001.md, same/0002.md, same/0003.md, ... ("Same" under parent 1; titles that differ only in case count as the same). Give each file its own title.',
      'Its title "Same" is also the title of other/a.md, other/b.md in the space DOCS; the wiki keeps a title unique in a space (ignoring case). Give each file its own title.',
    ]);
    // A file under another parent names the others of the space, past none of its own page.
    assert.deepEqual(items[2000]?.refusals.map((refusal) => refusal.message), [
      'Its title "same" is also the title of same/0000.md, same/0001.md, same/0002.md, ... in the space DOCS; the wiki keeps a title unique in a space (ignoring case). Give each file its own title.',
    ]);
    // A group of four names all three others.
    assert.match(items.at(-1)?.refusals[0]?.message ?? '', /same page as four\/1\.md, four\/2\.md, four\/3\.md \(/);
    assert.ok(items.every((item) => item.refusals.every((refusal) => refusal.message.length < 400)));
  });

  it('refuses empty content and bad front matter before anything is sent, and lists cautions', () => {
    const items = planFiles([file('e.md', '---\nwiki:\n  spaceId: DOCS\n---\n  \n'), file('f.md', '---\nwiki: [1]\n---\nx'), file('g.md', `${pinned('G')}\n![x](x.png)\n`)], new Map());
    assert.deepEqual(items.map((item) => item.state), ['refused', 'refused', 'send']);
    assert.deepEqual(items[2]?.cautions.map((caution) => caution.code), ['localImages']);
    assert.equal(countPlan(items).withCautions, 1);
  });

  it('skips a file whose content and target equal its last publish, unless forced', () => {
    const text = pinned('Guide');
    const first = planFile(file('g.md', text), undefined);
    const link: PageLink = linkAfterPublish(first, first.complete!, 1000, 'created');
    const again = planFile(file('g.md', text), link);
    assert.equal(again.state, 'unchanged');
    assert.equal(again.complete?.overwrite, true, 'the linked page is updated without a question');
    assert.equal(planFile(file('g.md', text), link, { force: true }).state, 'send');
    assert.equal(planFile(file('g.md', `${text}more\n`), link).state, 'send', 'changed content is sent');
    assert.equal(planFile(file('g.md', text.replace('parentId: "1"', 'parentId: "2"')), link).state, 'send', 'another target is sent');
  });

  it('counts new pages, updates, unchanged and refused for the confirmation', () => {
    const linkedItem = planFile(file('l.md', '# L\n'), { spaceId: 'DOCS', parentId: '1', pageTitle: 'L', publishedAt: 0 });
    const items = [linkedItem, ...planFiles([file('n.md', pinned('N')), file('r.md', '')], new Map())];
    assert.deepEqual(countPlan(items), {
      files: 3, send: 2, newPages: 1, updates: 1, replaces: 0, unchanged: 0, refused: 1, incomplete: 0, edited: 0, retitled: 0, unchecked: 0, withCautions: 0,
    });
  });

  it('a front matter overwrite on a page this file never published is "replacing", not "new"', () => {
    const items = planFiles([file('o.md', '---\nwiki:\n  spaceId: DOCS\n  parentId: "1"\n  pageTitle: Theirs\n  overwrite: true\n---\nx\n')], new Map());
    assert.equal(countPlan(items).replaces, 1);
    assert.equal(countPlan(items).newPages, 0);
  });

  it('records the version the publish produced: 1 for a create, the version the guard saw plus one for an update', () => {
    const first = planFile(file('g.md', pinned('Guide')), undefined);
    assert.equal(linkAfterPublish(first, first.complete!, 1000, 'created').version, 1);
    const linked = planFile(file('g.md', `${pinned('Guide')}more\n`), { spaceId: 'DOCS', parentId: '1', pageTitle: 'Guide', pageId: '9', version: 4, publishedAt: 1 });
    assert.equal(linkAfterPublish(linked, linked.complete!, 2000, 'updated').version, undefined, 'no guard look: unknown, checked by time next');
    linked.guard = { kind: 'asLeft', page: { id: '9', title: 'Guide', version: 4 } };
    const after = linkAfterPublish(linked, linked.complete!, 2000, 'updated');
    assert.equal(after.version, 5);
    assert.equal(after.pageId, '9');
    linked.guard = { kind: 'deleted', pageId: '9' };
    assert.equal(linkAfterPublish(linked, { ...linked.complete!, overwrite: false }, 3000, 'created').pageId, undefined, 'a deleted page\'s ID is forgotten');
  });

  it('asks when a linked file\'s own title changed and nothing but the link names the page', () => {
    const link: PageLink = { spaceId: 'DOCS', parentId: '1', pageTitle: 'Design B', fileTitle: 'Design B', publishedAt: 1 };
    const renamedOver = planFile(file('b.md', '# Design A\n\nA text.\n'), link, { titleFromFile: true });
    assert.equal(renamedOver.state, 'retitled');
    assert.deepEqual(renamedOver.retitled, { fileTitle: 'Design A', pageTitle: 'Design B' });
    assert.equal(planFile(file('b.md', '# Design A\n'), link, { titleFromFile: true, acceptTitleChange: true }).state, 'send');
    assert.equal(planFile(file('b.md', '# Design B\n\nEdited.\n'), link, { titleFromFile: true }).state, 'send', 'same title: an ordinary update');
    const pinnedTitle = '---\nwiki:\n  pageTitle: Design B\n---\n# Design A\n';
    assert.equal(planFile(file('b.md', pinnedTitle), link, { titleFromFile: true }).state, 'send', 'front matter names the page: the user chose');
    const custom: PageLink = { spaceId: 'DOCS', parentId: '1', pageTitle: 'Release notes', fileTitle: 'notes', publishedAt: 1 };
    assert.equal(planFile(file('notes.md', 'Text\n'), custom).state, 'send', 'a title chosen in the prompt is not a change of the file');
  });

  it('asks for what is missing instead of guessing', () => {
    const item = planFile(file('x.md', '# X\n'), undefined);
    assert.equal(item.state, 'incomplete');
    assert.equal(item.suggestedTitle, 'X');
  });

  it('leaves out the title heading only when asked and only when it repeats the title', () => {
    const text = pinned('Guide');
    assert.equal(planFile(file('g.md', text), undefined).content, '# Guide\n\nBody of Guide.\n', 'default off: the file\'s text');
    assert.equal(planFile(file('g.md', text), undefined, { omitTitleHeading: true }).content, 'Body of Guide.\n');
    assert.equal(planFile(file('g.md', pinned('Guide', 'omitTitleHeading: false\n').replace('wiki:\n  ', 'wiki:\n  ')), undefined, { omitTitleHeading: true }).content?.startsWith('# Guide'), true);
    assert.equal(omitTitleHeading('# Other\n\nx', 'Guide'), '# Other\n\nx');
    assert.equal(omitTitleHeading('```\n# Guide\n```\n# Guide\nx', 'Guide'), '```\n# Guide\n```\nx', 'a heading inside code is not the title heading');
    assert.equal(omitTitleHeading('# Guide #\r\n\r\nx', 'Guide'), 'x', 'closing hashes and CRLF');
  });

  it('leaves out a setext title heading (`Guide` over `===`) as it leaves out `# Guide`: its lines and one blank line after them', () => {
    assert.equal(planFile(file('g.md', pinned('Guide').replace('# Guide\n', 'Guide\n=====\n')), undefined, { omitTitleHeading: true }).content, 'Body of Guide.\n');
    assert.equal(omitTitleHeading('Guide\r\n=====\r\n\r\nx\r\n', 'Guide'), 'x\r\n', 'CRLF');
    assert.equal(omitTitleHeading('The\nGuide\n===\nx', 'The Guide'), 'x', 'a title of two lines');
    assert.equal(omitTitleHeading('Intro\n\nGuide\n===\n', 'Guide'), 'Intro\n', 'the last lines go with the line end before them');
    assert.equal(omitTitleHeading('Other\n===\n\n# Guide\nx', 'Guide'), 'Other\n===\n\n# Guide\nx', 'the first level-one heading is not the title: nothing left out');
    assert.equal(omitTitleHeading('# Guide\n\nPart\n===\nx', 'Guide'), 'Part\n===\nx', 'a `# ` title before a setext heading');
    assert.equal(omitTitleHeading('```\nGuide\n===\n```\nx', 'Guide'), '```\nGuide\n===\n```\nx', 'not in code');
  });

  it('reads a file whose lines end in a bare CR (an old Mac file): its front matter is not sent, and only its title heading is left out', () => {
    const mac = '---\rwiki:\r  spaceId: DOCS\r  parentId: "1"\r  omitTitleHeading: true\r---\r# Guide\r\rFirst line.\rSecond line.\r';
    const item = planFile(file('mac.md', mac), undefined, { titleFromFile: true, defaults: { overwrite: false } });
    assert.deepEqual([item.state, item.complete?.spaceId, item.complete?.pageTitle], ['send', 'DOCS', 'Guide']);
    assert.equal(item.content, 'First line.\rSecond line.\r', 'the heading and the blank line after it, nothing else, with the file\'s own line ends');
    assert.equal(omitTitleHeading('Intro\r# Guide\rText', 'Guide'), 'Intro\r\rText', 'an empty line in its place: Text stays a paragraph of its own');
    assert.equal(omitTitleHeading('~~~\r# Guide\r~~~\r# Guide\rx', 'Guide'), '~~~\r# Guide\r~~~\rx', 'a heading inside code is not the title heading');
    assert.equal(omitTitleHeading('# Other\r\rx', 'Guide'), '# Other\r\rx');
    assert.equal(omitTitleHeading('Intro\n# Guide', 'Guide'), 'Intro', 'as before: the last line goes with the line end before it');
    assert.equal(omitTitleHeading('# Guide\n\n\nx\n', 'Guide'), '\nx\n', 'as before: one blank line goes with it');
  });

  it('hashes the Markdown that is sent', () => {
    assert.equal(planFile(file('g.md', pinned('G')), undefined).contentSha256, contentHash('# G\n\nBody of G.\n'));
  });
});

describe('running a plan', () => {
  const items = (n: number) => planFiles(Array.from({ length: n }, (_, i) => file(`f${i}.md`, pinned(`Page ${i}`))), new Map());

  it('never has more than `concurrency` sends out, and one failure does not stop the others', async () => {
    let out = 0;
    let peak = 0;
    const results = await runPlan(items(9), {
      concurrency: 3,
      send: async (item) => {
        out++;
        peak = Math.max(peak, out);
        await new Promise((resolve) => setImmediate(resolve));
        out--;
        return item.file.label === 'f4.md' ? outcome('serverError') : outcome('created');
      },
    });
    assert.equal(peak, 3);
    assert.deepEqual(summarise(results), { published: 8, failed: 1, existsUnproven: 0, edited: 0, skipped: 0, refused: 0, notStarted: 0, cancelled: 0 });
    assert.equal(summaryLine(summarise(results)), '8 published, 1 failed');
  });

  it('counts a page held back for want of a publish notice apart from an edit on the wiki, in the plan and the run', async () => {
    const plan = items(3);
    const page = { id: '9', title: 'Page', version: 3, parentId: '123456', spaceId: 'DOCS' } as const;
    const held = (item: (typeof plan)[number], noNotice: boolean): void => {
      item.state = 'edited';
      item.guard = { kind: 'edited', page: { ...page }, knownVersion: noNotice ? undefined : 1, publishedAt: 0, ...(noNotice ? { noNotice: true as const } : {}) };
    };
    held(plan[0]!, true);
    held(plan[1]!, false);
    assert.equal(countPlan(plan).edited, 2);
    assert.equal(countPlan(plan).noNotice, 1);
    const results = await runPlan(plan, { concurrency: 1, send: async () => outcome('updated') });
    assert.deepEqual(summarise(results), { published: 1, failed: 0, existsUnproven: 0, edited: 2, noNotice: 1, skipped: 0, refused: 0, notStarted: 0, cancelled: 0 });
    assert.equal(summaryLine(summarise(results)), '1 published, 1 left out (edited on the wiki), 1 left out (no publish notice on the page: an edit cannot be told from a publish)');
    held(plan[1]!, true);
    assert.equal(summaryLine(summarise(await runPlan(plan, { concurrency: 1, send: async () => outcome('updated') }))), '1 published, 2 left out (no publish notice on the page: an edit cannot be told from a publish)');
  });

  it('on cancel starts no new file, and says which were in flight (may have landed) and which never started', async () => {
    const controller = new AbortController();
    const results = await runPlan(items(6), {
      concurrency: 2,
      signal: controller.signal,
      send: async (item, _target, context) => {
        if (item.file.label === 'f2.md') controller.abort();
        if (context.signal.aborted) return outcome('cancelled', { mayHaveLanded: true });
        return outcome('created');
      },
    });
    assert.deepEqual(results.map((r) => r.state), ['published', 'published', 'cancelled', 'notStarted', 'notStarted', 'notStarted']);
    assert.equal(results[2]?.mayHaveLanded, true);
  });

  it('a throttle pause holds back every worker until it is over', async () => {
    let now = 0;
    const gate = new ThrottleGate(() => now);
    gate.pauseFor(1000);
    assert.equal(gate.pausedForMs, 1000);
    const waiting = gate.wait();
    now = 1000;
    await waiting;
    assert.equal(gate.pausedForMs, 0);
  });

  it('clamps the concurrency to 1-16', () => {
    assert.deepEqual([clampConcurrency(0), clampConcurrency(99), clampConcurrency(Number.NaN), clampConcurrency(3.7)], [1, 16, 4, 3]);
  });
});
