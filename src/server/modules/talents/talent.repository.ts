import { type Expression, sql } from 'kysely';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import type { Talent, TalentsTable } from '#src/server/db/database.ts';
import { jsonList } from '#src/server/db/json-list.ts';
import { preparedQuery, preparedShapes } from '#src/server/db/prepared-query.ts';
import { containsShaped, type SearchShape, shapeSearch } from '#src/server/db/text-search.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import {
  listReferralSummaries,
  perRow,
  withdrawnReferralIds,
} from '#src/server/modules/referrals/referral-summaries.ts';
import { consentLinkExpiries, consentWithdrawals } from '#src/server/modules/referrals/talent-link-mail.ts';
import { openCorrections } from '#src/server/modules/talent-links/data-requests.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import type { AppLocale, ConsentStatus, EducationLevel, HiringStatus, RewardStatus } from '#src/shared/enums.ts';
import { toMajorUnits, toMinorUnits } from '#src/shared/money.ts';
import { normalizeEmail, toE164 } from '#src/shared/phone.ts';
import type { ParseStatus, ReferralSummary, TalentDetail, TalentSummary } from '#src/shared/recruiter-types.ts';
import {
  CONTACT_FIELDS,
  type ContactField,
  type DropResumeFields,
  type TalentListQuery,
} from '#src/shared/talent-schemas.ts';

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

/**
 * Each pending referral with when its last consent link expires (the profile's "Consent link expired").
 * When a declined one was withdrawn comes with the summaries (listReferralSummaries).
 */
async function withConsentExpiry(db: DB, referrals: ReferralSummary[]): Promise<ReferralSummary[]> {
  const pending = referrals.filter((r) => r.consentStatus === 'PENDING').map((r) => r.id);
  const expiries = await consentLinkExpiries(db, pending);
  return referrals.map((r) => ({ ...r, consentExpiresAt: expiries.get(r.id) ?? null }));
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
    referrals: await withConsentExpiry(db, referrals.items),
    needsCompletion: talent.completion_task_id !== null,
    completionTaskId: talent.completion_task_id,
    contactFromResume: jsonList(talent.contact_from_resume).filter((field): field is ContactField =>
      (CONTACT_FIELDS as readonly string[]).includes(field),
    ),
    corrections: await openCorrections(db, talent.id),
    erasedAt: talent.erased_at,
    createdAt: talent.created_at,
    updatedAt: talent.updated_at,
  };
}

/**
 * What decides the talent list's SQL: how each search runs (textSearch) and which referral filters are
 * on. Their values are the queries' parameters (TalentValues), so each shape is built and compiled once
 * (preparedShapes), not on every call.
 */
type TalentShape = {
  search: SearchShape;
  /** The search as phone digits (typed with spaces, dashes or a leading 0): 3 digits or more. */
  digits: SearchShape;
  task: boolean;
  /** 'refused': DECLINED, not withdrawn; 'withdrawn': DECLINED after a withdrawal (issue 42.6). */
  consent: 'none' | 'status' | 'refused' | 'withdrawn';
  hiring: boolean;
  reward: 'none' | 'in review' | 'status';
};

/** The filters' values; undefined where the shape leaves the filter off. */
type TalentValues = [
  recruiterId: number,
  search: string | undefined,
  digits: string | undefined,
  taskId: number | undefined,
  consent: string | undefined,
  hiring: string | undefined,
  reward: string | undefined,
];

const SEARCHED = ['full_name', 'email_normalized', 'phone_e164'] as const;

/**
 * The list's talents: the recruiter's own matching the search and, when a referral filter is on, having
 * a referral that matches all of them; `use` 'count' for the count, 'page' for the page.
 */
