// Planning a large tree takes shortcuts where most inputs are plain (a link with no `./` in it, a line of prose, a
// small file): each shortcut must give exactly what the general path gives, including on the inputs it hands back to
// that path. These tests hold each one to an independent statement of the rule.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { markdownHeadings } from '../../src/core/links/rewrite';
import { linkTarget } from '../../src/core/links/rewrite/linkTarget';
import { findLinkDestinations } from '../../src/core/markdown/links';
import { isInCode } from '../../src/core/markdown/scan';
import { inspectMarkdown } from '../../src/core/publish/inspect';
import { entryLocator, manifestAsWritten, parseManifest, parseManifestStrictly, serializeManifest, type ManifestEntry, type ManifestRoot, type PageManifest } from '../../src/core/tree/manifestFormat';
import { decodeText } from '../../src/core/walk/decode';
import { detached, detachedAll } from '../../src/core/util/detached';
import { nodeWalkFs } from '../../src/core/walk/nodeWalkFs';

/** `relative` against the folder of `fromFile`, segment by segment: the rule, written the plain way. */
function resolvedByRule(relativePath: string, fromFile: string): string | undefined {
  if (relativePath.startsWith('/')) return undefined;
  const segments = fromFile.split('/').slice(0, -1);
  for (const segment of relativePath.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment !== '..') segments.push(segment);
    else if (segments.pop() === undefined) return undefined;
  }
  return segments.join('/');
}

