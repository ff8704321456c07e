import { notFound, redirect } from '@tanstack/react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '#src/lib/app-error.ts';
import { reportError } from '#src/lib/error-reporting.ts';
import { startInProcessApi } from './helpers/in-process-api';

let server: Awaited<ReturnType<typeof startInProcessApi>>;
const sent: Array<{ url: string; body: Record<string, unknown>; keepalive: boolean; status: number }> = [];

beforeAll(async () => {
  server = await startInProcessApi();
  vi.spyOn(console, 'warn').mockImplementation(() => {}); // the server logs each report
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), location.origin), init);
    const body = (await request.clone().json()) as Record<string, unknown>;
    const response = await server.app.request(request);
    sent.push({
      url: new URL(request.url).pathname,
      body,
      keepalive: init?.keepalive === true,
      status: response.status,
    });
    return response;
  });
});

afterAll(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await server.close();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('error reporting', () => {
  it('sends errors to /api/client-errors, skips 300-499 and offline, and stops after ten per page', async () => {
    reportError(new AppError('NOT_FOUND', 404, 'nope'));
    reportError(new Error('moved'), { status: 302 });
    reportError(notFound());
    reportError(redirect({ to: '/login' }));
    reportError(new AppError('NETWORK_ERROR', 0, 'Failed to fetch'));
    await settle();
    expect(sent).toHaveLength(0);

    reportError(new TypeError('x is undefined'));
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/api/client-errors', keepalive: true, status: 202 });
    expect(sent[0]?.body).toMatchObject({ message: 'TypeError: x is undefined', url: location.href });
    expect(String(sent[0]?.body.stack)).toContain('error-reporting.test.ts');

    reportError(new AppError('INTERNAL_ERROR', 500, 'boom'));
    await settle();
    expect(sent[1]?.body).toMatchObject({ status: 500 });

    for (let i = 0; i < 20; i += 1) reportError(new Error(`again ${i}`));
    await settle();
    expect(sent).toHaveLength(10);
  });
});
