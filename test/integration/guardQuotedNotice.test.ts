// The edit guard against the sandbox wiki when a file quotes a publish notice in an HTML comment or block: the wiki
// shows raw HTML as text, so the quote's emphasis and link reach the page's storage body as a paragraph like the
// notice's. The guard must read the page's own notice, never the quote's marker.
import assert from 'node:assert/strict';
import { pathDigest } from '../../src/core/publish/publishNotice';
import { guardPlan } from '../../src/core/run/guard';
import { planFiles, type SourceFile } from '../../src/core/run/plan';
import { linkAfterPublish } from '../../src/core/run/publishedLink';
import { runPlan } from '../../src/core/run/runner';
import { sendPlanned } from '../../src/core/run/send';
import type { PageLink } from '../../src/core/links/pageLink';
import { useSignedInWorld } from '../support/signedInWorld';

const OTHER = '*Published from [docs/other.md](<https://git.example/other.md#wiki-publisher.v3.0123456789abcdef0123.0badf00d>) with Wiki Publisher. Edit the file in its repository rather than this page.*';

describe('the edit guard against the sandbox wiki: a notice quoted in an HTML comment or block of the file', () => {
  const signedIn = useSignedInWorld();
  const DEFAULTS = { spaceId: 'DOCS', parentId: '123456', overwrite: false };
  const file = (text: string): SourceFile => ({ key: '/repo/docs/about.md', label: 'docs/about.md', text });

  async function publish(source: SourceFile, link: PageLink | undefined, notice: { off?: boolean }): Promise<{ link: PageLink | undefined; state: string; verdict: string | undefined }> {
    const plan = planFiles([source], new Map([[source.key, link]]), { titleFromFile: true, defaults: DEFAULTS });
    await guardPlan(plan, { pages: signedIn.pages, noAccessReason: 'no page access', ...(notice.off ? { noticeOff: true } : {}) });
    const item = plan[0];
    assert.ok(item);
    const verdict = item.guard?.kind;
    if (item.state !== 'send') return { link, state: item.state, verdict };
    const [result] = await runPlan(plan, {
      concurrency: 1,
      send: (planned, target, context) => sendPlanned(planned, target, context, {
        endpoint: new URL(signedIn.world.sandbox.importEndpoint), token: signedIn.apiToken, transport: signedIn.transport, deadlineMs: 10_000, notice,
      }),
    });
    assert.equal(result?.state, 'published', JSON.stringify(result?.outcome));
    const complete = item.complete;
    assert.ok(complete);
    return { link: linkAfterPublish(item, complete, Date.now(), result?.outcome?.kind === 'updated' ? 'updated' : 'created'), state: 'published', verdict };
  }

  const quotes: Array<[string, string]> = [
    ['an HTML comment', `<!--\n${OTHER}\n-->\n`],
    ['an HTML comment with blank lines', `<!--\n\n---\n\n${OTHER}\n\n-->\n`],
    ['an HTML block', `<div>\n${OTHER}\n</div>\n`],
    ['an HTML comment left open', `<!--\n\n${OTHER}\n`],
  ];
  for (const notice of [{}, { off: true }] as const) {
    for (const [where, quote] of quotes) {
      it(`${'off' in notice ? 'notices off' : 'notices on'}: a notice quoted at the file's end in ${where} is not the page's`, async () => {
        const source = file(`# About\n\nEvery page ends with a notice:\n\n${quote}`);
        const first = await publish(source, undefined, notice);
        assert.equal(first.state, 'published');
        const pageId = signedIn.world.sandbox.findPageByTitle('DOCS', '123456', 'About')?.id as string;
        const page = (await signedIn.pages.getPages([pageId], undefined, { withBody: true })).get(pageId);
        const marker = page?.body?.marker;
        if ('off' in notice) assert.equal(marker, undefined, 'a page published without a notice has none');
        else assert.equal(marker?.path, pathDigest('docs/about.md'), 'the page\'s own notice');
        // The next publish of the same file finds its page as it left it.
        const again = await publish(source, first.link, notice);
        assert.notEqual(again.verdict, 'notOurs');
        assert.equal(again.state, 'unchanged', `${again.state} ${again.verdict}`);
      });
    }
    // Docs about HTML escape an opener to show it: the storage holds it as a raw block's would be, but its end never comes.
    const escaped: Array<[string, string]> = [
      ['comment opener', '\\<!-- starts an HTML comment, which the wiki shows as text.'],
      ['script tag', '\\<script> tags are stripped, so this one shows as text.'],
    ];
    for (const [what, line] of escaped) {
      it(`${'off' in notice ? 'notices off' : 'notices on'}: a paragraph opening with an escaped ${what} hides no notice after it: the file's next change is sent`, async () => {
        const text = (last: string): string => `# About\n\nComments in our pages:\n\n${line}\n\n${last}\n`;
        const first = await publish(file(text('First.')), undefined, notice);
        assert.equal(first.state, 'published');
        const again = await publish(file(text('Second.')), first.link, notice);
        assert.equal(again.verdict, 'asLeft');
        assert.equal(again.state, 'published');
        const pageId = signedIn.world.sandbox.findPageByTitle('DOCS', '123456', 'About')?.id as string;
        const page = (await signedIn.pages.getPages([pageId], undefined, { withBody: true })).get(pageId);
        if ('off' in notice) assert.equal(page?.body?.marker, undefined);
        else assert.equal(page?.body?.marker?.version, 2, 'the notice the second publish wrote');
      });
    }
  }
});
