import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listen } from '#src/server/listen.ts';
import type { TestApp } from './test-app';

/**
 * The test app served over real HTTP, as index.ts serves it (listen.ts): for what needs Node's
 * response or socket (the request log's timing, /metrics' loopback rule). `host` is the address it
 * listens on, and the one `base` points at.
 */
export async function serveApp(t: Pick<TestApp, 'app'>, host = '127.0.0.1') {
  const server = listen(t.app.fetch, { PORT: 0, HOST: host }) as Server;
  if (!server.listening) await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
