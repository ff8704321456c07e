import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { SeriesCounter, SeriesHistogram } from './series-metrics';

/**
 * The process's Prometheus metrics, in a registry of our own (not prom-client's global one, which any
 * library could fill). One per process, as the logger: the workers count their failures here, the
 * request step (request-observer.ts) the requests, connect.ts the queries; `/metrics` (metrics.routes.ts)
 * reads the queue depths and the pool of the database it serves when scraped, then writes them all.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });
// prom-client names three of its gauges as counters (`_total`), which `promtool check metrics` and
// Prometheus' naming rules refuse (issue 43.10). Each is the sum of the gauge of the same name without
// `_total`, by type (`sum(nodejs_active_handles)`), which stays.
for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
  registry.removeSingleMetric(name);

// Counted on every request and query: series found once, counted with plain arithmetic (series-metrics.ts).
export const httpRequests = new SeriesCounter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new SeriesHistogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request reaching the app to its answer being sent, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const outboxReplaysRefused = new Counter({
  name: 'outbox_replays_refused_total',
  help: "Requests with an Idempotency-Key (the PWA's offline outbox) answered 409 or 422, by route pattern and status.",
  labelNames: ['route', 'status'] as const,
  registers: [registry],
});

export const dbQueryDuration = new SeriesHistogram({
  name: 'db_query_duration_seconds',
  help: 'Database query time, by kind (select, insert, update, delete, other).',
  labelNames: ['kind'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

export const dbPoolConnections = new Gauge({
  name: 'db_pool_connections',
  help: 'PostgreSQL pool clients: total, idle, and requests waiting for one (state). Absent on SQLite.',
  labelNames: ['state'] as const,
  registers: [registry],
});

export const queueDepth = new Gauge({
  name: 'queue_depth',
  help: 'Work waiting, read when scraped: email_pending, email_failed, push_pending, push_failed, notification_events_pending, resumes_pending (queue).',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const jobFailures = new Counter({
  name: 'job_failures_total',
  help: 'Items a worker could not handle (job: mail, push, notification_fanout, resume_parse), and passes that failed (job: <name>_pass).',
  labelNames: ['job'] as const,
  registers: [registry],
});

type QueryKind = 'select' | 'insert' | 'update' | 'delete' | 'other';
const KINDS: Record<string, QueryKind> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
};
// One series per kind of query node, found once.
const perKind = new Map<string | undefined, ReturnType<typeof dbQueryDuration.seriesOf>>();
export function observeQuery(nodeKind: string | undefined, ms: number): void {
  let series = perKind.get(nodeKind);
  if (!series) {
    series = dbQueryDuration.seriesOf((nodeKind && KINDS[nodeKind]) || 'other');
    perKind.set(nodeKind, series);
  }
  series.observe(ms / 1000);
}
