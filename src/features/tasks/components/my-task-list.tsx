import { Link } from '@tanstack/react-router';
import { ListPagination } from '#src/components/list/list-pagination.tsx';
import { ListEmpty } from '#src/components/list/list-states.tsx';
import { isTaskListFiltered, MY_TASK_DEFAULTS, type TaskListFilters } from '#src/features/tasks/search.ts';
import { m } from '#src/paraglide/messages.js';
import type { ListPage } from '#src/shared/api-response.ts';
import type { MyTaskCard } from '#src/shared/recruiter-types.ts';
import { ReferralCountsView } from './referral-counts';
import { TaskCardView } from './task-card';
import { TaskListControls } from './task-list-controls';

type MyTaskListProps = {
  data: ListPage<MyTaskCard>;
  filters: TaskListFilters;
  onChange: (patch: Partial<TaskListFilters>) => void;
};

// Manage Task: the tasks the recruiter joined, each with the counts of their referrals to it.
export function MyTaskList({ data, filters, onChange }: MyTaskListProps) {
  const defaults = MY_TASK_DEFAULTS;
  const filtered = isTaskListFiltered(filters, defaults);
  return (
    <div className="space-y-3">
      <TaskListControls value={filters} idPrefix="my-tasks" onChange={(patch) => onChange({ ...patch, page: 1 })} />
      {data.items.length === 0 ? (
        <ListEmpty
          filtered={filtered}
          title={m.manage_empty()}
          onClear={() =>
            onChange({ search: defaults.search, jobType: defaults.jobType, status: defaults.status, page: 1 })
          }
        >
          <Link to="/task" className="btn btn-sm btn-primary">
            {m.manage_go_to_board()}
          </Link>
        </ListEmpty>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-label={m.task_list_label()}>
          {data.items.map((task) => {
            const id = String(task.id);
            return (
              <li key={task.id}>
                <TaskCardView
                  task={task}
                  showJoined={false}
                  title={
                    <Link to="/manage-task/$id" params={{ id }} className="link link-hover">
                      {task.title}
                    </Link>
                  }
                  actions={
                    <>
                      <Link
                        to="/manage-task/$id"
                        params={{ id }}
                        className="btn btn-sm btn-ghost"
                        aria-label={m.task_view_details_of({ title: task.title })}
                      >
                        {m.manage_details()}
                      </Link>
                      {task.status === 'OPEN' && (
                        <Link to="/manage-task/add" search={{ taskId: id }} className="btn btn-sm btn-primary">
                          {m.task_add_talent()}
                        </Link>
                      )}
                    </>
                  }
                >
                  <ReferralCountsView counts={task.counts} />
                </TaskCardView>
              </li>
            );
          })}
        </ul>
      )}
      <ListPagination idPrefix="my-tasks" data={data} onChange={onChange} />
    </div>
  );
}
