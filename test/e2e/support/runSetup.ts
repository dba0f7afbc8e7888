// Once per run: make sure code-server and Chromium are there, and install the packaged extension into a
// template extensions folder that each test copies (installing once saves several seconds per test).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { codeServerEntry, extensionId, repoRoot, vsixPath } from './paths';

export interface RunContext {
  chromiumPath: string;
  /** An extensions folder with the packaged extension installed; copy it with copyExtensionsDir. */
  templateExtensionsDir: string;
  /** Removes what the run created. */
  dispose(): void;
}

let current: RunContext | undefined;

export function runContext(): RunContext {
  if (!current) throw new Error('The e2e run was not prepared: is the root hook (support/rootHooks) loaded by .mocharc.e2e.js?');
  return current;
}

/** Removes what prepareRun made; does nothing when it never got that far (its error is the one to read). */
export function disposeRun(): void {
  current?.dispose();
}

export function prepareRun(): RunContext {
  if (current) return current;
  // The run installs code-server and writes the package under its repository: never another checkout's (a worktree
  // whose node_modules links to another checkout runs mocha from there). npm runs the suite from the package's root.
  if (path.resolve(process.cwd()) !== repoRoot) {
    throw new Error(`The e2e run starts in its repository's root (${repoRoot}), not in ${process.cwd()}: run it with "npm run test:e2e" there.`);
  }
  runScript('ensure-code-server.mjs');
  const chromiumPath = runScript('find-chromium.mjs', 'pipe').trim();
  if (!fs.existsSync(vsixPath)) {
    throw new Error(`${vsixPath} is missing: run the end-to-end tests with "npm run test:e2e", which packages the extension first.`);
  }
  warnIfStale();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wp-e2e-run-'));
  const templateExtensionsDir = path.join(root, 'extensions');
  installExtension(templateExtensionsDir);
  current = {
    chromiumPath,
    templateExtensionsDir,
    dispose: () => {
      fs.rmSync(root, { recursive: true, force: true });
      current = undefined;
    },
  };
  return current;
}

/** Running mocha alone reuses the last package; say so when the bundle is newer than it. */
function warnIfStale(): void {
  const bundle = path.join(repoRoot, 'dist', 'extension.js');
  if (fs.existsSync(bundle) && fs.statSync(bundle).mtimeMs > fs.statSync(vsixPath).mtimeMs) {
    console.warn(`      [e2e] warning: ${path.basename(vsixPath)} is older than dist/extension.js; "npm run test:e2e" packages it afresh.`);
  }
}

/** Installs the .vsix with code-server's own CLI, exactly as a user would. */
export function installExtension(extensionsDir: string): void {
  fs.mkdirSync(extensionsDir, { recursive: true });
  const started = Date.now();
  execFileSync(process.execPath, [codeServerEntry, '--extensions-dir', extensionsDir, '--install-extension', vsixPath], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, XDG_CONFIG_HOME: path.join(extensionsDir, '..', 'xdg-config'), XDG_DATA_HOME: path.join(extensionsDir, '..', 'xdg-data') },
  });
  const installed = fs.readdirSync(extensionsDir).some((name) => name.startsWith(`${extensionId}-`));
  if (!installed) throw new Error(`Installing ${vsixPath} left no ${extensionId}-* folder in ${extensionsDir}`);
  console.log(`      [e2e] installed ${path.basename(vsixPath)} in ${Date.now() - started} ms`);
}

/** Copies the template; extensions.json records absolute locations, which must point at the copy. */
export function copyExtensionsDir(target: string): void {
  const template = runContext().templateExtensionsDir;
  fs.cpSync(template, target, { recursive: true });
  const manifest = path.join(target, 'extensions.json');
  if (fs.existsSync(manifest)) {
    fs.writeFileSync(manifest, fs.readFileSync(manifest, 'utf8').split(template).join(target));
  }
}

/** Runs one of the repository's scripts/*.mjs with this Node; returns its stdout when piped. */
export function runScript(name: string, stdout: 'inherit' | 'pipe' = 'inherit'): string {
  const result = execFileSync(process.execPath, [path.join(repoRoot, 'scripts', name)], {
    cwd: repoRoot,
    stdio: ['ignore', stdout, 'inherit'],
    encoding: 'utf8',
  });
  return typeof result === 'string' ? result : '';
}
