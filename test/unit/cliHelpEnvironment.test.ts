// Every environment variable the command line reads is listed in `wiki-publisher --help` (issue 83). The sources of
// src/cli and src/core (which the command line runs) are searched for reads of an environment: `env.NAME`,
// `env['NAME']`, `env[NAME_ENV_VAR]` with the constant's value, on any object named `env` (`process.env`,
// `context.env`). A variable added later cannot be left out of the help; a read this test cannot name fails it too.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { HELP_TEXT } from '../../src/cli/help';

const root = join(__dirname, '..', '..', '..');

function tsFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFilesUnder(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

interface EnvironmentReads {
  /** Variable names, by the files that read them. */
  names: Map<string, string[]>;
  /** Reads whose name could not be told (`env[someVariable]`), as `file: text`. */
  unnamed: string[];
}

/** Whether an expression is an environment object: `env`, or a property named `env` (`process.env`, `inputs.env`). */
function isEnvironment(expression: ts.Expression): boolean {
  return (ts.isIdentifier(expression) && expression.text === 'env') || (ts.isPropertyAccessExpression(expression) && expression.name.text === 'env');
}

function environmentReads(files: readonly string[]): EnvironmentReads {
  const sources = files.map((file) => ({ file: relative(root, file), source: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true) }));
  // The constants that name variables (`export const API_TOKEN_ENV_VAR = 'WIKI_PUBLISHER_API_TOKEN'`), from every file.
  const constants = new Map<string, string>();
  for (const { source } of sources) {
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isStringLiteral(node.initializer)) constants.set(node.name.text, node.initializer.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  const reads: EnvironmentReads = { names: new Map(), unnamed: [] };
  const add = (name: string, file: string): void => {
    reads.names.set(name, [...(reads.names.get(name) ?? []), file]);
  };
  for (const { file, source } of sources) {
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node) && isEnvironment(node.expression) && /^[A-Za-z_][A-Za-z0-9_]*$/.test(node.name.text) && node.name.text !== 'env') {
        add(node.name.text, file);
      } else if (ts.isElementAccessExpression(node) && isEnvironment(node.expression)) {
        const key = node.argumentExpression;
        const name = ts.isStringLiteral(key) ? key.text : ts.isIdentifier(key) ? constants.get(key.text) : undefined;
        if (name === undefined) reads.unnamed.push(`${file}: ${node.getText(source)}`);
        else add(name, file);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return reads;
}

describe('wiki-publisher --help lists every environment variable the command line reads', () => {
  const reads = environmentReads([...tsFilesUnder(join(root, 'src', 'cli')), ...tsFilesUnder(join(root, 'src', 'core'))]);

  it('finds the reads (the search itself works): the token, the endpoint, the proxy, the CI systems\' commit', () => {
    for (const name of ['WIKI_PUBLISHER_API_TOKEN', 'WIKI_PUBLISHER_ENDPOINT', 'WIKI_PUBLISHER_CLIENT_SECRET', 'HTTPS_PROXY', 'no_proxy', 'GITHUB_SHA', 'CI_COMMIT_SHA']) {
      assert.ok(reads.names.has(name), `${name} is read somewhere: ${[...reads.names.keys()].join(', ')}`);
    }
  });

  it('names every variable read: none through a name the sources do not spell', () => {
    assert.deepEqual(reads.unnamed, []);
  });

  it('lists each in the help, by its exact name', () => {
    const missing = [...reads.names].filter(([name]) => !new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`).test(HELP_TEXT));
    assert.deepEqual(missing.map(([name, files]) => `${name} (read in ${[...new Set(files)].join(', ')})`), []);
  });
});
