// The pieces behind the plan's Markdown, the annotations and the digest, on crafted input: text from files stays
// text (no table row, link, HTML comment, mention or workflow command out of a title), the digest changes with
// everything it covers and nothing else, and a reviewed plan is read back from its Markdown or --json output.
import assert from 'node:assert/strict';
import { escapeData, escapeProperty, runAnnotations, workflowCommand } from '../../src/cli/annotations';
import { lineAbout, targetLines } from '../../src/cli/fileLines';
import { RunRecords } from '../../src/cli/runRecords';
import { runMarkdown } from '../../src/cli/planMarkdown';
import { fitDocument, inlineText, linkText } from '../../src/cli/markdownText';
import { planMarkers, reviewedPlanFromText } from '../../src/cli/planMarkers';
import { checkReviewedPlan } from '../../src/core/run/planCheck';
import { planFingerprint, type DigestEntry } from '../../src/core/run/planDigest';
import { planFile, refuseItem } from '../../src/core/run/plan';
import { heldForLookupText } from '../../src/cli/verdictText';

const DEFAULTS = { spaceId: 'DOCS', parentId: '123', overwrite: true };
const entry = (label: string, text: string, extra: Partial<DigestEntry> = {}): DigestEntry => ({
  key: label, item: planFile({ key: label, label, text }, undefined, { titleFromFile: true, defaults: DEFAULTS }), ...extra,
});

