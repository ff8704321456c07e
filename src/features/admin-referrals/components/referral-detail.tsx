import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useId, useState } from 'react';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { QueryDialog } from '#src/components/query-dialog.tsx';
import { ScorecardCompact } from '#src/components/scorecard/scorecard-compact.tsx';
import { ConsentBadge, HiringBadge, ItaBadge, RewardBadge } from '#src/components/status/referral-badges.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import {
  adminReferralQueryOptions,
  useHiringStatusMutation,
  useRewardDecisionMutation,
} from '#src/features/admin-referrals/api.ts';
import { asAppError, errorMessage } from '#src/lib/app-error.ts';
import { HIRING_LABELS, REWARD_LABELS } from '#src/lib/enum-labels/referral-labels.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { formatDateTime, formatMoney } from '#src/lib/format.ts';
import { talentContact, talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import {
  ADMIN_REASON_MAX,
  HIRING_TRANSITIONS,
  isFinalHiring,
  REWARD_DECISIONS,
  type RewardDecision,
} from '#src/shared/admin-referral-schemas.ts';
import type { AdminReferralDetail } from '#src/shared/admin-referral-types.ts';
import type { HiringStatus } from '#src/shared/enums.ts';
import { formatPhone } from '#src/shared/phone.ts';
import { CallProofReview } from './call-proof-review';
import { ReferralHistory } from './referral-history';
import { TalentEvidence } from './talent-evidence';

/** The localised field message of a refusal (the server names the field), else the code's message. */
function refusalText(error: unknown, field: string): string {
  const appError = asAppError(error);
  const fields = fieldErrors(appError.fields);
  return fields[field] ?? Object.values(fields)[0] ?? errorMessage(appError);
}

function HiringSection({ referral }: { referral: AdminReferralDetail }) {
  const move = useHiringStatusMutation(referral.id);
  const [error, setError] = useState<string | null>(null);
  // A final move (Hired, Rejected, Withdrawn) is asked first, with the reason the recruiter will read.
  const [asking, setAsking] = useState<HiringStatus | null>(null);
  async function moveTo(to: HiringStatus, reason?: string) {
    setError(null);
    try {
      await move.mutateAsync({ to, reason });
      setAsking(null);
      toast.success(m.admin_hiring_moved({ status: HIRING_LABELS[to]() }));
    } catch (failure) {
      const text = refusalText(failure, asking ? 'reason' : 'to');
      if (asking) throw new Error(text);
      setError(text);
    }
  }
  return (
    <section className="space-y-2" aria-labelledby={`hiring-${referral.id}`}>
      <h3 id={`hiring-${referral.id}`} className="font-semibold">
        {m.admin_hiring_section_hiring()}
      </h3>
      <div className="flex flex-wrap items-center gap-2">
        <HiringBadge status={referral.hiringStatus} />
        {referral.hiringNext.length === 0 ? (
          <span className="text-sm text-base-content/70">{m.admin_hiring_final()}</span>
        ) : (
          referral.hiringNext.map((to) => (
            <button
              key={to}
              type="button"
              className={`btn btn-xs ${to === 'REJECTED' || to === 'WITHDRAWN' ? 'btn-error btn-outline' : 'btn-primary'}`}
              disabled={move.isPending}
              onClick={() => (isFinalHiring(to) ? setAsking(to) : void moveTo(to))}
            >
              {m.admin_hiring_move_to({ status: HIRING_LABELS[to]() })}
            </button>
          ))
        )}
      </div>
      {HIRING_TRANSITIONS[referral.hiringStatus].length > referral.hiringNext.length && (
        <p className="text-xs text-base-content/70" data-testid="hiring-needs-consent">
          {m.admin_hiring_moves_need_consent()}
        </p>
      )}
      {referral.hiringReason && (
        <p className="text-sm whitespace-pre-line" data-testid="hiring-reason">
          {m.admin_hiring_reason({ reason: referral.hiringReason })}
        </p>
      )}
      {error && <FormAlert message={error} />}
      {asking && (
        <FinalMoveDialog
          talentName={talentDisplayName(referral.talentName)}
          to={asking}
          pending={move.isPending}
          onConfirm={(reason) => moveTo(asking, reason)}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}

// Asks before a final move, with the reason the recruiter reads on the referral and in their e-mail.
function FinalMoveDialog({
  talentName,
  to,
  pending,
  onConfirm,
  onCancel,
}: {
  talentName: string;
  to: HiringStatus;
  pending: boolean;
  onConfirm: (reason: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const errorId = useId();
  const status = HIRING_LABELS[to]();
  async function confirm() {
    const why = reason.trim();
    if (!why) {
      setError(m.error_field_field_required());
      return;
    }
    setError(null);
    try {
      await onConfirm(why);
    } catch (failure) {
      setError((failure as Error).message);
    }
  }
  return (
    <ConfirmDialog
      title={m.admin_hiring_final_confirm_title({ talentName, status })}
      text={m.admin_hiring_final_confirm_text()}
      confirmLabel={m.admin_hiring_move_to({ status })}
      cancelLabel={m.admin_hiring_cancel()}
      tone={to === 'HIRED' ? 'primary' : 'danger'}
      pending={pending}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      <label className="text-sm font-medium" htmlFor={reasonId}>
        {m.admin_hiring_final_reason_label()}
      </label>
      <textarea
        id={reasonId}
        className={`textarea w-full ${error ? 'textarea-error' : ''}`}
        rows={3}
        maxLength={ADMIN_REASON_MAX}
        value={reason}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      {error && (
        <p id={errorId} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </ConfirmDialog>
  );
}

const DECISION_LABELS: Record<RewardDecision, () => string> = {
  APPROVED: m.admin_hiring_decide_approved,
  REJECTED: m.admin_hiring_decide_rejected,
  INELIGIBLE: m.admin_hiring_decide_ineligible,
  NOT_VALID: m.admin_hiring_decide_not_valid,
};

function RewardSection({ referral }: { referral: AdminReferralDetail }) {
  const decide = useRewardDecisionMutation(referral.id);
  // Approve is preselected only when it is possible and no call proof still waits for review; otherwise
  // nothing is: a decision picked for the admin looks already taken, one click from being saved, and
  // Approve over an unreviewed proof was exactly that (issue 42.13).
  const proofsWaiting = referral.callProofs.needReview;
  const [decision, setDecision] = useState<RewardDecision | null>(
    referral.approvable && proofsWaiting === 0 ? 'APPROVED' : null,
  );
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [exceeded, setExceeded] = useState(false);
  const reasonId = useId();
  const { task } = referral;
  // The talent withdrew their consent: the reward is closed, with nothing to decide or to approve (42.14).
  const closed = Boolean(referral.consentWithdrawnAt);

  async function submit() {
    const why = reason.trim();
    if (!decision) {
      setError(m.admin_hiring_decision_required());
      return;
    }
    if (decision !== 'APPROVED' && !why) {
      setError(m.error_field_field_required());
      return;
    }
    setError(null);
    try {
      const answer = await decide.mutateAsync({ decision, reason: decision === 'APPROVED' ? undefined : why });
      setReason('');
      setExceeded(answer.rewardStatus === 'EXCEED_QUOTA');
      toast.success(m.admin_hiring_reward_saved({ status: REWARD_LABELS[answer.rewardStatus]() }));
    } catch (failure) {
      setError(refusalText(failure, decision === 'APPROVED' ? 'decision' : 'reason'));
    }
  }

  return (
    <section className="space-y-2" aria-labelledby={`reward-${referral.id}`}>
      <h3 id={`reward-${referral.id}`} className="font-semibold">
        {m.admin_hiring_section_reward()}
      </h3>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <RewardBadge status={referral.rewardStatus} withdrawn={closed} />
        {referral.rewardAmount !== null && referral.rewardCurrency && (
          <span className="font-semibold tabular-nums" data-testid="reward-amount">
            {formatMoney(referral.rewardAmount, referral.rewardCurrency)}
          </span>
        )}
        {referral.rewardDecidedAt && (
          <span className="text-base-content/70">
            {m.admin_hiring_decided_by({
              who: referral.rewardDecidedBy?.name ?? m.referral_actor_admin(),
              time: formatDateTime(referral.rewardDecidedAt),
            })}
          </span>
        )}
      </div>
      {referral.rewardReason && <p className="text-sm">{m.admin_hiring_reason({ reason: referral.rewardReason })}</p>}
      <p className="text-sm text-base-content/80" data-testid="quota">
        {m.admin_hiring_quota({ used: String(task.quotaUsed), total: String(task.quota) })}
        {!closed && (
          <>
            {' · '}
            {m.admin_hiring_if_approved({
              amount: formatMoney(referral.rewardIfApproved.amount, referral.rewardIfApproved.currency),
            })}
          </>
        )}
        {!closed && referral.promo && (
          <>
            {' · '}
            {m.admin_hiring_promo({
              title: referral.promo.title,
              bonus: formatMoney(referral.promo.bonusAmount, referral.promo.bonusCurrency),
            })}
          </>
        )}
      </p>
      <ScorecardCompact scorecard={referral.recruiterScorecard} />
      {(exceeded || referral.rewardStatus === 'EXCEED_QUOTA') && (
        <div role="status" className="alert alert-soft alert-warning text-sm">
          {m.admin_hiring_exceed_quota_explained({ total: String(task.quota) })}
        </div>
      )}
      {referral.payment && (
        <p className="text-sm">
          {m.admin_hiring_in_payment({
            id: String(referral.payment.id),
            reference: referral.payment.reference ?? '—',
          })}
        </p>
      )}
      {referral.rewardDecidable ? (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <fieldset className="flex flex-wrap gap-3">
            <legend className="sr-only">{m.admin_hiring_decision_label()}</legend>
            {REWARD_DECISIONS.map((value) => (
              <label key={value} className="flex items-center gap-1 text-sm">
                <input
                  type="radio"
                  className="radio radio-sm"
                  name={`decision-${referral.id}`}
                  value={value}
                  checked={decision === value}
                  disabled={value === 'APPROVED' && !referral.approvable}
                  onChange={() => {
                    setDecision(value);
                    setError(null);
                  }}
                />
                {DECISION_LABELS[value]()}
              </label>
            ))}
          </fieldset>
          {!referral.approvable && <p className="text-xs text-base-content/70">{m.admin_hiring_needs_consent()}</p>}
          {referral.approvable && proofsWaiting > 0 && (
            <p className="text-xs text-base-content/80" data-testid="proofs-waiting">
              {m.admin_hiring_proofs_waiting({ count: proofsWaiting })}
            </p>
          )}
          {decision && decision !== 'APPROVED' && (
            <div>
              <label className="text-sm" htmlFor={reasonId}>
                {m.admin_hiring_reason_label()}
              </label>
              <textarea
                id={reasonId}
                className="textarea textarea-sm w-full"
                rows={2}
                maxLength={ADMIN_REASON_MAX}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            </div>
          )}
          {error && <FormAlert message={error} />}
          <button type="submit" className="btn btn-sm btn-primary" disabled={decide.isPending}>
            {decide.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {m.admin_hiring_save_decision()}
          </button>
        </form>
      ) : closed ? (
        <p className="text-sm text-base-content/80" data-testid="reward-closed">
          {m.admin_hiring_reward_closed_withdrawn()}
        </p>
      ) : (
        <p className="text-xs text-base-content/70">{m.admin_hiring_decision_final()}</p>
      )}
    </section>
  );
}

// A withdrawal is not a refusal: the admin reads when it was, the request it opened and when the talent's
// data is erased (or that another referral keeps it), and can open the person in Data Protection.
function WithdrawalNote({ referral }: { referral: AdminReferralDetail }) {
  const { withdrawal, consentWithdrawnAt } = referral;
  if (!withdrawal || !consentWithdrawnAt) return null;
  const facts = { talentName: talentDisplayName(referral.talentName), date: formatDateTime(consentWithdrawnAt) };
  let text: string;
  if (withdrawal.status !== 'OPEN')
    text = m.admin_hiring_withdrawal_closed({ ...facts, closedDate: formatDateTime(withdrawal.closedAt ?? '') });
  else if (withdrawal.keptByOthers) text = m.admin_hiring_withdrawal_kept(facts);
  else text = m.admin_hiring_withdrawal_erase({ ...facts, eraseDate: formatDateTime(withdrawal.eraseBy) });
  return (
    <div
      role="note"
      className="alert alert-soft alert-warning flex flex-col items-start gap-1 text-sm"
      data-testid="withdrawal"
    >
      <p>{text}</p>
      <Link to="/admin/data-protection" search={{ person: referral.talentId }} className="link">
        {m.admin_hiring_withdrawal_person()}
      </Link>
    </div>
  );
}

// One screen to decide with (issue 21): on a desktop the talent and CV on the left, the decisions, call
// proofs and history on the right; one column on smaller screens.
function DetailBody({ referral, extra }: { referral: AdminReferralDetail; extra?: ReactNode }) {
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <div className="min-w-0 space-y-5">
        <div className="space-y-1 text-sm">
          <p>
            {referral.taskCode} · {referral.taskTitle} · {referral.company}
          </p>
          <p className="text-base-content/70">
            {m.admin_hiring_by_recruiter()} {referral.recruiterName} ({referral.recruiterEmail})
          </p>
          <p className="text-base-content/70 break-words">
            {talentContact(referral.talentEmail, formatPhone(referral.talentPhone))}
          </p>
          <div className="flex flex-wrap gap-1">
            <ConsentBadge status={referral.consentStatus} withdrawn={Boolean(referral.consentWithdrawnAt)} />
            <ItaBadge status={referral.itaStatus} />
          </div>
          <WithdrawalNote referral={referral} />
        </div>
        <TalentEvidence referral={referral} />
      </div>
      <div className="min-w-0 space-y-5">
        <HiringSection referral={referral} />
        {extra}
        <section className="space-y-2">
          <h3 className="font-semibold">{m.admin_hiring_section_calls()}</h3>
          <CallProofReview proofs={referral.callProofList} />
        </section>
        <RewardSection
          key={`${referral.rewardStatus}-${referral.approvable}-${referral.callProofs.needReview}`}
          referral={referral}
        />
        <section className="space-y-2">
          <h3 className="font-semibold">{m.admin_hiring_section_history()}</h3>
          <ReferralHistory entries={referral.history} />
        </section>
      </div>
    </div>
  );
}

// One referral over the list (`?referral=<id>`): hiring status, call proofs, reward decision, history.
// `companyShares` renders the review links it was put on (another feature's: the route composes them).
export function ReferralDetailDialog({
  referralId,
  onClose,
  companyShares,
}: {
  referralId: number;
  onClose: () => void;
  companyShares?: (referral: AdminReferralDetail) => ReactNode;
}) {
  const query = useQuery(adminReferralQueryOptions(referralId));
  return (
    <QueryDialog
      query={query}
      title={query.data ? talentDisplayName(query.data.talentName) : m.admin_hiring_detail_title()}
      closeLabel={m.admin_hiring_close()}
      boxClassName="modal-box max-h-[92vh] w-full max-w-3xl lg:max-w-6xl"
      onClose={onClose}
    >
      {(referral) => <DetailBody referral={referral} extra={companyShares?.(referral)} />}
    </QueryDialog>
  );
}
