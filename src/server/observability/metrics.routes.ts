import { timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { type DB, poolOf } from '#src/server/db/connect.ts';
import { AppError, unauthorized } from '#src/server/errors.ts';
import { dbPoolConnections, queueDepth, registry } from './metrics';

/**
 * GET /metrics, outside /api (a scraper is not a client of the API). With METRICS_TOKEN it needs
 * `Authorization: Bearer <token>` (401 otherwise); without, it answers only a request whose socket
 * comes from this machine (127.0.0.1 or ::1) and that no proxy forwarded, and 404 to everyone else,
 * as if it did not exist. The socket's address, never X-Forwarded-For (which the client writes), and
 * a forwarded request is refused because a proxy on this machine (nginx) would otherwise make every
 * outside request look local. Any header a proxy may set to name the client counts as forwarded: a
 * proxy that sets only X-Real-IP (nginx's usual line) is a proxy all the same (issue 43.8).
 */
export async function metricsHandler(c: Context<AppEnv>) {
  const { env, db } = c.get('deps');
  if (env.METRICS_TOKEN) {
    if (!tokenMatches(c.req.header('authorization'), env.METRICS_TOKEN))
      throw unauthorized('A valid metrics token is needed.');
  } else if (!fromThisMachine(c)) {
    throw new AppError('NOT_FOUND', 404, 'Not found.');
  }
  await readGauges(db);
  return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  // timingSafeEqual needs equal lengths; comparing with itself keeps the time the same on a wrong length.
  return given.length === expected.length ? timingSafeEqual(given, expected) : !timingSafeEqual(expected, expected);
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
// The headers proxies and CDNs name the client or the hop with (nginx, HAProxy, Envoy, Cloudflare,
// Akamai, Fastly, Azure, Google...); every X-Forwarded-* too.
const PROXY_HEADERS = new Set([
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'client-ip',
  'x-cluster-client-ip',
  'cf-connecting-ip',
  'cf-connecting-ipv6',
  'true-client-ip',
  'fastly-client-ip',
  'x-original-forwarded-for',
  'x-envoy-external-address',
  'x-azure-clientip',
  'x-appengine-user-ip',
  'x-proxyuser-ip',
]);
const forwarded = (c: Context<AppEnv>) =>
  [...c.req.raw.headers.keys()].some((name) => name.startsWith('x-forwarded-') || PROXY_HEADERS.has(name));

function fromThisMachine(c: Context<AppEnv>): boolean {
  if (forwarded(c)) return false;
  try {
    return LOOPBACK.has(getConnInfo(c).remote.address ?? '');
  } catch {
    return false; // no socket (app.request): nothing says it is local
  }
}

/**
 * The gauges read at each scrape, from the database this app serves: each queue's depth (counts on
 * the indexes that lead with status) and the PostgreSQL pool's clients.
 */
async function readGauges(db: DB): Promise<void> {
  const [email, push, events, resumes] = await Promise.all([
    db
      .selectFrom('email_outbox')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', 'in', ['PENDING', 'SENDING', 'FAILED'])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('push_outbox')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', 'in', ['PENDING', 'SENDING', 'FAILED'])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('notification_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('talents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('parse_status', 'in', ['PENDING', 'PARSING'])
      .executeTakeFirstOrThrow(),
  ]);
  const count = (rows: { status: string; n: number }[], ...statuses: string[]) =>
    rows.filter((row) => statuses.includes(row.status)).reduce((sum, row) => sum + Number(row.n), 0);
  // Pending includes the rows a worker holds right now (SENDING): they are not done yet.
  queueDepth.labels('email_pending').set(count(email, 'PENDING', 'SENDING'));
  queueDepth.labels('email_failed').set(count(email, 'FAILED'));
  queueDepth.labels('push_pending').set(count(push, 'PENDING', 'SENDING'));
  queueDepth.labels('push_failed').set(count(push, 'FAILED'));
  queueDepth.labels('notification_events_pending').set(Number(events.n));
  queueDepth.labels('resumes_pending').set(Number(resumes.n));
  const pool = poolOf(db);
  if (pool) {
    dbPoolConnections.labels('total').set(pool.totalCount);
    dbPoolConnections.labels('idle').set(pool.idleCount);
    dbPoolConnections.labels('waiting').set(pool.waitingCount);
  }
}
