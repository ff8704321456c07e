import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '#src/server/context.ts';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import { scrubErased } from '#src/server/db/secure-delete.ts';
import { type AccessRecord, recordAccess } from './access-log';

/**
 * How a talent's personal data goes (issue 24), one rule for the retention job, the talent's withdrawal
 * and the admin's "erase now":
 * - ERASE: every row and file is deleted, unless a referral of theirs carries money (a reward approved,
 *   waiting for payment or paid, or a payment): then the talent is anonymised instead, so the money trail
 *   the law asks us to keep stays whole.
 * - ANONYMISE: the rows stay, for the money trail and the statistics (referral, task, recruiter, statuses,
 *   dates, amounts, payments); every personal field is emptied, and the CV and call-proof files, the
 *   extracted text, the notes, the talent's links and every e-mail to or about them are deleted.
 */
// - PURGE: every row and file is deleted, money or not: the money trail's own period is over.
export type EraseMode = 'ERASE' | 'ANONYMISE' | 'PURGE';
/** GONE: no such talent (erased already). `already`: anonymised before this call, nothing done now. */
export type EraseOutcome = {
  outcome: 'DELETED' | 'ANONYMISED' | 'GONE';
  files: number;
  emails: number;
  already?: boolean;
};

// Rewards that are money owed or paid: their referral must keep its rows (RETENTION_PAYMENT_YEARS).
const MONEY_STATUSES = ['APPROVED', 'PENDING_PAYMENT', 'PAID'] as const;

/** Placeholder for a unique personal column once emptied: unique per row, never anyone's address. */
const erasedMark = (id: number) => `erased:${id}`;

/**
 * Erases or anonymises one talent, all in one transaction: a crash leaves either everything or nothing
 * done, so running it again (the retention job's next pass) finishes the work. The stored files and the
 * .eml copies are deleted after the commit; if the process dies in between, the objects have no row left
 * and the maintenance job's orphan sweep deletes them (jobs/maintenance.ts), and the .eml files go with
 * the e-mail retention. Erasing a talent already gone, or anonymising one already anonymised, is a no-op.
 */
export async function eraseTalent(
  deps: AppDeps,
  talentId: number,
  mode: EraseMode,
  audit: Omit<AccessRecord, 'subjectKind' | 'subjectId' | 'talentId'>,
): Promise<EraseOutcome> {
  const now = deps.now();
  const at = now.toISOString();
  const done = await deps.db.transaction().execute(async (trx) => {
    const talent = await trx
      .selectFrom('talents')
      .select(['id', 'resume_file_id', 'erased_at'])
      .where('id', '=', talentId)
      .$if(isPostgres(trx), (q) => q.forUpdate())
      .executeTakeFirst();
    if (!talent) return null;
    const referrals = await trx
      .selectFrom('referrals')
      .select(['id', 'reward_status', 'payment_id'])
      .where('talent_id', '=', talentId)
      // Locked, so a reward cannot be approved between this read and the delete (reward-decision.ts
      // locks the same rows).
      .$if(isPostgres(trx), (q) => q.forUpdate())
      .execute();
    const carriesMoney = referrals.some(
      (r) => r.payment_id !== null || (MONEY_STATUSES as readonly (string | null)[]).includes(r.reward_status),
    );
    const deleting = mode === 'PURGE' || (mode === 'ERASE' && !carriesMoney);
    if (!deleting && talent.erased_at !== null) {
      return { outcome: 'ANONYMISED' as const, keys: [], mails: [], already: true };
    }
    const referralIds = referrals.map((r) => r.id);

    // Their CV and every call proof of their referrals (SQLite binds no booleans: no `false` branch).
    const files = await trx
      .selectFrom('files')
      .select(['id', 'storage_key'])
      .where((eb) => {
        const resume = eb('id', '=', talent.resume_file_id ?? -1);
        if (referralIds.length === 0) return resume;
        const proofs = eb.selectFrom('call_proofs').select('file_id').where('referral_id', 'in', referralIds);
        return eb.or([resume, eb('id', 'in', proofs)]);
      })
      .where('storage_key', 'not like', 'erased:%')
      .execute();
    const mails = await trx.selectFrom('email_outbox').select('id').where('talent_id', '=', talentId).execute();
    await trx.deleteFrom('email_outbox').where('talent_id', '=', talentId).execute();
    await trx.deleteFrom('one_time_tokens').where('talent_id', '=', talentId).execute();
    // What the notifications said of the talent (issue 25): broadcasts not yet fanned out, users' in-app
    // items and pushes not yet sent all name them.
    await trx.deleteFrom('notification_events').where('talent_id', '=', talentId).execute();
    await trx.deleteFrom('notifications').where('talent_id', '=', talentId).execute();
    await trx.deleteFrom('push_outbox').where('talent_id', '=', talentId).execute();
    if (referralIds.length > 0) {
      await trx.deleteFrom('one_time_tokens').where('referral_id', 'in', referralIds).execute();
    }

    if (deleting) {
      // Referrals, their history, call proofs, the talent's decisions and requests go with the talent
      // (foreign keys ON DELETE CASCADE); then the file rows nothing points to any more.
      await trx.deleteFrom('talents').where('id', '=', talentId).execute();
      if (files.length > 0) {
        await trx
          .deleteFrom('files')
          .where(
            'id',
            'in',
            files.map((f) => f.id),
          )
          .execute();
      }
    } else {
      await anonymiseRows(trx, talentId, referralIds, at);
      for (const file of files) {
        // The row stays (a call proof's review is a statistic); what it pointed to does not.
        await trx
          .updateTable('files')
          .set({ original_name: '', sha256: '', size: 0, storage_key: erasedMark(file.id) })
          .where('id', '=', file.id)
          .execute();
      }
    }
    await recordAccess(trx, now, {
      ...audit,
      subjectKind: 'TALENT',
      subjectId: talentId,
      talentId,
      detail: {
        ...audit.detail,
        outcome: deleting ? 'DELETED' : 'ANONYMISED',
        files: files.length,
        emails: mails.length,
        referrals: referralIds.length,
      },
    });
    return {
      outcome: deleting ? ('DELETED' as const) : ('ANONYMISED' as const),
      keys: files.map((f) => f.storage_key),
      mails: mails.map((m) => m.id),
      already: false,
    };
  });
  if (!done) return { outcome: 'GONE', files: 0, emails: 0 };
  if (!done.already) await scrubErased(deps.db);
  for (const key of done.keys) await deps.storage.delete(key);
  await deleteEmlCopies(deps, done.mails);
  return { outcome: done.outcome, files: done.keys.length, emails: done.mails.length, already: done.already };
}

