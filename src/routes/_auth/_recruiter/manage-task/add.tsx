import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import * as v from 'valibot';
import { optionalStringParam } from '#src/lib/search-params.ts';

// Adding a talent always happens against a task: without taskId every step is Page Not Found.
export const Route = createFileRoute('/_auth/_recruiter/manage-task/add')({
  validateSearch: v.object({ taskId: optionalStringParam }),
  beforeLoad: ({ search }) => {
    if (!search.taskId) throw notFound();
    return { taskId: search.taskId };
  },
  component: Outlet,
});
