import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { type HeaderList, setAnswerHeaders } from './answer-headers';

// On every answer: API, HTML and static files alike.
export function securityHeaders(options: { sentryDsn?: string }) {
  const connect = ["'self'"];
  if (options.sentryDsn) {
    try {
      connect.push(new URL(options.sentryDsn).origin);
    } catch {
      // env.ts validated the rest; a malformed DSN just stays out of the CSP.
    }
  }
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // React and daisyUI set inline styles; no inline scripts are allowed.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const headers: HeaderList = [
    ['Content-Security-Policy', csp],
    ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(self), microphone=(self), geolocation=()'],
  ];
  return createMiddleware<AppEnv>(async (c, next) => {
    // Set before the handler: c.json and c.body take them in as they build the answer. Setting a
    // header after the answer exists makes Hono rebuild the Response (and @hono/node-server give
    // up its fast path), which cost a third of a small call's time.
    if (setAnswerHeaders(c, headers)) return next();
    await next();
    // A handler that returns a Response of its own (a stream) skips the prepared headers.
    if (!c.res.headers.has('Content-Security-Policy')) for (const [name, value] of headers) c.header(name, value);
  });
}
