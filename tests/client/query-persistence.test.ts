import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError, errorMessage } from '#src/lib/app-error.ts';
import { clearAuthTokens, setAuthTokens } from '#src/lib/auth-session.ts';
import {
  clearPersistedQueries,
  type QueryCacheStorage,
  SAVE_DELAY_MS,
  startQueryPersistence,
  stopQueryPersistence,
} from '#src/lib/query-persistence.ts';
import { createQueryClient } from '#src/query-client.ts';

// The query cache saved per user (issue 4, "Reading offline"), against an in-memory storage with the
// same contract as the IndexedDB one (happy-dom has no IndexedDB).

function memoryStorage() {
  const entries = new Map<string, string>();
  const storage: QueryCacheStorage = {
    get: async (key) => entries.get(key),
    set: async (key, value) => void entries.set(key, value),
    del: async (key) => void entries.delete(key),
    clear: async () => entries.clear(),
  };
  return { storage, entries };
}

// The user id is the access token's subject, read without a signature check.
const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenOf = (userId: number) => `${base64url({ alg: 'HS256' })}.${base64url({ sub: String(userId) })}.signature`;
const signIn = (userId: number) =>
  setAuthTokens({ accessToken: tokenOf(userId), refreshToken: `refresh-${userId}`, rememberMe: false });

const BOARD = ['tasks', 'board', { page: 1 }];
const savedQueryKeys = (raw: string | undefined) =>
  raw
    ? (JSON.parse(raw) as { clientState: { queries: Array<{ queryKey: unknown[] }> } }).clientState.queries.map(
        (q) => q.queryKey,
      )
    : [];

/** Puts data in the cache and waits until the save (throttled) has written it. */
async function saveData(
  client: QueryClient,
  entries: Map<string, string>,
  key: string,
  queryKey: unknown[],
  data: unknown,
) {
  client.setQueryData(queryKey, data);
  await vi.waitFor(() => expect(savedQueryKeys(entries.get(key))).toContainEqual(queryKey), { timeout: 3000 });
}

let client: QueryClient;
beforeEach(() => {
  clearAuthTokens();
  client = createQueryClient();
});
afterEach(() => {
  stopQueryPersistence();
  clearAuthTokens();
  client.clear();
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
});

