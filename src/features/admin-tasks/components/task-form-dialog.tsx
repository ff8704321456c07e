import { useQuery } from '@tanstack/react-query';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { FormDialog } from '#src/components/form-dialog.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { adminTaskQueryOptions, useSaveTaskMutation } from '#src/features/admin-tasks/api.ts';
import { EMPTY_TASK, toFormValues } from '#src/features/admin-tasks/form-values.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { m } from '#src/paraglide/messages.js';
import { TaskForm } from './task-form';

// Create or edit a task in a modal over the list, so the admin keeps their place in it. `taskId`
// null is a new task; an edit loads the task's every field first.
export function TaskFormDialog({ taskId, onClose }: { taskId: number | null; onClose: () => void }) {
  const save = useSaveTaskMutation();
  const task = useQuery({ ...adminTaskQueryOptions(taskId ?? 0), enabled: taskId !== null });

  return (
    <FormDialog
      testId="task-form-dialog"
      title={
        <>
          {taskId === null ? m.admin_tasks_new_title() : m.admin_tasks_edit_title()}
          {task.data && <span className="ml-2 font-mono text-sm text-base-content/60">{task.data.code}</span>}
        </>
      }
      closeLabel={m.admin_tasks_close_dialog()}
      widthClassName="sm:max-w-3xl"
      pending={save.isPending}
      onClose={onClose}
    >
      {(close) =>
        taskId === null ? (
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
        )
      }
    </FormDialog>
  );
}
