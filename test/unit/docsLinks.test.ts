// The README and the reference pages under docs/ (issue 84): the README stays short, every relative link in them
// reaches a file that exists (and a heading that exists, when it names one), and the packaged extension's README,
// which has no docs/ folder beside it, carries no relative link: scripts/package-readme.mjs turns each into an
// address in the repository and embeds each image.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { HELP_TEXT } from '../../src/cli/help';

const root = join(__dirname, '..', '..', '..');
const MARKDOWN_LINK = /(!?)\[([^\]]*)\]\(([^)\s]+)\)/g;
const documents = ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/** A document's headings as anchors, outside fenced code. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? undefined : /^#{1,6}\s+(.*)$/.exec(line)?.[1];
    if (heading !== undefined) anchors.add(slugOf(heading));
  }
  return anchors;
}

/** Links of a document, outside fenced code and code spans (an example is no link). */
function linksOf(text: string): Array<{ image: boolean; target: string }> {
  const unfenced = text.replace(/^\s*(```|~~~)[^\n]*\n[\s\S]*?^\s*\1\s*$/gm, '').replace(/`[^`\n]*`/g, '');
  return [...unfenced.matchAll(MARKDOWN_LINK)]
    .map((match) => ({ image: match[1] === '!', target: match[3] ?? '' }))
    // The publish notice's link is shown with "..." for its address, an example rather than a link.
    .filter((link) => link.target !== '...');
}

const isRelative = (target: string): boolean => !/^[a-z][a-z0-9+.-]*:/i.test(target);

describe('README and docs/', () => {
  it('the README is at most 400 lines and links each reference page', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    assert.ok(readme.split('\n').length <= 400, `README.md has ${readme.split('\n').length} lines`);
    for (const page of ['configuration', 'publishing', 'wiki-pages-view', 'page-trees', 'ci', 'cli', 'security']) {
      assert.ok(readme.includes(`](docs/${page}.md`), `README.md links docs/${page}.md`);
    }
  });

  it('every reference page has a title, says what it covers and links back to the README', () => {
    for (const document of documents.filter((name) => name.startsWith('docs/'))) {
      const text = readFileSync(join(root, document), 'utf8');
      assert.match(text, /^# \S/, `${document} starts with its title`);
      assert.match(text, /What this page covers:/, `${document} says what it covers`);
      assert.ok(text.includes('](../README.md)'), `${document} links back to the README`);
    }
  });

  for (const document of documents) {
    it(`${document}: every relative link reaches a file, and a heading when it names one`, () => {
      const text = readFileSync(join(root, document), 'utf8');
      const links = linksOf(text).filter((link) => isRelative(link.target));
      assert.ok(links.length > 0, `${document} has relative links`);
      for (const { target } of links) {
        const [path = '', anchor] = target.split('#');
        const file = path === '' ? document : posix.normalize(posix.join(posix.dirname(document), path));
        assert.ok(existsSync(join(root, file)), `${document}: ${target} names ${file}, which does not exist`);
        if (anchor !== undefined && file.endsWith('.md')) {
          assert.ok(anchorsOf(readFileSync(join(root, file), 'utf8')).has(anchor), `${document}: ${target} names no heading of ${file}`);
        }
      }
    });
  }

  it('docs/ci.md names every input and output of action.yml', () => {
    const action = readFileSync(join(root, 'action.yml'), 'utf8');
    const ci = readFileSync(join(root, 'docs', 'ci.md'), 'utf8');
    const section = (name: string): string[] => {
      const body = action.split(new RegExp(`^${name}:\\n`, 'm'))[1]?.split(/^\S/m)[0] ?? '';
      return [...body.matchAll(/^ {2}([a-z-]+):/gm)].map((match) => match[1] ?? '');
    };
    const names = [...section('inputs'), ...section('outputs')];
    assert.ok(names.includes('expect-plan') && names.includes('plan-digest'), `read from action.yml: ${names.join(', ')}`);
    for (const name of names) assert.ok(ci.includes(`| \`${name}\` |`), `docs/ci.md has a row for ${name}`);
  });

  it('docs/cli.md names every flag of wiki-publisher --help', () => {
    const cli = readFileSync(join(root, 'docs', 'cli.md'), 'utf8');
    const flags = [...new Set([...HELP_TEXT.matchAll(/^ {2}(?:-[a-zA-Z], )?(--[a-z-]+)/gm)].map((match) => match[1] ?? ''))];
    assert.ok(flags.includes('--expect-plan') && flags.includes('--no-notice'), `read from the help: ${flags.join(', ')}`);
    for (const flag of flags) assert.match(cli, new RegExp(`^\\| [^|]*\`${flag}\\b`, 'm'), `docs/cli.md has a row for ${flag}`);
  });

  it('the packaged README has no relative link: docs/ links point into the repository, images are embedded', () => {
    const folder = mkdtempSync(join(tmpdir(), 'package-readme-'));
    try {
      const out = join(folder, 'README.md');
      execFileSync(process.execPath, [join(root, 'scripts', 'package-readme.mjs'), out], { stdio: 'pipe' });
      const packaged = readFileSync(out, 'utf8');
      const repository = String((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { repository: { url: string } }).repository.url).replace(/\.git$/, '');
      const links = linksOf(packaged);
      for (const { image, target } of links) {
        if (image) assert.match(target, /^data:image\/png;base64,/, 'an image is embedded');
        else assert.ok(!isRelative(target) || target.startsWith('#'), `a relative link is left in the packaged README: ${target}`);
      }
      const readmeDocsLinks = linksOf(readFileSync(join(root, 'README.md'), 'utf8')).filter((link) => link.target.startsWith('docs/'));
      assert.ok(readmeDocsLinks.length >= 7);
      for (const { target } of readmeDocsLinks) {
        assert.ok(packaged.includes(`](${repository}/blob/main/${target})`), `docs link ${target} points into the repository`);
      }
      assert.equal(dirname(out), folder);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
