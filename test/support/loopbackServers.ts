import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on a free loopback port; close() also ends the open connections. */
export async function serve(server: Server, host = '127.0.0.1'): Promise<RunningServer> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A server that records the headers it was sent and answers 200 with a service-shaped body. */
export async function startRecordingServer(host = '127.0.0.1'): Promise<RunningServer & { seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ body: 'Success: recorded' }));
  });
  return { ...(await serve(server, host)), seen };
}

/** A server that redirects every request to `location` with the given status. */
export async function startRedirectServer(location: string, status = 307): Promise<RunningServer> {
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(status, { location }).end();
  });
  return serve(server);
}

/** A forward proxy that tunnels CONNECT requests and counts them. */
export async function startTunnelProxy(): Promise<RunningServer & { tunnels: string[] }> {
  const tunnels: string[] = [];
  const server = createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (req, clientSocket: Socket, head: Buffer) => {
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host ?? '127.0.0.1', () => {
      clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(clientSocket);
      clientSocket.pipe(upstream);
    });
    upstream.on('error', () => clientSocket.destroy());
    clientSocket.on('error', () => upstream.destroy());
  });
  return { ...(await serve(server)), tunnels };
}

/**
 * A proxy that breaks every CONNECT: `reset` closes the connection at once, `silent` keeps it open and never answers.
 * `connects` counts the CONNECTs it was sent.
 */
export async function startBrokenProxy(mode: 'reset' | 'silent'): Promise<RunningServer & { readonly connects: number }> {
  let connects = 0;
  const server = createServer((_req, res) => res.writeHead(405).end());
  server.on('connect', (_req, clientSocket: Socket) => {
    connects += 1;
    clientSocket.on('error', () => undefined);
    if (mode === 'reset') clientSocket.destroy();
  });
  const running = await serve(server);
  return { ...running, get connects() { return connects; } };
}

/**
 * A server that answers every request with `status` and a body that never ends (a proxy's runaway error page), written
 * as fast as the client reads it; `declaredLength` sends a Content-Length instead, of that many bytes, and then the body.
 */
export async function startEndlessServer(status: number, declaredLength?: number): Promise<RunningServer & { readonly requests: number }> {
  let requests = 0;
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const server = createServer((req, res) => {
    requests += 1;
    req.resume();
    res.writeHead(status, { 'content-type': 'text/html', ...(declaredLength === undefined ? {} : { 'content-length': String(declaredLength) }) });
    let written = 0;
    const pump = (): void => {
      while (!res.destroyed && (declaredLength === undefined || written < declaredLength)) {
        const piece = declaredLength === undefined ? chunk : chunk.subarray(0, Math.min(chunk.length, declaredLength - written));
        written += piece.length;
        if (!res.write(piece)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end();
    };
    res.on('error', () => undefined);
    pump();
  });
  const running = await serve(server);
  return { ...running, get requests() { return requests; } };
}
