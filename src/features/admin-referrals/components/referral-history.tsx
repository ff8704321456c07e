import { ReferralHistoryList } from '#src/components/history/referral-history-list.tsx';
import { m } from '#src/paraglide/messages.js';
import type { HistoryEntry } from '#src/shared/recruiter-types.ts';

const ACTOR_KINDS: Record<HistoryEntry['actorKind'], () => string> = {
  RECRUITER: m.admin_hiring_actor_recruiter,
  ADMIN: m.referral_actor_admin,
  TALENT: m.referral_actor_talent,
  SYSTEM: m.referral_actor_system,
  COMPANY: m.referral_actor_company,
};

/** The admin names who acted: "Rina Tan (Recruiter)". */
function actor(entry: HistoryEntry): string {
  const kind = ACTOR_KINDS[entry.actorKind]();
  return entry.actorName ? `${entry.actorName} (${kind})` : kind;
}

export function ReferralHistory({ entries }: { entries: HistoryEntry[] }) {
  return <ReferralHistoryList entries={entries} actor={actor} testId="admin-referral-history" />;
}
