// The design rules of style.md made mechanical: the core never imports vscode, and the start-up bundle
// carries no HTTP client, YAML or Markdown parser (activation stays cheap).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
  });
});
