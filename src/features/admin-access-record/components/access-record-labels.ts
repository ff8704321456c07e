import { m } from '#src/paraglide/messages.js';
import type { AccessActionName } from '#src/shared/access-log-schemas.ts';
import type { AccessLogEntry } from '#src/shared/access-log-types.ts';

// How a line of the record reads: its action, who did it, and what it was about.

export const ACTION_LABELS: Record<AccessActionName, () => string> = {
  FILE_VIEW: m.access_record_action_file_view,
  FILE_DOWNLOAD: m.access_record_action_file_download,
  PAYMENTS_EXPORT: m.access_record_action_payments_export,
  PERSON_VIEW: m.access_record_action_person_view,
  PERSON_EXPORT: m.access_record_action_person_export,
  PERSON_ERASE: m.access_record_action_person_erase,
  RETENTION_ERASE: m.access_record_action_retention_erase,
  RETENTION_ANONYMISE: m.access_record_action_retention_anonymise,
  PAYEE_VIEW: m.access_record_action_payee_view,
  CP58_DOWNLOAD: m.access_record_action_cp58_download,
  CP58_EXPORT: m.access_record_action_cp58_export,
};

/** The actor's name: a user's own, "System" (the retention job), "Talent" (on their own link). */
export function actorName(actor: AccessLogEntry['actor']): string {
  if (actor.kind === 'SYSTEM') return m.access_record_actor_system();
  if (actor.kind === 'TALENT') return m.access_record_actor_talent();
  return actor.name ?? m.access_record_actor_removed({ id: String(actor.id ?? '') });
}

/** "CV #12", "Call proof #7", "Payments CSV, 3 rows", "Talent #5". */
export function subjectText(entry: AccessLogEntry): string {
  const id = String(entry.subject.id ?? '');
  if (entry.subject.kind === 'PAYMENTS') {
    const rows = typeof entry.detail.rows === 'number' ? entry.detail.rows : 0;
    return m.access_record_subject_payments({ count: rows });
  }
  if (entry.subject.kind === 'TALENT') return m.access_record_subject_talent({ id });
  if (entry.subject.kind === 'RECRUITER') return m.access_record_subject_recruiter({ id });
  if (entry.detail.purpose === 'RESUME') return m.access_record_subject_resume({ id });
  if (entry.detail.purpose === 'CALL_PROOF') return m.access_record_subject_call_proof({ id });
  return m.access_record_subject_file({ id });
}
