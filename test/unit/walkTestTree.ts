// A repository a hostile pull request could leave behind, for the walk tests of both front ends: links to a file
// holding a token, to /proc/self/environ and to a parent folder, a pipe named like Markdown, files that are not UTF-8,
// next to the ordinary rules (.gitignore from the root down with a `!` below, node_modules, dot-folders).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** What the file outside the repository holds; it must never appear in any output or request. */
export const FAKE_TOKEN = 'wpt_fake_walk_token_4f9c2e7a1b8d';

export interface HostileTree {
  /** Holds `repo` and `outside`. */
  base: string;
  /** The repository (has .git); walk its `docs` folder with the repository as the working folder. */
  repo: string;
  outside: string;
  /** Whether this platform made the pipe docs/x.md and the link docs/env.md (Linux, macOS without /proc: no env.md). */
  hasFifo: boolean;
  hasEnviron: boolean;
  /** The labels a walk of docs takes, in order. */
  taken: string[];
  /** The labels a walk of docs refuses (links, a pipe), in order. */
  refusedByWalk: string[];
  /** The labels taken but refused when read (not UTF-8). */
  refusedByDecoding: string[];
  remove(): Promise<void>;
}

export const UTF16_TEXT = '# Wide\n\nÜber alles, 日本語.\n';

export async function makeHostileTree(): Promise<HostileTree> {
  const base = await mkdtemp(join(tmpdir(), 'wiki-publisher-walk-'));
  const repo = join(base, 'repo');
  const outside = join(base, 'outside');
  const write = async (path: string, content: string | Uint8Array): Promise<void> => {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
  };
  await write(join(outside, 'secret.txt'), `token=${FAKE_TOKEN}\n`);
  await write(join(outside, 'notes.md'), `# Outside\n\n${FAKE_TOKEN}\n`);
  const files: Record<string, string | Uint8Array> = {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.gitignore': 'build/\n*.draft.md\nkeep.md\nignored-link.md\n',
    'docs/a.md': '# Alpha\n\nText.\n',
    'docs/Upper.MD': '# Upper\n',
    'docs/notes.draft.md': '# Draft\n',
    'docs/keep.md': '# Ignored keep\n',
    'docs/build/out.md': '# Built\n',
    'docs/node_modules/pkg/README.md': '# Package\n',
    'docs/.github/template.md': '# Template\n',
    'docs/dir.md/inner.md': '# Inner\n',
    'docs/sub/.gitignore': '!keep.md\n',
    'docs/sub/keep.md': '# Kept\n',
    'docs/image.png': 'not markdown',
    'docs/bom.md': '\ufeff---\ntitle: With BOM\n---\nBody.\n',
    'docs/utf16.md': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(UTF16_TEXT, 'utf16le')]),
    'docs/latin1.md': Buffer.from('# Caf\xe9\n', 'latin1'),
    'docs/binary.md': Buffer.from([0x23, 0x20, 0x42, 0x00, 0x01, 0x02, 0x0a]),
  };
  for (const [path, content] of Object.entries(files)) await write(join(repo, ...path.split('/')), content);
  const docs = join(repo, 'docs');
  await symlink(join('..', '..', 'outside', 'secret.txt'), join(docs, 'key.md'));
  await symlink('..', join(docs, 'loop'), 'dir');
  await symlink('a.md', join(docs, 'ignored-link.md'));
  await symlink('image.png', join(docs, 'logo.png'));
  // Links at the repository's top, for naming explicitly (a walk of docs never sees them).
  await symlink(join('..', 'outside', 'notes.md'), join(repo, 'outside-link.md'));
  await symlink(join('docs', 'a.md'), join(repo, 'inside-link.md'));
  await symlink('docs', join(repo, 'docs-link'), 'dir');
  await symlink(join('..', 'outside'), join(repo, 'outside-folder'), 'dir');
  await symlink('nowhere.md', join(repo, 'broken.md'));
  const hasEnviron = existsSync('/proc/self/environ');
  if (hasEnviron) await symlink('/proc/self/environ', join(docs, 'env.md'));
  const hasFifo = makeFifo(join(docs, 'x.md'));
  return {
    base, repo, outside, hasFifo, hasEnviron,
    taken: ['docs/Upper.MD', 'docs/a.md', 'docs/binary.md', 'docs/bom.md', 'docs/dir.md/inner.md', 'docs/latin1.md', 'docs/sub/keep.md', 'docs/utf16.md'],
    refusedByWalk: [...(hasEnviron ? ['docs/env.md'] : []), 'docs/key.md', 'docs/loop', ...(hasFifo ? ['docs/x.md'] : [])],
    refusedByDecoding: ['docs/binary.md', 'docs/latin1.md'],
    remove: () => rm(base, { recursive: true, force: true }),
  };
}

function makeFifo(path: string): boolean {
  try {
    execFileSync('mkfifo', [path], { stdio: 'ignore' });
    return true;
  } catch {
    return false; // no mkfifo here (Windows): the pipe case is skipped
  }
}
