// Small request/response helpers shared by the sandbox's listeners (node:http only, nothing per request
// beyond what the answer needs).
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface ReceivedBody {
  /** The body as UTF-8 text; undefined when it was over the limit (only its size is kept then). */
  text: string | undefined;
  bytes: number;
}

/** Reads the whole body, but keeps at most `limitBytes` of it so an oversized upload cannot fill memory. */
export function readBody(req: IncomingMessage, limitBytes: number): Promise<ReceivedBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes <= limitBytes) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on('end', () => resolve({ text: bytes <= limitBytes ? Buffer.concat(chunks, bytes).toString('utf8') : undefined, bytes }));
    req.on('error', reject);
  });
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), ...headers });
  res.end(payload);
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    // Rendered Markdown may link images from anywhere; nothing else is loaded and no script runs.
    'Content-Security-Policy': "default-src 'none'; img-src * data:; style-src 'unsafe-inline'",
  });
  res.end(html);
}

/** Parses JSON text into a plain object, or undefined when it is not JSON or not an object. */
export function parseJsonObject(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The credential of an `Authorization: Bearer <x>` header (scheme case-insensitive), or undefined. */
export function bearerCredential(authorization: string | undefined): string | undefined {
  return /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
