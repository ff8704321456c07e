import type { IncomingHttpHeaders } from 'node:http';
import type { Context } from 'hono';

/**
 * A request header, by its name in lower case. Served by @hono/node-server, it is read from the headers
 * Node's parser has already checked and lower-cased (c.env.incoming.headers); c.req.header would check
 * the name and the value again with regular expressions and lower-case the name on every read, and the
 * middleware of every call reads three (bench: ~1 µs of a call). Elsewhere (app.request in tests)
 * through c.req.header. A header sent twice answers as Node joins it: ", " between the values, or the
 * first one of those HTTP allows only once (Authorization).
 */
export function requestHeader(c: Context, lowerName: string): string | undefined {
  const incoming = (c.env as { incoming?: { headers: IncomingHttpHeaders } } | undefined)?.incoming;
  if (!incoming) return c.req.header(lowerName);
  const value = incoming.headers[lowerName];
  return Array.isArray(value) ? value.join(', ') : value;
}