async function anonymiseRows(trx: DB, talentId: number, referralIds: number[], at: string) {
  await trx
    .updateTable('talents')
    .set({
      full_name: '',
      email: erasedMark(talentId),
      email_normalized: erasedMark(talentId),
      phone: '',
      country_code: '',
      phone_e164: erasedMark(talentId),
      languages: '[]',
      education_level: '',
      country: '',
      location: '',
      expected_salary: null,
      resume_file_id: null,
      resume_text: null,
      parse_status: 'SKIPPED',
      has_work_experience: null,
      years_of_experience: null,
      current_position: null,
      skills: '[]',
      summary: null,
      draft_note: null,
      completion_task_id: null,
      contact_from_resume: null,
      erased_at: at,
      updated_at: at,
    })
    .where('id', '=', talentId)
    .execute();
  await trx.deleteFrom('data_requests').where('talent_id', '=', talentId).execute();
  for (const referralId of referralIds) {
    // person_email and person_phone are unique per task: each referral gets its own placeholder.
    await trx
      .updateTable('referrals')
      .set({
        person_email: erasedMark(referralId),
        person_phone: erasedMark(referralId),
        recruiter_note: null,
        rating: null,
        hiring_reason: null,
      })
      .where('id', '=', referralId)
      .execute();
  }
  if (referralIds.length === 0) return;
  await trx.updateTable('referral_history').set({ note: null }).where('referral_id', 'in', referralIds).execute();
  await trx.updateTable('call_proofs').set({ note: null }).where('referral_id', 'in', referralIds).execute();
  // A hiring company's words about them (issue 45); the answer itself stays, as the hiring status does.
  await trx
    .updateTable('company_answers')
    .set({ reason: null, comment: null })
    .where('referral_id', 'in', referralIds)
    .execute();
  // The answers stay (consent rates are statistics); where they were given from does not.
  await trx
    .updateTable('talent_decisions')
    .set({ ip: null, user_agent: null })
    .where('referral_id', 'in', referralIds)
    .execute();
}

// With MAIL_TRANSPORT=file every e-mail sent is also a file DATA_DIR/mail/<time>-<outbox id>.eml
// (mail/transport.ts): those of the erased e-mails go too.
async function deleteEmlCopies(deps: AppDeps, outboxIds: number[]) {
  if (outboxIds.length === 0 || deps.env.MAIL_TRANSPORT !== 'file') return;
  const dir = path.join(deps.env.DATA_DIR, 'mail');
  const names = await readdir(dir).catch(() => [] as string[]);
  const ids = new Set(outboxIds.map(String));
  for (const name of names) {
    const id = /-(\d+)\.eml$/.exec(name)?.[1];
    if (id && ids.has(id)) await rm(path.join(dir, name), { force: true });
  }
}
