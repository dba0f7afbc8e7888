import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { frontMatterBody } from '../../src/core/markdown/frontMatter';
import { MAX_FRONT_MATTER_DEPTH, parseFrontMatterYaml, simpleFrontMatter, splitFrontMatter } from '../../src/core/publish/frontMatter';

describe('front matter', () => {
  it('reads the wiki keys and removes the whole block from the content', () => {
    const text = '---\ntitle: other\nwiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Release notes\n  overwrite: true\n---\n# Body\n';
    const split = splitFrontMatter(text);
    assert.deepEqual(split.target, { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Release notes', overwrite: true });
    assert.equal(split.content, '# Body\n');
    assert.deepEqual(split.problems, []);
  });

  it('takes an unquoted numeric parent ID as that ID', () => {
    assert.equal(splitFrontMatter('---\nwiki:\n  parentId: 123456\n---\nx').target.parentId, '123456');
  });

  describe('keeps scalars as written', () => {
    // What YAML would read as a number (or a boolean, or a date) is still the text the person typed.
    const cases: Array<[string, string, string]> = [
      ['pageTitle: 1.0', 'pageTitle', '1.0'],
      ['pageTitle: 0x1F', 'pageTitle', '0x1F'],
      ['pageTitle: 1e3', 'pageTitle', '1e3'],
      ['pageTitle: .inf', 'pageTitle', '.inf'],
      ['pageTitle: 2.50', 'pageTitle', '2.50'],
      ['pageTitle: true', 'pageTitle', 'true'],
      ['pageTitle: 2024-01-31', 'pageTitle', '2024-01-31'],
      ['pageTitle: "Release 1.0"', 'pageTitle', 'Release 1.0'],
      ["pageTitle: 'It''s 1.10'", 'pageTitle', "It's 1.10"],
      ['pageTitle: "  padded  "', 'pageTitle', 'padded'],
      ['parentId: 0123456', 'parentId', '0123456'],
      ['parentId: 123456', 'parentId', '123456'],
      ['parentId: 99999999999999999999', 'parentId', '99999999999999999999'],
      ['spaceId: 1e3', 'spaceId', '1e3'],
      ['spaceId: 0o17', 'spaceId', '0o17'],
      ['spaceId: 007', 'spaceId', '007'],
    ];
    for (const [line, key, expected] of cases) {
      it(`wiki.${line} -> ${JSON.stringify(expected)}`, () => {
        const split = splitFrontMatter(`---\nwiki:\n  ${line}\n---\nx`);
        assert.deepEqual(split.problems, []);
        assert.equal((split.target as Record<string, unknown>)[key], expected);
      });
    }

    it('wiki.pageId and a top-level title too', () => {
      assert.equal(splitFrontMatter('---\nwiki:\n  pageId: 0042\n---\nx').pageId, '0042');
      assert.equal(splitFrontMatter('---\ntitle: 1.0\n---\nx').title, '1.0');
      assert.equal(splitFrontMatter('---\ntitle: 0x1F\n---\nx').title, '0x1F');
      assert.equal(splitFrontMatter('---\ntitle: 2024\n---\nx').title, '2024');
    });

    it('reads a block scalar and an alias by their text', () => {
      assert.equal(splitFrontMatter('---\nname: &v 1.10\nwiki:\n  pageTitle: *v\n---\nx').target.pageTitle, '1.10');
      assert.equal(splitFrontMatter('---\nwiki:\n  pageTitle: >\n    Release\n    notes\n---\nx').target.pageTitle, 'Release notes');
    });

    it('treats an empty or null value as absent, as before', () => {
      for (const value of ['', '~', 'null']) {
        const split = splitFrontMatter(`---\ntitle: ${value}\nwiki:\n  spaceId: DOCS\n  pageTitle: ${value}\n---\nx`);
        assert.deepEqual(split.target, { spaceId: 'DOCS' }, value);
        assert.equal(split.title, undefined, value);
        assert.deepEqual(split.problems, [], value);
      }
    });

    it('keeps overwrite and omitTitleHeading booleans', () => {
      const split = splitFrontMatter('---\nomitTitleHeading: true\nwiki:\n  overwrite: false\n---\nx');
      assert.equal(split.target.overwrite, false);
      assert.equal(split.omitTitleHeading, true);
      assert.match(splitFrontMatter('---\nwiki:\n  overwrite: "true"\n---\nx').problems.join(' '), /overwrite .* true or false/);
    });
  });

  it('offers a top-level title', () => {
    assert.equal(splitFrontMatter('---\ntitle: Hello there\n---\nx').title, 'Hello there');
    assert.equal(splitFrontMatter('---\ntitle: Hello\nwiki:\n  spaceId: DOCS\n---\nx').title, 'Hello');
  });

  it('keeps all keys optional', () => {
    assert.deepEqual(splitFrontMatter('---\nwiki:\n  spaceId: ENG\n---\nx').target, { spaceId: 'ENG' });
  });

  it('handles CRLF line ends and a byte order mark', () => {
    const split = splitFrontMatter('\uFEFF---\r\nwiki:\r\n  spaceId: DOCS\r\n---\r\nBody');
    assert.equal(split.target.spaceId, 'DOCS');
    assert.equal(split.content, 'Body');
  });

  it('reads front matter whose lines end in a bare CR (an old Mac file), by the fast path and the YAML parser, and sends none of it', () => {
    const mac = splitFrontMatter('---\rwiki:\r  spaceId: DOCS\r  parentId: "123456"\r  omitTitleHeading: true\rtitle: Mac notes\r---\r# Mac notes\r\rText.\r');
    assert.deepEqual(mac, { content: '# Mac notes\r\rText.\r', target: { spaceId: 'DOCS', parentId: '123456' }, title: 'Mac notes', omitTitleHeading: true, problems: [] });
    assert.deepEqual(splitFrontMatter('---\rtitle: Plain\rdraft: false\r...\rBody'), { content: 'Body', target: {}, title: 'Plain', problems: [] });
    assert.equal(splitFrontMatter('---\r---\r# Title\r').content, '# Title\r', 'an empty block');
    assert.equal(frontMatterBody('\uFEFF---\rwiki: [\r---\rBody'), 'Body');
    // A block whose closing line never comes is no front matter, whatever the line ends.
    assert.equal(splitFrontMatter('---\rtitle: x\rBody').content, '---\rtitle: x\rBody');
  });

  it('leaves a document without front matter untouched', () => {
    const text = '# Title\n\n---\n\nA thematic break above.';
    assert.deepEqual(splitFrontMatter(text), { content: text, target: {}, problems: [] });
  });

  it('takes a block for front matter only when it is a YAML mapping: a thematic break, text and another one stay Markdown', () => {
    for (const text of ['---\nAn introduction.\n\n## Setup\n---\nMore\n', '---\n- a list\n- of items\n---\n', '---\n\n> a quote\n...\n', '---\r\n# Title\r\n---\r\n']) {
      assert.deepEqual(splitFrontMatter(text), { content: text, target: {}, problems: [] }, JSON.stringify(text));
      assert.equal(frontMatterBody(text), text);
    }
    // A key first (plain, quoted, explicit or in a flow mapping), after blank lines and comments: front matter.
    for (const yaml of ['title: x', '"my title": x\nmore: y', '# note\n\n? key\n: value', '{title: x}', 'k-1:', 'a b: c: d']) {
      assert.equal(frontMatterBody(`---\n${yaml}\n---\nBody`), 'Body', yaml);
    }
    // A line of many spaces is read once (a pattern that met the `:` after a run of spaces read it once a space).
    assert.equal(frontMatterBody(`---\na${' '.repeat(200_000)}b\n---\nBody`), `---\na${' '.repeat(200_000)}b\n---\nBody`);
  });

  it('treats an empty block as front matter, not as two horizontal rules (LF and CRLF)', () => {
    assert.equal(splitFrontMatter('---\n---\n# Title\n').content, '# Title\n');
    assert.equal(splitFrontMatter('---\r\n---\r\n# Title\r\n').content, '# Title\r\n');
    assert.deepEqual(splitFrontMatter('---\n---\n# Title\n').problems, []);
  });

  it('reads wiki.pageId and omitTitleHeading (top level or under wiki:)', () => {
    const split = splitFrontMatter('---\nomitTitleHeading: true\nwiki:\n  pageId: 42\n---\nx');
    assert.equal(split.pageId, '42');
    assert.equal(split.omitTitleHeading, true);
    assert.equal(splitFrontMatter('---\nwiki:\n  omitTitleHeading: false\n---\nx').omitTitleHeading, false);
    assert.match(splitFrontMatter('---\nwiki:\n  pageId: abc\n---\nx').problems.join(' '), /pageId/);
    assert.match(splitFrontMatter('---\nomitTitleHeading: maybe\n---\nx').problems.join(' '), /omitTitleHeading/);
  });

  it('removes front matter without wiki keys too', () => {
    assert.equal(splitFrontMatter('---\ntags: [a]\n---\nBody').content, 'Body');
  });

  const problems: Array<[string, RegExp]> = [
    ['---\nwiki: [1, 2]\n---\nx', /must hold spaceId/],
    ['---\nwiki:\n  overwrite: yes please\n---\nx', /overwrite .* true or false/],
    ['---\nwiki:\n  pageTitle: [a]\n---\nx', /pageTitle .* must be text/],
    ['---\nwiki: {spaceId: [\n---\nx', /not valid YAML/],
  ];
  for (const [text, expected] of problems) {
    it(`reports ${expected.source}`, () => {
      assert.match(splitFrontMatter(text).problems.join(' '), expected);
    });
  }

  it('says where unreadable YAML is as a line and column of the file, not of the block, without a dangling excerpt', () => {
    // Line 3 of the file (the block's second line, below the opening ---): `[` opens a list that never closes.
    const [problem] = splitFrontMatter('---\nwiki:\n  spaceId: [\n---\n# Broken\n').problems;
    assert.equal(problem, 'The front matter is not valid YAML at line 3, column 13 of the file: '
      + 'Flow sequence in block collection must be sufficiently indented and end with a ]');
    // A BOM and CRLF line ends change no line number.
    assert.match(splitFrontMatter('\uFEFF---\r\ntitle: ok\r\nwiki: {spaceId: [\r\n---\r\nx').problems.join(' '), /at line 3, column \d+ of the file: \S.*[^:]$/);
  });

  it(`refuses lists or maps nested more than ${MAX_FRONT_MATTER_DEPTH} levels deep, and reads them up to that`, () => {
    const tooDeep = `The front matter nests lists or maps more than ${MAX_FRONT_MATTER_DEPTH} levels deep, which is not read. Flatten it.`;
    // `tags:` is a map of one level; each `[` nests one more.
    const flow = (levels: number): string => `---\ntitle: Deep\ntags: ${'['.repeat(levels - 1)}x${']'.repeat(levels - 1)}\n---\n# Body\n`;
    assert.deepEqual(splitFrontMatter(flow(MAX_FRONT_MATTER_DEPTH)).problems, []);
    assert.equal(splitFrontMatter(flow(MAX_FRONT_MATTER_DEPTH)).title, 'Deep');
    assert.deepEqual(splitFrontMatter(flow(MAX_FRONT_MATTER_DEPTH + 1)).problems, [tooDeep]);
    const block = (levels: number): string => `---\n${Array.from({ length: levels }, (_, depth) => `${'  '.repeat(depth)}k${depth}:`).join('\n')} x\n---\n`;
    assert.deepEqual(splitFrontMatter(block(MAX_FRONT_MATTER_DEPTH)).problems, []);
    assert.deepEqual(splitFrontMatter(block(MAX_FRONT_MATTER_DEPTH + 1)).problems, [tooDeep]);
    for (const deep of [`a: ${'{a: '.repeat(50_000)}`, `a:\n${'- '.repeat(50_000)}x`, `${'? '.repeat(50_000)}x`]) {
      assert.deepEqual(splitFrontMatter(`---\n${deep}\n---\n`).problems, [tooDeep], deep.slice(0, 9));
    }
  });

  it('two files whose front matter nests thousands deep leave the process running, each refused', function () {
    // In a process of its own: before the limit, the parser overflowed its stack on the first and the second aborted
    // the process (SIGABRT, V8 compiling a regular expression at the stack's limit), which would take mocha with it.
    this.timeout(60_000);
    const pipeline = join(__dirname, '../../src/core/publish/pipeline.js');
    const script = `const { prepareDocument } = require(${JSON.stringify(pipeline)});
      for (const nested of ['a: ' + '['.repeat(5000), 'a:\\n' + '- '.repeat(5000) + 'x', 'a: ' + '['.repeat(5000), '? '.repeat(5000) + 'x']) {
        console.log(prepareDocument('---\\n' + nested + '\\n---\\n# Body\\n').frontMatterProblems.join(' '));
      }`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 50_000 });
    assert.equal(run.signal, null, run.stderr.slice(0, 300));
    assert.equal(run.status, 0, run.stderr.slice(0, 300));
    assert.deepEqual(run.stdout.trim().split('\n').map((line) => /more than \d+ levels deep/.test(line)), [true, true, true, true]);
  });

  // The wiki: blocks the fast path reads itself (the shape Open Wiki Page as Markdown and the bench write).
  const WIKI_BLOCKS = [
    'wiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Bench page-000\n  overwrite: true',
    'title: Guide\nwiki:\n    spaceId: DOCS\n    pageId: 0042\ntags: [a, b]',
    'wiki:\n  pageTitle: "  padded  "\n  parentId: 123456\n  overwrite: false\n\n# done\ntitle: T',
    "wiki:\n  pageTitle: 'Release 1.0'\n  spaceId: 1e3\n  parentId: 0123456",
    'wiki:\n  pageTitle: true\n  spaceId: 0x1F\n  parentId: 99999999999999999999',
    'wiki:\n  pageTitle: 2024-01-31\n  spaceId: .inf\n  pageId: "77"',
    'wiki:\n  pageTitle: caf\u00e9 \u2014 menu\n  spaceId: ""',
    'wiki:\n  pageTitle: "a \'quoted\' title"\n  spaceId: \'say "hi"\'',
    'wiki:\r\n  spaceId: DOCS\r\n  pageTitle: CRLF',
    'wiki:\n# a note at the margin\n\n  spaceId: DOCS\n  pageTitle: "C# guide, part {1}"\n  parentId: \'[7]\'',
    "wiki:\n  pageTitle: It's here at a@b & c\ntitle: yes",
  ];
  // Shapes the fast path gives to the parser: each is read (or refused, with its words) as the parser reads it.
  const WIKI_BLOCKS_FOR_THE_PARSER = [
    'wiki:', 'wiki: ~', 'wiki: {spaceId: DOCS}', 'wiki:\ntitle: T', 'wiki:\n  spaceId:', 'wiki:\n  spaceId: ~', 'wiki:\n  pageTitle: null',
    'wiki:\n  spaceId: DOCS\n   parentId: "1"', 'wiki:\n  pageTitle: A long\n    title continued', 'wiki:\n  spaceId: DOCS\n  spaceId: OTHER',
    'wiki:\n  overwrite: yes please', 'wiki:\n  overwrite: True', 'wiki:\n  overwrite: "true"', 'wiki:\n  pageId: abc', 'wiki:\n  pageId: ""',
    'wiki:\n  pageTitle: "esc\\"aped"', "wiki:\n  pageTitle: 'It''s'", 'wiki:\n  pageTitle: a: b', 'wiki:\n  pageTitle: a #comment',
    'wiki:\n  pageTitle: [a]', 'wiki:\n  pageTitle: &v T', 'wiki:\n  pageTitle: >\n    Folded', 'wiki:\n  omitTitleHeading: true',
    'wiki:\n  other: x', 'wiki:\n\tspaceId: DOCS', 'wiki:\n  spaceId:DOCS', 'wiki:\n  spaceId: DOCS\nwiki:\n  parentId: "1"',
    'wiki:\n  # a note\n  spaceId: DOCS', 'wiki:\n  spaceId: "DOCS" # c', 'omitTitleHeading: false\nwiki:\n  spaceId: DOCS',
  ];

  it('reads the wiki: block a publish writes without the YAML parser', () => {
    for (const block of WIKI_BLOCKS) assert.notEqual(simpleFrontMatter(block.replace(/\r\n/g, '\n')), undefined, JSON.stringify(block));
    assert.deepEqual(simpleFrontMatter('wiki:\n  spaceId: DOCS\n  parentId: "123456"\n  pageTitle: Bench page-000\n  overwrite: true\n  pageId: 42'), {
      target: { spaceId: 'DOCS', parentId: '123456', pageTitle: 'Bench page-000', overwrite: true }, pageId: '42', problems: [],
    });
    for (const block of WIKI_BLOCKS_FOR_THE_PARSER) assert.equal(simpleFrontMatter(block), undefined, JSON.stringify(block));
  });

  it('reads a line of a plain value followed by a long run of spaces in time proportional to it (a pull request controls it)', () => {
    const spaces = ' '.repeat(200_000);
    // Under the lazy value these took minutes: each split of the spaces was tried before the `:` refused the line.
    assert.equal(simpleFrontMatter(`title: a${spaces}:`), undefined, 'not a simple line: the YAML parser reads it');
    assert.equal(simpleFrontMatter(`wiki:\n  pageTitle: a${spaces}:`), undefined);
    assert.deepEqual(simpleFrontMatter(`title: A title${spaces}`)?.title, 'A title', 'trailing spaces are not the value\'s');
    assert.deepEqual(simpleFrontMatter(`wiki:\n  pageTitle: Setup  guide ${spaces}`)?.target?.pageTitle, 'Setup  guide');
  });

  describe('reads simple front matter without the YAML parser, exactly as the parser reads it', () => {
    // Each block is read through splitFrontMatter (which may take the fast path) and by the YAML parser itself.
    const blocks = [
      'title: Topic 0001\ntags: [bench, tree]', 'title: 1.0', 'title: 0x1F', 'title: true', 'title: null', 'title: ~', 'title:', 'title: NULL',
      'title:   spaced out   ', 'title: a\r\nlayout: page', '# a comment\ntitle: Guide\n\ndraft: false', 'tags: []\ntitle: T', 'tags: [ a ,b ]',
      'title: Guide\ntitle: Other', 'title: "Quoted"', "title: 'single'", 'title: a: b', 'title: a #comment', 'title: [x]', 'title: - item',
      'title: Guide\nwiki:\n  pageTitle: Other', 'omitTitleHeading: true\ntitle: Guide', 'title: &anchor Guide', 'title: *alias', 'title: |\n  block',
      'title: Guide\n  indented: x', 'tags: [a, [b]]', 'tags: [a,, b]', 'title: {a: b}', 'title: %percent', 'title: @at', 'title: `tick`', 'title: Guide\t',
      'key with space: x', 'title: caf\u00e9 \u2014 menu', '',
      // The wiki: block a publish writes, and what the fast path must leave to the parser.
      ...WIKI_BLOCKS, ...WIKI_BLOCKS_FOR_THE_PARSER,
    ];
    for (const block of blocks) {
      it(JSON.stringify(block), () => {
        const text = `---\n${block}\n---\n# Body\n`;
        assert.deepEqual(splitFrontMatter(text), { content: '# Body\n', ...parseFrontMatterYaml(block) });
      });
    }
  });

  it('gives the text after the front matter without reading it, as splitFrontMatter does', () => {
    for (const text of ['---\ntitle: [unclosed\n---\nBody', '\uFEFF---\nwiki: {}\n---\r\nBody', 'No front matter', '\uFEFFNo front matter', '---\n---\nBody']) {
      assert.equal(frontMatterBody(text), splitFrontMatter(text).content, JSON.stringify(text));
    }
  });
});
