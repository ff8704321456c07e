import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { EmptyState } from '#src/components/list/empty-state.tsx';
import { SearchBox } from '#src/components/list/search-box.tsx';
import {
  cachedTaskChoices,
  forgetSharedFile,
  openTaskChoicesQueryOptions,
  type SharedFileSummary,
  type TaskChoice,
} from '#src/features/share-target/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { formatBytes } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { ListPage } from '#src/shared/api-response.ts';

// Where a CV shared from another app lands (Android's share sheet, via the service worker): which of
// my open tasks is it for? Picking one opens drop-resume with the file attached (`shared=1`); the file
// stays in IndexedDB until then, so leaving and coming back loses nothing.

function BoardLink() {
  return (
    <Link to="/task" className="btn btn-sm btn-primary">
      {m.share_go_to_board()}
    </Link>
  );
}

export function ShareTargetPage({ shared }: { shared: SharedFileSummary | null }) {
  const navigate = useNavigate();
  const [cancelling, setCancelling] = useState(false);

  async function cancel() {
    setCancelling(true);
    await forgetSharedFile();
    await navigate({ to: '/dashboard' });
  }

  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-semibold">{m.title_share_target()}</h1>
      {shared ? (
        <>
          <div role="status" className="alert alert-soft alert-success" data-testid="shared-file">
            <span className="break-all">{m.share_received({ name: shared.name, size: formatBytes(shared.size) })}</span>
          </div>
          <TaskChoices />
          <button type="button" className="btn btn-ghost self-start" disabled={cancelling} onClick={cancel}>
            {m.share_cancel()}
          </button>
        </>
      ) : (
        <EmptyState title={m.share_nothing_shared()}>
          <BoardLink />
        </EmptyState>
      )}
    </section>
  );
}

function TaskChoices() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  // What the cache knows stands in until the server answers, and for good while offline.
  const cached = useMemo(
    () => (cachedTaskChoices(queryClient, '').total > 0 ? cachedTaskChoices(queryClient, search) : undefined),
    [queryClient, search],
  );
  const { data, error, fetchStatus, refetch } = useQuery(openTaskChoicesQueryOptions(search));
  const choices: ListPage<TaskChoice> | undefined = data ?? cached;
  const noTaskAtAll = choices?.total === 0 && search === '';

  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{m.share_which_task()}</h2>
      {!noTaskAtAll && (
        <SearchBox id="share-task-search" value={search} onSearch={setSearch} label={m.share_search_label()} />
      )}
      {error && (
        <div role="alert" className="alert alert-soft alert-error flex flex-col items-start gap-2">
          <p className="font-semibold">{m.share_tasks_failed()}</p>
          <p className="text-sm">{errorMessage(error)}</p>
          <button type="button" className="btn btn-sm" onClick={() => void refetch()}>
            {m.list_retry()}
          </button>
        </div>
      )}
      {!choices ? (
        fetchStatus === 'paused' ? (
          <p role="status" className="alert alert-soft alert-warning">
            {m.share_tasks_offline()}
          </p>
        ) : error ? null : (
          <p aria-busy="true" className="flex items-center gap-2 text-sm text-base-content/70">
            <span className="loading loading-dots loading-md" aria-hidden="true" />
            {m.common_loading()}
          </p>
        )
      ) : noTaskAtAll ? (
        <EmptyState title={m.share_no_open_task()}>
          <BoardLink />
        </EmptyState>
      ) : choices.items.length === 0 ? (
        <EmptyState title={m.share_no_match()} />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={m.share_task_list_label()}>
          {choices.items.map((task) => (
            <li key={task.id}>
              <Link
                to="/manage-task/add/drop-resume"
                search={{ taskId: String(task.id), shared: 1 }}
                className="card card-sm border border-base-300 bg-base-100 hover:border-primary focus-visible:border-primary"
              >
                <span className="card-body gap-1">
                  <span className="font-semibold">{task.title}</span>
                  <span className="text-sm text-base-content/70">
                    {task.company} · {task.code}
                    {task.location ? ` · ${task.location}` : ''}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
