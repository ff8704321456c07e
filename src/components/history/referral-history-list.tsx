import { REFERRAL_STATE_LABELS, type ReferralState } from '#src/lib/enum-labels/referral-labels.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { HistoryEntry } from '#src/shared/recruiter-types.ts';

const ACTION_LABELS: Record<string, () => string> = {
  REFERRED: m.referral_action_referred,
  CONSENT_SENT: m.referral_action_consent_sent,
  CONSENT_RESENT: m.referral_action_consent_resent,
  CONSENT_CHANGED: m.referral_action_consent_changed,
  ITA_SENT: m.referral_action_ita_sent,
  NOTE_EDITED: m.referral_action_note_edited,
  ITA_CHANGED: m.referral_action_ita_changed,
  CALL_PROOF_ADDED: m.referral_action_call_proof_added,
  CALL_PROOF_DELETED: m.referral_action_call_proof_deleted,
  CALL_PROOF_REVIEWED: m.referral_action_call_proof_reviewed,
  HIRING_CHANGED: m.referral_action_hiring_changed,
  REWARD_CHANGED: m.referral_action_reward_changed,
};

// The state an action's from/to values are of, so "PENDING → CONFIRMED" reads in the user's language.
const VALUE_STATES: Record<string, ReferralState> = {
  REFERRED: 'hiring',
  CONSENT_SENT: 'consent',
  CONSENT_RESENT: 'consent',
  CONSENT_CHANGED: 'consent',
  ITA_CHANGED: 'ita',
  ITA_SENT: 'ita',
  HIRING_CHANGED: 'hiring',
  REWARD_CHANGED: 'reward',
  CALL_PROOF_ADDED: 'callProof',
  CALL_PROOF_DELETED: 'callProof',
  CALL_PROOF_REVIEWED: 'callProof',
};

/** The localised label of a history action; an action this client does not know shows its code. */
export const actionLabel = (action: string) =>
  (Object.hasOwn(ACTION_LABELS, action) ? ACTION_LABELS[action]?.() : undefined) ?? action;

/**
 * A consent goes from CONFIRMED to DECLINED only when the talent withdraws it (consent-withdrawal.ts; a
 * refusal goes from PENDING): it reads "Consent withdrawn", never as a refusal (issue 42.6).
 */
const isWithdrawal = (entry: HistoryEntry) =>
  entry.action === 'CONSENT_CHANGED' && entry.fromValue === 'CONFIRMED' && entry.toValue === 'DECLINED';

function valueLabel(action: string, value: string | null): string | null {
  const state = Object.hasOwn(VALUE_STATES, action) ? VALUE_STATES[action] : undefined;
  const labels: Record<string, () => string> | undefined = state && REFERRAL_STATE_LABELS[state];
  if (value === null) return action === 'REWARD_CHANGED' ? REFERRAL_STATE_LABELS.reward.IN_REVIEW() : null;
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
