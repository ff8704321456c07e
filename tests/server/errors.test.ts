import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('error handling', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp('sqlite');
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers an unexpected error with 500, the generic message and a request id, and logs the details', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    t.app.get('/boom', () => {
      throw new Error('secret internal detail');
    });
    const res = await t.request('/boom', { headers: { 'x-request-id': 'req-12345678' } });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({
      success: false,
      error: {
        code: 'INTERNAL_ERROR',
        message: 'An error has been occured. Please try again.',
        requestId: 'req-12345678',
      },
    });
    expect(JSON.stringify(body)).not.toContain('secret');
    // One JSON line with the request id, the route and the error's stack (logger.ts, app.ts).
    const line = JSON.parse(String(log.mock.calls[0]?.[0]));
    expect(line).toMatchObject({ level: 50, requestId: 'req-12345678', route: '/boom', error: { type: 'Error' } });
    expect(line.error.stack).toContain('errors.test.ts');
    log.mockRestore();
  });

  it('answers 503 when the database cannot be reached', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    t.app.get('/db-down', () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    const res = await t.request('/db-down');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect((await res.json()).error.code).toBe('SERVICE_UNAVAILABLE');
    log.mockRestore();
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await t.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(7 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('puts the security headers on API answers', async () => {
    const res = await t.request('/api/health');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
