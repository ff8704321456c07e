import type { ServerResponse } from 'node:http';
import type { Http2ServerResponse } from 'node:http2';
import type { Context } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { logger } from './logger';
import { httpDuration, httpRequests, outboxReplaysRefused } from './metrics';
import type { CounterSeries, HistogramSeries } from './series-metrics';

const INFO = 30; // pino's level number for info

/**
 * Watches the answer of a request served by Node (c.env.outgoing): when it is sent (or the client
 * left), one log line and the request metrics. A listener on Node's response instead of awaiting
 * next(): answerBasics stays synchronous (no promise more per request), and the time counted includes
 * writing the body. Answers false without Node's response (app.request in tests): the caller then
 * calls answered() itself after next().
 */
export function watchAnswer(c: Context<AppEnv>, startedAt: number): boolean {
  const outgoing = (c.env as { outgoing?: ServerResponse | Http2ServerResponse } | undefined)?.outgoing;
  if (!outgoing || typeof outgoing.once !== 'function') return false;
  // `on`, not `once`: a response closes once, and once() wraps each listener in a function of its own.
  outgoing.on('close', () => answered(c, outgoing.statusCode, startedAt, !outgoing.writableFinished));
  return true;
}

/**
 * Logs and counts one answered request. The route is the pattern that answered (`/api/recruiter/talent/:id`),
 * never the path: paths and query strings carry ids and a talent link's token. No header, body or
 * query value is read.
 */
export function answered(c: Context<AppEnv>, status: number, startedAt: number, aborted = false): void {
  const ms = performance.now() - startedAt;
  const method = c.req.method;
  const route = routeOf(c);
  const series = seriesOf(method, route, status);
  series.requests.value += 1;
  series.duration.observe(ms / 1000);
  if ((status === 409 || status === 422) && c.req.header('idempotency-key') !== undefined)
    outboxReplaysRefused.labels(route, String(status)).inc();
  if (logger.levelVal > INFO) return;
  logger.info(
    {
      requestId: c.get('requestId'),
      method,
      route,
      status,
      ms: Math.round(ms * 100) / 100,
      userId: c.get('user')?.id,
      ...(aborted ? { aborted } : {}),
    },
    'request',
  );
}

// The request metrics' series of each method, route pattern and status, found once: the patterns and
// statuses are the app's own, so they are few (a method Node accepts but no route takes answers 404).
type RequestSeries = { requests: CounterSeries; duration: HistogramSeries };
const requestSeries = new Map<string, RequestSeries>();
function seriesOf(method: string, route: string, status: number): RequestSeries {
  const key = `${status} ${method} ${route}`;
  let series = requestSeries.get(key);
  if (!series) {
    const labels = [method, route, String(status)];
    series = { requests: httpRequests.seriesOf(...labels), duration: httpDuration.seriesOf(...labels) };
    requestSeries.set(key, series);
  }
  return series;
}

/**
 * The pattern of the route that answers this request: the first matched handler that is not a step
 * (a step takes `next`, as Hono's inspectRoutes tells them apart). Not c.req.routePath, which names the
 * step that was running when an error ended the request (`/api/recruiter/*` for a refused
 * Idempotency-Key instead of the route it was sent to).
 */
export function routeOf(c: Context<AppEnv>): string {
  for (const route of c.req.matchedRoutes) if (route.handler.length < 2) return route.path;
  return c.req.routePath;
}
