import type { DB } from '#src/server/db/connect.ts';
import { notFound } from '#src/server/errors.ts';
import { STATE_COLUMNS, toReferralState } from '#src/server/modules/referrals/referral-summaries.ts';
import { consentWithdrawals } from '#src/server/modules/referrals/talent-link-mail.ts';
import {
  accessDetail,
  accessOfTalent,
  emailsOfTalent,
  linksOfTalent,
} from '#src/server/personal-data/person-records.ts';
import { searchKeys } from '#src/shared/data-protection-schemas.ts';
import type { PersonAccess, PersonFile, PersonMatch, PersonView } from '#src/shared/data-protection-types.ts';

// Finding a person across every recruiter, and everything held about them (issue 24 part 3). Reads only:
// the routes write the record of access (PERSON_VIEW, PERSON_EXPORT); a search writes none.

const parseList = (json: string): string[] => {
  try {
    const value = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
};

/** Every talent row, of any recruiter, with this e-mail or phone; newest first. */
export async function findPeople(db: DB, q: string): Promise<PersonMatch[]> {
  const { email, phone } = searchKeys(q);
  if (!email && !phone) return [];
  const rows = await db
    .selectFrom('talents')
    .innerJoin('users', 'users.id', 'talents.recruiter_id')
    .select([
      'talents.id',
      'talents.full_name',
      'talents.email',
      'talents.phone_e164',
      'talents.resume_file_id',
      'talents.created_at',
      'talents.updated_at',
      'talents.erased_at',
      'users.id as recruiter_id',
      'users.full_name as recruiter_name',
      'users.email as recruiter_email',
    ])
    .where((eb) =>
      email ? eb('talents.email_normalized', '=', email) : eb('talents.phone_e164', '=', phone as string),
    )
    .orderBy('talents.created_at', 'desc')
    .orderBy('talents.id', 'desc')
    .limit(50)
    .execute();
  const matches: PersonMatch[] = [];
  for (const row of rows) {
    matches.push({
      id: row.id,
      fullName: row.full_name,
      email: row.erased_at ? '' : row.email,
      phone: row.erased_at ? '' : row.phone_e164,
      recruiter: { id: row.recruiter_id, name: row.recruiter_name, email: row.recruiter_email },
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      erasedAt: row.erased_at,
      counts: await countsOf(db, row.id, row.resume_file_id),
    });
  }
  return matches;
}

async function countsOf(db: DB, talentId: number, resumeFileId: number | null): Promise<PersonMatch['counts']> {
  const referralIds = db.selectFrom('referrals').select('id').where('talent_id', '=', talentId);
  const count = <T extends { n: number | string | bigint }>(row: T | undefined) => Number(row?.n ?? 0);
  const [referrals, proofs, links, emails, requests] = await Promise.all([
    db
      .selectFrom('referrals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('talent_id', '=', talentId)
      .executeTakeFirst(),
    db
      .selectFrom('call_proofs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('referral_id', 'in', referralIds)
      .executeTakeFirst(),
    db
      .selectFrom('one_time_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('talent_id', '=', talentId), eb('referral_id', 'in', referralIds)]))
      .executeTakeFirst(),
    db
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('talent_id', '=', talentId)
      .executeTakeFirst(),
    db
      .selectFrom('data_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('talent_id', '=', talentId)
      .executeTakeFirst(),
  ]);
  return {
    referrals: count(referrals),
    files: count(proofs) + (resumeFileId === null ? 0 : 1),
    links: count(links),
    emails: count(emails),
    requests: count(requests),
  };
}

/** Every record, link and file that holds the talent; 404 when no such talent is left. */
export async function getPerson(db: DB, talentId: number): Promise<PersonView> {
  const talent = await db
    .selectFrom('talents')
    .innerJoin('users', 'users.id', 'talents.recruiter_id')
    .selectAll('talents')
    .select(['users.full_name as recruiter_name', 'users.email as recruiter_email'])
    .where('talents.id', '=', talentId)
    .executeTakeFirst();
  if (!talent) throw notFound('Person');
  const erased = talent.erased_at !== null;
  const referralIds = db.selectFrom('referrals').select('id').where('talent_id', '=', talentId);

  const [referrals, proofFiles, resumeFile, links, emails, requests, access] = await Promise.all([
    db
      .selectFrom('referrals')
      .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
      .select([
        'referrals.id',
        ...STATE_COLUMNS,
        'referrals.payment_id',
        'referrals.created_at',
        'tasks.id as task_id',
        'tasks.code as task_code',
        'tasks.title as task_title',
      ])
      .where('referrals.talent_id', '=', talentId)
      .orderBy('referrals.created_at')
      .orderBy('referrals.id')
      .execute(),
    db
      .selectFrom('call_proofs')
      .innerJoin('files', 'files.id', 'call_proofs.file_id')
      .select([
        'files.id',
        'files.purpose',
        'files.original_name',
        'files.size',
        'files.created_at',
        'files.storage_key',
      ])
      .where('call_proofs.referral_id', 'in', referralIds)
      .orderBy('files.created_at')
      .orderBy('files.id')
      .execute(),
    talent.resume_file_id === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('files')
          .select(['id', 'purpose', 'original_name', 'size', 'created_at', 'storage_key'])
          .where('id', '=', talent.resume_file_id)
          .executeTakeFirst(),
    linksOfTalent(db, talentId),
    emailsOfTalent(db, talentId),
    db
      .selectFrom('data_requests')
      .selectAll()
      .where('talent_id', '=', talentId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    accessLinesOf(db, talentId),
  ]);

  const withdrawals = await consentWithdrawals(
    db,
    referrals.filter((r) => r.consent_status === 'DECLINED').map((r) => r.id),
  );
  const toFile = (f: NonNullable<typeof resumeFile>): PersonFile => {
    const gone = f.storage_key.startsWith('erased:');
    return {
      id: f.id,
      purpose: f.purpose,
      name: f.original_name,
      size: Number(f.size),
      createdAt: f.created_at,
      href: gone ? null : `/api/files/${f.id}`,
    };
  };

  return {
    profile: {
      id: talent.id,
      fullName: talent.full_name,
      email: erased ? '' : talent.email,
      // E.164, as the search matches it (the column `phone` holds the number as typed, without its code).
      phone: erased ? '' : talent.phone_e164,
      countryCode: talent.country_code,
      languages: parseList(talent.languages),
      educationLevel: talent.education_level,
      country: talent.country,
      location: talent.location,
      expectedSalary: talent.expected_salary === null ? null : Number(talent.expected_salary),
      expectedSalaryCurrency: talent.expected_salary_currency,
      currentPosition: talent.current_position,
      yearsOfExperience: talent.years_of_experience === null ? null : Number(talent.years_of_experience),
      skills: parseList(talent.skills),
      summary: talent.summary,
      hasResumeText: talent.resume_text !== null && talent.resume_text !== '',
      contactLocale: talent.contact_locale,
      recruiter: { id: talent.recruiter_id, name: talent.recruiter_name, email: talent.recruiter_email },
      createdAt: talent.created_at,
      updatedAt: talent.updated_at,
      erasedAt: talent.erased_at,
    },
    referrals: referrals.map((r) => ({
      id: r.id,
      task: { id: r.task_id, code: r.task_code, title: r.task_title },
      ...toReferralState(r),
      consentWithdrawnAt: withdrawals.get(r.id) ?? null,
      paymentId: r.payment_id,
      createdAt: r.created_at,
    })),
    files: [...(resumeFile ? [toFile(resumeFile)] : []), ...proofFiles.map(toFile)],
    links,
    emails,
    requests: requests.map((r) => ({
      id: r.id,
      kind: r.kind,
      referralId: r.referral_id,
      message: r.message,
      status: r.status,
      dueAt: r.due_at,
      createdAt: r.created_at,
      closedAt: r.closed_at,
      response: r.response,
    })),
    access,
  };
}

/**
 * The talent's lines in the record of access, newest first (500 at most). The routes read them again
 * after writing their own line, so that a view or an export shows itself among them.
 */
export async function accessLinesOf(db: DB, talentId: number): Promise<PersonAccess[]> {
  const lines = await accessOfTalent(db, talentId);
  return lines.map(
    (a): PersonAccess => ({
      id: a.id,
      action: a.action,
      actorKind: a.actor_kind,
      actorName:
        a.actor_kind === 'COMPANY_CONTACT'
          ? [a.contact_name, a.company_name].filter(Boolean).join(', ') || null
          : (a.actor_name ?? null),
      subjectKind: a.subject_kind,
      subjectId: a.subject_id,
      detail: accessDetail(a.detail),
      createdAt: a.created_at,
    }),
  );
}
