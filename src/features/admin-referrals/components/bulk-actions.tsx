import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { RewardBadge } from '#src/components/status/referral-badges.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { bulkApproveSummaryQueryOptions, useBulkRewardMutation } from '#src/features/admin-referrals/api.ts';
import { AppError, type ClientErrorCode, errorMessage } from '#src/lib/app-error.ts';
import { fieldMessage } from '#src/lib/field-errors.ts';
import { formatMoney } from '#src/lib/format.ts';
import { currentIntlLocale } from '#src/lib/locale.ts';
import { m } from '#src/paraglide/messages.js';
import { ADMIN_REASON_MAX, type RewardDecision } from '#src/shared/admin-referral-schemas.ts';
import type { BulkRewardResult } from '#src/shared/admin-referral-types.ts';

type Outcome = { name: string; result: BulkRewardResult['results'][number] };

/** Why one referral of a bulk decision was refused, in the user's language. */
const refusalText = (result: Extract<BulkRewardResult['results'][number], { ok: false }>) => {
  const key = result.fields ? Object.values(result.fields)[0] : undefined;
  return key ? fieldMessage(key) : errorMessage(new AppError(result.code as ClientErrorCode, 409, result.message));
};

// Before paying rewards for a whole selection, the admin sees what it adds up to: how many, the rewards
// per currency, and how many still have call proofs to review or lack consent (those are refused).
function ApproveConfirm({
  selected,
  pending,
  onConfirm,
  onCancel,
}: {
  selected: number[];
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const summary = useQuery(bulkApproveSummaryQueryOptions(selected));
  const data = summary.data;
  const count = data?.count ?? selected.length;
  const totals = data
    ? new Intl.ListFormat(currentIntlLocale(), { type: 'conjunction' }).format(
        data.totals.map((total) => formatMoney(total.amount, total.currency)),
      )
    : '';
  return (
    <ConfirmDialog
      title={m.admin_hiring_bulk_approve_title({ count })}
      text={
        data
          ? m.admin_hiring_bulk_approve_total({ totals: totals || formatMoney(0, 'MYR') })
          : m.admin_hiring_bulk_summary_loading()
      }
      confirmLabel={m.admin_hiring_bulk_approve_confirm({ count })}
      cancelLabel={m.admin_hiring_cancel()}
      tone="primary"
      pending={pending || !data}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {summary.isError && <FormAlert message={errorMessage(summary.error)} />}
      {data && (
        <ul className="mb-2 list-disc space-y-1 ps-5 text-sm" data-testid="bulk-approve-summary">
          <li className={data.proofsPending > 0 ? 'font-semibold' : undefined}>
            {data.proofsPending > 0
              ? m.admin_hiring_bulk_approve_pending({ count: data.proofsPending })
              : m.admin_hiring_bulk_approve_pending_none()}
          </li>
          {data.withoutConsent > 0 && <li>{m.admin_hiring_bulk_approve_no_consent({ count: data.withoutConsent })}</li>}
        </ul>
      )}
    </ConfirmDialog>
  );
}

// Approve or reject the selected referrals at once (rejecting asks for the reason), then each referral's
// outcome: approved (or EXCEED_QUOTA), rejected, or refused and why. `share` offers the selection to the
// task's hiring company (issue 45): a review link is of one task, so a selection of several says so.
export function BulkActions({
  selected,
  nameOf,
  share,
}: {
  selected: number[];
  nameOf: (id: number) => string;
  share?: { tasks: number; onShare: () => void };
}) {
  const shareNoteId = useId();
  const bulk = useBulkRewardMutation();
  const [rejecting, setRejecting] = useState(false);
  const [approving, setApproving] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const reasonId = useId();

  async function decide(decision: RewardDecision, why?: string) {
    const names = new Map(selected.map((id) => [id, nameOf(id)]));
    try {
      const answer = await bulk.mutateAsync({ referralIds: selected, decision, reason: why });
      setOutcomes(answer.results.map((result) => ({ name: names.get(result.referralId) ?? '', result })));
      setRejecting(false);
      setReason('');
      toast.success(
        m.admin_hiring_bulk_done({
          done: String(answer.results.length - answer.counts.refused),
          refused: String(answer.counts.refused),
        }),
      );
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  function submitReject() {
    const text = reason.trim();
    if (!text) {
      setReasonError(m.error_field_field_required());
      return;
    }
    if (text.length > ADMIN_REASON_MAX) {
      setReasonError(m.error_field_field_too_long());
      return;
    }
    setReasonError(null);
    void decide('REJECTED', text);
  }

  return (
    <div className="space-y-2">
      {selected.length > 0 && (
        <div
          className="flex flex-wrap items-center gap-2 rounded-box border border-base-300 bg-base-200 p-2"
          role="toolbar"
          aria-label={m.admin_hiring_bulk_label()}
        >
          <span className="text-sm font-medium">
            {m.admin_hiring_bulk_selected({ count: String(selected.length) })}
          </span>
          <button
            type="button"
            className="btn btn-sm btn-success"
            disabled={bulk.isPending}
            onClick={() => setApproving(true)}
          >
            {m.admin_hiring_bulk_approve()}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-error btn-outline"
            disabled={bulk.isPending}
            onClick={() => setRejecting(true)}
          >
            {m.admin_hiring_bulk_reject()}
          </button>
          {share && (
            <button
              type="button"
              className="btn btn-sm btn-outline"
              disabled={share.tasks > 1}
              aria-describedby={share.tasks > 1 ? shareNoteId : undefined}
              onClick={share.onShare}
              aria-haspopup="dialog"
            >
              {m.admin_share_action()}
            </button>
          )}
          {share && share.tasks > 1 && (
            <p id={shareNoteId} className="w-full text-sm text-base-content/80" data-testid="share-one-task">
              {m.admin_hiring_share_one_task()}
            </p>
          )}
          {approving && (
            <ApproveConfirm
              selected={selected}
              pending={bulk.isPending}
              onConfirm={() => void decide('APPROVED').finally(() => setApproving(false))}
              onCancel={() => setApproving(false)}
            />
          )}
          {rejecting && (
            <form
              className="flex w-full flex-col gap-2 sm:flex-row sm:items-start"
              onSubmit={(event) => {
                event.preventDefault();
                submitReject();
              }}
            >
              <div className="flex-1">
                <label className="sr-only" htmlFor={reasonId}>
                  {m.admin_hiring_reason_label()}
                </label>
                <input
                  id={reasonId}
                  className={`input input-sm w-full ${reasonError ? 'input-error' : ''}`}
                  placeholder={m.admin_hiring_reason_label()}
                  value={reason}
                  maxLength={ADMIN_REASON_MAX}
                  aria-invalid={reasonError ? true : undefined}
                  onChange={(event) => setReason(event.target.value)}
                />
                {reasonError && <p className="text-sm text-error">{reasonError}</p>}
              </div>
              <button type="submit" className="btn btn-sm btn-error" disabled={bulk.isPending}>
                {m.admin_hiring_bulk_reject_confirm({ count: String(selected.length) })}
              </button>
              <button type="button" className="btn btn-sm" onClick={() => setRejecting(false)}>
                {m.admin_hiring_cancel()}
              </button>
            </form>
          )}
        </div>
      )}
      {outcomes && (
        <section
          className="rounded-box border border-base-300 bg-base-100 p-3"
          aria-label={m.admin_hiring_bulk_results()}
        >
          <div className="flex items-center justify-between">
            <h2 className="font-semibold">{m.admin_hiring_bulk_results()}</h2>
            <button type="button" className="btn btn-xs btn-ghost" onClick={() => setOutcomes(null)}>
              {m.admin_hiring_close()}
            </button>
          </div>
          <ul className="mt-2 space-y-1 text-sm">
            {outcomes.map(({ name, result }) => (
              <li key={result.referralId} className="flex flex-wrap items-center gap-2" data-testid="bulk-result">
                <span className="font-medium">{name}</span>
                {result.ok ? (
                  <>
                    <RewardBadge status={result.rewardStatus} />
                    {result.rewardAmount !== null && result.rewardCurrency && (
                      <span className="tabular-nums">{formatMoney(result.rewardAmount, result.rewardCurrency)}</span>
                    )}
                  </>
                ) : (
                  <span className="text-error">{refusalText(result)}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {bulk.isError && <FormAlert message={errorMessage(bulk.error)} />}
    </div>
  );
}
