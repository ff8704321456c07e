import type { AppDeps } from '#src/server/context.ts';
import type { Talent } from '#src/server/db/database.ts';
import { countDuplicateRefused } from '#src/server/db/duplicate-refusals.ts';
import { jsonList } from '#src/server/db/json-list.ts';
import { AppError } from '#src/server/errors.ts';
import { wakeResumeParser } from '#src/server/jobs/resume-parser.ts';
import { limitTalentMail, sendTalentLink } from '#src/server/modules/referrals/talent-link-mail.ts';
import { assertNotErased } from '#src/server/personal-data/assert-not-erased.ts';
import { canExtractText } from '#src/server/resume/resume-formats.ts';
import { checkUpload, discardStoredObject, storeUpload } from '#src/server/uploads/read-upload.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import { toMajorUnits } from '#src/shared/money.ts';
import { normalizeEmail, toE164 } from '#src/shared/phone.ts';
import type { DropResumeAnswer, ReferralCreated, TalentDetail, TalentSummary } from '#src/shared/recruiter-types.ts';
import { isReferralClosed } from '#src/shared/recruiter-types.ts';
import type {
  ContactField,
  DropResumeFields,
  ProfileCompletionFields,
  TalentEditFields,
  TalentListQuery,
} from '#src/shared/talent-schemas.ts';
import { withContactFromResume } from './contact-from-resume';
import type { DropResumeRequestFields } from './drop-resume-request';
import {
  assertNotAnotherTalent,
  assertNotReferred,
  autoJoinTask,
  findSamePerson,
  isUniqueViolation,
  loadReferableTask,
  runningPromoId,
} from './referral-rules';
import { contactLocaleFor, findOwnedTalent, listTalentPage, personColumns, talentDetail } from './talent.repository';

/**
 * A duplicate person refused (409 DUPLICATE_REFERRAL) counts against the recruiter's score (issue 27):
 * counted after the refusal, in its own statement, and the refusal answered as it was.
 */
async function countingDuplicates<T>(deps: AppDeps, recruiterId: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === 'DUPLICATE_REFERRAL')
      await countDuplicateRefused(deps.db, recruiterId);
    throw error;
  }
}

/**
 * The resume drop: refuses a duplicate referral before storing anything, checks the file (size, magic
 * bytes), stores it, creates the talent (or updates the recruiter's record of the same person) and
 * queues the resume for parsing. A drop queued offline without some contact fields has them read from
 * the resume first (issue 42.4), and the duplicate rules then apply to what was read.
 */
export const dropResume = (
  deps: AppDeps,
  recruiterId: number,
  request: DropResumeRequestFields,
  file: File | undefined,
) => countingDuplicates(deps, recruiterId, () => dropResumeOnce(deps, recruiterId, request, file));