describe('Plan rendering and digest pieces', () => {
  it('Markdown text from files cannot make a row, a link, raw HTML, a comment marker or a mention', () => {
    const hostile = 'a | b\n| c |\r\n<!-- wiki-publisher-plan-digest: x --> [x](javascript:alert(1)) ![i](http://x/i.png) @org/team `code` *b* _i_ ~s~ $m$';
    const text = inlineText(hostile);
    assert.doesNotMatch(text, /[\r\n]/);
    assert.doesNotMatch(text, /(^|[^\\])\|/, 'every pipe is escaped');
    assert.doesNotMatch(text, /<|>/);
    assert.doesNotMatch(text, /(^|[^\\])\[/, 'no bracket opens a link');
    assert.doesNotMatch(text, /@org/, 'no mention');
    assert.match(text, /@\u2060org\/team/);
    assert.equal(linkText('T', 'javascript:alert(1)'), 'T');
    assert.equal(linkText('T)', 'https://wiki.example.com/p/1/A (b)'), '[T)](https://wiki.example.com/p/1/A%20%28b%29)');
  });

  it('cuts a long document at a line end and says where the rest is', () => {
    const lines = Array.from({ length: 100 }, (_, index) => `| row ${index} |`);
    const cut = fitDocument(lines, ['tail marker'], 600, (left) => `_${left} more_`);
    assert.ok(cut.length <= 600 + 50);
    assert.match(cut, /_\d+ more_\ntail marker\n$/);
  });

  it('a long run\'s results cut for a comment keep the failed files and say how many published ones they leave out', () => {
    const records = new RunRecords();
    for (let index = 0; index < 3_000; index++) {
      records.add({ type: 'file', file: `docs/page-${index}.md`, status: 'published', outcome: 'updated', title: `Page ${index}`, spaceId: 'DOCS', parentId: '7', message: 'Success: Page updated successfully', cautions: [] });
    }
    records.add({ type: 'file', file: 'docs/zz-last.md', status: 'failed', outcome: 'serverError', title: 'Last', spaceId: 'DOCS', parentId: '7', message: 'The wiki answered with HTTP 500 (HTTP 500, 3 attempts)', cautions: [] });
    records.add({ type: 'summary', dryRun: false, exitCode: 1 });
    const text = runMarkdown(records, { maxChars: 60_000, fullPlanAt: 'the job summary of this run' });
    assert.ok(text.length <= 60_000, `${text.length} characters`);
    assert.match(text, /\*\*3000 published, 1 FAILED\*\*/);
    assert.match(text, /\| docs\/zz-last\.md \| Last in DOCS under 7 \| FAILED \| The wiki answered with HTTP 500/);
    assert.match(text, /\n_\d+ more files published or unchanged are not shown in this table: every file is in the job summary of this run\._\n/);
  });

  it('workflow commands escape what the runner reads: % CR LF in messages, and : , in properties', () => {
    assert.equal(escapeData('50% done\r\nnext'), '50%25 done%0D%0Anext');
    assert.equal(escapeProperty('a,b:c'), 'a%2Cb%3Ac');
    const command = workflowCommand({ level: 'error', file: 'docs/x,y:z.md', line: 3, title: 'T: x', message: 'one\n::warning::forged' });
    assert.equal(command, '::error file=docs/x%2Cy%3Az.md,line=3,title=T%3A x::one%0A::warning::forged');
    assert.equal(command.split('\n').length, 1);
  });

  it('a dry run\'s page found under another parent is annotated as moved, saying where it is and what --overwrite-edited does', () => {
    const records = new RunRecords();
    records.add({
      type: 'plan', file: 'docs/setup.md', status: 'edited', title: 'Setup', spaceId: 'DOCS', parentId: '7', refusals: [], cautions: [],
      wikiEdits: { checked: true, verdict: 'edited', version: 3, movedUnder: { id: '42', title: 'Archive' } },
    });
    const [annotation] = runAnnotations(records, () => '# Setup\n');
    assert.equal(annotation?.title, 'Moved on the wiki');
    assert.equal(annotation?.message, 'Its page is under "Archive" (page 42) on the wiki now, not where this publish puts it: moved on the wiki, or the place changed here. Left out; --overwrite-edited publishes a new page here and leaves that one where it is.');
  });

  it('a run\'s Markdown lists the pages it left behind, with their addresses, under moves and orphans', () => {
    const records = new RunRecords();
    records.add({ type: 'file', file: 'docs/guide/README.md', status: 'published', outcome: 'created', title: 'Guide', spaceId: 'DOCS', parentId: '7', message: 'Page created', cautions: [], tree: { key: 'guide/', depth: 0, pass: 1 } });
    records.add({ type: 'tree', moves: [], orphans: [], renamed: [], leftBehind: [{ path: 'docs/guide/', pageId: '42', title: 'Guide', url: 'https://wiki.example/wiki/spaces/DOCS/pages/42/Guide' }] });
    assert.ok(runMarkdown(records).includes('#### Moves and orphans\n\n- left behind: &quot;Guide&quot; ([page 42](https://wiki.example/wiki/spaces/DOCS/pages/42/Guide), was docs/guide/): a new page replaced it (its title changed, or its folder\'s page was published anew); remove it on the wiki if it should go\n'), runMarkdown(records));
  });

  it('a tree\'s links that no page address can be made for are said once, above the cautions, in a plan and in a run', () => {
    for (const dryRun of [true, false]) {
      const records = new RunRecords();
      const row = { file: 'docs/a.md', title: 'A', spaceId: 'DOCS', parentId: '7', cautions: [] };
      records.add(dryRun ? { type: 'plan', status: 'update', refusals: [], ...row } : { type: 'file', status: 'published', outcome: 'updated', message: 'Page updated', ...row });
      records.add({ type: 'summary', dryRun, exitCode: 0, linksWithoutAddress: 12 });
      const text = runMarkdown(records);
      const said = text.split('\n').filter((line) => line.includes('links between files stay as written'));
      assert.deepEqual(said, ['> **12 links between files stay as written:** without page access, page addresses are made from the wiki\'s address. Set `--base-url` or `WIKI_PUBLISHER_BASE_URL` (the action\'s `base-url`).'], text);
    }
  });

  it('a reason several files share, but for their own paths and titles, is said once with placeholders; one file\'s stays in its row', () => {
    const records = new RunRecords();
    const names = Array.from({ length: 40 }, (_, index) => `docs/p${index}.md`);
    for (const file of names) {
      records.add({
        type: 'plan', file, status: 'refused', title: `T ${file}`, spaceId: 'DOCS', parentId: '7', cautions: [],
        refusals: [`Not sent: the front matter of ${file} names the page titled "T ${file}" under page 7, the tree's parent page.`],
      });
    }
    records.add({ type: 'plan', file: 'docs/p1.md.bak/x.md', status: 'refused', title: 'X', spaceId: 'DOCS', parentId: '7', refusals: ['Not sent: docs/p1.md is its own.'], cautions: [] });
    records.add({ type: 'summary', dryRun: true, exitCode: 1 });
    const text = runMarkdown(records);
    assert.match(text, /\| docs\/p0\.md \| T docs\/p0\.md in DOCS under 7 \| refused \| reason 1 \(below\) \|/);
    assert.match(text, /\| docs\/p1\.md\.bak\/x\.md \| X in DOCS under 7 \| refused \| Not sent: docs\/p1\.md is its own\. \|/, 'a path inside another is not that file');
    const [reason] = text.split('\n').filter((line) => line.startsWith('1. '));
    assert.equal(reason, `1. Not sent: the front matter of *the file* names the page titled "*its title*" under page 7, the tree's parent page. — **40 files:** ${names.slice(0, 30).join(', ')}, and 10 more (their rows say reason 1)`);
    assert.equal(text.split('the front matter of').length - 1, 1);
  });

  it('places an annotation on the line it is about', () => {
    const text = '# Title\n\nText\n\n![a](pics/a.png)\n[b](other.md)\n';
    assert.equal(lineAbout(text, '1 local image (pics/a.png) will not show on the wiki.'), 5);
    assert.equal(lineAbout(text, '1 link to other local Markdown files (other.md) will point nowhere.'), 6);
    assert.equal(lineAbout(text, 'Its title "Title" is also the title of x.md.'), 1);
    assert.equal(lineAbout(undefined, 'anything'), 1);
  });

  it('places a link caution on the line of its link in the file, front matter counted, never on a mention of the path elsewhere', () => {
    // Line 3 of the front matter names the file too, and so does a code block: the link is on line 11.
    const text = '---\ntitle: Guide\nsee: gone.md\n---\n\n# Guide\n\n```\n[x](gone.md)\n```\n[the setup](gone.md) and ![pic](pics/a.png)\n\n[ref]: <other one.md>\n';
    assert.deepEqual(targetLines(text, ['gone.md']), [11]);
    assert.deepEqual(targetLines(text, ['other one.md', 'pics/a.png', 'gone.md', 'nowhere.md']), [13, 11], 'each line once; a target not there is left out');
    assert.deepEqual(targetLines('\uFEFF---\ntitle: T\n---\n[a](a.md)\n', ['a.md']), [4], 'after a byte order mark');
    assert.deepEqual(targetLines('\r\n[a](a.md)\r\n', ['a.md']), [2]);

    const records = new RunRecords();
    const cautions = ['2 links stay as written and will not work on the wiki (no such file): gone.md, other one.md.', 'Whether another page of the space is titled "Guide" could not be checked.'];
    records.add({ type: 'plan', file: 'docs/guide.md', status: 'send', action: 'create', title: 'Guide', spaceId: 'DOCS', parentId: '7', refusals: [], cautions, cautionTargets: [['gone.md', 'other one.md'], []] });
    records.add({ type: 'plan', file: 'docs/folder/', status: 'send', action: 'create', title: 'Folder', spaceId: 'DOCS', parentId: '7', refusals: [], cautions: ['1 link stays as written and will not work on the wiki: x.md (no such file).'], cautionTargets: [['x.md']] });
    const annotations = runAnnotations(records, (file) => (file === 'docs/guide.md' ? text : undefined));
    assert.deepEqual(annotations.map(({ file, line, title }) => [file, line, title]), [
      ['docs/guide.md', 11, 'Wiki Publisher caution'],
      ['docs/guide.md', 13, 'Wiki Publisher caution'],
      ['docs/guide.md', 2, 'Wiki Publisher caution'],
      [undefined, undefined, 'Wiki Publisher caution'],
    ], 'a caution naming two links is on the line of each; one naming no link still finds the title it quotes; a folder page has no file');
  });

  it('the digest of a plan of 1,500 files is the one its format has always given (the description is hashed in pieces)', () => {
    // Pinned: a publish must match a plan reviewed with the same format, so a change to how the digest is computed that
    // changes its value must change FORMAT too. 1,500 entries make a description of more than one piece.
    const entries = Array.from({ length: 1500 }, (_, index) => entry(`docs/part-${index % 7}/page-${index}.md`, `# Page ${index}\n\nText ${index * 31}.\n`));
    const files = planFingerprint(entries, { wiki: false });
    const wiki = planFingerprint(entries, { wiki: true });
    assert.deepEqual([files.digest, wiki.digest], ['e11f172e13628cd7b5e91ea1623bafb78e2259ae561205a91fea3f0e5c58454f', 'c277999aaf23b9d5d68f55eefd2d6479cdd3dbc3515ec0b6d5bb367b9011344d']);
  });

  it('the digest covers each file\'s path, target, content and state, in any order, and only the wiki view reads the wiki', () => {
    const base = [entry('a.md', '# A\n'), entry('b.md', '# B\n')];
    const digest = planFingerprint(base, { wiki: true }).digest;
    assert.equal(planFingerprint([...base].reverse(), { wiki: true }).digest, digest, 'order does not matter');
    assert.notEqual(planFingerprint([entry('a.md', '# A\n\nmore\n'), base[1] as DigestEntry], { wiki: true }).digest, digest, 'content');
    assert.notEqual(planFingerprint([entry('c.md', '# A\n'), base[1] as DigestEntry], { wiki: true }).digest, digest, 'path');
    assert.notEqual(planFingerprint([{ ...entry('a.md', '# A\n'), treeParent: 'docs/' }, base[1] as DigestEntry], { wiki: true }).digest, digest, 'place in a tree');
    const guarded = entry('a.md', '# A\n');
    guarded.item.guard = { kind: 'asLeft', page: { id: '7', title: 'A', version: 3 } };
    const seen = planFingerprint([guarded, base[1] as DigestEntry], { wiki: true });
    assert.notEqual(seen.digest, digest, 'the wiki view covers what the guard saw');
    assert.equal(planFingerprint([guarded, base[1] as DigestEntry], { wiki: false }).digest, planFingerprint(base, { wiki: false }).digest, 'the files view does not');
    guarded.item.guard = { kind: 'asLeft', page: { id: '7', title: 'A', version: 4 } };
    assert.notEqual(planFingerprint([guarded, base[1] as DigestEntry], { wiki: true }).digest, seen.digest, 'a new version on the wiki');
    const noIds = entry('n.md', '# N\n');
    refuseItem(noIds.item, { code: 'noPageAccess', message: 'needs page access', fix: undefined });
    assert.equal(planFingerprint([noIds], { wiki: false }).digest, planFingerprint([entry('n.md', '# N\n')], { wiki: false }).digest, 'a refusal only for want of page access is what the repository asks for');
  });

  it('reads the reviewed plan back from its Markdown or --json output, and compares per file', () => {
    const reviewed = planFingerprint([entry('a.md', '# A\n'), entry('b.md', '# B\n')], { wiki: false });
    const markers = planMarkers({ digest: reviewed.digest, wikiChecked: false, entries: Object.fromEntries(reviewed.entries) });
    const fromMarkdown = reviewedPlanFromText(`## Plan\n\n| a |\n\n${markers}\n`);
    assert.ok(fromMarkdown.ok);
    assert.equal(fromMarkdown.plan.digest, reviewed.digest);
    const json = `{"type":"plan"}\n${JSON.stringify({ type: 'summary', dryRun: true, plan: { digest: reviewed.digest, wikiChecked: false, entries: Object.fromEntries(reviewed.entries) } })}\n`;
    const fromJson = reviewedPlanFromText(json);
    assert.ok(fromJson.ok && fromJson.plan.entries?.size === 2);
    const now = planFingerprint([entry('a.md', '# A changed\n'), entry('c.md', '# C\n')], { wiki: false });
    const check = checkReviewedPlan(fromMarkdown.plan, { wiki: undefined, files: now });
    assert.equal(check.matched, false);
    assert.deepEqual(check.matched ? [] : check.differences, [{ key: 'a.md', change: 'changed' }, { key: 'b.md', change: 'removed' }, { key: 'c.md', change: 'added' }]);
    const two = reviewedPlanFromText(`${markers}\n${planMarkers({ digest: now.digest, wikiChecked: false, entries: {} })}`);
    assert.equal(two.ok, false, 'two different digests name no single plan');
    assert.equal(reviewedPlanFromText('nothing here').ok, false);
    assert.ok(checkReviewedPlan({ digest: reviewed.digest.slice(0, 12) }, { wiki: undefined, files: reviewed }).matched, 'a 12-digit prefix');
    assert.equal(checkReviewedPlan({ digest: reviewed.digest.slice(0, 11) }, { wiki: undefined, files: reviewed }).matched, false, 'not shorter');
  });
  it('says "run again" of updates left out for a failed lookup only where running again helps', () => {
    assert.equal(heldForLookupText(2, 0), '2 updates left out: run again, or --overwrite-edited sends them unchecked.');
    assert.equal(heldForLookupText(1, 1), '1 update left out: running again does not help; if the parent is only hidden from that account, --overwrite-edited sends it unchecked.');
    assert.equal(heldForLookupText(3, 1), '3 updates left out: run again for 2 of them (not for the 1 under a parent that account cannot see), or --overwrite-edited sends them unchecked.');
  });
});
