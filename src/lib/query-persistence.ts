import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import {
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/react-query-persist-client';
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import { version as APP_VERSION } from '#package.json';
import { currentUserId, subscribeAuth } from './auth-session';
import { QUERY_CACHE_MAX_AGE } from './query-cache-age';
import { withTimeout } from './with-timeout';

// The query cache, saved to IndexedDB so what a recruiter has opened still reads offline (issue 4,
// "Reading offline"). One entry per user, busted by the app version and the user id: a user only ever
// gets back their own cache, a new version never reads an old shape. With no user nothing is saved.

// Public token pages (consent, ITA) belong to whoever holds the link, not to the signed-in user.
const NOT_PERSISTED = new Set<unknown>(['talent-links']);
const KEY_PREFIX = 'queries:user:';

/** Where the saved caches live: IndexedDB by default; tests give an in-memory one. */
export type QueryCacheStorage = {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  del(key: string): Promise<void>;
  clear(): Promise<void>;
};

let idbStore: UseStore | null = null;
function indexedDbStorage(): QueryCacheStorage | null {
  if (typeof indexedDB === 'undefined') return null;
  try {
    // Opened on first use: createStore opens the database at once (and may throw where it is barred).
    idbStore ??= createStore('recruiter-query-cache', 'cache');
  } catch {
    return null;
  }
  const store = idbStore;
  return {
    get: (key) => get<string>(key, store),
    set: (key, value) => set(key, value, store),
    del: (key) => del(key, store),
    clear: () => clear(store),
  };
}

type SaveOptions = Parameters<typeof persistQueryClientSave>[0];
type ShouldDehydrateQuery = NonNullable<NonNullable<SaveOptions['dehydrateOptions']>['shouldDehydrateQuery']>;

export type QueryPersistenceOptions = { storage?: QueryCacheStorage | null; version?: string };

type Running = { storage: QueryCacheStorage; restartSaving: () => void; stop: () => void };
let running: Running | null = null;

/**
 * Restores the signed-in user's saved cache into `queryClient` and keeps saving it; follows the auth
 * state from then on: another user (or none) empties the client, then gets only their own cache back.
 * Resolves once the first restore is done. A chunk of its own: main.tsx imports it at boot and waits
 * for the restore (with a time limit) before rendering for a signed-in user; with nobody signed in it
 * imports it after the page has loaded (there is no cache to restore then).
 */
export function startQueryPersistence(queryClient: QueryClient, options: QueryPersistenceOptions = {}): Promise<void> {
  running?.stop();
  const storage = options.storage === undefined ? indexedDbStorage() : options.storage;
  if (!storage) return Promise.resolve();
  const appVersion = options.version ?? APP_VERSION;

  let userId: number | null = null;
  // Every restore and every save belongs to one generation; a user change starts the next, so a save
  // still waiting or a restore still reading for the previous user lands nowhere.
  let generation = 0;
  let stopSaving = () => {};

  const persisterFor = (user: number, mine: number): Persister => {
    const persister = createAsyncStoragePersister({
      key: `${KEY_PREFIX}${user}`,
      storage: {
        getItem: (key) => storage.get(key),
        setItem: async (key, value) => {
          if (mine === generation) await storage.set(key, value);
        },
        removeItem: (key) => storage.del(key),
      },
      serialize: (client) => JSON.stringify(withoutErrors(client)),
      deserialize: (text) => asStale(JSON.parse(text) as PersistedClient),
    });
    return {
      ...persister,
      restoreClient: async () => {
        const saved = await persister.restoreClient();
        return mine === generation ? saved : undefined;
      },
    };
  };

  const startSaving = (user: number) => {
    stopSaving();
    stopSaving = saveAfterChanges({
      queryClient,
      persister: persisterFor(user, generation),
      buster: busterOf(appVersion, user),
      dehydrateOptions: { shouldDehydrateQuery },
    });
  };

  async function follow(): Promise<void> {
    const next = currentUserId();
    if (next === userId) return;
    const previous = userId;
    userId = next;
    generation += 1;
    const mine = generation;
    stopSaving();
    stopSaving = () => {};
    // Synchronous, before anything renders for the next user: nothing of the previous one stays.
    if (previous !== null) queryClient.clear();
    if (next === null) return;
    try {
      await persistQueryClientRestore({
        queryClient,
        persister: persisterFor(next, mine),
        buster: busterOf(appVersion, next),
        maxAge: QUERY_CACHE_MAX_AGE,
      });
    } catch {
      // An unreadable cache was dropped by the restore; the screens fetch instead.
    }
    if (mine === generation) startSaving(next);
  }

  const unsubscribeAuth = subscribeAuth(() => void follow());
  const self: Running = {
    storage,
    restartSaving: () => {
      generation += 1;
      if (userId !== null) startSaving(userId);
      else stopSaving();
    },
    stop: () => {
      unsubscribeAuth();
      generation += 1;
      stopSaving();
      if (running === self) running = null;
    },
  };
  running = self;
  return follow();
}

/** Stops saving and following the auth state (tests; a second start stops the first). */
export function stopQueryPersistence(): void {
  running?.stop();
}

/** Deletes every user's saved cache from this device (logout). Never throws, never waits long. */
export async function clearPersistedQueries(): Promise<void> {
  // Saves still waiting would write the cache back after the clear.
  running?.restartSaving();
  const storage = running?.storage ?? indexedDbStorage();
  if (!storage) return;
  await withTimeout(storage.clear(), 3000).catch(() => {});
}

/** How long after a change the cache is saved: the changes of one screen's load make one save. */
export const SAVE_DELAY_MS = 1000;
const CACHE_CHANGES = new Set(['added', 'removed', 'updated']);

/**
 * Saves the cache SAVE_DELAY_MS after a change, as it is then, and at once when the page is hidden
 * (a phone switching apps may never come back to it). Returns the stop, which drops a save not yet made.
 *
 * Not the library's persistQueryClientSubscribe: it copies the whole cache (dehydrate) on every cache
 * event, and its persister writes the first one at once, JSON and all. Started right after the restore,
 * that put several copies of the cache and one JSON of it into the first screen's load, in the task that
 * loads the route and starts its request (issue 7: Lighthouse's Total Blocking Time on /task).
 */
function saveAfterChanges(options: SaveOptions): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const saveNow = () => {
    if (timer === null) return;
    clearTimeout(timer);
    timer = null;
    void persistQueryClientSave(options);
  };
  const onChange = (event: { type: string }) => {
    if (timer === null && CACHE_CHANGES.has(event.type)) timer = setTimeout(saveNow, SAVE_DELAY_MS);
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') saveNow();
  };
  const stopQueries = options.queryClient.getQueryCache().subscribe(onChange);
  const stopMutations = options.queryClient.getMutationCache().subscribe(onChange);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    stopQueries();
    stopMutations();
    document.removeEventListener('visibilitychange', onHidden);
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}

