import { useQuery } from '@tanstack/react-query';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { referralSharesQueryOptions } from '#src/features/admin-companies/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { ReferralShare } from '#src/shared/company-types.ts';
import { ReverseAnswer } from './reverse-answer';
import { RemoveFromShareButton, RevokeShareButton, untilAndOpened } from './share-actions';
import { ANSWER_LABELS, STATE_BADGES, STATE_LABELS } from './task-share-list';

// The review links one referral was put on (issue 45), in the admin's referral detail: with which contact
// of which company, when it was sent, whether the link and this talent's profile were opened, the company's
// answer and comment; Revoke (the whole link) and Remove (this talent from it) while the link is open.
export function ReferralShares({ referralId, talentName }: { referralId: number; talentName: string }) {
  const query = useQuery(referralSharesQueryOptions(referralId));
  return (
    <section className="space-y-2" aria-labelledby={`referral-shares-${referralId}`} data-testid="referral-shares">
      <h3 id={`referral-shares-${referralId}`} className="font-semibold">
        {m.admin_share_referral_heading()}
      </h3>
      {query.isPending && <div className="skeleton h-10 w-full" aria-busy="true" />}
      {query.isError && <FormAlert message={errorMessage(query.error)} />}
      {query.data?.length === 0 && <p className="text-sm text-base-content/70">{m.admin_share_referral_none()}</p>}
      {query.data && query.data.length > 0 && (
        <ul className="flex flex-col gap-2">
          {query.data.map((share) => (
            <ShareLine key={share.id} share={share} referralId={referralId} talentName={talentName} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ShareLine({
  share,
  referralId,
  talentName,
}: {
  share: ReferralShare;
  referralId: number;
  talentName: string;
}) {
  const { contact, answer } = share;
  const open = share.state === 'OPEN';
  return (
    <li className="rounded-box border border-base-300 p-3 text-sm" data-testid="referral-share">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {m.admin_share_contact_at({ contact: contact.name, company: share.companyName })}{' '}
          <span className="font-normal text-base-content/60">{`<${contact.email}>`}</span>
          {contact.removed && (
            <span className="font-normal text-base-content/60"> {m.admin_share_contact_removed()}</span>
          )}
        </span>
        <span className={`badge badge-soft badge-sm ${STATE_BADGES[share.state]}`}>{STATE_LABELS[share.state]()}</span>
      </div>
      <p className="text-xs text-base-content/70">
        {share.createdBy
          ? m.admin_share_sent_by({ date: formatDateTime(share.createdAt), admin: share.createdBy.name })
          : m.admin_share_sent_at({ date: formatDateTime(share.createdAt) })}{' '}
        · {untilAndOpened(share)}
      </p>
      <p className="text-xs text-base-content/70" data-testid="referral-share-views">
        {share.lastViewedAt
          ? m.admin_share_profile_viewed({ count: share.views, date: formatDateTime(share.lastViewedAt) })
          : m.admin_share_profile_not_viewed()}
      </p>
      <div className="mt-1" data-testid="referral-share-answer">
        {answer ? (
          <>
            <p>
              <span className="font-medium">{ANSWER_LABELS[answer.answer]()}</span>{' '}
              <span className="text-xs text-base-content/70">
                {m.admin_share_answered_at({ date: formatDateTime(answer.answeredAt) })}
              </span>
            </p>
            {answer.reason && <p className="whitespace-pre-line">{m.admin_share_reason({ reason: answer.reason })}</p>}
            {answer.comment && (
              <p className="whitespace-pre-line">{m.admin_share_comment({ comment: answer.comment })}</p>
            )}
          </>
        ) : (
          <p className="text-base-content/60">{m.admin_share_no_answer()}</p>
        )}
      </div>
      {share.removedAt && (
        <p className="text-xs text-base-content/70">
          {m.admin_share_taken_off({ date: formatDateTime(share.removedAt) })}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {answer?.moved && (
          <ReverseAnswer taskId={share.taskId} name={talentName} answer={{ ...answer, moved: answer.moved }} />
        )}
        {open && share.removedAt === null && (
          <RemoveFromShareButton share={share} referralId={referralId} talentName={talentName} />
        )}
        {open && <RevokeShareButton share={share} text={m.admin_share_revoke_whole_text()} />}
      </div>
    </li>
  );
}