function talentsOf(db: DB, shape: TalentShape, values: TalentValues, use: 'count' | 'page') {
  // Built once per shape (preparedShapes): the values are stand-ins then, present wherever the shape
  // uses them; the `?? ...` only satisfy the types.
  const [recruiterId, search, digits, taskId, consent, hiring, reward] = values;
  let base = db.selectFrom('talents').where('talents.recruiter_id', '=', recruiterId);
  if (shape.search !== 'none') {
    const phone = shape.digits;
    base = base.where((eb) =>
      eb.or([
        containsShaped(db, 'talents', SEARCHED, shape.search, search),
        ...(phone === 'none' ? [] : [containsShaped(db, 'talents', ['phone_e164'], phone, digits)]),
      ]),
    );
  }
  if (!shape.task && shape.consent === 'none' && !shape.hiring && shape.reward === 'none') return base;
  // A talent's referrals are its recruiter's (a referral is made by the talent's owner), so the
  // matching referrals are found among the recruiter's own, through their (recruiter, status) indexes:
  // the count reads those (6,000 of a million) instead of probing the referrals of every talent
  // (PostgreSQL: 200 ms -> 11 ms; SQLite 25 -> 14 ms at a million referrals).
  const matching = (statuses: (column: StatusColumn) => Expression<string | null>, ofRecruiter = true) => {
    let referral = db
      .selectFrom('referrals')
      .select('referrals.talent_id')
      .$if(ofRecruiter, (q) => q.where('referrals.recruiter_id', '=', recruiterId));
    if (shape.task) referral = referral.where('referrals.task_id', '=', taskId ?? 0);
    if (shape.consent !== 'none') referral = referral.where(statuses('referrals.consent_status'), '=', consent ?? '');
    // A withdrawal reads DECLINED: told apart from a refusal, and its undecided reward is closed, not in review.
    if (shape.consent === 'withdrawn') referral = referral.where('referrals.id', 'in', withdrawnReferralIds(db));
    else if (shape.consent === 'refused' || shape.reward === 'in review')
      referral = referral.where('referrals.id', 'not in', withdrawnReferralIds(db));
    if (shape.hiring) referral = referral.where(statuses('referrals.hiring_status'), '=', hiring ?? '');
    if (shape.reward === 'in review') referral = referral.where(statuses('referrals.reward_status'), 'is', null);
    else if (shape.reward === 'status')
      referral = referral.where(statuses('referrals.reward_status'), '=', reward ?? '');
    return referral;
  };
  const counted = base.where(
    'talents.id',
    'in',
    matching((column) => sql.ref(column)),
  );
  // The page walks the recruiter's talents newest first and stops at the page. SQLite (no statistics)
  // does so when each talent's few referrals are found by talent_id and their statuses checked row by
  // row (perRow); PostgreSQL plans it from the list above by itself.
  if (use === 'count' || isPostgres(db)) return counted;
  return base.where((eb) =>
    eb.exists(
      matching(perRow, false)
        .where(sql<boolean>`${sql.ref('referrals.talent_id')} = ${sql.ref('talents.id')}`)
        .clearSelect()
        .select('referrals.id'),
    ),
  );
}

const talentPage = preparedShapes(
  (db: DB, shape: TalentShape, ...[values, limit, offset]: [TalentValues, number, number]) =>
    talentsOf(db, shape, values, 'page')
      .selectAll('talents')
      .orderBy('talents.updated_at', 'desc')
      .orderBy('talents.id', 'desc')
      .limit(limit)
      .offset(offset),
);

const talentCount = preparedShapes((db: DB, shape: TalentShape, values: TalentValues) =>
  talentsOf(db, shape, values, 'count').select((eb) => eb.fn.countAll<number>().as('n')),
);

/** Every referral of the page's talents, newest first, in one query. */
const referralsOfTalents = preparedQuery((db: DB, talentIds: number[]) =>
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
    .where('referrals.talent_id', 'in', talentIds)
    .orderBy('referrals.created_at', 'desc')
    .orderBy('referrals.id', 'desc'),
);

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
  const { taskId, consent, hiring, reward } = query;
  const text = shapeSearch(db, 'talents', SEARCHED, query.search);
  const digitsText = query.search?.replace(/[\s\-().+]/g, '').replace(/^0+/, '') ?? '';
  const digits = shapeSearch(db, 'talents', ['phone_e164'], /^\d{3,}$/.test(digitsText) ? digitsText : undefined);
  const shape: TalentShape = {
    search: text.shape,
    digits: digits.shape,
    task: taskId !== undefined,
    consent:
      consent === undefined
        ? 'none'
        : consent === 'WITHDRAWN'
          ? 'withdrawn'
          : consent === 'DECLINED'
            ? 'refused'
            : 'status',
    hiring: hiring !== undefined,
    reward: reward === undefined ? 'none' : reward === 'IN_REVIEW' ? 'in review' : 'status',
  };
  const values: TalentValues = [
    recruiterId,
    text.value,
    digits.value,
    taskId,
    consent === 'WITHDRAWN' ? 'DECLINED' : consent,
    hiring,
    reward === 'IN_REVIEW' ? undefined : reward,
  ];
  const [rows, [count]] = await Promise.all([
    talentPage(db, shape, values, query.pageSize, (query.page - 1) * query.pageSize),
    talentCount(db, shape, values),
  ]);
  const referrals =
    rows.length === 0
      ? []
      : await referralsOfTalents(
          db,
          rows.map((r) => r.id),
        );
  const withdrawals = await consentWithdrawals(
    db,
    referrals.filter((r) => r.consent_status === 'DECLINED').map((r) => r.id),
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
          consentWithdrawnAt: withdrawals.get(r.id) ?? null,
        })),
      needsCompletion: t.completion_task_id !== null,
      completionTaskId: t.completion_task_id,
      erasedAt: t.erased_at,
      createdAt: t.created_at,
      updatedAt: t.updated_at,
    }),
  );
  return { items, page: query.page, pageSize: query.pageSize, total: Number(count?.n ?? 0) };
}
