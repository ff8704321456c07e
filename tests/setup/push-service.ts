import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

// A push service on this machine, as a browser's (FCM, Apple's, Mozilla's) would be: HTTPS with the test
// certificate (tests/server/fixtures), recording each push it is sent and answering `status(path)`. The
// servers under test post only here (PUSH_ENDPOINT_HOSTS names only its host), never to a real service.

export const PUSH_CERT_FILE = new URL('../server/fixtures/tls-cert.pem', import.meta.url);
const CERT = readFileSync(PUSH_CERT_FILE);
const KEY = readFileSync(new URL('../server/fixtures/tls-key.pem', import.meta.url));

export type ReceivedPush = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

export async function startPushService(options: { port?: number; status?: (path: string) => number } = {}) {
  const received: ReceivedPush[] = [];
  const status = options.status ?? (() => 201);
  const server: Server = createServer({ cert: CERT, key: KEY }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status(req.url ?? '')).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    host: new URL(origin).host,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
