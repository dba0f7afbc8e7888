// A stranger's HTTP server for the hostile-workspace scenarios: it listens on another loopback address
// (127.0.0.2, so "another host" than the sandbox's 127.0.0.1) and records every connection and request it
// gets, headers included, so a test can assert that nothing, and above all no token, reached it.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

export interface RecordingServer {
  /** http://127.0.0.2:PORT (no trailing slash). */
  origin: string;
  /** TCP connections accepted, including ones that never sent a complete request. */
  readonly connections: number;
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

export async function startRecordingServer(host = '127.0.0.2'): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ statusCode: 201, body: 'Success: recorded by a stranger' }));
  });
  server.on('connection', () => void (connections += 1));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    get connections() {
      return connections;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
