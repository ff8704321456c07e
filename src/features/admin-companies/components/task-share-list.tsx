import { toast } from '#src/components/toast/toast-store.ts';
import { useAddShareReferralsMutation } from '#src/features/admin-companies/api.ts';
import { asAppError, errorMessage } from '#src/lib/app-error.ts';
import { fieldMessage } from '#src/lib/field-errors.ts';
import { m } from '#src/paraglide/messages.js';
import type { CompanyAnswer, ShareReveal } from '#src/shared/company-schemas.ts';
import type { ShareState, ShareSummary } from '#src/shared/company-types.ts';
import { ReverseAnswer } from './reverse-answer';
import { RemoveFromShareButton, RevokeShareButton, untilAndOpened } from './share-actions';

export const REVEAL_LABELS: Record<ShareReveal, () => string> = {
  CONTACT: m.admin_share_reveal_contact,
  RECRUITER: m.admin_share_reveal_recruiter,
  REWARD: m.admin_share_reveal_reward,
};
export const STATE_LABELS: Record<ShareState, () => string> = {
  OPEN: m.admin_share_state_open,
  EXPIRED: m.admin_share_state_expired,
  REVOKED: m.admin_share_state_revoked,
};
export const STATE_BADGES: Record<ShareState, string> = {
  OPEN: 'badge-success',
  EXPIRED: 'badge-neutral',
  REVOKED: 'badge-error',
};
export const ANSWER_LABELS: Record<CompanyAnswer, () => string> = {
  SHORTLIST: m.company_answer_shortlist,
  INTERVIEW: m.company_answer_interview,
  NOT_A_FIT: m.company_answer_not_a_fit,
};

// The task's review links, newest first: to whom, until when, whether they were opened, what was answered.
export function TaskShareList({
  taskId,
  shares,
  picked,
}: {
  taskId: number;
  shares: ShareSummary[];
  /** The referrals ticked in the share form: an open link offers to take the ones it lacks. */
  picked: number[];
}) {
  const add = useAddShareReferralsMutation(taskId);
  const missing = (share: ShareSummary) =>
    picked.filter((id) => !share.referrals.some((line) => line.referralId === id));
  return (
    <section className="flex flex-col gap-2 border-t border-base-300 pt-3" aria-labelledby="task-shares-heading">
      <h3 id="task-shares-heading" className="font-semibold">
        {m.admin_share_links()}
      </h3>
      {shares.length === 0 && <p className="text-sm text-base-content/70">{m.admin_share_no_links()}</p>}
      <ul className="flex flex-col gap-2">
        {shares.map((share) => (
          <li key={share.id} className="rounded-box border border-base-300 p-3 text-sm" data-testid="task-share">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">
                {share.contact.name} <span className="text-base-content/60">{`<${share.contact.email}>`}</span>
              </span>
              <span className="flex items-center gap-2">
                <span className={`badge badge-soft badge-sm ${STATE_BADGES[share.state]}`}>
                  {STATE_LABELS[share.state]()}
                </span>
                {share.state === 'OPEN' && <RevokeShareButton share={share} text={m.admin_share_revoke_text()} />}
              </span>
            </div>
            <p className="text-xs text-base-content/70">{untilAndOpened(share)}</p>
            {share.reveal.length > 0 && (
              <p className="text-xs">
                {m.admin_share_revealed({
                  what: share.reveal.map((what) => REVEAL_LABELS[what]()).join(', '),
                  reason: share.revealReason ?? '',
                })}
              </p>
            )}
            <ul className="mt-1 flex flex-col gap-0.5">
              {share.referrals.map((line) => (
                <li key={line.referralId} className="flex flex-wrap items-center gap-x-2" data-testid="task-share-line">
                  <span>
                    {line.talentName}:{' '}
                    {line.answer ? (
                      <span className="font-medium">
                        {ANSWER_LABELS[line.answer.answer]()}
                        {line.answer.reason && <span className="font-normal"> ({line.answer.reason})</span>}
                      </span>
                    ) : (
                      <span className="text-base-content/60">{m.admin_share_no_answer()}</span>
                    )}
                  </span>
                  {line.answer?.moved && (
                    <ReverseAnswer
                      taskId={taskId}
                      name={line.talentName}
                      answer={{ ...line.answer, moved: line.answer.moved }}
                    />
                  )}
                  {share.state === 'OPEN' && (
                    <RemoveFromShareButton share={share} referralId={line.referralId} talentName={line.talentName} />
                  )}
                </li>
              ))}
            </ul>
            {share.state === 'OPEN' && missing(share).length > 0 && (
              <button
                type="button"
                className="btn btn-xs btn-outline mt-2"
                disabled={add.isPending}
                onClick={() =>
                  add.mutate(
                    { shareId: share.id, referralIds: missing(share) },
                    {
                      onSuccess: () => toast.success(m.admin_share_added_toast({ name: share.contact.name })),
                      onError: (error) => toast.error(addRefusal(error)),
                    },
                  )
                }
              >
                {m.admin_share_add_to_link({ count: String(missing(share).length) })}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

// A refused addition names each reason once ("The talent has not confirmed consent"); anything else is
// the error's own message.
function addRefusal(error: unknown): string {
  const fields = asAppError(error).fields ?? {};
  const reasons = Object.entries(fields)
    .filter(([key]) => key.startsWith('referrals.'))
    .map(([, why]) => fieldMessage(why));
  return reasons.length > 0 ? [...new Set(reasons)].join('; ') : errorMessage(error);
}
