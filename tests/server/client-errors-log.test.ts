import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 22, finding 10: a browser's error report is written as one JSON line. A CR/LF in it cannot
// forge a log line, and the page address loses its query (a talent's link carries its token there).
describe('a client error report in the log', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp('sqlite');
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  it('is one line of JSON, without the token of the page it came from', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await t.request('/api/client-errors', {
      method: 'POST',
      json: {
        message: 'boom\r\n[auth] admin@example.com logged in from 10.0.0.1',
        stack: 'Error: boom\n    at x (app.js:1:1)',
        url: 'https://recruiter.example/talent/consent?token=secret-token-123#top',
      },
    });
    expect(res.status).toBe(202);
    const lines = warn.mock.calls.map((call) => call.join(' '));
    expect(lines).toHaveLength(1);
    const line = lines[0] as string;
    expect(line).not.toMatch(/[\r\n]/);
    expect(line).not.toContain('secret-token-123');
    const logged = JSON.parse(line.replace(/^\[client-error\] /, ''));
    expect(logged).toMatchObject({
      url: 'https://recruiter.example/talent/consent',
      message: 'boom\r\n[auth] admin@example.com logged in from 10.0.0.1',
    });
  });
});
