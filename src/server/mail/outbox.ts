import type { DB } from '#src/server/db/connect.ts';
import type { AppLocale } from '#src/shared/enums.ts';

// Every e-mail goes through the outbox table in the same transaction as the change that causes it;
// the worker (jobs/mail-worker.ts) sends it, with retries, so a slow or down SMTP server never fails a request.
export type EmailTemplate =
  | 'password_reset'
  | 'recruiter_invitation'
  | 'consent_request'
  | 'ita_request'
  | 'talent_answered'
  | 'hiring_changed'
  | 'consent_withdrawn'
  | 'consent_expired'
  | 'call_proof_rejected'
  | 'reward_decided'
  | 'payment_paid'
  | 'talent_data_link'
  | 'data_correction_requested'
  | 'data_request_answered'
  | 'company_review'
  | 'notification';

export type OutgoingEmail = {
  to: string;
  locale: AppLocale;
  template: EmailTemplate;
  payload: Record<string, string | number | null>;
  /** The talent the e-mail is to or names: erasing that talent deletes the e-mail (personal-data/erase-talent.ts). */
  talentId?: number;
};

export async function enqueueEmail(db: DB, email: OutgoingEmail, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('email_outbox')
    .values({
      to_address: email.to,
      locale: email.locale,
      template: email.template,
      payload: JSON.stringify(email.payload),
      status: 'PENDING',
      attempts: 0,
      next_attempt_at: at,
      locked_until: null,
      last_error: null,
      sent_at: null,
      created_at: at,
      talent_id: email.talentId ?? null,
    })
    .execute();
}
