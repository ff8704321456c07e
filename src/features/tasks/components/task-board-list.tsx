import { ListPagination } from '#src/components/list/list-pagination.tsx';
import { ListEmpty } from '#src/components/list/list-states.tsx';
import { isTaskListFiltered, type TaskListFilters } from '#src/features/tasks/search.ts';
import { m } from '#src/paraglide/messages.js';
import type { ListPage } from '#src/shared/api-response.ts';
import type { TaskCard } from '#src/shared/recruiter-types.ts';
import { TaskCardView } from './task-card';
import { TaskListControls } from './task-list-controls';

type TaskBoardListProps = {
  data: ListPage<TaskCard>;
  filters: TaskListFilters;
  defaults: TaskListFilters;
  /** New search params: a filter change goes back to page 1, a page change keeps the filters. */
  onChange: (patch: Partial<TaskListFilters>) => void;
  onOpen: (taskId: number) => void;
  idPrefix: string;
};

// The board's controls, cards and pages (/task and /task/promo/{id}). A card's title opens its detail.
export function TaskBoardList({ data, filters, defaults, onChange, onOpen, idPrefix }: TaskBoardListProps) {
  const filtered = isTaskListFiltered(filters, defaults);
  return (
    <div className="space-y-3">
      <TaskListControls value={filters} idPrefix={idPrefix} onChange={(patch) => onChange({ ...patch, page: 1 })} />
      {data.items.length === 0 ? (
        <ListEmpty
          filtered={filtered}
          title={m.task_empty()}
          onClear={() =>
            onChange({ search: defaults.search, jobType: defaults.jobType, status: defaults.status, page: 1 })
          }
        />
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-label={m.task_list_label()}>
          {data.items.map((task) => (
            <li key={task.id}>
              <TaskCardView
                task={task}
                title={
                  <button
                    type="button"
                    className="link link-hover text-left"
                    onClick={() => onOpen(task.id)}
                    aria-haspopup="dialog"
                  >
                    {task.title}
                  </button>
                }
                actions={
                  <button
                    type="button"
                    className="btn btn-sm btn-outline btn-primary"
                    onClick={() => onOpen(task.id)}
                    aria-haspopup="dialog"
                    aria-label={m.task_view_details_of({ title: task.title })}
                  >
                    {m.task_view_details()}
                  </button>
                }
              />
            </li>
          ))}
        </ul>
      )}
      <ListPagination idPrefix={idPrefix} data={data} onChange={onChange} />
    </div>
  );
}
