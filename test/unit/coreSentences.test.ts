// Every sentence a user reads comes from a message catalogue (src/core/messages), never composed in the rest of the
// core: the editor passes catalogues that go through vscode.l10n, so a sentence written elsewhere in src/core would
// reach an editor user in English. This scans src/core for string literals and templates shaped like a sentence.
// Log lines (a logger's info/warn/error/debug) are for the Output channel and stay English by design.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

const root = join(__dirname, '..', '..', '..');
const CORE = join(root, 'src', 'core');
const CATALOGUES = join(CORE, 'messages');

/** Strings that look like sentences but no user reads as one. */
const NOT_FOR_USERS: ReadonlySet<string> = new Set([
  'wiki-publisher plan digest v4', // hashed into a plan's digest, never shown
  'The plan of  {}  does not hold its content.', // a programming error (heldContent on a plan of walked files), not a user's situation
  'connection pool closed', // a programming error (a send after the run closed its transport), in Node's own terse words
]);

/**
 * Sentences only the command line (and the action, which runs it) prints, so English like the rest of its output:
 * its state file (named by its --state flag) and its file system walk. The editor keeps links in its global state
 * and walks through workspace.fs. The last test below proves it: only src/cli imports these files. A count may only
 * go down; any other sentence of the core is in a catalogue (src/core/messages).
 */
const CLI_ONLY: Readonly<Record<string, number>> = {
  'src/core/links/stateFile.ts': 3,
  'src/core/walk/nodeWalkFs.ts': 2,
};

function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === CATALOGUES ? [] : tsFilesUnder(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Three words in a row, the later ones lower-case: "could not be", "is not a"; not identifiers, paths or headers. */
const SENTENCE = /\b[A-Za-z][a-z']*\s[a-z][a-z']*\s[a-z][a-z']*\b/;
const LOG_METHODS = new Set(['info', 'warn', 'error', 'debug', 'trace']);

function textOf(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' {} ');
  return undefined;
}

function isLogArgument(node: ts.Node): boolean {
  for (let at: ts.Node = node; at.parent && !ts.isStatement(at); at = at.parent) {
    const call = at.parent;
    if (ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression) && LOG_METHODS.has(call.expression.name.text)) return true;
  }
  return false;
}

function isTypeOrModuleName(node: ts.Node): boolean {
  const parent = node.parent;
  return ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent) || ts.isExternalModuleReference(parent);
}

/** `file:line text` of each sentence-shaped literal, by file (relative to the repository). */
function sentencesByFile(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of tsFilesUnder(CORE)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const name = relative(root, file);
    const visit = (node: ts.Node): void => {
      const text = textOf(node);
      if (text !== undefined) {
        if (SENTENCE.test(text) && !NOT_FOR_USERS.has(text) && !isTypeOrModuleName(node) && !isLogArgument(node)) {
          const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          found.set(name, [...(found.get(name) ?? []), `${name}:${line} ${JSON.stringify(text)}`]);
        }
        if (!ts.isTemplateExpression(node)) return;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('no user-facing sentence is composed in src/core outside its message catalogues', () => {
  const found = sentencesByFile();

  it('finds sentences where there are some (the scan itself works)', () => {
    const catalogue = ts.createSourceFile('x.ts', 'const a = `${x} is not a regular file.`; log.warn(`Could not find the page ${y}`);', ts.ScriptTarget.Latest, true);
    const texts: string[] = [];
    const visit = (node: ts.Node): void => {
      const text = textOf(node);
      if (text !== undefined && SENTENCE.test(text) && !isLogArgument(node)) texts.push(text);
      ts.forEachChild(node, visit);
    };
    visit(catalogue);
    assert.deepEqual(texts, [' {}  is not a regular file.']);
  });

  it('the rest of the core holds none: outcomes, preflight, sign-in, export, page routes, manifest, addresses, walk, guard, tree, token texts', () => {
    const moved = [...found.keys()].filter((file) => !(file in CLI_ONLY));
    assert.deepEqual(moved.flatMap((file) => found.get(file) ?? []), [], 'give these a catalogue entry (src/core/messages) and pass the catalogue in');
  });

  it('the command line\'s own files hold no more sentences than listed, and the list is current', () => {
    const counts = Object.fromEntries([...found.entries()].filter(([file]) => file in CLI_ONLY).map(([file, lines]) => [file, lines.length]));
    assert.deepEqual(counts, Object.fromEntries(Object.entries(CLI_ONLY).filter(([, count]) => count > 0)));
  });

  it('only the command line imports the files listed as its own', () => {
    const importers = [...tsFilesUnder(join(root, 'src'))].flatMap((file) => {
      const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      return source.statements.flatMap((statement) => {
        if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) return [];
        const specifier = statement.moduleSpecifier;
        if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return [];
        const target = relative(root, join(dirname(file), specifier.text)) + '.ts';
        return target in CLI_ONLY ? [`${relative(root, file)} -> ${target}`] : [];
      });
    });
    assert.ok(importers.length > 0, 'the command line imports them');
    assert.deepEqual(importers.filter((line) => !line.startsWith(join('src', 'cli') + '/')), []);
  });
});
