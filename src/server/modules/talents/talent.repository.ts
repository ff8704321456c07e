import { type Expression, sql } from 'kysely';
import type { ListPage } from '../../../shared/api-response';
import type { AppLocale, ConsentStatus, EducationLevel, HiringStatus, RewardStatus } from '../../../shared/enums';
import { toMajorUnits, toMinorUnits } from '../../../shared/money';
import { normalizeEmail, toE164 } from '../../../shared/phone';
import type { ParseStatus, TalentDetail, TalentSummary } from '../../../shared/recruiter-types';
import type { DropResumeFields, TalentListQuery } from '../../../shared/talent-schemas';
import { type DB, isPostgres } from '../../db/connect';
import type { Talent, TalentsTable } from '../../db/database';
import { jsonList } from '../../db/json-list';
import { selectRows } from '../../db/prepared-query';
import { containsText } from '../../db/text-search';
import { AppError, notFound } from '../../errors';
import { listReferralSummaries, perRow } from '../referrals/referral-summaries';

type StatusColumn = 'referrals.consent_status' | 'referrals.hiring_status' | 'referrals.reward_status';

// Talent rows: the recruiter's own only. Another recruiter's talent answers exactly like a missing one.

export type PersonFields = Pick<
  DropResumeFields,
  | 'fullName'
  | 'email'
  | 'countryCode'
  | 'phone'
  | 'languages'
  | 'educationLevel'
  | 'country'
  | 'location'
  | 'expectedSalary'
  | 'expectedSalaryCurrency'
>;

/** The language of a talent's e-mails when the recruiter did not choose: theirs if they lack English. */
export function contactLocaleFor(languages: readonly string[]): AppLocale {
  if (languages.includes('en')) return 'en';
  if (languages.includes('ms')) return 'ms';
  if (languages.includes('zh')) return 'zh';
  return 'en';
}

/** The person columns of a talent from the drop or edit form (e-mail normalised, phone in E.164). */
export function personColumns(fields: PersonFields) {
  const phoneE164 = toE164(fields.countryCode, fields.phone);
  // The shared schema has already checked the phone; this only keeps the types honest.
  if (!phoneE164)
    throw new AppError('VALIDATION_FAILED', 400, 'Some fields are not valid.', { phone: 'phone_invalid' });
  return {
    full_name: fields.fullName,
    email: fields.email.trim(),
    email_normalized: normalizeEmail(fields.email),
    phone: fields.phone.trim(),
    country_code: fields.countryCode,
    phone_e164: phoneE164,
    languages: JSON.stringify(fields.languages),
    education_level: fields.educationLevel,
    country: fields.country,
    location: fields.location,
    expected_salary:
      fields.expectedSalary === undefined ? null : toMinorUnits(fields.expectedSalary, fields.expectedSalaryCurrency),
    expected_salary_currency: fields.expectedSalaryCurrency,
  } satisfies Partial<TalentsTable>;
}

export async function findOwnedTalent(db: DB, recruiterId: number, talentId: number): Promise<Talent> {
  const talent = await db
    .selectFrom('talents')
    .selectAll()
    .where('id', '=', talentId)
    .where('recruiter_id', '=', recruiterId)
    .executeTakeFirst();
  if (!talent) throw notFound('Talent');
  return talent;
}

export async function talentDetail(db: DB, talent: Talent): Promise<TalentDetail> {
  const [file, referrals] = await Promise.all([
    talent.resume_file_id === null
      ? undefined
      : db
          .selectFrom('files')
          .select(['id', 'original_name', 'mime_type', 'size'])
          .where('id', '=', talent.resume_file_id)
          .executeTakeFirst(),
    listReferralSummaries(db, { recruiterId: talent.recruiter_id, talentId: talent.id }),
  ]);
  return {
    id: talent.id,
    fullName: talent.full_name,
    email: talent.email,
    phone: talent.phone,
    countryCode: talent.country_code,
    phoneE164: talent.phone_e164,
    languages: jsonList(talent.languages),
    educationLevel: talent.education_level as EducationLevel,
    country: talent.country,
    location: talent.location,
    expectedSalary:
      talent.expected_salary === null
        ? null
        : toMajorUnits(Number(talent.expected_salary), talent.expected_salary_currency),
    expectedSalaryCurrency: talent.expected_salary_currency,
    contactLocale: talent.contact_locale,
    resume: file ? { id: file.id, name: file.original_name, mimeType: file.mime_type, size: Number(file.size) } : null,
    parseStatus: talent.parse_status as ParseStatus,
    hasWorkExperience: talent.has_work_experience === null ? null : talent.has_work_experience === 1,
    yearsOfExperience: talent.years_of_experience,
    currentPosition: talent.current_position,
    skills: jsonList(talent.skills),
    summary: talent.summary,
    referrals: referrals.items,
    createdAt: talent.created_at,
    updatedAt: talent.updated_at,
  };
}

