// A second baseline of tests/bench/throughput.ts, printed but not judged: the bare handler's work
// (bare-server.mjs: the captured SQL of each path, replayed on the same SQLite file with statements
// prepared once, the rows sent with JSON.stringify) done by a minimal Hono app instead, served by
// @hono/node-server as the app is, with an async handler as every handler of the app is behind its
// middleware. No middleware, no headers of its own, no token check.
//
// It splits the app's distance from the bare handler in two: what Hono and its Node adapter cost (bare
// vs this), and what the app's own work on every call costs (this vs the app: the security headers and
// request id, the middleware, the token and session checks).
//
// Usage: node tests/bench/hono-floor-server.mjs <spec.json>   (the bare server's spec; this server
// listens on spec.honoPort); prints "listening" once it listens. Plain JavaScript, as bare-server.mjs.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { openSpec } from './bench-sqlite.mjs';

const { spec, database } = openSpec(process.argv[2]);

const app = new Hono();
for (const route of spec.routes) {
  const statements = route.statements.map((statement) => ({
    prepared: database.prepare(statement.sql),
    parameters: statement.parameters,
  }));
  app.get(route.path, async (c) => {
    // Resumed as the app's handlers are, after their middleware's awaits.
    await null;
    const results = statements.map(({ prepared, parameters }) =>
      prepared.reader ? prepared.all(...parameters) : prepared.run(...parameters),
    );
    return c.json({ success: true, data: results });
  });
}

const server = serve({ fetch: app.fetch, port: spec.honoPort, hostname: '127.0.0.1' }, () =>
  process.stdout.write('listening\n'),
);
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
