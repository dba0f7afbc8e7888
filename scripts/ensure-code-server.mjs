// Installs code-server (VS Code's workbench served to a browser) into a git-ignored cache folder, once.
// A plain `npm install code-server` fails on these machines (it wants --unsafe-perm as root, builds optional
// native modules and downloads ripgrep), so this follows the verified sequence in docs/real-vscode.md.
// Idempotent: a marker file written at the very end says the install completed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const CODE_SERVER_VERSION = '4.100.3';
// Bumped when the install steps change, so an older cached install is redone.
const INSTALL_LAYOUT = 2;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const codeServerDir = path.join(repoRoot, '.cache', 'code-server');
export const codeServerEntry = path.join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const markerFile = path.join(codeServerDir, 'installed.json');

function run(command, args, cwd) {
  console.log(`[ensure-code-server] (${path.relative(repoRoot, cwd) || '.'}) ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
}

function isInstalled() {
  if (!existsSync(markerFile) || !existsSync(codeServerEntry)) return false;
  try {
    const marker = JSON.parse(readFileSync(markerFile, 'utf8'));
    return marker.version === CODE_SERVER_VERSION && marker.layout === INSTALL_LAYOUT;
  } catch {
    return false;
  }
}

/** Returns the path of code-server's entry.js, installing code-server first when it is missing. */
export function ensureCodeServer() {
  if (isInstalled()) {
    console.log(`[ensure-code-server] code-server ${CODE_SERVER_VERSION} already in ${path.relative(repoRoot, codeServerDir)}`);
    return codeServerEntry;
  }
  console.log(`[ensure-code-server] installing code-server ${CODE_SERVER_VERSION} into ${codeServerDir}`);
  const started = Date.now();
  rmSync(markerFile, { force: true });
  mkdirSync(codeServerDir, { recursive: true });
  // A package.json of its own keeps npm from walking up into the extension's package.json.
  const ownManifest = path.join(codeServerDir, 'package.json');
  if (!existsSync(ownManifest)) {
    writeFileSync(ownManifest, JSON.stringify({ name: 'code-server-cache', private: true }, null, 2));
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  run(npm, ['install', '--ignore-scripts', '--no-save', '--no-audit', '--no-fund', `code-server@${CODE_SERVER_VERSION}`], codeServerDir);
  // argon2 is the one native module code-server cannot start without.
  run(npm, ['rebuild', 'argon2'], codeServerDir);
  const vscodeDir = path.join(codeServerDir, 'node_modules', 'code-server', 'lib', 'vscode');
  run(npm, ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], vscodeDir);
  // Without spdlog the server writes no log files, and a failing test could not show the extension's log.
  // It needs a C++ toolchain; code-server runs without it, so a failed build only costs the log files.
  try {
    run(npm, ['rebuild', '@vscode/spdlog'], vscodeDir);
  } catch {
    console.warn('[ensure-code-server] could not build @vscode/spdlog (is a C++ toolchain installed?); continuing without log files');
  }
  const asarLink = path.join(vscodeDir, 'node_modules.asar');
  rmSync(asarLink, { force: true });
  symlinkSync('node_modules', asarLink);
  run(npm, ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], path.join(vscodeDir, 'extensions'));
  writeFileSync(markerFile, JSON.stringify({ version: CODE_SERVER_VERSION, layout: INSTALL_LAYOUT, installedAt: new Date().toISOString() }, null, 2));
  console.log(`[ensure-code-server] done in ${Math.round((Date.now() - started) / 1000)} s`);
  return codeServerEntry;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureCodeServer();
}