const busterOf = (appVersion: string, user: number) => `${appVersion}:${user}`;

// Data only: a query still loading (it has nothing yet, and its promise cannot be saved) or one that
// never loaded stays out. A query whose data is there but whose last refetch failed (offline) keeps
// that data saved, or the next save would drop exactly what offline reading needs.
const shouldDehydrateQuery: ShouldDehydrateQuery = (query) => {
  return (
    query.state.data !== undefined &&
    query.state.status !== 'pending' &&
    !NOT_PERSISTED.has(query.queryKey[0]) &&
    query.meta?.persist !== false
  );
};

// The failed refetch's error is not saved: it is a class that JSON cannot carry, and it says nothing
// about the data, which is restored as it was last loaded (`dataUpdatedAt` tells when).
function withoutErrors(client: PersistedClient): PersistedClient {
  return {
    ...client,
    clientState: {
      ...client.clientState,
      queries: client.clientState.queries.map((query) =>
        query.state.status === 'error'
          ? {
              ...query,
              state: { ...query.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null },
            }
          : query,
      ),
    },
  };
}

// Restored data shows at once, and is fetched again as soon as a screen uses it (when online): a
// reload still brings the server's state, even for data loaded seconds before (within staleTime).
function asStale(client: PersistedClient): PersistedClient {
  return {
    ...client,
    clientState: {
      ...client.clientState,
      queries: client.clientState.queries.map((query) => ({
        ...query,
        state: { ...query.state, isInvalidated: true },
      })),
    },
  };
}
