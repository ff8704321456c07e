import { Link } from '@tanstack/react-router';
import { JOB_TYPE_LABELS } from '#src/lib/enum-labels/task-labels.ts';
import { formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { TaskDetail } from '#src/shared/recruiter-types.ts';
import { PickTalent } from './pick-talent';
import { TaskBadges } from './task-badges';
import { promoBonusText } from './task-format';

// /manage-task/add: which task the talent goes to, then the two ways in: a new talent from a resume,
// or one already in my folder.
export function AddTalentChoices({ task }: { task: TaskDetail }) {
  const taskId = String(task.id);
  const bonus = promoBonusText(task);
  const open = task.status === 'OPEN';
  return (
    <section className="space-y-5">
      <h1 className="text-2xl font-semibold">{m.title_add_talent()}</h1>
      <div className="card card-sm border border-base-300 bg-base-100" data-testid="add-talent-task">
        <div className="card-body gap-1">
          <p className="text-xs text-base-content/60">{m.manage_add_for_task()}</p>
          <TaskBadges task={task} />
          <h2 className="font-semibold leading-snug">{task.title}</h2>
          <p className="text-sm text-base-content/70">
            {task.company} · {JOB_TYPE_LABELS[task.jobType]()} · {task.location}
          </p>
          <p className="text-sm">
            <span className="text-base-content/60">{m.task_reward_label()}: </span>
            <span className="font-semibold text-primary">{formatMoney(task.rewardAmount, task.rewardCurrency)}</span>
            {bonus && <span className="ml-1 text-xs font-medium text-accent">{bonus}</span>}
          </p>
        </div>
      </div>
      {!open ? (
        <div role="alert" className="alert alert-soft alert-warning">
          {m.manage_add_task_not_open()}
        </div>
      ) : (
        <>
          {!task.joined && (
            <div role="status" className="alert alert-soft alert-info text-sm">
              {m.manage_add_joins_task()}
            </div>
          )}
          <h2 className="text-lg font-semibold">{m.manage_add_choose()}</h2>
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
            <Link
              to="/manage-task/add/drop-resume"
              search={{ taskId }}
              className="card card-sm border border-primary/40 bg-primary/5 transition-colors hover:bg-primary/10"
            >
              <div className="card-body gap-1">
                <span className="card-title text-base text-primary">{m.manage_add_drop_resume()}</span>
                <span className="text-sm text-base-content/70">{m.manage_add_drop_resume_hint()}</span>
              </div>
            </Link>
            <section className="card card-sm border border-base-300 bg-base-100" aria-labelledby="pick-talent">
              <div className="card-body gap-3">
                <div className="space-y-1">
                  <h3 id="pick-talent" className="card-title text-base">
                    {m.manage_add_pick()}
                  </h3>
                  <p className="text-sm text-base-content/70">{m.manage_add_pick_hint()}</p>
                </div>
                <PickTalent taskId={task.id} />
              </div>
            </section>
          </div>
        </>
      )}
    </section>
  );
}
