import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeading } from '#src/components/layout/page-heading.tsx';
import { RouteLoadError } from '#src/components/list/list-states.tsx';
import { RoutePending } from '#src/components/list/route-pending.tsx';
import { ShareDialog } from '#src/features/admin-companies/components/share-dialog.tsx';
import { adminTasksQueryOptions } from '#src/features/admin-tasks/api.ts';
import { AdminTaskList } from '#src/features/admin-tasks/components/admin-task-list.tsx';
import { TaskFormDialog } from '#src/features/admin-tasks/components/task-form-dialog.tsx';
import { ADMIN_TASK_DEFAULTS, adminTaskSearchSchema } from '#src/features/admin-tasks/search.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

// Admin › Tasks: every task with its filters in the URL; create and edit in a dialog over the list.
export const Route = createFileRoute('/_auth/_admin/admin/tasks')({
  validateSearch: adminTaskSearchSchema,
  search: { middlewares: [stripSearchParams(ADMIN_TASK_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(adminTasksQueryOptions(deps)),
  pendingComponent: () => <RoutePending title={m.title_tasks()} />,
  errorComponent: ({ error }) => <RouteLoadError title={m.title_tasks()} error={error} />,
  component: AdminTasksPage,
});

function AdminTasksPage() {
  usePageTitle(m.title_tasks());
  const filters = Route.useLoaderDeps();
  const { data } = useSuspenseQuery(adminTasksQueryOptions(filters));
  const navigate = Route.useNavigate();
  // null: no dialog; 'new': a new task; a number: that task's edit.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  // The task whose review links for its company are open (issue 45), or null.
  const [sharing, setSharing] = useState<number | null>(null);
  return (
    <section className="space-y-4">
      <PageHeading
        title={m.title_tasks()}
        intro={m.admin_tasks_intro()}
        create={{ label: m.admin_tasks_new(), onClick: () => setEditing('new') }}
      />
      <AdminTaskList
        data={data}
        filters={filters}
        onChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
        onEdit={setEditing}
        onShare={setSharing}
        onCreate={() => setEditing('new')}
      />
      {editing !== null && (
        <TaskFormDialog
          key={String(editing)}
          taskId={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {sharing !== null && <ShareDialog key={sharing} taskId={sharing} onClose={() => setSharing(null)} />}
    </section>
  );
}
