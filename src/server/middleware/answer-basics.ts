import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '#src/server/context.ts';
import { answered, watchAnswer } from '#src/server/observability/request-observer.ts';
import { type HeaderList, setAnswerHeaders } from './answer-headers';
import { requestHeader } from './request-header';
import { API_SECURITY_HEADERS, documentSecurityHeaders } from './security-headers';

const REQUEST_ID = /^[\w.-]{8,64}$/;

/**
 * The first step of every request: its id (on the answer and every log line of it, so a user's report
 * can be traced; a caller's own id is kept), the app's dependencies, the watch that logs and counts the
 * request once answered (observability/request-observer.ts), and the headers every answer
 * carries: the security headers (a page's or the API's) and, on the API, `Cache-Control: no-store`.
 * One middleware, not four: each step of Hono's chain is a closure and a promise more (bench, with
 * the API's shorter headers: a health call's CPU 60 -> 44 µs). A header the answer sets itself wins
 * (a file's CSP and Cache-Control).
 */
export function answerBasics(deps: AppDeps) {
  const pageHeaders = documentSecurityHeaders({ sentryDsn: deps.env.SENTRY_DSN });
  const apiHeaders: HeaderList = [...API_SECURITY_HEADERS, ['cache-control', 'no-store']];
  // Not async: when Node's response takes the headers, it hands on next()'s promise as it is, without
  // a promise of its own.
  return createMiddleware<AppEnv>((c, next) => {
    const startedAt = performance.now();
    const incoming = requestHeader(c, 'x-request-id');
    const id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', id);
    c.set('deps', deps);
    const requestId: HeaderList = [['x-request-id', id]];
    const headers = c.req.path.startsWith('/api/') ? apiHeaders : pageHeaders;
    if (setAnswerHeaders(c, requestId, headers) && watchAnswer(c, startedAt)) return next();
    return withHeadersAfter(c, next, [...requestId, ...headers], startedAt);
  });
}

// Without Node's response (app.request in tests) they went on Hono's answer before the handler; an
// answer the handler built itself (a stream) does not have them yet.
async function withHeadersAfter(c: Context<AppEnv>, next: Next, headers: HeaderList, startedAt: number) {
  await next();
  for (const [name, value] of headers) if (!c.res.headers.has(name)) c.header(name, value);
  answered(c, c.res.status, startedAt);
}