describe('planning shortcuts give what the general rules give', () => {
  it('resolves every mix of `../`, `./`, plain names and odd slashes from files at every depth', () => {
    const fromFiles = ['top.md', 'a/one.md', 'a/b/two.md', 'a/b/c/three.md'];
    const pieces = ['..', '.', 'x', 'guide', ''];
    const relatives = new Set<string>(['x.md', 'guide/setup.md', '../x.md', '../../x.md', '../../../x.md', '../../../../x.md', '../guide/', './x.md', '../.././x.md']);
    // Every path of up to three pieces ending in a file name, and some ending in a folder.
    for (const first of pieces) {
      for (const second of pieces) {
        relatives.add(`${first}/${second}/x.md`);
        relatives.add(`${first}/${second}`);
        relatives.add(`${first}/x.md`);
      }
    }
    for (const fromFile of fromFiles) {
      for (const relativePath of relatives) {
        const target = linkTarget(relativePath, fromFile);
        const resolved = resolvedByRule(relativePath, fromFile);
        // A path that can only name a folder (`x/`, `.`, `a/..`) keeps its trailing slash: the folder's page.
        const folder = relativePath.endsWith('/') || /(^|\/)\.\.?$/.test(relativePath);
        const expected = folder && resolved ? `${resolved}/` : resolved;
        if (target.kind === 'web') {
          assert.ok(relativePath === '' || relativePath.startsWith('//'), `only an empty or protocol-relative path is no file (${relativePath})`);
          continue;
        }
        assert.equal(target.path, expected, `${relativePath} from ${fromFile}`);
      }
    }
  });

  it('still resolves escapes and percent-encoding, and only where they are written', () => {
    const escaped = linkTarget(String.raw`../my\_guide.md#set\-up`, 'a/b.md');
    assert.deepEqual(escaped, { kind: 'file', path: 'my_guide.md', markdown: true, folder: false, anchor: 'set-up' });
    assert.deepEqual(linkTarget('../my%20guide.md', 'a/b.md'), { kind: 'file', path: 'my guide.md', markdown: true, folder: false, anchor: undefined });
    // A lone percent sign is not an escape: the name stays as written.
    assert.deepEqual(linkTarget('100%.md', 'a/b.md'), { kind: 'file', path: 'a/100%.md', markdown: true, folder: false, anchor: undefined });
    assert.deepEqual(linkTarget(String.raw`..\guide\x.md`, 'a/b.md'), { kind: 'file', path: String.raw`a/..\guide\x.md`, markdown: true, folder: false, anchor: undefined });
  });

  it('tells code from text at a link as CommonMark does: fences, indentation, code spans', () => {
    const cases: Array<[string, string, boolean]> = [
      ['plain', 'See [x](y.md)', false],
      ['four spaces', '    [x](y.md)', true],
      ['three spaces', '   [x](y.md)', false],
      ['a tab', '\t[x](y.md)', true],
      ['a backtick no run closes', 'a `code [x](y.md)', false],
      ['a code span around it', 'a `code [x](y.md)`', true],
      ['a closed code span', 'a `code` [x](y.md)', false],
      ['two backticks no run closes', 'a ``co de [x](y.md)', false],
      ['a double-backtick span with a backtick in it', 'a ``co ` de [x](y.md)``', true],
      ['two spans', '`a` and `b` [x](y.md)', false],
      ['a span on the line above', 'a `b`\nc [x](y.md)', false],
      ['a span across lines', 'a `b\nc [x](y.md) d`', true],
      ['a span a blank line cuts', 'a `b\n\nc [x](y.md) d`', false],
    ];
    for (const [name, text, inCode] of cases) assert.equal(isInCode(text, text.indexOf('[x]')), inCode, name);
    const fenced = 'before\n```\n[x](y.md)\n```\nafter [z](w.md)';
    assert.equal(isInCode(fenced, fenced.indexOf('[x]')), true);
    assert.equal(isInCode(fenced, fenced.indexOf('[z]')), false);
    // At the very start of a line, nothing stands before the link.
    assert.equal(isInCode('[x](y.md)', 0), false);
  });

  it('makes a setext heading of a paragraph of prose and quoted lines, CRLF included', () => {
    assert.deepEqual(markdownHeadings('First line\r\n  second line\r\n===\r\n'), ['First line second line']);
    assert.deepEqual(markdownHeadings('> Quoted title\n> on two lines\n> ---\n'), ['Quoted title on two lines']);
    assert.deepEqual(markdownHeadings('Prose\n\n---\n'), [], 'a rule after a blank line underlines nothing');
    assert.deepEqual(markdownHeadings('```\nCode\n===\n```\nText\n---'), ['Text']);
  });

  it('finds a name listed twice in any object of a manifest, and none where strings only look like names', () => {
    const manifest = (pages: string): string => `{"version": 1, "space": "DOCS", "parent": "1", "pages": {${pages}}}`;
    const twiceInPages = parseManifest(manifest('"a.md": {"id": "2"}, "a.md": {"id": "3"}'));
    assert.equal(twiceInPages.ok, false);
    assert.match(twiceInPages.ok ? '' : twiceInPages.message, /a\.md/);
    const twiceInEntry = parseManifest(manifest('"a.md": {"id": "2", "id": "3"}'));
    assert.equal(twiceInEntry.ok, false);
    assert.match(twiceInEntry.ok ? '' : twiceInEntry.message, /\bid\b/);
    const escapedTwice = parseManifest(manifest(String.raw`"q\"a.md": {"id": "2"}, "q\u0022a.md": {"id": "3"}`));
    assert.equal(escapedTwice.ok, false, 'two spellings of one name are one name');
    const lookAlikes = parseManifest(manifest(String.raw`"a.md": {"id": "2", "title": "Key: \"b.md\": value"}, "b.md": {"id": "3", "title": "x\\"}`));
    assert.equal(lookAlikes.ok, true, lookAlikes.ok ? '' : lookAlikes.message);
    assert.equal(lookAlikes.ok && lookAlikes.manifest.pages.size, 2);
  });

  it('reads a manifest as written (one entry per line) exactly as the strict reading does, and leaves every other text to it', () => {
    const written = (entries: ReadonlyArray<[string, string, string]>, root: ManifestRoot | undefined = { space: 'DOCS', parent: '1' }): string =>
      serializeManifest({ root, pages: new Map<string, ManifestEntry>(entries.map(([key, id, title]) => [key, { id, title }])) });
    const outcome = (parsed: ReturnType<typeof parseManifest>): unknown => (parsed.ok ? { root: parsed.manifest.root, pages: [...parsed.manifest.pages] } : parsed.message);
    const sameAsStrict = (text: string, label: string): void => assert.deepEqual(outcome(parseManifest(text)), outcome(parseManifestStrictly(text)), label);
    const plain = written([['a.md', '2', 'A'], ['guide/', '3', 'Guide'], ['guide/setup.md', '4', 'Set up: quick, ünïcode 😀 & <tags>'], ['z z.md', '5', '']]);
    const variants: Record<string, string> = {
      plain,
      'no root': written([['a.md', '2', 'A']], undefined),
      'no pages': written([]),
      'no pages, no root': written([], undefined),
      'a title with a backslash': written([['a.md', '2', 'C:\\docs']]),
      'a title that looks like the next field': written([['a.md', '2', '","title":"x']]),
      'a key with a quote': written([['q"a.md', '2', 'Q']]),
      'a key JSON.parse lists first': written([['b.md', '2', 'B'], ['12', '3', 'Twelve']]),
      'a key listed twice': `${plain.slice(0, plain.indexOf('  }'))}    "a.md": {"id":"9","title":"Again"}\n  }\n}\n`.replace('"id":"5","title":""}\n', '"id":"5","title":""},\n'),
      'an ID claimed twice': written([['a.md', '2', 'A'], ['b.md', '2', 'B']]),
      'the parent recorded for a key': written([['a.md', '1', 'A']]),
      'a key leaving the folder': written([['../a.md', '2', 'A']]),
      'a key not normalised': written([['a//b.md', '2', 'A']]),
      'an ID that is no page ID': written([['a.md', 'x2', 'A']]),
      'an empty space': written([['a.md', '2', 'A']], { space: ' ', parent: '1' }),
      'a parent that is no page ID': written([['a.md', '2', 'A']], { space: 'DOCS', parent: 'top' }),
      'CRLF line ends': plain.replace(/\n/g, '\r\n'),
      'a byte order mark': `\uFEFF${plain}`,
      'no final line break': plain.slice(0, -1),
      'a trailing comma': plain.replace('"title":""}', '"title":""},'),
      'a missing comma': plain.replace('"title":"A"},', '"title":"A"}'),
      'spaces after a colon': plain.replace('"id":"2"', '"id": "2"'),
      'an entry without a title': plain.replace(',"title":"A"', ''),
      'a field more': plain.replace('"title":"A"}', '"title":"A","x":1}'),
      'a raw tab in a title': plain.replace('"title":"A"', '"title":"A\tB"'),
      'a version more': plain.replace('"version": 1', '"version": 2'),
      'text after the end': `${plain}{}\n`,
      'a conflict left': plain.replace('    "a.md"', '<<<<<<< ours\n    "a.md"'),
    };
    for (const [label, text] of Object.entries(variants)) sameAsStrict(text, label);
    // The shortcut is taken for the written form, and never for what it must leave to the strict reading.
    for (const label of ['plain', 'no root', 'no pages', 'no pages, no root']) assert.ok(manifestAsWritten(variants[label] as string), label);
    for (const label of Object.keys(variants).filter((name) => !['plain', 'no root', 'no pages', 'no pages, no root'].includes(name))) {
      assert.equal(manifestAsWritten(variants[label] as string), undefined, label);
    }
    assert.equal(parseManifest(variants['a key listed twice'] as string).ok, false);
    assert.equal(parseManifest(variants['a title with a backslash'] as string).ok, true);
  });

  it('names the line of each entry from the pages read as written exactly as from a reading of the text', () => {
    const pages = new Map<string, ManifestEntry>([['a.md', { id: '2', title: 'A' }], ['guide/', { id: '3', title: 'Guide' }], ['guide/setup.md', { id: '4', title: 'the pages' }]]);
    const texts = [serializeManifest({ root: { space: 'DOCS', parent: '1' }, pages }), serializeManifest({ root: undefined, pages }), serializeManifest({ root: undefined, pages: new Map() })];
    for (const text of texts) {
      const parsed = parseManifest(text);
      assert.ok(parsed.ok && manifestAsWritten(text));
      const fromPages = entryLocator(text, 'docs/.wiki-pages.json', parsed.manifest.pages);
      const fromText = entryLocator(text, 'docs/.wiki-pages.json');
      for (const key of [...pages.keys(), 'recorded-since.md', 'guide', '"pages"']) assert.equal(fromPages(key), fromText(key), `${key} in ${text}`);
    }
    assert.equal(entryLocator(texts[0] as string, 'm', (parseManifest(texts[0] as string) as { manifest: PageManifest }).manifest.pages)('guide/'), 'm:7');
  });

  it('answers the same for a text, an equal copy of it and another text asked about in turn (the inspector keeps the last text)', () => {
    const page = (name: string): string => [
      `# ${name}`, '', 'See [setup](setup.md#install) and `[not](a-link.md)` in code.', '', '```', '[fenced](no.md)', '```', '',
      '    [indented](code.md)', '', '<div>', '[html](block.md)', '</div>', '', '- item with [a link](list.md)', '', '[ref]: defined.md', '',
    ].join('\n');
    const first = page('One');
    const other = page('Another');
    // An equal text that is another string: what a second export of the same page, or a file read again, gives.
    const copy = first.split('').join('');
    const answers = (text: string): unknown => ({
      links: findLinkDestinations(text).map((link) => link.text),
      findings: inspectMarkdown(text),
      inCode: [...text.matchAll(/\[/g)].map((match) => isInCode(text, match.index)),
    });
    const expectedFirst = answers(first);
    const expectedOther = answers(other);
    for (const [text, expected] of [[copy, expectedFirst], [other, expectedOther], [first, expectedFirst], [copy, expectedFirst], [first, expectedFirst], [other, expectedOther]] as const) {
      assert.deepEqual(answers(text), expected);
    }
    assert.deepEqual((expectedFirst as { links: string[] }).links, ['setup.md#install', 'list.md', 'defined.md']);
  });

  it('refuses manifest keys that are not plain relative paths, whatever the segment', () => {
    const keyProblem = (key: string): boolean => !parseManifest(`{"version": 1, "pages": {${JSON.stringify(key)}: {"id": "1"}}}`).ok;
    for (const bad of ['', '/a.md', 'C:/a.md', 'a\\b.md', '../a.md', 'a/../b.md', 'a/..', './a.md', 'a/./b.md', 'a//b.md', 'a/.', '.', '..', '//']) {
      assert.equal(keyProblem(bad), true, JSON.stringify(bad));
    }
    // (A key must name a Markdown file or a folder too: '...' is refused for that, '.../' and '...md' are not.)
    for (const good of ['a.md', 'a/b.md', 'a/', 'a/b/', '.hidden/a.md', '..a/b.md', 'a../b.md', '.../', '...md']) {
      assert.equal(keyProblem(good), false, JSON.stringify(good));
    }
  });

  describe('the command line port over node:fs', () => {
    let dir: string;
    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'wiki-publisher-shortcuts-'));
    });
    after(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('labels paths below the working folder, and anything else, as relative() does', () => {
      const cwd = join(dir, 'work');
      const fs = nodeWalkFs({ cwd });
      for (const location of [join(cwd, 'docs', 'a.md'), join(dir, 'other', 'b.md'), join(`${cwd}-sibling`, 'c.md'), cwd, dir]) {
        assert.equal(fs.label(location), relative(cwd, location).split(sep).join('/') || location, location);
      }
      assert.equal(nodeWalkFs({ cwd: `${cwd}${sep}` }).label(join(cwd, 'a.md')), 'a.md');
      assert.equal(fs.child(cwd, 'a.md'), join(cwd, 'a.md'));
      assert.equal(fs.child(sep, 'a.md'), join(sep, 'a.md'));
    });

    it('reads files one after another, small, empty, larger than the shared buffer and past its limit, each whole', async () => {
      const sizes = [10, 0, 70 * 1024, 5, 2 * 1024 * 1024, 3, 200 * 1024];
      const files = await Promise.all(sizes.map(async (size, index) => {
        const text = `${String(index).repeat(size)}`.slice(0, size);
        const path = join(dir, `file-${index}.md`);
        await writeFile(path, text);
        return { path, text };
      }));
      const fs = nodeWalkFs({ cwd: dir });
      const readSync = fs.readSync?.bind(fs);
      assert.ok(readSync, 'the command line port reads synchronously');
      // Each decoded before the next read, as the port asks; the texts must not bleed into each other.
      const texts = files.map((file) => decodeText(readSync(file.path), file.path));
      for (const [index, file] of files.entries()) assert.deepEqual(texts[index], { ok: true, text: file.text }, `file ${index}`);
    });
  });

  it('copies a kept piece of text apart from its text with every UTF-16 unit as it was', () => {
    const text = `# Über\n${'x'.repeat(5000)} [link](../guide/setup.md#install) \ud83d\ude00 lone \ud800 end \udc00`;
    const pieces = ['', 'a', 'é', '\ud83d', '\ud83d\ude00', text.slice(2, 6), text.slice(5008, 5040), text.slice(-9), text.slice(-1), `${text.slice(0, 20)}${text.slice(-20)}`, text];
    for (const piece of pieces) assert.equal(detached(piece), piece);
    assert.deepEqual(detachedAll(pieces), pieces);
  });
});

