// The baseline of tests/bench/throughput.ts: a bare node:http server that answers each benchmarked path
// by running the SQL the app ran for it (captured from the app's Kysely, statements and parameters, in
// the same order: the session check, the count, the page) on the same SQLite file, opened with the same
// pragmas as src/server/db/connect.ts, and sends the rows with JSON.stringify, as Hono's c.json does.
// No routing library, no middleware, no token check, statements prepared once: the floor an API on
// this machine, this database and these queries could reach.
//
// Usage: node tests/bench/bare-server.mjs <spec.json>   (spec: { sqliteFile, port, routes: [{ path,
// statements: [{ sql, parameters }] }] }); prints "listening" once it listens. Plain JavaScript, no
// loader, so the process holds nothing the handler does not need.
import { createServer } from 'node:http';
import { openSpec } from './bench-sqlite.mjs';

const { spec, database } = openSpec(process.argv[2]);

const routes = new Map(
  spec.routes.map((route) => [
    route.path,
    route.statements.map((statement) => ({
      prepared: database.prepare(statement.sql),
      parameters: statement.parameters,
    })),
  ]),
);

const server = createServer((request, response) => {
  const statements = routes.get(request.url);
  if (!statements) {
    response.writeHead(404).end();
    return;
  }
  try {
    const results = statements.map(({ prepared, parameters }) =>
      prepared.reader ? prepared.all(...parameters) : prepared.run(...parameters),
    );
    const body = JSON.stringify({ success: true, data: results });
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  } catch (error) {
    response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
  }
});
server.listen(spec.port, '127.0.0.1', () => process.stdout.write('listening\n'));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
