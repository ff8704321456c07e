// @vitest-environment node
import { createServer, connect as netConnect, type Server, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '#src/server/app.ts';
import { connect, type DB } from '#src/server/db/connect.ts';
import { insertTask } from './helpers/rows';
import { recruiter } from './helpers/talent-fixtures';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

// PostgreSQL restarted under load. The app's pool talks to the real PostgreSQL through a small TCP
// proxy; cutting the proxy (every open connection destroyed, new ones refused) is what a restart or a
// failover looks like from the app. The real cluster is never touched: other suites use it meanwhile.
// While the database is gone every request answers a clean 503 quickly; once it is back, the same app
// (no restart) answers 200 again.

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** A TCP proxy to `target` that can be cut (sockets destroyed, port closed) and restored on the same port. */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = netConnect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    get open() {
      return sockets.size;
    },
    /** What a PostgreSQL restart looks like: every connection reset, new ones refused. */
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}

type Outcome = { at: number; ms: number; status: number; code?: string; retryAfter: string | null; url: string };

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL restarted while requests keep coming', () => {
  let t: TestApp | undefined;
  let proxied: DB | undefined;
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;

  afterEach(async () => {
    await proxied?.destroy().catch(() => {});
    await proxy?.stop();
    await t?.close();
  });

  it('answers 503 SERVICE_UNAVAILABLE (never 500, never a hang) while it is down, and 200 again once it is back', async () => {
    t = await createTestApp('postgres');
    const me = await recruiter(t);
    await insertTask(t, { title: 'Backend Engineer' });
    const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0]?.schema;
    const direct = new URL(TEST_DATABASE_URL as string);
    proxy = await startProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.searchParams.set('options', `-c search_path=${schema}`);
    proxied = connect({ databaseUrl: viaProxy.toString() });
    const app = createApp({ ...t.deps, db: proxied });
    // The app logs each refused request and each broken idle connection; that is expected here.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    const started = Date.now();
    const outcomes: Outcome[] = [];
    let running = true;
    const urls = ['/api/recruiter/task?pageSize=10', '/api/recruiter/talent?pageSize=10'];
    const client = async (n: number) => {
      for (let i = n; running; i += 1) {
        const url = urls[i % urls.length] as string;
        const at = Date.now() - started;
        const res = await app.request(url, { headers: bearer(me.token) });
        const body = (await res.json()) as { success: boolean; error?: { code: string; requestId?: string } };
        outcomes.push({
          at,
          ms: Date.now() - started - at,
          status: res.status,
          code: body.error?.code,
          retryAfter: res.headers.get('Retry-After'),
          url,
        });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    await sleep(600);
    expect(proxy.open).toBeGreaterThan(0); // the pool really goes through the proxy
    const cutAt = Date.now() - started;
    await proxy.cut();
    await sleep(1500);
    const restoredAt = Date.now() - started;
    await proxy.restore();
    await sleep(1500);
    running = false;
    await Promise.all(clients);

    const before = outcomes.filter((o) => o.at + o.ms < cutAt);
    const during = outcomes.filter((o) => o.at > cutAt + 50 && o.at + o.ms < restoredAt);
    const after = outcomes.filter((o) => o.at > restoredAt + 500);
    expect(before.length).toBeGreaterThan(4);
    expect(during.length).toBeGreaterThan(4);
    expect(after.length).toBeGreaterThan(4);

    expect(before.map((o) => `${o.status} ${o.code ?? ''}`)).toEqual(before.map(() => '200 '));
    // Never a 500 or anything else: 200 or a clean 503.
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([]);
    expect(during.map((o) => o.status)).toEqual(during.map(() => 503));
    for (const o of outcomes.filter((x) => x.status === 503)) {
      expect(o.code).toBe('SERVICE_UNAVAILABLE');
      expect(Number(o.retryAfter)).toBeGreaterThan(0);
    }
    // Nobody waits long for an answer, even while the database is gone.
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(3000);
    // Back without restarting the app: every request after the restore (and a moment) succeeds.
    expect(after.map((o) => o.status)).toEqual(after.map(() => 200));
    for (const call of logged.mock.calls) expect(call.map(String).join(' ')).not.toMatch(/failed:/);
  }, 30_000);
});
