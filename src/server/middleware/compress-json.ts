import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { setAnswerHeaders } from './answer-headers';
import { requestHeader } from './request-header';

// API answers in JSON travel compressed when the client takes it: a page of the task board is ~5 kB of
// JSON and ~1 kB in brotli, which on a phone's slow connection is most of the call's time (issue 7,
// Lighthouse: "enable text compression"). Only JSON: streams (the note assistant's event stream) and
// files are left as they are. Bodies under 1 kB gain nothing worth the work. Brotli at quality 5 and
// gzip at level 6 take a few tens of microseconds for such a page, done at once (no stream needed:
// the JSON is already in memory).
const MIN_BYTES = 1024;
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** The best encoding the request accepts (q-values respected, `*` counted), or none. */
export function acceptedEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepts = parseAccept(header);
  const wildcard = accepts.find((accept) => accept.type === '*')?.q;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of ENCODINGS) {
    const q = accepts.find((accept) => accept.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

function compressed(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });
}

// A view of the Buffer's bytes, not a copy (Response takes a Uint8Array, not a Node Buffer's type).
const bytes = (buffer: Buffer) => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length);

// Every API answer may be compressed for some client: caches must key it by Accept-Encoding. Set
// before the handler (answer-headers.ts): touching the answer afterwards costs a rebuild of it.
export const VARY = [['vary', 'Accept-Encoding']] as const;

// Not async: for a client that takes no compression (the benchmarks' case) there is nothing to do after
// the handler, and next()'s promise goes on as it is, without one of its own.
export const compressJson: MiddlewareHandler = (c, next) => {
  setAnswerHeaders(c, VARY);
  const encoding = c.req.method === 'HEAD' ? undefined : acceptedEncoding(requestHeader(c, 'accept-encoding'));
  return encoding ? compressAfter(c, next, encoding) : next();
};

async function compressAfter(c: Context, next: Next, encoding: Encoding) {
  await next();
  if (!c.res.body || c.res.headers.has('Content-Encoding')) return;
  if (!c.res.headers.get('Content-Type')?.startsWith('application/json')) return;
  const body = Buffer.from(await c.res.arrayBuffer());
  // Hono copies the previous answer's headers onto the new one: the encoding and length are set after.
  if (body.length < MIN_BYTES) {
    c.res = new Response(bytes(body), c.res);
    return;
  }
  const packed = compressed(body, encoding);
  c.res = new Response(bytes(packed), c.res);
  c.res.headers.set('Content-Encoding', encoding);
  c.res.headers.set('Content-Length', String(packed.length));
}
