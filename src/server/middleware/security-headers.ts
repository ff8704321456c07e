import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';

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
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    c.header('Content-Security-Policy', csp);
    c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Permissions-Policy', 'camera=(self), microphone=(self), geolocation=()');
  });
}
