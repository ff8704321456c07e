import { HISTORY_ACTION_LABELS, HISTORY_VALUE_LABELS, REWARD_LABELS } from '#src/lib/enum-labels/referral-labels.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { HistoryEntry } from '#src/shared/recruiter-types.ts';

/** The localised label of a history action; an action this client does not know shows its code. */
export const actionLabel = (action: string) =>
  (Object.hasOwn(HISTORY_ACTION_LABELS, action) ? HISTORY_ACTION_LABELS[action]?.() : undefined) ?? action;

/**
 * A consent goes from CONFIRMED to DECLINED only when the talent withdraws it (consent-withdrawal.ts; a
 * refusal goes from PENDING): it reads "Consent withdrawn", never as a refusal (issue 42.6).
 */
const isWithdrawal = (entry: HistoryEntry) =>
  entry.action === 'CONSENT_CHANGED' && entry.fromValue === 'CONFIRMED' && entry.toValue === 'DECLINED';

function valueLabel(action: string, value: string | null): string | null {
  const labels = HISTORY_VALUE_LABELS[action];
  if (value === null) return action === 'REWARD_CHANGED' ? REWARD_LABELS.IN_REVIEW() : null;
  return (labels && Object.hasOwn(labels, value) ? labels[value]?.() : undefined) ?? value;
}

// The referral's append-only history, newest first: what, from which state to which, who and when. The
// recruiter's view and the admin's name the actor differently (`actor`); the rest is one list.
export function ReferralHistoryList({
  entries,
  actor,
  testId,
}: {
  entries: HistoryEntry[];
  actor: (entry: HistoryEntry) => string;
  testId: string;
}) {
  if (entries.length === 0) return <p className="text-sm text-base-content/70">{m.referral_history_empty()}</p>;
  const newestFirst = [...entries].reverse();
  return (
    <ol className="space-y-2 border-s-2 border-base-300 ps-3" data-testid={testId}>
      {newestFirst.map((entry) => {
        const from = valueLabel(entry.action, entry.fromValue);
        const to = isWithdrawal(entry) ? m.referral_consent_withdrawn() : valueLabel(entry.action, entry.toValue);
        const change = from && to ? `${from} → ${to}` : (to ?? null);
        return (
          <li key={entry.id} className="text-sm" data-testid="history-entry">
            <p className="font-medium">
              {actionLabel(entry.action)}
              {change && <span className="font-normal text-base-content/80">: {change}</span>}
            </p>
            {entry.note && <p className="break-words text-base-content/80">{entry.note}</p>}
            <p className="text-xs text-base-content/60">
              {m.referral_history_by({ who: actor(entry), time: formatDateTime(entry.createdAt) })}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
