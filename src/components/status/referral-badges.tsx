import {
  CALL_PROOF_LABELS,
  CONSENT_LABELS,
  HIRING_LABELS,
  ITA_LABELS,
  REWARD_LABELS,
} from '#src/lib/enum-labels/referral-labels.ts';
import { m } from '#src/paraglide/messages.js';
import type { CallProofStatus, ConsentStatus, HiringStatus, ItaStatus, RewardStatus } from '#src/shared/enums.ts';
import { Badge, type Tone } from './badge';

/** `withdrawn`: the talent withdrew the consent they had given (its state reads DECLINED after). */
export function ConsentBadge({ status, withdrawn = false }: { status: ConsentStatus; withdrawn?: boolean }) {
  const tone: Tone = status === 'CONFIRMED' ? 'success' : status === 'DECLINED' ? 'error' : 'warning';
  const label = withdrawn ? m.referral_consent_withdrawn() : CONSENT_LABELS[status]();
  return <Badge tone={tone} label={label} testId="consent-badge" />;
}

export function ItaBadge({ status }: { status: ItaStatus }) {
  const tone: Tone =
    status === 'CONFIRMED' ? 'success' : status === 'DECLINED' ? 'error' : status === 'SENT' ? 'warning' : 'neutral';
  return <Badge tone={tone} label={ITA_LABELS[status]()} testId="ita-badge" />;
}

export function HiringBadge({ status }: { status: HiringStatus }) {
  const tone: Tone =
    status === 'HIRED' ? 'success' : status === 'REJECTED' || status === 'WITHDRAWN' ? 'error' : 'info';
  return <Badge tone={tone} label={HIRING_LABELS[status]()} testId="hiring-badge" />;
}

/**
 * `withdrawn`: the talent withdrew their consent, so a reward still undecided can never be approved (it
 * needs consent): it reads as closed, not "In review".
 */
export function RewardBadge({ status, withdrawn = false }: { status: RewardStatus | null; withdrawn?: boolean }) {
  if (status === null && withdrawn) return <Badge tone="error" label={m.reward_closed()} testId="reward-badge" />;
  const key = status ?? 'IN_REVIEW';
  const tone: Tone =
    key === 'APPROVED' || key === 'PAID' || key === 'PENDING_PAYMENT'
      ? 'success'
      : key === 'IN_REVIEW'
        ? 'neutral'
        : 'error';
  return <Badge tone={tone} label={REWARD_LABELS[key]()} testId="reward-badge" />;
}

export function CallProofBadge({ status }: { status: CallProofStatus }) {
  const tone: Tone = status === 'ACCEPTED' ? 'success' : status === 'REJECTED' ? 'error' : 'warning';
  return <Badge tone={tone} label={CALL_PROOF_LABELS[status]()} testId="call-proof-badge" />;
}
