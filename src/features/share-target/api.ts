import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '#src/lib/api-client.ts';
import { clearSharedFile, peekSharedFile } from '#src/lib/shared-file.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import { PAGE_SIZES } from '#src/shared/constants.ts';
import type { TaskCard } from '#src/shared/recruiter-types.ts';

// The share page's data: the file the service worker holds, and the recruiter's open tasks to give it to.

export type SharedFileSummary = { name: string; type: string; size: number; receivedAt: string };

/** What was shared, without taking it (drop-resume takes it); null when nothing arrived. */
export async function sharedFileSummary(): Promise<SharedFileSummary | null> {
  try {
    const file = await peekSharedFile();
    return file ? { name: file.name, type: file.type, size: file.data.byteLength, receivedAt: file.receivedAt } : null;
  } catch {
    // No IndexedDB here: nothing could have been stored either.
    return null;
  }
}

/** Forgets the shared file; never fails the caller (nothing left to forget is fine). */
export async function forgetSharedFile(): Promise<void> {
  await clearSharedFile().catch(() => undefined);
}

// The same key and filters as Manage Task's list ('recruiter-tasks', 'list', filters), so joining a task
// refreshes this list too and a cached answer serves both screens. One long page: a CV goes to one of the
// recruiter's open tasks, rarely more than a handful; the search narrows longer lists.
const PAGE_SIZE = PAGE_SIZES[PAGE_SIZES.length - 1] ?? 50;

export const openTaskChoicesQueryOptions = (search: string) => {
  const filters = { search, jobType: '', sort: 'date', status: 'open', page: 1, pageSize: PAGE_SIZE } as const;
  return queryOptions({
    queryKey: ['recruiter-tasks', 'list', filters],
    queryFn: () =>
      unwrap(
        api.api.recruiter.recruiter.task.$get({
          query: {
            ...(search ? { search } : {}),
            sort: filters.sort,
            status: filters.status,
            page: String(filters.page),
            pageSize: String(filters.pageSize),
          },
        }),
      ),
  });
};

export type TaskChoice = Pick<TaskCard, 'id' | 'code' | 'title' | 'company' | 'location'>;

const isOpenAndMine = (task: TaskCard, nowIso: string) =>
  task.joined && task.status === 'OPEN' && (task.expiresAt === null || task.expiresAt > nowIso);

/**
 * Offline (or when the list cannot load), the open tasks the recruiter joined as the cache already
 * knows them: Manage Task's lists, the board and the task details they opened, saved across reloads by
 * the query persister. A share while offline still finds its task this way.
 */
export function cachedTaskChoices(queryClient: QueryClient, search: string): ListPage<TaskChoice> {
  const nowIso = new Date().toISOString();
  const byId = new Map<number, TaskChoice>();
  const add = (task: TaskCard | undefined) => {
    if (task && isOpenAndMine(task, nowIso) && !byId.has(task.id)) byId.set(task.id, task);
  };
  for (const [, page] of queryClient.getQueriesData<ListPage<TaskCard>>({ queryKey: ['recruiter-tasks', 'list'] }))
    for (const task of page?.items ?? []) add({ ...task, joined: true });
  for (const [key, data] of queryClient.getQueriesData<ListPage<TaskCard> | TaskCard>({ queryKey: ['tasks'] })) {
    if (key[1] === 'board' && data && 'items' in data) for (const task of data.items) add(task);
    if (key[1] === 'detail' && data && 'id' in data) add(data);
  }
  const needle = search.trim().toLowerCase();
  const items = [...byId.values()]
    .filter((task) =>
      [task.title, task.company, task.code, task.location].some((text) => text.toLowerCase().includes(needle)),
    )
    .sort((a, b) => b.id - a.id);
  return { items, page: 1, pageSize: items.length, total: items.length };
}
