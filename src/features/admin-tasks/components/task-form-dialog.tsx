import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { adminTaskQueryOptions, useSaveTaskMutation } from '#src/features/admin-tasks/api.ts';
import { EMPTY_TASK, toFormValues } from '#src/features/admin-tasks/form-values.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { m } from '#src/paraglide/messages.js';
import { TaskForm } from './task-form';

// Create or edit a task in a modal over the list, so the admin keeps their place in it. `taskId`
// null is a new task; an edit loads the task's every field first.
export function TaskFormDialog({ taskId, onClose }: { taskId: number | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const save = useSaveTaskMutation();
  const task = useQuery({ ...adminTaskQueryOptions(taskId ?? 0), enabled: taskId !== null });

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const title = taskId === null ? m.admin_tasks_new_title() : m.admin_tasks_edit_title();
  const close = () => {
    if (!save.isPending) onClose();
  };

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      data-testid="task-form-dialog"
    >
      <div className="modal-box max-h-[92dvh] w-full space-y-3 p-4 sm:max-w-3xl sm:p-6">
        <button
          type="button"
          className="btn btn-sm btn-circle btn-ghost absolute top-2 right-2"
          onClick={close}
          aria-label={m.admin_tasks_close_dialog()}
        >
          ✕
        </button>
        <h2 id={titleId} className="pr-8 text-lg font-semibold">
          {title}
          {task.data && <span className="ml-2 font-mono text-sm text-base-content/60">{task.data.code}</span>}
        </h2>
        {taskId === null ? (
          <TaskForm
            initial={EMPTY_TASK}
            storedExpiresAt={null}
            pending={save.isPending}
            submitLabel={m.admin_tasks_create_submit()}
            onSave={(input) => save.mutateAsync({ id: null, input })}
            onSaved={(created) => {
              toast.success(m.admin_tasks_created_toast({ code: created.code, title: created.title }));
              onClose();
            }}
            onCancel={close}
          />
        ) : task.data ? (
          <>
            <p className="text-sm text-base-content/70" data-testid="task-edit-note">
              {m.admin_tasks_edit_note({ used: String(task.data.quotaUsed) })}
            </p>
            <TaskForm
              initial={toFormValues(task.data)}
              storedExpiresAt={task.data.expiresAt}
              pending={save.isPending}
              submitLabel={m.admin_tasks_save_submit()}
              onSave={(input) => save.mutateAsync({ id: taskId, input })}
              onSaved={(saved) => {
                toast.success(m.admin_tasks_saved_toast({ title: saved.title }));
                onClose();
              }}
              onCancel={close}
            />
          </>
        ) : task.isError ? (
          <FormAlert message={`${m.admin_tasks_load_failed()} ${errorMessage(task.error)}`} />
        ) : (
          <div className="space-y-3" aria-busy="true">
            <span className="sr-only">{m.common_loading()}</span>
            <div className="skeleton h-10 w-full" />
            <div className="skeleton h-10 w-full" />
            <div className="skeleton h-24 w-full" />
          </div>
        )}
      </div>
    </dialog>
  );
}
