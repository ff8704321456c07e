import { useQuery } from '@tanstack/react-query';
import { addTalentTaskQueryOptions } from '#src/features/add-talent/api.ts';
import { m } from '#src/paraglide/messages.js';

// The task the talent is being added to, so the recruiter sees which job they are referring for.
export function TaskHeading({ taskId }: { taskId: string }) {
  const { data: task } = useQuery(addTalentTaskQueryOptions(taskId));
  return (
    <div className="rounded-box border border-base-300 bg-base-100 px-4 py-3 text-sm">
      <p className="text-xs text-base-content/60">{m.add_talent_task_label()}</p>
      {task ? (
        <>
          <p className="font-medium">{m.add_talent_task_at({ title: task.title, company: task.company })}</p>
          <p className="text-base-content/70">
            {task.code} · {task.location}
          </p>
        </>
      ) : (
        <div className="skeleton mt-1 h-5 w-2/3" />
      )}
    </div>
  );
}
