// The design rules of style.md made mechanical: the core never imports vscode, and the start-up bundle
// carries no HTTP client, YAML or Markdown parser (activation stays cheap).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';

const root = join(__dirname, '..', '..', '..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('architecture', () => {
  it('no module under src/core imports vscode', () => {
    const offenders = filesUnder(join(root, 'src', 'core'))
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /(from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\))/.test(readFileSync(file, 'utf8')));
    assert.deepEqual(offenders, []);
  });

  it('the start-up bundle holds no HTTP client, YAML parser or Markdown parser', () => {
    const startup = readFileSync(join(root, 'dist', 'extension.js'), 'utf8');
    for (const marker of ['undici', 'ProxyAgent', 'yaml', 'markdown-it', 'proper-lockfile']) {
      assert.ok(!startup.includes(marker), `dist/extension.js contains ${marker}`);
    }
    assert.match(startup, /require\(["']\.\/onDemand\.js["']\)/);
    assert.match(startup, /require\(["']\.\/lazyCommands\.js["']\)/, 'the publish, compare and open commands load on first use');
    for (const marker of ['bulkExport', 'Publishing to the wiki']) assert.ok(!startup.includes(marker), `dist/extension.js contains ${marker}`);
  });

  // The two front ends share code only through src/core (issue 10, section 1).
  const importsOf = (file: string): string[] =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from\s+|require\(\s*|import\(\s*)['"]([^'"]+)['"]/g)].map((match) => match[1] as string);
  const tsFilesUnder = (...parts: string[]): string[] => filesUnder(join(root, ...parts)).filter((file) => file.endsWith('.ts'));

  it('no module under src/cli imports vscode or src/editor', () => {
    const offenders = tsFilesUnder('src', 'cli').filter((file) => importsOf(file).some((spec) => spec === 'vscode' || /(^|\/)editor(\/|$)/.test(spec)));
    assert.deepEqual(offenders, []);
  });

  it('no module under src/editor imports src/cli', () => {
    const offenders = tsFilesUnder('src', 'editor').filter((file) => importsOf(file).some((spec) => /(^|\/)cli(\/|$)/.test(spec)));
    assert.deepEqual(offenders, []);
  });

  it('the GitHub Action (src/action) is a front end over the CLI: nothing else imports it, and it never imports src/editor', () => {
    const importsAction = (spec: string): boolean => /(^|\/)action(\/|$)/.test(spec);
    const offenders = ['core', 'cli', 'editor'].flatMap((part) => tsFilesUnder('src', part)).filter((file) => importsOf(file).some(importsAction));
    assert.deepEqual(offenders, []);
    const actionOffenders = tsFilesUnder('src', 'action').filter((file) => importsOf(file).some((spec) => spec === 'vscode' || /(^|\/)editor(\/|$)/.test(spec)));
    assert.deepEqual(actionOffenders, []);
    const startup = readFileSync(join(root, 'dist', 'extension.js'), 'utf8');
    assert.ok(!startup.includes('stop-commands') && !startup.includes('wiki-publisher-plan-digest'), 'the CLI and action code stay off the extension\'s start-up path');
  });

  it('the Markdown scanner (src/core/markdown) imports nothing outside its folder, and its files import no circle', () => {
    const folder = join(root, 'src', 'core', 'markdown');
    const files = tsFilesUnder('src', 'core', 'markdown');
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const targets = importsOf(file).map((spec) => (spec.startsWith('.') ? join(dirname(file), spec) : spec));
      assert.deepEqual(targets.filter((target) => !target.startsWith(folder + sep)).map((target) => relative(folder, target)), [], relative(folder, file));
      graph.set(file.replace(/\.ts$/, ''), targets);
    }
    // Depth first: a file met again while its own imports are being followed closes a circle.
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return;
      assert.notEqual(state.get(file), 'open', `import circle: ${[...path, file].map((each) => relative(folder, each)).join(' -> ')}`);
      state.set(file, 'open');
      for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
  });

  // Issues 82 and 84: the engine reads as one pipeline, its folders in this order from the ground up (CONTRIBUTING.md,
  // "The code"). A folder imports only folders of an earlier layer; two folders of one layer never import each other.
  const coreLayers: ReadonlyArray<readonly string[]> = [
    ['text', 'util', 'log', 'pattern', 'markdown', 'ports.ts'],
    ['messages'],
    ['http', 'walk', 'writes'],
    ['oauth', 'apiToken', 'importApi'],
    ['publish'],
    ['wikiPages', 'export'],
    ['links'],
    ['run'],
    ['tree'],
    ['pull', 'pageState', 'problems'],
  ];
  // No exceptions: a file that must reach up, or grow past 400 lines, is split or moved instead.
  const importsUpwardAllowed: ReadonlySet<string> = new Set();
  const overLengthAllowed: ReadonlySet<string> = new Set();
  /**
   * The files under src/<parts> each file there imports, as paths relative to that folder (packages, node: modules and
   * files outside the folder left out). An import of types only, a re-export and a require or import() count too.
   */
  const importGraph = (...parts: string[]): Map<string, string[]> => {
    const folder = join(root, 'src', ...parts);
    const files = new Set(tsFilesUnder('src', ...parts).map((file) => relative(folder, file).split(sep).join('/')));
    const resolve = (from: string, spec: string): string | undefined => {
      const base = relative(folder, join(folder, dirname(from), spec)).split(sep).join('/');
      return [`${base}.ts`, `${base}/index.ts`].find((candidate) => files.has(candidate));
    };
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const targets = importsOf(join(folder, file)).filter((spec) => spec.startsWith('.')).map((spec) => resolve(file, spec));
      graph.set(file, [...new Set(targets.filter((target): target is string => target !== undefined))]);
    }
    return graph;
  };
  /** The files of src/core each file imports, as paths relative to src/core. */
  const coreImports = (): Map<string, string[]> => importGraph('core');
  const folderOf = (file: string): string => file.split('/')[0] as string;
  /** Depth first: a file met again while its own imports are being followed closes a circle. */
  const assertNoCircle = (graph: Map<string, string[]>): void => {
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return;
      assert.notEqual(state.get(file), 'open', `import circle: ${[...path, file].join(' -> ')}`);
      state.set(file, 'open');
      for (const target of graph.get(file) ?? []) visit(target, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
  };

  it('no import circle anywhere in src/core (an import of types only counts too)', () => {
    assertNoCircle(coreImports());
  });

  // Issue 84: nor anywhere else: the editor, the command line, the action and the entry files (src/extension.ts,
  // src/onDemand.ts) each import one way too.
  it('no import circle anywhere in src (an import of types only counts too)', () => {
    assertNoCircle(importGraph());
  });

  // Issue 84: src/editor's folders in layers from the ground up (CONTRIBUTING.md, "The editor's layers"); a folder or
  // a file at the editor's root imports only from an earlier layer, never back or across. The lazily loaded bundle's
  // entry (lazyCommands.ts) and its loader (lazyCommand.ts) sit on top: nothing the bundle holds reaches back to them.
  const editorLayers: ReadonlyArray<readonly string[]> = [
    ['messages', 'command.ts', 'settings.ts', 'notify.ts', 'log.ts', 'secrets.ts', 'noticeClaims.ts', 'progressNotification.ts', 'onDemandLoader.ts'],
    ['net'],
    ['auth', 'statusBar'],
    ['wiki'],
    ['publish'],
    ['pull', 'diagnostics', 'wikiPages'],
    ['commands'],
    ['lazyCommands.ts', 'commandManager.ts', 'walkthroughSteps.ts'],
    ['lazyCommand.ts'],
  ];

  it('imports in src/editor run one way: from a folder of a later layer to an earlier one, never back or across', () => {
    const layerOf = new Map(editorLayers.flatMap((folders, layer) => folders.map((folder) => [folder, layer] as const)));
    const graph = importGraph('editor');
    assert.deepEqual([...new Set([...graph.keys()].map(folderOf))].filter((folder) => !layerOf.has(folder)), [], 'every folder and root file of src/editor has its layer');
    const offenders = [...graph].flatMap(([file, targets]) => targets
      .filter((target) => folderOf(target) !== folderOf(file) && (layerOf.get(folderOf(target)) ?? 0) >= (layerOf.get(folderOf(file)) ?? 0))
      .map((target) => `${file} -> ${target}`));
    assert.deepEqual(offenders, []);
  });

  it('src/core/run imports nothing from src/core/tree: a tree is a caller of the run engine', () => {
    const offenders = [...coreImports()]
      .filter(([file]) => folderOf(file) === 'run' && !importsUpwardAllowed.has(file))
      .flatMap(([file, targets]) => targets.filter((target) => folderOf(target) === 'tree').map((target) => `${file} -> ${target}`));
    assert.deepEqual(offenders, []);
  });

  it('imports in src/core run one way: from a folder of a later layer to an earlier one, never back or across', () => {
    const layerOf = new Map(coreLayers.flatMap((folders, layer) => folders.map((folder) => [folder, layer] as const)));
    const graph = coreImports();
    assert.deepEqual([...new Set([...graph.keys()].map(folderOf))].filter((folder) => !layerOf.has(folder)), [], 'every folder of src/core has its layer');
    const offenders = [...graph]
      .filter(([file]) => !importsUpwardAllowed.has(file))
      .flatMap(([file, targets]) => targets
        .filter((target) => folderOf(target) !== folderOf(file) && (layerOf.get(folderOf(target)) ?? 0) >= (layerOf.get(folderOf(file)) ?? 0))
        .map((target) => `${file} -> ${target}`));
    assert.deepEqual(offenders, []);
  });

  it('no file in src is over 400 lines', () => {
    const long = tsFilesUnder('src')
      .map((file) => ({ file: relative(root, file).split(sep).join('/'), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ file, lines }) => lines > 400 && !overLengthAllowed.has(file))
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    assert.deepEqual(long, []);
  });

  it('the command-line bundles need nothing but Node: no vscode, no package outside the bundles', () => {
    const cli = readFileSync(join(root, 'dist', 'cli.js'), 'utf8');
    assert.match(cli, /^#!\/usr\/bin\/env node\n/);
    const builtins = new Set(builtinModules);
    const outside = (bundle: string): string[] =>
      [...new Set([...bundle.matchAll(/require\(["']([^"']+)["']\)/g)].map((match) => match[1] as string))]
        .filter((name) => !name.startsWith('node:') && !builtins.has(name));
    // The bundled undici is a sibling bundle, loaded only when a run sends (--help, --dry-run never compile it); so are
    // the YAML parser and the entity decoder, loaded only for a text that needs one.
    assert.deepEqual(outside(cli).sort(), ['./cliHttp.js', './cliLibs.js']);
    assert.ok(!cli.includes('EnvHttpProxyAgent'), 'dist/cli.js carries no undici');
    for (const sibling of ['cliHttp.js', 'cliLibs.js']) assert.deepEqual(outside(readFileSync(join(root, 'dist', sibling), 'utf8')), [], sibling);
  });
  // Issue 81: a library that compiles patterns to backtracking regular expressions (ignore, picomatch) let a
  // repository's .gitignore or a files.exclude setting hang a walk. Every front end matches them with core/pattern.
  it('patterns from a repository or a setting are matched by core/pattern only: no glob or ignore library in src or a bundle', () => {
    const libraries = /^(ignore|picomatch|minimatch|micromatch|globby|fast-glob|anymatch)(\/|$)/;
    const offenders = tsFilesUnder('src').filter((file) => importsOf(file).some((spec) => libraries.test(spec)));
    assert.deepEqual(offenders, []);
    for (const bundle of ['extension.js', 'onDemand.js', 'lazyCommands.js', 'cli.js']) {
      const text = readFileSync(join(root, 'dist', bundle), 'utf8');
      assert.ok(!text.includes('node_modules/picomatch') && !text.includes('node_modules/ignore/'), `dist/${bundle} bundles a pattern library`);
    }
  });
});
