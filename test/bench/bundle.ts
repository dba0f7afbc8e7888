// Builds the shipped (minified) bundles and copies them aside, so the measurements use exactly this build even if
// another process rebuilds dist/ while the bench runs.
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface ProductionBundles {
  dir: string;
  extensionJs: string;
  extensionBytes: number;
  onDemandBytes: number;
  buildMs: number;
  remove(): Promise<void>;
}

export const repoRoot = join(__dirname, '..', '..', '..');

/** The command line's bundles as shipped (dist/): the command, its undici, and the libraries it loads for some texts. */
export const CLI_BUNDLES = ['cli.js', 'cliHttp.js', 'cliLibs.js'] as const;

/** The shipped build of the CLI, every bundle of it copied into `dir`, so a rebuild of dist/ cannot change it mid-run. */
export async function shippedCli(dir: string): Promise<string> {
  await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--production'], { cwd: repoRoot });
  for (const name of CLI_BUNDLES) await copyFile(join(repoRoot, 'dist', name), join(dir, name));
  return join(dir, 'cli.js');
}

export async function buildProductionBundles(): Promise<ProductionBundles> {
  const started = Date.now();
  await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--production'], { cwd: repoRoot });
  const buildMs = Date.now() - started;
  const dir = await mkdtemp(join(tmpdir(), 'wiki-publisher-bench-'));
  for (const name of ['extension.js', 'onDemand.js']) await copyFile(join(repoRoot, 'dist', name), join(dir, name));
  return {
    dir,
    extensionJs: join(dir, 'extension.js'),
    extensionBytes: (await stat(join(dir, 'extension.js'))).size,
    onDemandBytes: (await stat(join(dir, 'onDemand.js'))).size,
    buildMs,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
