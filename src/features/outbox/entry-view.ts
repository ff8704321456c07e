import { displayTimeZone, formatDateTime } from '../../lib/format';
import { currentIntlLocale } from '../../lib/locale';
import type { OutboxEntry, OutboxKind } from '../../lib/outbox/outbox-types';
import { m } from '../../paraglide/messages';

// How an outbox entry reads on the Outbox screen: what it is, for whom, and the records its answer made.

export const KIND_LABELS: Record<OutboxKind, () => string> = {
  'drop-resume': m.outbox_kind_drop_resume,
  'profile-completion': m.outbox_kind_profile_completion,
  'call-proof': m.outbox_kind_call_proof,
};

/** The talent's name, else the e-mail, else the file's name (a dropped resume has only that). */
export function whoOf(entry: OutboxEntry): string | null {
  return entry.meta.talentName?.trim() || entry.meta.email?.trim() || entry.file?.name || null;
}

/** A positive id the server answered (`answer` is the 2xx `data`, typed by kind only loosely). */
export function answerId(entry: OutboxEntry, key: 'talentId' | 'referralId' | 'taskId'): number | undefined {
  const value = (entry.answer as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** When the next try is: "14:05" within the next hours (back-offs are minutes), else with its date. */
export function formatNextTry(ms: number, now: number = Date.now()): string {
  if (ms - now > 12 * 60 * 60_000) return formatDateTime(ms);
  return new Intl.DateTimeFormat(currentIntlLocale(), { timeStyle: 'short', timeZone: displayTimeZone() }).format(
    new Date(ms),
  );
}