describe('the saved query cache', () => {
  it('gives a user back their own cache, and never another user’s', async () => {
    const { storage, entries } = memoryStorage();
    signIn(7);
    await startQueryPersistence(client, { storage, version: '1.0.0' });
    await saveData(client, entries, 'queries:user:7', BOARD, { items: ['seven’s task'] });
    stopQueryPersistence();

    // User 8 on the same device: nothing of user 7 comes back.
    const other = createQueryClient();
    signIn(8);
    await startQueryPersistence(other, { storage, version: '1.0.0' });
    expect(other.getQueryData(BOARD)).toBeUndefined();
    stopQueryPersistence();

    // User 7 again: their board reads from the saved cache, with the time it was loaded.
    const again = createQueryClient();
    signIn(7);
    await startQueryPersistence(again, { storage, version: '1.0.0' });
    expect(again.getQueryData(BOARD)).toEqual({ items: ['seven’s task'] });
    expect(again.getQueryState(BOARD)?.dataUpdatedAt).toBeGreaterThan(0);
    // Shown at once, fetched again as soon as a screen uses it: a reload still shows the server's state.
    expect(again.getQueryCache().find({ queryKey: BOARD })?.isStale()).toBe(true);
  });

  it('empties the client when another user signs in, then restores only theirs', async () => {
    const { storage, entries } = memoryStorage();
    signIn(8);
    await startQueryPersistence(client, { storage, version: '1.0.0' });
    await saveData(client, entries, 'queries:user:8', BOARD, { items: ['eight’s task'] });
    signIn(7);
    await startQueryPersistence(client, { storage, version: '1.0.0' }); // restarts on user 7
    expect(client.getQueryData(BOARD)).toBeUndefined();

    // A change seen while running: user 8 comes back, user 7's data goes at once.
    client.setQueryData(['talents', 'detail', 1], { fullName: 'Seven’s talent' });
    signIn(8);
    expect(client.getQueryData(['talents', 'detail', 1])).toBeUndefined();
    await vi.waitFor(() => expect(client.getQueryData(BOARD)).toEqual({ items: ['eight’s task'] }));
  });

  it('saves nothing without a signed-in user, and drops the cache when the user signs out', async () => {
    const { storage, entries } = memoryStorage();
    await startQueryPersistence(client, { storage, version: '1.0.0' });
    client.setQueryData(BOARD, { items: [] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(entries.size).toBe(0);

    signIn(7);
    await vi.waitFor(() => expect(client.getQueryCache().getAll().length).toBe(1));
    clearAuthTokens();
    expect(client.getQueryData(BOARD)).toBeUndefined();
  });

  it('drops a cache saved by another version of the app', async () => {
    const { storage, entries } = memoryStorage();
    signIn(7);
    await startQueryPersistence(client, { storage, version: '1.0.0' });
    await saveData(client, entries, 'queries:user:7', BOARD, { items: ['old shape'] });
    stopQueryPersistence();

    const next = createQueryClient();
    await startQueryPersistence(next, { storage, version: '1.1.0' });
    expect(next.getQueryData(BOARD)).toBeUndefined();
    expect(entries.has('queries:user:7')).toBe(false);
  });

  it('leaves out the public token pages and queries that have no data', async () => {
    const { storage, entries } = memoryStorage();
    signIn(7);
    await startQueryPersistence(client, { storage, version: '1.0.0' });
    client.setQueryData(['talent-links', 'consent', 'secret-token'], { talentName: 'Someone' });
    void client.prefetchQuery({ queryKey: ['tasks', 'never'], queryFn: () => new Promise(() => {}) });
    await saveData(client, entries, 'queries:user:7', BOARD, { items: [] });
    const saved = savedQueryKeys(entries.get('queries:user:7'));
    expect(saved).toEqual([BOARD]);
  });

  it('keeps saved data whose refetch failed offline, without the error', async () => {
    const { storage, entries } = memoryStorage();
    signIn(7);
    await startQueryPersistence(client, { storage, version: '1.0.0' });
    await saveData(client, entries, 'queries:user:7', BOARD, { items: ['kept'] });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await client
      .fetchQuery({ queryKey: BOARD, queryFn: () => Promise.reject(new TypeError('Failed to fetch')), staleTime: 0 })
      .catch(() => {});
    expect(client.getQueryState(BOARD)?.status).toBe('error');
    await vi.waitFor(() =>
      expect(JSON.parse(entries.get('queries:user:7') ?? '{}').clientState.queries[0].state).toMatchObject({
        status: 'success',
        error: null,
        data: { items: ['kept'] },
      }),
    );
  });

  it('saves a burst of changes once, after the last of them, not once per change', async () => {
    const { storage, entries } = memoryStorage();
    signIn(7);
    await startQueryPersistence(client, { storage, version: '1.0.0' });
    const writes = vi.spyOn(storage, 'set');
    // A screen's load: its queries added, fetched and filled one after another.
    for (let page = 1; page <= 20; page += 1) client.setQueryData(['tasks', 'board', { page }], { items: [page] });
    expect(writes).not.toHaveBeenCalled(); // nothing copied or written while the screen loads
    await vi.waitFor(() => expect(writes).toHaveBeenCalledTimes(1), { timeout: SAVE_DELAY_MS + 2000 });
    expect(savedQueryKeys(entries.get('queries:user:7'))).toHaveLength(20);
    await new Promise((resolve) => setTimeout(resolve, SAVE_DELAY_MS + 200));
    expect(writes).toHaveBeenCalledTimes(1);
  });

  it('saves at once when the page is hidden (a phone switching apps)', async () => {
    const { storage, entries } = memoryStorage();
    signIn(7);
    await startQueryPersistence(client, { storage, version: '1.0.0' });
    client.setQueryData(BOARD, { items: ['typed just now'] });
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(savedQueryKeys(entries.get('queries:user:7'))).toEqual([BOARD]), { timeout: 200 });
  });

  it('forgets every user’s cache on logout, including a save still on its way', async () => {
    const { storage, entries } = memoryStorage();
    signIn(7);
    await startQueryPersistence(client, { storage, version: '1.0.0' });
    await saveData(client, entries, 'queries:user:7', BOARD, { items: [1] });
    entries.set('queries:user:8', '{}');
    client.setQueryData(BOARD, { items: [2] }); // throttled: written after the clear unless stopped
    clearAuthTokens();
    await clearPersistedQueries();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(entries.size).toBe(0);
  });
});

describe('offline defaults', () => {
  it('fails a first load at once while offline, with the offline message', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    const queryFn = vi.fn(() => Promise.reject(new AppError('NETWORK_ERROR', 0, 'Failed to fetch')));
    const error = await client.ensureQueryData({ queryKey: ['tasks', 'board', {}], queryFn }).catch((e: unknown) => e);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(errorMessage(error)).toBe("You're offline. This needs a connection — try again when you're back online.");
  });

  it('answers from the cache offline without a call', async () => {
    onlineManager.setOnline(false);
    client.setQueryData(BOARD, { items: ['cached'] });
    const queryFn = vi.fn();
    await expect(client.ensureQueryData({ queryKey: BOARD, queryFn })).resolves.toEqual({ items: ['cached'] });
    expect(queryFn).not.toHaveBeenCalled();
  });

  it('fails a mutation at once offline instead of pausing it', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const error = await mutation.execute(undefined).catch((e: unknown) => e);
    expect(mutation.state.isPaused).toBe(false);
    expect(errorMessage(error)).toBe("You're offline. This needs a connection — try again when you're back online.");
  });

  it('keeps the connection message when the browser is online', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(
      'You seem to be offline. Check your connection and try again.',
    );
  });
});
