// No text a user reads says "page(s)", "ID(s)" or "file(s)" (issue 83): a count takes the singular or the plural by
// its number, as the message catalogues do (`count === 1 ? ... : ...`). Searched in every string and template of
// src/ (notifications, the log, the command line's output, its Markdown and annotations, the Action), in the English
// l10n bundle and in package.nls.json. Comments may say what they like.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(__dirname, '..', '..', '..');
/** A word with its plural ending in brackets: "page(s)", "ID(s)", "match(es)". */
const BRACKETED_PLURAL = /[A-Za-z]\((?:s|es)\)/;

function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFilesUnder(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The texts of a file's string literals and templates (a template's parts between its substitutions). */
function textsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const texts: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) texts.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

describe('No "page(s)" where users read: plural by count', () => {
  it('in no string or template of src/', () => {
    const found = tsFilesUnder(join(root, 'src')).flatMap((file) => textsOf(file).filter((text) => BRACKETED_PLURAL.test(text)).map((text) => `${relative(root, file)}: ${text}`));
    assert.deepEqual(found, []);
  });

  it('in no text of the l10n bundle or package.nls.json', () => {
    for (const file of ['l10n/bundle.l10n.json', 'package.nls.json']) {
      const texts = Object.values(JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, string>);
      assert.ok(texts.length > 0, file);
      assert.deepEqual(texts.filter((text) => BRACKETED_PLURAL.test(text)), [], file);
    }
  });

  it('the search finds such a text (it can fail)', () => {
    assert.ok(BRACKETED_PLURAL.test('2 page ID(s) were recorded') && BRACKETED_PLURAL.test('1 file(s)') && !BRACKETED_PLURAL.test('2 pages (see the log)'));
  });
});
