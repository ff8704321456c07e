import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { AsOfNote } from '#src/components/offline/as-of-note.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { taskDetailQueryOptions, useJoinTaskMutation } from '#src/features/tasks/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { languageName } from '#src/lib/intl-names.ts';
import { m } from '#src/paraglide/messages.js';
import type { TaskDetail } from '#src/shared/recruiter-types.ts';
import { TaskBadges } from './task-badges';
import { TaskFacts } from './task-facts';
import { TaskWhere } from './task-where';

// The task's detail as a modal over the board (a bottom sheet on phones). The board's `view` search
// param opens it, so it is linkable and Back closes it; `onClose` takes that param away.
export function TaskDetailDialog({ taskId, onClose }: { taskId: number; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const detail = useQuery(taskDetailQueryOptions(taskId));

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={detail.data ? titleId : undefined}
      aria-label={detail.data ? undefined : m.task_detail_label()}
      onCancel={(event) => {
        // Escape: leave closing to the URL, as the close button does.
        event.preventDefault();
        onClose();
      }}
      data-testid="task-detail-dialog"
    >
      <div className="modal-box max-h-[90dvh] space-y-4 p-4 sm:p-6">
        <button
          type="button"
          className="btn btn-sm btn-circle btn-ghost absolute top-2 right-2"
          onClick={onClose}
          aria-label={m.task_close()}
        >
          ✕
        </button>
        <AsOfNote queryKey={taskDetailQueryOptions(taskId).queryKey} className="mt-6" />
        {detail.data ? (
          <TaskDetailBody task={detail.data} titleId={titleId} />
        ) : detail.isError ? (
          <div className="pt-6">
            <FormAlert message={`${m.task_detail_load_failed()} ${errorMessage(detail.error)}`} />
          </div>
        ) : (
          <div className="space-y-3 pt-6" aria-busy="true">
            <span className="sr-only">{m.common_loading()}</span>
            <div className="skeleton h-5 w-3/4" />
            <div className="skeleton h-4 w-1/2" />
            <div className="skeleton h-24 w-full" />
          </div>
        )}
      </div>
      {/* A tap outside closes too; the labelled close button above is the one for keyboards and readers. */}
      <button type="button" className="modal-backdrop" onClick={onClose} tabIndex={-1} aria-hidden="true">
        {m.task_close()}
      </button>
    </dialog>
  );
}

function TaskDetailBody({ task, titleId }: { task: TaskDetail; titleId: string }) {
  return (
    <>
      <header className="space-y-1 pr-8">
        <TaskBadges task={task} />
        <h2 id={titleId} className="text-lg font-semibold leading-snug">
          {task.title}
        </h2>
        <p className="text-sm text-base-content/70">
          <TaskWhere task={task} />
        </p>
        <p className="font-mono text-xs text-base-content/70">{task.code}</p>
      </header>
      <TaskFacts task={task} />
      <section className="space-y-1">
        <h3 className="text-sm font-semibold">{m.task_detail_description()}</h3>
        <p className="whitespace-pre-line text-sm" data-testid="task-description">
          {task.description}
        </p>
      </section>
      <section className="space-y-1">
        <h3 className="text-sm font-semibold">{m.task_detail_skills()}</h3>
        <TagList items={task.requiredSkills} />
      </section>
      <section className="space-y-1">
        <h3 className="text-sm font-semibold">{m.task_detail_languages()}</h3>
        <TagList items={task.requiredLanguages.map(languageName)} />
      </section>
      <JoinActions task={task} />
    </>
  );
}

function TagList({ items }: { items: string[] }) {
  if (items.length === 0) return <p className="text-sm text-base-content/60">{m.task_detail_none()}</p>;
  return (
    <ul className="flex flex-wrap gap-1">
      {items.map((item) => (
        <li key={item} className="badge badge-ghost badge-sm">
          {item}
        </li>
      ))}
    </ul>
  );
}

// Joined: the next step is adding a talent. Open: join. Closed or expired: why it can't be joined.
function JoinActions({ task }: { task: TaskDetail }) {
  const join = useJoinTaskMutation();
  const taskId = String(task.id);

  if (task.joined) {
    return (
      <div className="modal-action flex-wrap">
        <Link to="/manage-task/$id" params={{ id: taskId }} className="btn btn-sm btn-ghost">
          {m.task_open_in_manage()}
        </Link>
        <Link to="/manage-task/add" search={{ taskId }} className="btn btn-sm btn-primary">
          {m.task_add_talent()}
        </Link>
      </div>
    );
  }
  const refusal =
    task.status === 'CLOSED'
      ? m.task_cannot_join_closed()
      : task.status === 'EXPIRED'
        ? m.task_cannot_join_expired()
        : null;
  // A 409 means the task closed after this detail was loaded: the refetched status then says why.
  const joinError = join.isError && refusal === null ? errorMessage(join.error) : null;
  return (
    <div className="space-y-3">
      {refusal && <FormAlert message={refusal} />}
      {joinError && <FormAlert message={joinError} />}
      <div className="modal-action">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={refusal !== null || join.isPending}
          onClick={() =>
            join.mutate(task.id, {
              onSuccess: (joined) => toast.success(m.task_joined_toast({ title: joined.title })),
            })
          }
        >
          {join.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {join.isPending ? m.task_joining() : m.task_join()}
        </button>
      </div>
    </div>
  );
}
