// A TCP forwarder from the IPv6 loopback address [::1] to a server on 127.0.0.1, for the identity provider.
//
// Why: code-server rewrites every URL that vscode.env.openExternal opens for localhost, 127.0.0.1 or 0.0.0.0 to
// its own port proxy, and its rewrite keeps only the port: http://127.0.0.1:PORT/authorize?client_id=...
// becomes /proxy/PORT/, without the path and the query (code-server 4.100.3, patches/proxy-uri.diff;
// coder/code-server#7668 and #7573, fixed only in releases that need Node 22). Desktop VS Code opens the URL
// unchanged, and a real identity provider is never on the code-server machine's localhost. Serving the sandbox
// provider at http://[::1]:PORT, a loopback address the extension accepts for plain http (requirement 5) and
// code-server does not rewrite, lets the browser open the authorization URL exactly as the extension built it.
import * as net from 'node:net';

export interface LoopbackForwarder {
  /** http://[::1]:PORT (no trailing slash). */
  origin: string;
  close(): Promise<void>;
}

export async function startIpv6Forwarder(target: { host: string; port: number }): Promise<LoopbackForwarder> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '::1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    origin: `http://[::1]:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
