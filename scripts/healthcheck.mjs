#!/usr/bin/env node
// The container's HEALTHCHECK (Dockerfile): exit 0 when this server answers GET /api/ready with 200
// (migrations ran, the database answers), 1 otherwise. Plain HTTP on PORT: with TLS_CERT_FILE set the
// server speaks HTTPS, so the check does too (the certificate is the server's own, not checked here).
const port = process.env.PORT || '3000';
const scheme = process.env.TLS_CERT_FILE ? 'https' : 'http';
if (scheme === 'https') process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
try {
  const res = await fetch(`${scheme}://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
