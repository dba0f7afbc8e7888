// The bench's yardstick for the command line's start-to-exit time: a bare Node script that reads the same Markdown
// file and sends the same import POST with Node's own http (as the command line sends without a proxy), then exits.
// Usage: WIKI_PUBLISHER_API_TOKEN=... node out/test/bench/barePost.js <file> <endpoint> <pageTitle>
import { readFileSync } from 'node:fs';
import { request } from 'node:http';

async function main(): Promise<void> {
  const [file, endpoint, pageTitle] = process.argv.slice(2);
  if (!file || !endpoint || !pageTitle) throw new Error('usage: barePost.js <file> <endpoint> <pageTitle>');
  const content = readFileSync(file, 'utf8');
  const body = Buffer.from(JSON.stringify({ spaceId: 'DOCS', parentId: '123456', pageTitle, overwrite: true, content }), 'utf8');
  const status = await new Promise<number>((resolve, reject) => {
    const outgoing = request(endpoint, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${process.env.WIKI_PUBLISHER_API_TOKEN ?? ''}`, 'content-type': 'application/json', 'content-length': String(body.length),
      },
    }, (incoming) => {
      incoming.resume();
      incoming.once('end', () => resolve(incoming.statusCode ?? 0));
      incoming.once('error', reject);
    });
    outgoing.once('error', reject);
    outgoing.end(body);
  });
  process.exitCode = status === 200 || status === 201 ? 0 : 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
