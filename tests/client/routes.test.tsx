import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '#src/query-client.ts';
import { createAppRouter } from '#src/router.tsx';

afterEach(cleanup);

async function open(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }) });
  await act(async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await router.load();
  });
  return router;
}

describe('routes', () => {
  it('shows the FAQ with its title', async () => {
    await open('/faq');
    expect(await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeTruthy();
    expect(document.title).toBe('Frequently Asked Questions | Recruiter');
  });

  it('shows Page Not Found for a talent consent link without its token (the server answers the app then)', async () => {
    await open('/talent/consent');
    expect((await screen.findByTestId('error-page-title')).textContent).toBe('Page Not Found');
  });

  it('shows Page Not Found for an unknown address', async () => {
    await open('/no-such-page');
    expect((await screen.findByTestId('error-page-title')).textContent).toBe('Page Not Found');
  });

  it('sends a visitor without a session from a recruiter page to the login', async () => {
    const router = await open('/manage-task?x=1');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/manage-task?x=1' });
  });

  it('sends /update-password without a token to the login', async () => {
    const router = await open('/update-password');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('keeps a numeric id plain in the address after validating it as a string', async () => {
    const router = await open('/talent/data?token=123');
    expect(router.state.matches.at(-1)?.search).toEqual({ token: '123' });
    expect(router.state.location.searchStr).toBe('?token=123');
    expect(router.buildLocation({ to: '/talent/data', search: { token: '007' } }).searchStr).toBe('?token=007');
  });
});
