// The bench's yardstick for the command line's start-to-exit time: a bare Node script that reads the same Markdown
// file and sends the same import POST with undici (loaded from node_modules), then exits.
// Usage: WIKI_PUBLISHER_API_TOKEN=... node out/test/bench/barePost.js <file> <endpoint> <pageTitle>
import { readFileSync } from 'node:fs';
import { getGlobalDispatcher, request } from 'undici';

async function main(): Promise<void> {
  const [file, endpoint, pageTitle] = process.argv.slice(2);
  if (!file || !endpoint || !pageTitle) throw new Error('usage: barePost.js <file> <endpoint> <pageTitle>');
  const content = readFileSync(file, 'utf8');
  const response = await request(endpoint, {
    method: 'POST',
    headers: { authorization: `Bearer ${process.env.WIKI_PUBLISHER_API_TOKEN ?? ''}`, 'content-type': 'application/json' },
    body: JSON.stringify({ spaceId: 'DOCS', parentId: '123456', pageTitle, overwrite: true, content }),
  });
  await response.body.text();
  await getGlobalDispatcher().close();
  process.exitCode = response.statusCode === 200 || response.statusCode === 201 ? 0 : 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
