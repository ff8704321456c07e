import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#src/query-client.ts';
import { createAppRouter } from '#src/router.tsx';
import { type InProcessApi, startInProcessApi } from './helpers/in-process-api';

// Issue 24: the privacy policy promises the periods the retention job applies on this server.
let api: InProcessApi | null = null;
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await api?.close();
  api = null;
});

async function openPolicy(env: Record<string, string>) {
  api = await startInProcessApi(env);
  vi.stubGlobal('fetch', api.fetch);
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: ['/privacy-policy'] }) });
  await act(async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await router.load();
  });
  return (await screen.findByRole('heading', { name: '7. How long we keep it' })).nextElementSibling as HTMLElement;
}

describe('privacy policy', () => {
  it("states the policy's own periods on a server that sets none", async () => {
    const section = await openPolicy({});
    await vi.waitFor(() => expect(section.textContent).toContain('for 24 months after the last activity'));
    expect(section.textContent).toContain('is deleted 30 days after');
    expect(section.textContent).toContain('Payment records are kept for 7 years');
    expect(section.textContent).toContain('personal data is kept for 24 months.');
  });

  it('states the periods this server is set to apply', async () => {
    const section = await openPolicy({
      RETENTION_INACTIVE_MONTHS: '1',
      RETENTION_DECLINED_DAYS: '14',
      RETENTION_PAYMENT_YEARS: '10',
      ACCESS_LOG_KEEP_MONTHS: '36',
    });
    await vi.waitFor(() => expect(section.textContent).toContain('for 1 month after the last activity'));
    expect(section.textContent).toContain('is deleted 14 days after');
    expect(section.textContent).toContain('Payment records are kept for 10 years');
    expect(section.textContent).toContain('personal data is kept for 36 months.');
  });
});
