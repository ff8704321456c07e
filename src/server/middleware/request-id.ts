import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { setAnswerHeaders } from './answer-headers';

// A request id on every answer and every log line of that request, so a user's report can be traced.
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header('x-request-id');
  const id = incoming && /^[\w.-]{8,64}$/.test(incoming) ? incoming : randomUUID();
  c.set('requestId', id);
  setAnswerHeaders(c, [['X-Request-Id', id]]);
  await next();
});
