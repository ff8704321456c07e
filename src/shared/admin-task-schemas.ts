import * as v from 'valibot';
import { ADMIN_TASK_SORTS, ADMIN_TASK_STATUS_FILTERS, CANDIDATE_LANGUAGES, CURRENCIES, JOB_TYPES } from './enums';
import { listPageEntries, searchEntry } from './list-query';

// Payloads of `/api/admin/tasks` (issue 5), validated by the admin's task form and by the server at the
// edge. Money travels in integer minor units (the form converts with toMinorUnits); issue messages are
// message keys the client localises.

export const TASK_TEXT_MAX = { title: 160, company: 120, description: 5000, location: 120, country: 80 } as const;
/** 1,000,000.00 in a two-digit currency: more than any reward or salary a task carries. */
export const TASK_MONEY_MAX = 100_000_000_00;
export const TASK_QUOTA_MAX = 100_000;
export const TASK_SKILLS_MAX = 30;

/** `GET /api/admin/tasks` query: the seed's admin filters (sorts add latest/earliest, status adds EXPIRED). */
export const adminTaskListQuerySchema = v.object({
  ...searchEntry,
  jobType: v.optional(v.picklist(['', ...JOB_TYPES], 'field_invalid'), ''),
  sort: v.optional(v.picklist(ADMIN_TASK_SORTS, 'field_invalid'), 'latest'),
  status: v.optional(v.picklist(ADMIN_TASK_STATUS_FILTERS, 'field_invalid'), 'all'),
  ...listPageEntries,
});
export type AdminTaskListQuery = v.InferOutput<typeof adminTaskListQuerySchema>;

const text = (max: number) =>
  v.pipe(v.string('field_required'), v.trim(), v.nonEmpty('field_required'), v.maxLength(max, 'field_too_long'));

/** Integer minor units within [min, TASK_MONEY_MAX]. */
const minorUnits = (key: string, min: number) =>
  v.pipe(v.number(key), v.integer(key), v.minValue(min, key), v.maxValue(TASK_MONEY_MAX, key));

const optionalMinorUnits = (key: string) =>
  v.pipe(
    v.optional(v.nullable(minorUnits(key, 0)), null),
    v.transform((x) => x ?? null),
  );

/** An ISO-8601 moment with its zone ("…Z" or "+08:00"), stored as UTC ISO text. */
export const isoMoment = (key: string) =>
  v.pipe(
    v.string(key),
    v.trim(),
    v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/, key),
    v.check((s) => !Number.isNaN(Date.parse(s)), key),
    v.transform((s) => new Date(s).toISOString()),
  );

/**
 * `POST /api/admin/tasks` and `PUT /api/admin/tasks/{id}`: every task field of PRODUCT.md (the code is
 * given by the server, the status by close/reopen). A PUT sends the whole task.
 */
export const adminTaskInputSchema = v.pipe(
  v.object({
    title: text(TASK_TEXT_MAX.title),
    company: text(TASK_TEXT_MAX.company),
    description: text(TASK_TEXT_MAX.description),
    jobType: v.picklist(JOB_TYPES, 'job_type_required'),
    isCritical: v.optional(v.boolean('field_invalid'), false),
    location: text(TASK_TEXT_MAX.location),
    country: text(TASK_TEXT_MAX.country),
    salaryMin: optionalMinorUnits('salary_invalid'),
    salaryMax: optionalMinorUnits('salary_invalid'),
    salaryCurrency: v.optional(v.picklist(CURRENCIES, 'currency_invalid'), 'MYR'),
    rewardAmount: minorUnits('reward_invalid', 1),
    rewardCurrency: v.optional(v.picklist(CURRENCIES, 'currency_invalid'), 'MYR'),
    quota: v.pipe(
      v.number('quota_invalid'),
      v.integer('quota_invalid'),
      v.minValue(1, 'quota_invalid'),
      v.maxValue(TASK_QUOTA_MAX, 'quota_invalid'),
    ),
    // No deadline: the task stays open until an admin closes it.
    expiresAt: v.pipe(
      v.optional(v.nullable(isoMoment('expires_at_invalid')), null),
      v.transform((x) => x ?? null),
    ),
    requiredSkills: v.optional(
      v.pipe(
        v.array(text(60), 'skills_invalid'),
        v.maxLength(TASK_SKILLS_MAX, 'task_skills_too_many'),
        v.transform((skills) => [...new Set(skills)]),
      ),
      [],
    ),
    requiredLanguages: v.pipe(
      v.array(v.picklist(CANDIDATE_LANGUAGES, 'languages_required'), 'languages_required'),
      v.minLength(1, 'languages_required'),
      v.transform((codes) => [...new Set(codes)]),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['salaryMin'], ['salaryMax']],
      (input) => input.salaryMin === null || input.salaryMax === null || input.salaryMin <= input.salaryMax,
      'salary_range_invalid',
    ),
    ['salaryMax'],
  ),
);
export type AdminTaskInput = v.InferInput<typeof adminTaskInputSchema>;
export type AdminTaskFields = v.InferOutput<typeof adminTaskInputSchema>;
