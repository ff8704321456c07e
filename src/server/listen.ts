import { readFileSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { watchSessions } from './drain';
import type { Env } from './env';
import { AnswerResponse, serverOptions } from './middleware/answer-headers';

type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * TLS 1.2 suites offered besides TLS 1.3's own (all AEAD): ECDHE key exchange (forward secrecy) with
 * AES-GCM or ChaCha20-Poly1305 only, Mozilla's "intermediate" list. Node's default list also offers
 * CBC suites (LUCKY13) and RSA key exchange without forward secrecy (issue 22, finding 15).
 */
export const TLS12_CIPHERS = [
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
].join(':');

/**
 * Serves the app as production runs it. Plain HTTP/1.1 by default (a developer machine, or behind a
 * proxy that ends TLS); with TLS_CERT_FILE and TLS_KEY_FILE, HTTPS with HTTP/2, and HTTP/1.1 for a
 * client without it. HTTP/2 matters for a first visit on a phone: the app arrives in a few dozen small
 * chunks, and over HTTP/1.1 a browser sends them one at a time on each of at most six connections.
 * Lighthouse's slow-4G model (issue 7, median of 5 runs) measured /login 94 -> 98, /task 86 -> 96 and
 * /talent/consent 92 -> 96 over HTTP/2. The answers are the same either way.
 */
export function listen(
  fetch: Fetch,
  env: Pick<Env, 'PORT' | 'HOST' | 'TLS_CERT_FILE' | 'TLS_KEY_FILE'>,
  onListening?: (info: AddressInfo) => void,
): ServerType {
  const where = { fetch, port: env.PORT, hostname: env.HOST };
  if (!env.TLS_CERT_FILE || !env.TLS_KEY_FILE) return serve({ ...where, serverOptions }, onListening);
  const server = serve(
    {
      ...where,
      createServer: createSecureServer,
      serverOptions: {
        cert: readFileSync(env.TLS_CERT_FILE),
        key: readFileSync(env.TLS_KEY_FILE),
        allowHTTP1: true,
        minVersion: 'TLSv1.2',
        ciphers: TLS12_CIPHERS,
        honorCipherOrder: true,
        // An HTTP/1.1 client's answers write their headers as the plain server's do (answer-headers.ts).
        Http1ServerResponse: AnswerResponse,
      },
    },
    onListening,
  );
  watchSessions(server);
  return server;
}