async function dropResumeOnce(
  deps: AppDeps,
  recruiterId: number,
  request: DropResumeRequestFields,
  file: File | undefined,
): Promise<DropResumeAnswer> {
  const checked = await checkUpload(file, 'resume');
  const { db, storage } = deps;
  const now = deps.now();
  await loadReferableTask(db, request.taskId, now);
  let fields: DropResumeFields;
  let fromResume: ContactField[] = [];
  if (request.contactFromResume === true) ({ fields, fromResume } = await withContactFromResume(request, checked));
  else fields = request;
  const person = personColumns(fields);
  await assertNotReferred(db, {
    taskId: fields.taskId,
    recruiterId,
    emailNormalized: person.email_normalized,
    phoneE164: person.phone_e164,
  });
  const parseStatus = canExtractText(checked.mimeType) ? 'PENDING' : 'SKIPPED';
  const at = now.toISOString();

  const write = async () => {
    let storedKey: string | undefined;
    try {
      return await db.transaction().execute(async (trx) => {
        const same = await findSamePerson(trx, recruiterId, {
          emailNormalized: person.email_normalized,
          phoneE164: person.phone_e164,
        });
        const stored = await storeUpload(trx, storage, checked, { ownerId: recruiterId, purpose: 'RESUME', now });
        storedKey = stored.storageKey;
        const values = {
          ...person,
          resume_file_id: stored.id,
          resume_text: null,
          parse_status: parseStatus,
          contact_locale: fields.contactLocale ?? contactLocaleFor(fields.languages),
          draft_note: fields.recruiterNote ?? null,
          // Half-added until its profile is completed for this task (the folder's "Finish adding").
          completion_task_id: fields.taskId,
          // For profile completion to ask the recruiter to check (typed ones need no check).
          contact_from_resume: fromResume.length > 0 ? JSON.stringify(fromResume) : null,
          updated_at: at,
        } as const;
        let talentId: number;
        let replaced: { id: number; storage_key: string } | undefined;
        if (same) {
          talentId = same.id;
          await trx.updateTable('talents').set(values).where('id', '=', same.id).execute();
          if (same.resume_file_id !== null) {
            // The new resume replaces the old one, which nothing else points at.
            replaced = await trx
              .deleteFrom('files')
              .where('id', '=', same.resume_file_id)
              .where('purpose', '=', 'RESUME')
              .returning(['id', 'storage_key'])
              .executeTakeFirst();
          }
        } else {
          const row = await trx
            .insertInto('talents')
            .values({
              ...values,
              recruiter_id: recruiterId,
              has_work_experience: null,
              years_of_experience: null,
              current_position: null,
              skills: '[]',
              summary: null,
              created_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          talentId = row.id;
        }
        await autoJoinTask(trx, recruiterId, fields.taskId, now);
        return { talentId, created: !same, replacedKey: replaced?.storage_key };
      });
    } catch (error) {
      if (storedKey) await discardStoredObject(storage, storedKey);
      throw error;
    }
  };

  let result: Awaited<ReturnType<typeof write>>;
  try {
    result = await write();
  } catch (error) {
    // The same new person dropped twice at once: the second finds the first's record and updates it.
    if (!isUniqueViolation(error)) throw error;
    result = await write();
  }
  if (result.replacedKey) await discardStoredObject(storage, result.replacedKey);
  if (parseStatus === 'PENDING') wakeResumeParser(deps);
  return { talentId: result.talentId, taskId: fields.taskId, parseStatus, created: result.created };
}

/** Profile completion: saves the confirmed profile, creates the referral and queues the consent e-mail. */
export const completeProfileAndRefer = (deps: AppDeps, recruiterId: number, fields: ProfileCompletionFields) =>
  countingDuplicates(deps, recruiterId, () => completeProfileAndReferOnce(deps, recruiterId, fields));

async function completeProfileAndReferOnce(
  deps: AppDeps,
  recruiterId: number,
  fields: ProfileCompletionFields,
): Promise<ReferralCreated> {
  const { db } = deps;
  const now = deps.now();
  let talent = await findOwnedTalent(db, recruiterId, fields.talentId);
  assertNotErased(talent);
  await loadReferableTask(db, fields.taskId, now);
  if (fields.fullName !== undefined || fields.email !== undefined || fields.phone !== undefined) {
    talent = await confirmContact(deps, recruiterId, talent, fields);
  }
  const person = { emailNormalized: talent.email_normalized, phoneE164: talent.phone_e164 };
  await assertNotReferred(db, { taskId: fields.taskId, recruiterId, ...person });
  const at = now.toISOString();

  try {
    const referralId = await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('talents')
        .set({
          education_level: fields.educationLevel,
          has_work_experience: fields.hasWorkExperience ? 1 : 0,
          years_of_experience: fields.yearsOfExperience ?? null,
          current_position: fields.currentPosition ?? null,
          skills: JSON.stringify(fields.skills),
          summary: fields.summary ?? null,
          draft_note: null,
          completion_task_id: null,
          // Whatever was read from the resume, the recruiter has now seen it on this page and confirmed it.
          contact_from_resume: null,
          updated_at: at,
        })
        .where('id', '=', talent.id)
        .execute();
      await autoJoinTask(trx, recruiterId, fields.taskId, now);
      const referral = await trx
        .insertInto('referrals')
        .values({
          talent_id: talent.id,
          task_id: fields.taskId,
          recruiter_id: recruiterId,
          person_email: person.emailNormalized,
          person_phone: person.phoneE164,
          recruiter_note: fields.recruiterNote ?? talent.draft_note,
          rating: fields.rating,
          consent_status: 'PENDING',
          consent_decided_at: null,
          ita_status: 'NOT_SENT',
          ita_decided_at: null,
          hiring_status: 'SUBMITTED',
          reward_status: null,
          reward_amount: null,
          reward_currency: null,
          reward_reason: null,
          reward_decided_by: null,
          reward_decided_at: null,
          promo_id: await runningPromoId(trx, fields.taskId, now),
          payment_id: null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('referral_history')
        .values({
          referral_id: referral.id,
          actor_id: recruiterId,
          action: 'REFERRED',
          from_value: null,
          to_value: 'SUBMITTED',
          note: null,
          created_at: at,
        })
        .execute();
      await sendConsentLink(trx, deps, { referralId: referral.id, recruiterId, resend: false, now });
      return referral.id;
    });
    return { referralId, talentId: talent.id, taskId: fields.taskId };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Someone referred the same person to the task a moment ago: the same answer as the check above.
    await assertNotReferred(db, { taskId: fields.taskId, recruiterId, ...person });
    throw new AppError('DUPLICATE_REFERRAL', 409, 'This talent has already been referred to this task.');
  }
}

/**
 * The contact fields read from the resume (issue 42.4), as the recruiter checked them on profile
 * completion. A correction goes through the profile edit's rules (another talent's e-mail or phone is
 * refused, open referrals follow the new details), before the referral is checked against them.
 */
async function confirmContact(
  deps: AppDeps,
  recruiterId: number,
  talent: Talent,
  fields: ProfileCompletionFields,
): Promise<Talent> {
  const contact = {
    fullName: fields.fullName ?? talent.full_name,
    email: fields.email ?? talent.email,
    countryCode: fields.phone === undefined ? talent.country_code : (fields.countryCode ?? talent.country_code),
    phone: fields.phone ?? talent.phone,
  };
  const unchanged =
    contact.fullName === talent.full_name &&
    normalizeEmail(contact.email) === talent.email_normalized &&
    toE164(contact.countryCode, contact.phone) === talent.phone_e164;
  if (unchanged) return talent;
  await updateTalent(deps, recruiterId, talent.id, { ...editFieldsOf(talent), ...contact });
  return findOwnedTalent(deps.db, recruiterId, talent.id);
}

/** A talent's row as the profile edit's fields, to change some of them and keep the rest. */
function editFieldsOf(talent: Talent): TalentEditFields {
  return {
    fullName: talent.full_name,
    email: talent.email,
    countryCode: talent.country_code,
    phone: talent.phone,
    languages: jsonList(talent.languages) as TalentEditFields['languages'],
    educationLevel: talent.education_level as TalentEditFields['educationLevel'],
    country: talent.country,
    location: talent.location,
    expectedSalary:
      talent.expected_salary === null
        ? undefined
        : toMajorUnits(Number(talent.expected_salary), talent.expected_salary_currency),
    expectedSalaryCurrency: talent.expected_salary_currency as TalentEditFields['expectedSalaryCurrency'],
    contactLocale: talent.contact_locale as TalentEditFields['contactLocale'],
    hasWorkExperience: talent.has_work_experience === null ? undefined : talent.has_work_experience === 1,
    yearsOfExperience: talent.years_of_experience ?? undefined,
    currentPosition: talent.current_position ?? undefined,
    skills: jsonList(talent.skills),
    summary: talent.summary ?? undefined,
  };
}

/** The recruiter's consent e-mail to the talent, within the recruiter's limit on talent e-mails. */
async function sendConsentLink(
  trx: AppDeps['db'],
  deps: AppDeps,
  values: { referralId: number; recruiterId: number; resend: boolean; now: Date },
): Promise<void> {
  await limitTalentMail(trx, values.recruiterId, values.now);
  await sendTalentLink(trx, deps, {
    referralId: values.referralId,
    kind: 'CONSENT',
    actorId: values.recruiterId,
    resend: values.resend,
    now: values.now,
  });
}

export async function listTalents(
  deps: AppDeps,
  recruiterId: number,
  query: TalentListQuery,
): Promise<ListPage<TalentSummary>> {
  return listTalentPage(deps.db, recruiterId, query);
}

/** One of the recruiter's talents; 404 for another recruiter's. */
export async function getTalent(deps: AppDeps, recruiterId: number, talentId: number): Promise<TalentDetail> {
  return talentDetail(deps.db, await findOwnedTalent(deps.db, recruiterId, talentId));
}

/**
 * The profile edit: the drop's person fields and the profile fields. A changed e-mail or phone must not
 * be another of the recruiter's talents (409, with the field). Earlier referrals keep the identity they
 * were made with.
 */
export async function updateTalent(
  deps: AppDeps,
  recruiterId: number,
  talentId: number,
  fields: TalentEditFields,
): Promise<TalentDetail> {
  const { db } = deps;
  const talent = await findOwnedTalent(db, recruiterId, talentId);
  assertNotErased(talent);
  const person = personColumns(fields);
  const contact = { emailNormalized: person.email_normalized, phoneE164: person.phone_e164 };
  await assertNotAnotherTalent(db, recruiterId, talent.id, contact);
  // New contact details are a new person as far as referrals go (issue 22, finding 3): the duplicate
  // rule applies to each open referral, a new e-mail address must consent again, and the history says so.
  const emailChanged = person.email_normalized !== talent.email_normalized;
  const referrals = await contactReferrals(db, talent.id, emailChanged || person.phone_e164 !== talent.phone_e164);
  for (const referral of referrals) {
    await assertNotReferred(db, { taskId: referral.task_id, recruiterId, ...contact, exceptReferralId: referral.id });
  }
  try {
    await db.transaction().execute(async (trx) => {
      const now = deps.now();
      // The talent first: the consent e-mail below goes to the address it now holds.
      await trx
        .updateTable('talents')
        .set({
          ...person,
          // Saved by the recruiter: nothing in it is waiting to be checked any more.
          contact_from_resume: null,
          contact_locale: fields.contactLocale ?? talent.contact_locale,
          ...(fields.hasWorkExperience !== undefined && { has_work_experience: fields.hasWorkExperience ? 1 : 0 }),
          years_of_experience: fields.yearsOfExperience ?? null,
          current_position: fields.currentPosition ?? null,
          skills: JSON.stringify(fields.skills),
          summary: fields.summary ?? null,
          updated_at: deps.now().toISOString(),
        })
        .where('id', '=', talent.id)
        .execute();
      for (const referral of referrals) {
        // A talent who declined is not asked again because the recruiter found another address.
        const askAgain = emailChanged && referral.consent_status !== 'DECLINED';
        await trx
          .updateTable('referrals')
          .set({
            person_email: person.email_normalized,
            person_phone: person.phone_e164,
            ...(askAgain && { consent_status: 'PENDING', ita_status: 'NOT_SENT', updated_at: now.toISOString() }),
          })
          .where('id', '=', referral.id)
          .execute();
        if (!askAgain) continue;
        if (referral.consent_status !== 'PENDING') {
          await trx
            .insertInto('referral_history')
            .values({
              referral_id: referral.id,
              actor_id: recruiterId,
              action: 'CONSENT_CHANGED',
              from_value: referral.consent_status,
              to_value: 'PENDING',
              note: "The talent's e-mail address changed: consent is asked again at the new address.",
              created_at: now.toISOString(),
            })
            .execute();
        }
        await sendConsentLink(trx, deps, { referralId: referral.id, recruiterId, resend: true, now });
      }
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError('CONFLICT', 409, 'Another of your talents has this e-mail.', { email: 'talent_email_taken' });
  }
  return getTalent(deps, recruiterId, talent.id);
}

/**
 * The talent's referrals whose person changes with new contact details: the open ones (a closed one
 * keeps whom it was about). A reward already decided for payment cannot move to someone else: 409.
 */
async function contactReferrals(db: AppDeps['db'], talentId: number, changed: boolean) {
  if (!changed) return [];
  const rows = await db
    .selectFrom('referrals')
    .select(['id', 'task_id', 'consent_status', 'hiring_status', 'reward_status'])
    .where('talent_id', '=', talentId)
    .execute();
  if (rows.some((row) => row.reward_status === 'APPROVED' || row.reward_status === 'PENDING_PAYMENT')) {
    throw new AppError(
      'CONFLICT',
      409,
      "This talent's reward has been approved: the e-mail and phone can no longer change.",
      { email: 'contact_locked', phone: 'contact_locked' },
    );
  }
  return rows.filter((row) => !isReferralClosed({ hiringStatus: row.hiring_status, rewardStatus: row.reward_status }));
}
