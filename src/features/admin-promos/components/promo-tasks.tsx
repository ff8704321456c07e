import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { EmptyState } from '#src/components/list/empty-state.tsx';
import { TaskStatusBadge } from '#src/components/status/task-status-badge.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { useRemovePromoTaskMutation } from '#src/features/admin-promos/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { JOB_TYPE_LABELS } from '#src/lib/enum-labels/task-labels.ts';
import { formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { AdminPromoDetail } from '#src/shared/admin-promo-types.ts';

type PromoTask = AdminPromoDetail['tasks'][number];

// The promo's tasks, each with Remove (after a confirmation: the task itself stays).
export function PromoTasks({ promo }: { promo: AdminPromoDetail }) {
  const [removing, setRemoving] = useState<PromoTask | null>(null);
  const remove = useRemovePromoTaskMutation(promo.id);

  const confirm = (task: PromoTask) =>
    remove.mutate(task.id, {
      onSuccess: () => {
        setRemoving(null);
        toast.success(m.admin_promo_task_removed_toast({ title: task.title }));
      },
      onError: (error) => {
        setRemoving(null);
        toast.error(errorMessage(error));
      },
    });

  const addLink = (
    <Link to="/admin/promo/$id/add-tasks" params={{ id: String(promo.id) }} className="btn btn-sm btn-primary">
      {m.title_add_tasks_to_promo()}
    </Link>
  );

  return (
    <section className="space-y-3" aria-labelledby="promo-tasks-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="promo-tasks-heading" className="text-lg font-semibold">
          {m.admin_promo_tasks_heading({ count: String(promo.tasks.length) })}
        </h2>
        {promo.tasks.length > 0 && addLink}
      </div>
      {promo.tasks.length === 0 ? (
        <EmptyState title={m.admin_promo_tasks_empty()}>{addLink}</EmptyState>
      ) : (
        <ul
          className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100"
          aria-label={m.admin_promo_tasks_label()}
        >
          {promo.tasks.map((task) => (
            <li key={task.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="promo-task">
              <div className="min-w-0 flex-1">
                <p className="font-semibold leading-snug">{task.title}</p>
                <p className="text-sm text-base-content/70">
                  <span className="font-mono text-xs">{task.code}</span> · {task.company} ·{' '}
                  {JOB_TYPE_LABELS[task.jobType]()} · {task.location}
                </p>
              </div>
              <TaskStatusBadge status={task.status} />
              <span className="tabular-nums text-sm">{formatMoney(task.rewardAmount, task.rewardCurrency)}</span>
              <button
                type="button"
                className="btn btn-xs btn-outline btn-error"
                onClick={() => setRemoving(task)}
                aria-label={m.admin_promo_remove_task_named({ title: task.title })}
              >
                {m.admin_promo_remove_task()}
              </button>
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          title={m.admin_promo_remove_task_title({ title: removing.title })}
          text={m.admin_promo_remove_task_text({ promo: promo.title })}
          confirmLabel={m.admin_promo_remove_task()}
          cancelLabel={m.admin_promo_cancel()}
          pending={remove.isPending}
          onConfirm={() => confirm(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
