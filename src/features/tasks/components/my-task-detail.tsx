import { Link } from '@tanstack/react-router';
import { EmptyState } from '#src/components/list/empty-state.tsx';
import { languageName } from '#src/lib/intl-names.ts';
import { m } from '#src/paraglide/messages.js';
import type { ReferralCounts, ReferralSummary, TaskDetail } from '#src/shared/recruiter-types.ts';
import { ReferralCountsView } from './referral-counts';
import { ReferralRow } from './referral-row';
import { TaskBadges } from './task-badges';
import { TaskFacts } from './task-facts';
import { TaskWhere } from './task-where';

type MyTaskDetailProps = { task: TaskDetail; counts: ReferralCounts; referrals: ReferralSummary[] };

// One of my tasks: its facts, my referrals counted, then each referral with its states.
export function MyTaskDetailView({ task, counts, referrals }: MyTaskDetailProps) {
  const taskId = String(task.id);
  const addTalent =
    task.status === 'OPEN' ? (
      <Link to="/manage-task/add" search={{ taskId }} className="btn btn-sm btn-primary">
        {m.task_add_talent()}
      </Link>
    ) : null;
  return (
    <section className="space-y-5">
      <Link to="/manage-task" className="link link-hover inline-block text-sm">
        ← {m.manage_back_to_tasks()}
      </Link>
      <header className="space-y-2">
        <TaskBadges task={task} showJoined={false} />
        <h1 className="text-2xl font-semibold leading-tight">{task.title}</h1>
        <p className="text-sm text-base-content/70">
          <TaskWhere task={task} />
          <span className="ml-2 font-mono text-xs text-base-content/70">{task.code}</span>
        </p>
        {addTalent}
      </header>
      <div className="card card-sm border border-base-300 bg-base-100">
        <div className="card-body gap-3">
          <TaskFacts task={task} />
          <details className="collapse collapse-arrow bg-base-200/60">
            <summary className="collapse-title min-h-0 py-2 text-sm font-semibold">
              {m.task_detail_description()}
            </summary>
            <div className="collapse-content space-y-3 text-sm">
              <p className="whitespace-pre-line">{task.description}</p>
              <p>
                <span className="font-semibold">{m.task_detail_skills()}: </span>
                {task.requiredSkills.join(', ') || m.task_detail_none()}
              </p>
              <p>
                <span className="font-semibold">{m.task_detail_languages()}: </span>
                {task.requiredLanguages.map(languageName).join(', ') || m.task_detail_none()}
              </p>
            </div>
          </details>
        </div>
      </div>
      <ReferralCountsView counts={counts} />
      <section className="space-y-3" aria-labelledby="my-referrals">
        <h2 id="my-referrals" className="text-lg font-semibold">
          {m.manage_referrals_heading()}
        </h2>
        {referrals.length === 0 ? (
          <EmptyState title={m.manage_referrals_empty()}>{addTalent}</EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-3" aria-label={m.manage_referrals_list_label()}>
            {referrals.map((referral) => (
              <li key={referral.id}>
                <ReferralRow referral={referral} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
