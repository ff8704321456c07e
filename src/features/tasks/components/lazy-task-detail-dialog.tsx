import { type ComponentProps, lazy, Suspense } from 'react';
import type { TaskDetailDialog as Dialog } from './task-detail-dialog';

// The detail dialog is not part of the board's first paint: its code loads when a task is opened (or
// right after the board renders, while the recruiter reads it), from a chunk of its own (issue 7).
const load = () => import('./task-detail-dialog');
const TaskDetailDialog = lazy(() => load().then((module) => ({ default: module.TaskDetailDialog })));

/** Fetches the dialog's chunk ahead of a click; a failure is left to the click, which tries again. */
export function preloadTaskDetailDialog(): void {
  void load().catch(() => {});
}

export function LazyTaskDetailDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <Suspense fallback={null}>
      <TaskDetailDialog {...props} />
    </Suspense>
  );
}
