// CommonMark reads character references in a link destination (§2.5, examples 32 and 33; §6.3): `a&amp;b.md` names
// the file `a&b.md`, `b&#46;md` names `b.md`, `sub&#x2F;c.md` names `sub/c.md` and `#caf&eacute;` the heading "Café".
// Such links used to stay as written, said to name no file or no heading.
import assert from 'node:assert/strict';
import { Parser } from 'commonmark';
import { rewriteLinks, type LinkedPage, type PageLookup, type RewriteResult } from '../../src/core/links/rewrite';
import { linkTarget, ownHeadingAnchor } from '../../src/core/links/rewrite/linkTarget';
import type { SourceFile } from '../../src/core/run/plan';
import { planTree } from '../../src/core/tree/treePlan';
import { MemoryIdentity } from '../support/memoryIdentity';

const PAGES = 'https://wiki.example/wiki/spaces/DOCS/pages';
const pages: Record<string, LinkedPage> = {
  'docs/a&b.md': { url: `${PAGES}/1/A+b`, title: 'A&b', headings: ['A&b'] },
  'docs/b.md': { url: `${PAGES}/2/Bee`, title: 'Bee', headings: ['Bee', 'Café'] },
  'docs/sub/c.md': { url: `${PAGES}/3/Sea`, title: 'Sea', headings: ['Sea'] },
};

function rewrite(markdown: string): RewriteResult {
  const resolvePage = (path: string): PageLookup => pages[path] ?? 'noFile';
  return rewriteLinks(markdown, { filePath: 'docs/ent.md', resolvePage });
}

/** The file path commonmark.js reads from `[x](destination)`, its percent-encoding undone. */
function referencePath(destination: string): string {
  const walker = new Parser().parse(`[x](${destination})`).walker();
  for (let event = walker.next(); event !== null; event = walker.next()) {
    if (event.entering && event.node.type === 'link') return decodeURIComponent((event.node.destination ?? '').split('#')[0] ?? '');
  }
  assert.fail(`no link in [x](${destination})`);
}

describe('link destinations: character references', () => {
  it('rewrites links whose paths and anchors hold named, decimal and hexadecimal references', () => {
    const result = rewrite('[amp](a&amp;b.md) [num](b&#46;md) [hex](sub&#x2F;c.md) [anchor](b.md#caf&eacute;)');
    assert.equal(result.markdown, `[amp](${PAGES}/1/A+b) [num](${PAGES}/2/Bee) [hex](${PAGES}/3/Sea) [anchor](${PAGES}/2/Bee#Caf%C3%A9)`);
    assert.deepEqual(result.cautions, []);
    assert.equal(result.rewritten, 4);
  });

  it('reads references in a reference definition the same way', () => {
    const result = rewrite('See [the café][cafe] and [amp].\n\n[cafe]: b&#x2E;md#caf&#233; "Caf&eacute;"\n[amp]:\n  <a&amp;b.md>\n');
    assert.equal(result.markdown, `See [the café][cafe] and [amp].\n\n[cafe]: ${PAGES}/2/Bee#Caf%C3%A9 "Caf&eacute;"\n[amp]:\n  <${PAGES}/1/A+b>\n`);
    assert.deepEqual(result.cautions, []);
  });

  it('maps a link to one of the file\'s own headings written with a reference', () => {
    assert.equal(ownHeadingAnchor('#caf&eacute;'), 'café');
    assert.equal(rewrite('# Ent\n\n## Café\n\n[up](#caf&eacute;)\n').markdown, '# Ent\n\n## Café\n\n[up](#Caf%C3%A9)\n');
  });

  it('decodes as the spec does: invalid code points as U+FFFD, unknown names and escaped `&` as written', () => {
    const path = (destination: string): string | undefined => {
      const target = linkTarget(destination, 'docs/ent.md');
      return target.kind === 'file' ? target.path : undefined;
    };
    assert.equal(path('x&#0;.md'), 'docs/x\ufffd.md');
    assert.equal(path('x&#xD800;.md'), 'docs/x\ufffd.md');
    assert.equal(path('x&#x110000;.md'), 'docs/x\ufffd.md');
    const anchor = (destination: string): string | undefined => {
      const target = linkTarget(destination, 'docs/ent.md');
      return target.kind === 'file' ? target.anchor : undefined;
    };
    assert.equal(anchor('x.md#&#12345678;'), '&#12345678;', 'more than seven digits is no reference');
    assert.equal(anchor('x.md#&#x1F600;&#X41;&#65;'), '\u{1F600}AA');
    assert.equal(path('x&nosuchname;.md'), 'docs/x&nosuchname;.md');
    assert.equal(path('x&amp.md'), 'docs/x&amp.md', 'no reference without its `;`');
    assert.equal(path('x\\&amp;.md'), 'docs/x&amp;.md', 'an escaped `&` starts no reference');
    assert.equal(path('x&#92;&#35;.md'), 'docs/x\\', 'a referenced `#` starts the anchor, a referenced `\\` escapes nothing');
    assert.deepEqual(linkTarget('&#35;top', 'docs/ent.md'), { kind: 'web' }, 'a referenced `#` first is a link into the same page');
  });

  it('names the files commonmark.js reads from the same destinations', () => {
    const destinations = ['a&amp;b.md', 'b&#46;md', 'sub&#x2F;c.md', 'sub&#X2f;c.md', 'x&ngE;y.md', 'x&#37;41.md', 'x\\&amp;.md', 'x&#0;.md', 'x&copy.md', 'a%20&lt;b&gt;.md'];
    for (const destination of destinations) {
      const target = linkTarget(destination, 'ent.md');
      assert.equal(target.kind === 'file' ? target.path : undefined, referencePath(destination), destination);
    }
  });

  it('finds the files in a tree plan: no caution for the links', () => {
    const files: Record<string, string> = {
      'docs/ent.md': '# Ent\n\n[amp](a&amp;b.md) [num](b&#46;md) [hex](sub&#x2F;c.md) [anchor](b.md#caf&eacute;)\n',
      'docs/a&b.md': '# A and b\n',
      'docs/b.md': '# Bee\n\n## Café\n',
      'docs/sub/c.md': '# Sea\n',
    };
    const sources: SourceFile[] = Object.entries(files).map(([label, text]) => ({ key: `/repo/${label}`, label, text }));
    const plan = planTree(sources, { rootPath: 'docs', spaceId: 'DOCS', parentId: '123456', overwrite: false, identity: new MemoryIdentity(), links: new Map(), pageAccess: true });
    const page = plan.pages.find((each) => each.key === 'ent.md');
    assert.ok(page, 'ent.md is planned');
    assert.deepEqual(page.item.cautions.filter((caution) => caution.code === 'localLinks').map((caution) => caution.message), []);
  });
});
