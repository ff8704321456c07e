import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { EmptyState } from '#src/components/list/empty-state.tsx';
import { Pagination } from '#src/components/list/pagination.tsx';
import { RowSkeletons } from '#src/components/list/row-skeletons.tsx';
import { SearchBox } from '#src/components/list/search-box.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { candidateTasksQueryOptions, useAddPromoTasksMutation } from '#src/features/admin-promos/api.ts';
import { asAppError, errorMessage } from '#src/lib/app-error.ts';
import { JOB_TYPE_LABELS } from '#src/lib/enum-labels/task-labels.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { formatDateTime, formatMoney } from '#src/lib/format.ts';
import { asPageSize } from '#src/lib/list-search.ts';
import { m } from '#src/paraglide/messages.js';
import { PROMO_ADD_TASKS_MAX } from '#src/shared/admin-promo-schemas.ts';
import type { AdminPromoDetail, PromoTaskItem } from '#src/shared/admin-promo-types.ts';

// "Add Tasks To Promo": a searchable multi-select of the open tasks the promo does not list yet.
// The selection stays while the admin searches and pages; Add sends it in one call.
export function AddTasksPicker({ promo }: { promo: AdminPromoDetail }) {
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [selected, setSelected] = useState<Map<number, PromoTaskItem>>(new Map());
  const candidates = useQuery(candidateTasksQueryOptions(promo.id, search, paging.page, paging.pageSize));
  const add = useAddPromoTasksMutation(promo.id);
  const navigate = useNavigate();

  const toggle = (task: PromoTaskItem, checked: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (checked) next.set(task.id, task);
      else next.delete(task.id);
      return next;
    });

  const full = selected.size >= PROMO_ADD_TASKS_MAX;
  const addError = add.isError ? asAppError(add.error) : null;
  const addErrorText = addError?.fields ? fieldErrors(addError.fields).taskIds : undefined;

  function onAdd() {
    add.mutate([...selected.keys()], {
      onSuccess: async (answer) => {
        toast.success(m.admin_promo_tasks_added_toast({ count: String(answer.added), title: promo.title }));
        await navigate({ to: '/admin/promo/$id', params: { id: String(promo.id) } });
      },
    });
  }

  return (
    <div className="space-y-3">
      <SearchBox
        id="promo-candidates-search"
        label={m.admin_promo_candidates_search_label()}
        value={search}
        onSearch={(text) => {
          setSearch(text);
          setPaging((prev) => ({ ...prev, page: 1 }));
        }}
      />
      {candidates.isError ? (
        <FormAlert message={`${m.list_load_failed()} ${errorMessage(candidates.error)}`} />
      ) : !candidates.data ? (
        <RowSkeletons />
      ) : candidates.data.items.length === 0 ? (
        <EmptyState
          title={search ? m.admin_promo_candidates_none_matching({ query: search }) : m.admin_promo_candidates_none()}
        />
      ) : (
        <fieldset className="rounded-box border border-base-300 bg-base-100">
          <legend className="sr-only">{m.admin_promo_candidates_label()}</legend>
          <ul className="divide-y divide-base-300">
            {candidates.data.items.map((task) => {
              const checked = selected.has(task.id);
              return (
                <li key={task.id}>
                  <label className="flex cursor-pointer items-start gap-3 p-3" data-testid="candidate-task">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm mt-1"
                      checked={checked}
                      disabled={!checked && full}
                      onChange={(event) => toggle(task, event.currentTarget.checked)}
                    />
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold leading-snug">{task.title}</span>
                      <span className="block text-sm text-base-content/70">
                        <span className="font-mono text-xs">{task.code}</span> · {task.company} ·{' '}
                        {JOB_TYPE_LABELS[task.jobType]()} · {task.location}
                      </span>
                      <span className="block text-xs text-base-content/60">
                        {formatMoney(task.rewardAmount, task.rewardCurrency)}
                        {' · '}
                        {task.expiresAt
                          ? m.admin_promo_task_deadline({ date: formatDateTime(task.expiresAt) })
                          : m.admin_promo_task_no_deadline()}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {candidates.data && candidates.data.total > 0 && (
        <Pagination
          idPrefix="promo-candidates"
          page={candidates.data.page}
          pageSize={candidates.data.pageSize}
          total={candidates.data.total}
          onChange={(next) => setPaging({ page: next.page, pageSize: asPageSize(next.pageSize) })}
        />
      )}
      {addError && <FormAlert message={addErrorText ?? errorMessage(addError)} />}
      <div className="sticky bottom-0 flex flex-wrap items-center justify-between gap-2 border-t border-base-300 bg-base-200 py-3">
        <p className="text-sm" aria-live="polite" data-testid="selected-count">
          {full
            ? m.admin_promo_selected_full({ count: String(selected.size) })
            : m.admin_promo_selected({ count: String(selected.size) })}
        </p>
        <div className="flex gap-2">
          {selected.size > 0 && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setSelected(new Map())}>
              {m.admin_promo_clear_selection()}
            </button>
          )}
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={selected.size === 0 || add.isPending}
            onClick={onAdd}
          >
            {add.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {m.admin_promo_add_selected({ count: String(selected.size) })}
          </button>
        </div>
      </div>
    </div>
  );
}
