import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AsOfNote } from '#src/components/offline/as-of-note.tsx';
import { formatDateTime } from '#src/lib/format.ts';

// The "as of" note over screens read from the saved cache (issue 4, "Reading offline").
const KEY = ['talents', 'detail', 1];

function renderNote(client: QueryClient) {
  render(
    <QueryClientProvider client={client}>
      <AsOfNote queryKey={KEY} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

describe('AsOfNote', () => {
  it('says nothing while online with fresh data', () => {
    const client = new QueryClient();
    client.setQueryData(KEY, { fullName: 'Aisyah' });
    renderNote(client);
    expect(screen.queryByTestId('as-of-note')).toBeNull();
  });

  it('shows when the data was saved once the device goes offline', () => {
    const client = new QueryClient();
    const savedAt = Date.UTC(2026, 0, 5, 2, 30);
    client.setQueryData(KEY, { fullName: 'Aisyah' }, { updatedAt: savedAt });
    renderNote(client);
    act(() => onlineManager.setOnline(false));
    expect(screen.getByTestId('as-of-note').textContent).toBe(
      `Offline — showing what was saved at ${formatDateTime(savedAt)}`,
    );
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByTestId('as-of-note')).toBeNull();
  });

  it('shows after a refetch failed, and not for a query that never loaded', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderNote(client);
    await act(() => client.prefetchQuery({ queryKey: KEY, queryFn: () => Promise.reject(new TypeError('x')) }));
    expect(screen.queryByTestId('as-of-note')).toBeNull();

    client.setQueryData(KEY, { fullName: 'Aisyah' });
    await act(() =>
      client.fetchQuery({ queryKey: KEY, queryFn: () => Promise.reject(new TypeError('x')) }).catch(() => {}),
    );
    expect(screen.getByTestId('as-of-note')).toBeTruthy();
  });
});
