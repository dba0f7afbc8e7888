// A forward proxy for tests: it tunnels CONNECT requests and resolves the host names it is given itself, the way
// a corporate proxy reaches names the client machine cannot resolve. So a test can use a non-loopback name such
// as wiki.test (which must go through the proxy) and still reach a server on 127.0.0.1.
import { createServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface NamedTunnelProxy {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Every CONNECT target, "host:port", in order. */
  tunnels: string[];
  /** Every plain (non-CONNECT) request the proxy was asked to forward; it forwards none. */
  forwarded: string[];
  close(): Promise<void>;
}

export async function startNamedTunnelProxy(hosts: Record<string, string> = {}): Promise<NamedTunnelProxy> {
  const tunnels: string[] = [];
  const forwarded: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    forwarded.push(req.url ?? '');
    res.writeHead(405).end();
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (req, clientSocket: Socket, head: Buffer) => {
    const target = req.url ?? '';
    tunnels.push(target);
    const separator = target.lastIndexOf(':');
    const host = target.slice(0, separator).replace(/^\[(.*)\]$/, '$1');
    let established = false;
    const upstream = connect(Number(target.slice(separator + 1)), hosts[host] ?? host, () => {
      established = true;
      clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(clientSocket);
      clientSocket.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    // A target the proxy cannot reach gets the 502 a real proxy answers, not a dropped connection.
    upstream.on('error', () => (established ? clientSocket.destroy() : clientSocket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n')));
    clientSocket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    forwarded,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
