import { useState } from 'react';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { useTaskStatusMutation } from '#src/features/admin-tasks/api.ts';
import { asAppError, errorMessage } from '#src/lib/app-error.ts';
import { m } from '#src/paraglide/messages.js';
import type { AdminTaskSummary } from '#src/shared/admin-task-types.ts';

// Close an open (or expired) task, or reopen a closed one, after a confirmation saying what happens.
// A closed task whose deadline has passed needs a later deadline first: the server says so, and so do we.
export function TaskStatusAction({ task }: { task: AdminTaskSummary }) {
  const [asking, setAsking] = useState(false);
  const mutation = useTaskStatusMutation();
  const close = task.status !== 'CLOSED';
  const title = task.title;

  const confirm = () =>
    mutation.mutate(
      { id: task.id, action: close ? 'close' : 'reopen' },
      {
        onSuccess: () => {
          setAsking(false);
          toast.success(close ? m.admin_tasks_closed_toast({ title }) : m.admin_tasks_reopened_toast({ title }));
        },
        onError: (error) => {
          setAsking(false);
          const refused = asAppError(error);
          toast.error(
            refused.code === 'CONFLICT' && refused.fields?.expiresAt
              ? m.admin_tasks_reopen_needs_deadline({ title })
              : errorMessage(error),
          );
        },
      },
    );

  return (
    <>
      <button
        type="button"
        className={`btn btn-xs ${close ? 'btn-outline btn-error' : 'btn-outline btn-success'}`}
        onClick={() => setAsking(true)}
        aria-label={close ? m.admin_tasks_close_named({ title }) : m.admin_tasks_reopen_named({ title })}
      >
        {close ? m.admin_tasks_close() : m.admin_tasks_reopen()}
      </button>
      {asking && (
        <ConfirmDialog
          title={close ? m.admin_tasks_close_title({ title }) : m.admin_tasks_reopen_title({ title })}
          text={close ? m.admin_tasks_close_text() : m.admin_tasks_reopen_text()}
          confirmLabel={close ? m.admin_tasks_close() : m.admin_tasks_reopen()}
          cancelLabel={m.admin_tasks_cancel()}
          pending={mutation.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
