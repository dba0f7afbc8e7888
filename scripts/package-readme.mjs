// Writes dist/README.md, the README that goes into the .vsix (npm run package passes it to vsce with
// --readme-path and --no-rewrite-relative-links).
//
// Why: VS Code renders an installed extension's page from the README inside the package, in a webview whose
// content security policy allows only https: and data: images, without a base address. A relative image
// (media/publish.png) therefore never loads there, and an image rewritten to a repository address loads only
// when that address exists and the machine is online. Embedding the README's local images as data: URLs makes
// the page show them everywhere. Relative links to other files become links into the repository, as vsce's
// own rewriting did; links within the page (#anchors) stay as they are.
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// An output path as the first argument serves the test that checks the packaged README's links (docsLinks.test.ts).
const outFile = process.argv[2] ? path.resolve(process.argv[2]) : path.join(repoRoot, 'dist', 'README.md');
const IMAGE_TYPES = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif' };

const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
const repositoryUrl = String(manifest.repository?.url ?? '').replace(/\.git$/, '');
const MARKDOWN_LINK = /(!?)\[([^\]]*)\]\(([^)\s]+)\)/g;

function isRelative(target) {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#');
}

function embedImage(target) {
  const type = IMAGE_TYPES[path.extname(target).toLowerCase()];
  if (!type) throw new Error(`README image ${target}: only ${Object.keys(IMAGE_TYPES).join(', ')} can be embedded (the Marketplace refuses SVG).`);
  return `data:${type};base64,${readFileSync(path.join(repoRoot, target)).toString('base64')}`;
}

function repositoryLink(target) {
  if (!repositoryUrl.startsWith('https://')) throw new Error(`README link ${target}: package.json has no https repository URL to point it to.`);
  return `${repositoryUrl}/blob/main/${path.posix.normalize(target)}`;
}

const source = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
const packaged = source.replace(MARKDOWN_LINK, (whole, bang, text, target) => {
  if (!isRelative(target)) return whole;
  return `${bang}[${text}](${bang ? embedImage(target) : repositoryLink(target)})`;
});
mkdirSync(path.dirname(outFile), { recursive: true });
writeFileSync(outFile, packaged);
console.log(`[package-readme] wrote ${path.relative(repoRoot, outFile)} (${Math.round(packaged.length / 1024)} KiB)`);
