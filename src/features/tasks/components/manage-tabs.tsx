import { Link } from '@tanstack/react-router';
import { m } from '#src/paraglide/messages.js';

// Manage Task's two views of the same work: by task, or as a flat list of referred talents.
export function ManageTabs({ current }: { current: 'tasks' | 'talents' }) {
  const tab = (active: boolean) => `tab ${active ? 'tab-active' : ''}`;
  return (
    <nav aria-label={m.manage_views_label()} className="tabs tabs-box tabs-sm w-full sm:w-fit">
      <Link
        to="/manage-task"
        className={`${tab(current === 'tasks')} flex-1 sm:flex-none`}
        aria-current={current === 'tasks' ? 'page' : undefined}
      >
        {m.manage_tab_tasks()}
      </Link>
      <Link
        to="/manage-task/talent-view"
        className={`${tab(current === 'talents')} flex-1 sm:flex-none`}
        aria-current={current === 'talents' ? 'page' : undefined}
      >
        {m.manage_tab_talents()}
      </Link>
    </nav>
  );
}