/**
 * The recruiter's talents, newest change first. Search: name, e-mail or phone (typed with spaces, dashes
 * or a leading 0). Task, consent, hiring and reward filters keep a talent when ANY one of its referrals
 * matches all of them.
 */
export async function listTalentPage(
  db: DB,
  recruiterId: number,
  query: TalentListQuery,
): Promise<ListPage<TalentSummary>> {
  let base = db.selectFrom('talents').where('talents.recruiter_id', '=', recruiterId);
  const search = query.search;
  if (search) {
    const digits = search.replace(/[\s\-().+]/g, '').replace(/^0+/, '');
    base = base.where((eb) =>
      eb.or([
        containsText(db, 'talents', ['full_name', 'email_normalized', 'phone_e164'], search),
        ...(/^\d{3,}$/.test(digits) ? [containsText(db, 'talents', ['phone_e164'], digits)] : []),
      ]),
    );
  }
  const { taskId, consent, hiring, reward } = query;
  let page = base;
  let counted = base;
  if (taskId !== undefined || consent || hiring || reward) {
    // A talent's referrals are its recruiter's (a referral is made by the talent's owner), so the
    // matching referrals are found among the recruiter's own, through their (recruiter, status) indexes:
    // the count reads those (6,000 of a million) instead of probing the referrals of every talent
    // (PostgreSQL: 200 ms -> 11 ms; SQLite 25 -> 14 ms at a million referrals).
    const matching = (statuses: (column: StatusColumn) => Expression<string | null>, ofRecruiter = true) => {
      let referral = db
        .selectFrom('referrals')
        .select('referrals.talent_id')
        .$if(ofRecruiter, (q) => q.where('referrals.recruiter_id', '=', recruiterId));
      if (taskId !== undefined) referral = referral.where('referrals.task_id', '=', taskId);
      if (consent) referral = referral.where(statuses('referrals.consent_status'), '=', consent);
      if (hiring) referral = referral.where(statuses('referrals.hiring_status'), '=', hiring);
      if (reward === 'IN_REVIEW') referral = referral.where(statuses('referrals.reward_status'), 'is', null);
      else if (reward) referral = referral.where(statuses('referrals.reward_status'), '=', reward);
      return referral;
    };
    counted = base.where(
      'talents.id',
      'in',
      matching((column) => sql.ref(column)),
    );
    // The page walks the recruiter's talents newest first and stops at the page. SQLite (no statistics)
    // does so when each talent's few referrals are found by talent_id and their statuses checked row by
    // row (perRow); PostgreSQL plans it from the list above by itself.
    page = isPostgres(db)
      ? counted
      : base.where((eb) =>
          eb.exists(
            matching(perRow, false)
              .where(sql<boolean>`${sql.ref('referrals.talent_id')} = ${sql.ref('talents.id')}`)
              .clearSelect()
              .select('referrals.id'),
          ),
        );
  }
  const [rows, [count]] = await Promise.all([
    selectRows(
      db,
      page
        .selectAll('talents')
        .orderBy('talents.updated_at', 'desc')
        .orderBy('talents.id', 'desc')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
    ),
    selectRows(
      db,
      counted.select((eb) => eb.fn.countAll<number>().as('n')),
    ),
  ]);

  // Every referral of the page's talents in one query.
  const referrals =
    rows.length === 0
      ? []
      : await selectRows(
          db,
          db
            .selectFrom('referrals')
            .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
            .select([
              'referrals.id',
              'referrals.talent_id',
              'referrals.task_id',
              'tasks.title',
              'referrals.consent_status',
              'referrals.hiring_status',
              'referrals.reward_status',
            ])
            .where(
              'referrals.talent_id',
              'in',
              rows.map((r) => r.id),
            )
            .orderBy('referrals.created_at', 'desc')
            .orderBy('referrals.id', 'desc'),
        );

  const items = rows.map(
    (t): TalentSummary => ({
      id: t.id,
      fullName: t.full_name,
      email: t.email,
      phone: t.phone_e164,
      location: t.location,
      country: t.country,
      educationLevel: t.education_level as EducationLevel,
      languages: jsonList(t.languages),
      parseStatus: t.parse_status as ParseStatus,
      referrals: referrals
        .filter((r) => r.talent_id === t.id)
        .map((r) => ({
          id: r.id,
          taskId: r.task_id,
          taskTitle: r.title,
          consentStatus: r.consent_status as ConsentStatus,
          hiringStatus: r.hiring_status as HiringStatus,
          rewardStatus: (r.reward_status as RewardStatus | null) ?? null,
        })),
      createdAt: t.created_at,
      updatedAt: t.updated_at,
    }),
  );
  return { items, page: query.page, pageSize: query.pageSize, total: Number(count?.n ?? 0) };
}
