import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { parseId } from '#src/lib/path-id.ts';
import { preloadTaskDetailDialog } from './lazy-task-detail-dialog';

type SetView = (view: string | undefined, options: { replace: boolean }) => void;

/**
 * The task detail dialog lives in the `view` search param, so a link opens it and Back closes it.
 * Closing a dialog opened on this page goes back (no extra history entry); closing one that came
 * with the address (a shared link, a reload) replaces the entry instead of leaving the app.
 * The dialog's code is fetched once the page has rendered, so opening a task does not wait for it.
 */
export function useViewParam(view: string | undefined, setView: SetView) {
  const router = useRouter();
  const openedHere = useRef(false);
  useEffect(() => {
    // In a task of its own, not in the board's first render, itself a long task on a phone (issue 7).
    const timer = setTimeout(preloadTaskDetailDialog, 0);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (view === undefined) openedHere.current = false;
  }, [view]);
  return {
    taskId: view === undefined ? null : parseId(view),
    open: (taskId: number) => {
      openedHere.current = true;
      setView(String(taskId), { replace: false });
    },
    close: () => {
      if (openedHere.current) {
        openedHere.current = false;
        router.history.back();
      } else {
        setView(undefined, { replace: true });
      }
    },
  };
}
