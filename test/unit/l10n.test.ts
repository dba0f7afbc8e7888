// The editor's texts are localizable (issue 9, point 11): every `l10n.t` call in src/editor and src/extension.ts has a
// literal first argument (so `@vscode/l10n-dev export` can extract it), and l10n/bundle.l10n.json, the English
// bundle, holds exactly those texts. After adding or changing a text, rewrite the bundle with
//   WRITE_L10N_BUNDLE=1 npx mocha --no-config out/test/unit/l10n.test.js
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = join(__dirname, '..', '..', '..');
const BUNDLE = join(root, 'l10n', 'bundle.l10n.json');

function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFilesUnder(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

interface Extracted {
  /** The English texts, as the first arguments say them (escapes resolved, as l10n-dev does). */
  texts: Set<string>;
  /** `file:line` of calls whose first argument is not a literal, with what it is. */
  nonLiteral: string[];
  /** `file:line` of calls that pass fewer values than their text has placeholders. */
  missingValues: string[];
  /** `file:line` of `l10n.t` used other than by calling it (an alias hides its texts from extraction). */
  notCalled: string[];
}

/** `vscode.l10n.t` or `l10n.t` (the spaceItems localizer). */
function isL10nT(node: ts.Node): node is ts.PropertyAccessExpression {
  if (!ts.isPropertyAccessExpression(node) || node.name.text !== 't') return false;
  const owner = node.expression;
  return (ts.isIdentifier(owner) && owner.text === 'l10n') || (ts.isPropertyAccessExpression(owner) && owner.name.text === 'l10n');
}

function extract(files: readonly string[]): Extracted {
  const found: Extracted = { texts: new Set(), nonLiteral: [], missingValues: [], notCalled: [] };
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node): string => `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (isL10nT(node)) {
        const call = node.parent;
        if (!ts.isCallExpression(call) || call.expression !== node) found.notCalled.push(where(node));
        else {
          const [first, ...values] = call.arguments;
          if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
            found.texts.add(first.text);
            const highest = Math.max(-1, ...[...first.text.matchAll(/\{(\d+)\}/g)].map((match) => Number(match[1])));
            if (values.length < highest + 1) found.missingValues.push(`${where(call)} ${JSON.stringify(first.text)}`);
          } else found.nonLiteral.push(`${where(call)} ${first ? ts.SyntaxKind[first.kind] : 'no argument'}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('localizable texts (l10n)', () => {
  const files = [...tsFilesUnder(join(root, 'src', 'editor')), join(root, 'src', 'extension.ts')];
  const extracted = extract(files);

  if (process.env.WRITE_L10N_BUNDLE) {
    const sorted = [...extracted.texts].sort((a, b) => a.localeCompare(b, 'en'));
    writeFileSync(BUNDLE, `${JSON.stringify(Object.fromEntries(sorted.map((text) => [text, text])), null, 2)}\n`);
  }
  const bundle = JSON.parse(readFileSync(BUNDLE, 'utf8')) as Record<string, unknown>;

  it('finds the texts of the editor (the extraction itself works)', () => {
    assert.ok(extracted.texts.size > 50, `only ${extracted.texts.size} texts found`);
    for (const text of ['Sign In', 'Publish to Wiki', 'Wiki API token saved. It expires on {0} (in {1}).', 'recently used']) {
      assert.ok(extracted.texts.has(text), `${text} not extracted`);
    }
    assert.ok(extracted.texts.has('To stop the token from working at all, revoke it in the wiki app\'s settings, tab "API".'), 'escapes are resolved');
  });

  it('every l10n.t call has a literal first argument, never a variable or a template with substitutions', () => {
    assert.deepEqual(extracted.nonLiteral, []);
    assert.deepEqual(extracted.notCalled, []);
  });

  it('every placeholder {n} of a text gets a value', () => {
    assert.deepEqual(extracted.missingValues, []);
  });

  it('l10n/bundle.l10n.json has every text, each as its own English value', () => {
    assert.deepEqual([...extracted.texts].filter((text) => !(text in bundle)), [], 'texts missing from the bundle');
    assert.deepEqual(Object.entries(bundle).filter(([key, value]) => key !== value), [], 'English values differ from their keys');
  });

  it('l10n/bundle.l10n.json has no stale texts', () => {
    assert.deepEqual(Object.keys(bundle).filter((key) => !extracted.texts.has(key)), []);
  });

  it('package.json points VS Code at the bundle, and the package ships it', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { l10n?: string };
    assert.equal(manifest.l10n, './l10n');
    assert.match(readFileSync(join(root, '.vscodeignore'), 'utf8'), /^!l10n\/\*\*$/m);
  });
});
