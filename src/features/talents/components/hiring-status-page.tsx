import { useSuspenseQueries, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { referralQueryOptions, talentQueryOptions } from '#src/features/talents/api.ts';
import { hiringTimeline } from '#src/features/talents/hiring-pipeline.ts';
import { HIRING_LABELS } from '#src/lib/enum-labels/referral-labels.ts';
import { formatDate } from '#src/lib/format.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import type { ReferralDetail } from '#src/shared/recruiter-types.ts';

function HiringTimeline({ referral }: { referral: ReferralDetail }) {
  const timeline = hiringTimeline(referral);
  return (
    <ol
      className="steps steps-vertical w-full"
      aria-label={m.talent_hiring_pipeline_label({ task: referral.taskTitle })}
      data-testid="hiring-timeline"
    >
      {timeline.steps.map((step) => {
        const failed = timeline.ended !== null && step.current;
        const tone = failed ? 'step-error' : step.done ? 'step-primary' : '';
        return (
          <li
            key={step.state}
            className={`step ${tone}`}
            data-content={failed ? '✕' : step.done ? '✓' : '●'}
            aria-current={step.current ? 'step' : undefined}
          >
            <span className="flex flex-col items-start text-start">
              <span className={step.current ? 'font-semibold' : step.done ? '' : 'text-base-content/60'}>
                {HIRING_LABELS[step.state]()}
                {step.current && !failed && (
                  <span className="badge badge-primary badge-soft badge-sm ms-2">{m.talent_hiring_current()}</span>
                )}
              </span>
              {step.reachedAt && <span className="text-xs text-base-content/60">{formatDate(step.reachedAt)}</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

// Each referral's hiring pipeline as a timeline. Read-only: admins move it.
export function HiringStatusPage({ talentId }: { talentId: number }) {
  const { data: talent } = useSuspenseQuery(talentQueryOptions(talentId));
  const referrals = useSuspenseQueries({
    queries: talent.referrals.map((referral) => referralQueryOptions(referral.id)),
  });
  const id = String(talent.id);

  return (
    <section className="space-y-4">
      <div className="space-y-1">
        <Link to="/talents-folder/$id/profile" params={{ id }} className="link link-hover text-sm">
          ‹ {m.talent_back_to_profile()}
        </Link>
        <h1 className="text-2xl font-semibold">{m.title_hiring_status()}</h1>
        <p className="font-medium">{talentDisplayName(talent.fullName)}</p>
        <p className="text-sm text-base-content/70">{m.talent_hiring_intro()}</p>
      </div>
      {referrals.length === 0 ? (
        <p className="text-sm text-base-content/70">{m.talent_no_referrals()}</p>
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          {referrals.map(({ data: referral }) => (
            <article key={referral.id} className="card border border-base-300 bg-base-100" data-testid="hiring-card">
              <div className="card-body gap-2">
                <h2 className="card-title text-base">
                  <Link
                    to="/talents-folder/$id/profile"
                    params={{ id }}
                    search={{ referral: referral.id }}
                    className="link link-hover"
                  >
                    {referral.taskTitle}
                  </Link>
                </h2>
                <p className="text-sm text-base-content/60">
                  {referral.taskCode} · {referral.company}
                </p>
                <HiringTimeline referral={referral} />
                {(referral.hiringStatus === 'REJECTED' || referral.hiringStatus === 'WITHDRAWN') && (
                  <p role="status" className="alert alert-soft alert-error text-sm">
                    {m.talent_hiring_ended({ state: HIRING_LABELS[referral.hiringStatus]() })}
                  </p>
                )}
                {referral.hiringStatus === 'HIRED' && (
                  <p role="status" className="alert alert-soft alert-success text-sm">
                    {m.talent_hiring_hired_note()}
                  </p>
                )}
              </div>
            </article>
          ))}
        </div>
      )}
    </section>
  );
}
