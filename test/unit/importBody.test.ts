import assert from 'node:assert/strict';
import { importBodyBytes } from '../../src/core/importApi/jsonBody';
import type { ImportBody } from '../../src/core/importApi/types';

const body = (content: string): ImportBody => ({ spaceId: 'DOCS', parentId: '123"456', pageTitle: 'A "title" \\ é', content, overwrite: true });

describe('importBodyBytes', () => {
  const contents: Array<[string, string]> = [
    ['empty', ''],
    ['plain', '# Title\n\nSome text.\n'],
    ['quotes and backslashes', 'say "hi" \\ C:\\path\\ "" \\\\'],
    ['control characters', '\u0000\u0001\b\f\n\r\t\u001f\u007f end'],
    ['non-ASCII and line separators', 'é ü 日本語 \u2028 \u2029 \ufeff'],
    ['surrogate pairs', '😀 text 𝄞'],
    ['lone surrogates', 'a\ud800b \udc00 \ud83d \ude00\ud83d end\ud800'],
    ['a low before a high', '\ude00\ud83d'],
    ['escapes only', '"\\"\n'],
  ];
  for (const [name, content] of contents) {
    it(`writes what JSON.stringify writes: ${name}`, () => {
      assert.deepEqual(Buffer.from(importBodyBytes(body(content))), Buffer.from(JSON.stringify(body(content)), 'utf8'));
    });
  }

  it('writes a long content with every kind of piece as JSON.stringify does', () => {
    const content = 'text "quoted" \\ é 😀 \ud800 \n'.repeat(5000);
    const written = importBodyBytes(body(content));
    assert.deepEqual(Buffer.from(written), Buffer.from(JSON.stringify(body(content)), 'utf8'));
    assert.deepEqual(JSON.parse(Buffer.from(written).toString('utf8')), JSON.parse(JSON.stringify(body(content))));
  });
});
