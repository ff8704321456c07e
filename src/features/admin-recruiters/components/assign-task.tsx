import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { toast } from '#src/components/toast/toast-store.ts';
import { assignableTasksQueryOptions, useAssignTaskMutation } from '#src/features/admin-recruiters/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { AssignableTask } from '#src/shared/admin-recruiter-types.ts';

type AssignTaskProps = { recruiterId: number; recruiterName: string };

/** Text typed, sent 250 ms after typing stops. */
function useDebounced(value: string, ms = 250) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

// "Assign a task": a searchable select (an ARIA combobox) of the open tasks the recruiter is not in,
// then Assign. The server keeps it idempotent and refuses a task that closed meanwhile.
export function AssignTask({ recruiterId, recruiterName }: AssignTaskProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<AssignableTask | null>(null);
  const search = useDebounced(text.trim());
  const ids = { input: useId(), list: useId(), option: useId() };
  const choices = useQuery({ ...assignableTasksQueryOptions(recruiterId, search), enabled: open });
  const assign = useAssignTaskMutation(recruiterId);
  const items = choices.data?.items ?? [];

  if (!open) {
    return (
      <button type="button" className="btn btn-sm btn-primary" onClick={() => setOpen(true)}>
        {m.admin_recruiters_assign_task()}
      </button>
    );
  }

  const close = () => {
    setOpen(false);
    setText('');
    setChosen(null);
  };
  const choose = (task: AssignableTask | undefined) => {
    if (!task) return;
    setChosen(task);
    setText(`${task.code} · ${task.title}`);
  };
  const confirm = () => {
    if (!chosen) return;
    assign.mutate(chosen.id, {
      onSuccess: () => {
        toast.success(m.admin_recruiters_assigned_toast({ task: chosen.title, name: recruiterName }));
        close();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  const listOpen = chosen === null;
  return (
    <div className="card card-sm w-full border border-base-300 bg-base-100" data-testid="assign-task">
      <div className="card-body gap-2">
        <label htmlFor={ids.input} className="font-semibold">
          {m.admin_recruiters_assign_label({ name: recruiterName })}
        </label>
        <input
          id={ids.input}
          type="search"
          role="combobox"
          className="input input-sm w-full"
          placeholder={m.search_placeholder()}
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={listOpen}
          aria-controls={ids.list}
          aria-activedescendant={listOpen && items[active] ? `${ids.option}-${items[active].id}` : undefined}
          value={text}
          // biome-ignore lint/a11y/noAutofocus: the admin just asked to pick a task
          autoFocus
          onChange={(event) => {
            setText(event.target.value);
            setChosen(null);
            setActive(0);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              setActive((index) => Math.min(index + 1, Math.max(0, items.length - 1)));
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((index) => Math.max(0, index - 1));
            } else if (event.key === 'Enter' && listOpen) {
              event.preventDefault();
              choose(items[active]);
            } else if (event.key === 'Escape') {
              close();
            }
          }}
        />
        {listOpen && (
          <div
            id={ids.list}
            role="listbox"
            aria-label={m.admin_recruiters_assign_choices()}
            className="max-h-64 w-full overflow-y-auto rounded-box bg-base-200/60 p-1"
            aria-busy={choices.isFetching}
          >
            {items.length === 0 ? (
              <p className="px-3 py-2 text-sm text-base-content/70">
                {choices.isPending
                  ? m.common_loading()
                  : search
                    ? m.select_no_results({ query: search })
                    : m.select_no_options()}
              </p>
            ) : (
              items.map((task, index) => (
                <div
                  key={task.id}
                  id={`${ids.option}-${task.id}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  className={`cursor-pointer rounded px-3 py-2 text-sm ${index === active ? 'bg-base-300' : ''}`}
                  onMouseEnter={() => setActive(index)}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(task)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') choose(task);
                  }}
                >
                  <span className="font-medium">{task.title}</span>
                  <span className="block text-xs text-base-content/70">
                    {task.code} · {task.company} · {formatMoney(task.rewardAmount, task.rewardCurrency)}
                  </span>
                </div>
              ))
            )}
          </div>
        )}
        <div className="card-actions justify-end">
          <button type="button" className="btn btn-ghost btn-sm" onClick={close} disabled={assign.isPending}>
            {m.admin_recruiters_cancel()}
          </button>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={!chosen || assign.isPending}
            aria-busy={assign.isPending}
            onClick={confirm}
          >
            {assign.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {m.admin_recruiters_assign()}
          </button>
        </div>
      </div>
    </div>
  );
}
