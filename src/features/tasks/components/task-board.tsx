import { TASK_BOARD_DEFAULTS, type TaskListFilters } from '#src/features/tasks/search.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import type { TaskCard } from '#src/shared/recruiter-types.ts';
import { LazyTaskDetailDialog } from './lazy-task-detail-dialog';
import { TaskBoardList } from './task-board-list';
import { useViewParam } from './use-view-param';

type TaskBoardSearch = TaskListFilters & { view?: string };

type TaskBoardProps = {
  idPrefix: string;
  data: ListPage<TaskCard>;
  filters: TaskListFilters;
  /** The `view` search param: the task whose detail dialog is open. */
  view: string | undefined;
  /** Merges the patch into the URL's search; the route owns the navigation. */
  onSearch: (patch: Partial<TaskBoardSearch>, options?: { replace: boolean; resetScroll: false }) => void;
};

// A task board (/task and /task/promo/{id}): the list with its controls, and the task detail dialog that
// a card's title opens through the URL.
export function TaskBoard({ idPrefix, data, filters, view, onSearch }: TaskBoardProps) {
  const dialog = useViewParam(view, (next, { replace }) => onSearch({ view: next }, { replace, resetScroll: false }));
  return (
    <>
      <TaskBoardList
        idPrefix={idPrefix}
        data={data}
        filters={filters}
        defaults={TASK_BOARD_DEFAULTS}
        onChange={(patch) => onSearch(patch)}
        onOpen={dialog.open}
      />
      {dialog.taskId !== null && (
        <LazyTaskDetailDialog key={dialog.taskId} taskId={dialog.taskId} onClose={dialog.close} />
      )}
    </>
  );
}
