import type { ServerResponse } from 'node:http';
import type { Http2ServerResponse } from 'node:http2';
import type { Context } from 'hono';

export type HeaderList = readonly (readonly [name: string, value: string])[];

/**
 * Sets headers every answer to this request carries, whatever the handler answers (JSON, a stream, an
 * error). Served by @hono/node-server (c.env.outgoing is Node's response) they go on Node's response
 * itself, which merges them with the answer's own headers when it writes the head, the answer's own
 * winning (a route's own Cache-Control). That keeps them out of Hono's WHATWG Headers object, which
 * validates, lower-cases and sorts on every set and read: with the security headers, ~7% of a small
 * call's CPU (bench), and a JSON answer with only its Content-Type goes out as a plain object.
 * Elsewhere (app.request in tests) they go through c.header, before the handler builds its answer.
 * Answers true when Node's response took them: the answer cannot lose them then.
 */
export function setAnswerHeaders(c: Context, headers: HeaderList): boolean {
  const outgoing = (c.env as { outgoing?: ServerResponse | Http2ServerResponse } | undefined)?.outgoing;
  if (outgoing && typeof outgoing.setHeader === 'function' && !outgoing.headersSent) {
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    return true;
  }
  for (const [name, value] of headers) c.header(name, value);
  return false;
}
