// An answer's body read up to the request's limit (transport.ts maxResponseBytes): the chunks are counted as they come,
// and the reading stops at the first byte past the limit, so a proxy's endless error page or a 2 GB answer costs at
// most the limit in memory, never a crash past V8's longest string.
import type { NetworkMessages } from '../messages/networkMessages';
import { answerTooLargeError } from './networkError';

/**
 * The body as UTF-8, decoded once from its bytes (a character split between two chunks stays whole). `stop` ends the
 * response (its connection is not reused) when the body is too large; a Content-Length over the limit stops it unread.
 */
export async function readCappedBody(
  chunks: AsyncIterable<Uint8Array>,
  options: { limitBytes: number; contentLength: string | undefined; stop(): void; messages?: NetworkMessages },
): Promise<string> {
  const declared = options.contentLength === undefined ? Number.NaN : Number(options.contentLength);
  if (declared > options.limitBytes) {
    options.stop();
    throw answerTooLargeError(options.limitBytes, options.messages);
  }
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.byteLength;
    if (total > options.limitBytes) {
      options.stop();
      throw answerTooLargeError(options.limitBytes, options.messages);
    }
    parts.push(chunk);
  }
  return Buffer.concat(parts, total).toString('utf8');
}
