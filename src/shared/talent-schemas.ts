import * as v from 'valibot';
import { emailSchema } from './auth-schemas';
import {
  CANDIDATE_LANGUAGES,
  CONSENT_STATUSES,
  CURRENCIES,
  EDUCATION_LEVELS,
  HIRING_STATUSES,
  LOCALES,
  REWARD_FILTERS,
} from './enums';
import {
  booleanish,
  idField,
  jsonList,
  optionalNumberish,
  optionalText,
  personName,
  requiredText,
} from './form-fields';
import { listPageEntries, searchEntry } from './list-query';
import { normalizeCountryCode, toE164 } from './phone';

// Payloads of the talent and referral calls, validated by the client's forms and by the server at the
// edge (multipart forms decoded by the same schema: see form-fields.ts). Issue messages are message keys.

export const RECRUITER_NOTE_MAX = 4000;

const countryCodeSchema = v.pipe(
  v.string('country_code_invalid'),
  v.trim(),
  v.regex(/^\+?\d{1,4}$/, 'country_code_invalid'),
  v.transform(normalizeCountryCode),
);
const phoneSchema = v.pipe(
  v.string('phone_required'),
  v.trim(),
  v.nonEmpty('phone_required'),
  v.regex(/^\+?[\d\s\-().]{4,24}$/, 'phone_invalid'),
);

// The resume drop's person fields (seed section 3), shared by the drop and the profile edit.
const personEntries = {
  fullName: personName(120),
  email: emailSchema,
  countryCode: countryCodeSchema,
  phone: phoneSchema,
  languages: v.pipe(
    jsonList(v.picklist(CANDIDATE_LANGUAGES, 'languages_required'), 'languages_required'),
    v.minLength(1, 'languages_required'),
    v.maxLength(CANDIDATE_LANGUAGES.length, 'languages_required'),
  ),
  educationLevel: v.picklist(EDUCATION_LEVELS, 'education_required'),
  country: requiredText(80),
  location: requiredText(120),
  // Major units as typed (e.g. 4500 MYR a month); the server stores minor units.
  expectedSalary: v.pipe(
    optionalNumberish('salary_invalid'),
    v.optional(v.pipe(v.number(), v.minValue(0, 'salary_invalid'), v.maxValue(1_000_000_000, 'salary_invalid'))),
  ),
  expectedSalaryCurrency: v.optional(v.picklist(CURRENCIES, 'currency_invalid'), 'MYR'),
  // The language of the e-mails the talent gets (consent, ITA). Ours: the seed's payload has no such field.
  contactLocale: v.optional(v.picklist(LOCALES, 'field_invalid')),
};

/** The phone must be a real number for its country code; checked in the schemas so client and server agree. */
const isDiallable = (input: { countryCode: string; phone: string }) => toE164(input.countryCode, input.phone) !== null;

/** `POST /api/recruiter/talent/drop_resume` fields (the file travels beside them as `file`). */
export const dropResumeSchema = v.pipe(
  v.object({
    ...personEntries,
    taskId: idField(),
    recruiterNote: optionalText(RECRUITER_NOTE_MAX),
  }),
  v.forward(v.partialCheck([['countryCode'], ['phone']], isDiallable, 'phone_invalid'), ['phone']),
);
export type DropResumeInput = v.InferInput<typeof dropResumeSchema>;
export type DropResumeFields = v.InferOutput<typeof dropResumeSchema>;

// What profile completion adds to a talent (PRODUCT.md "Talent").
const profileEntries = {
  hasWorkExperience: booleanish('work_experience_required'),
  yearsOfExperience: v.pipe(
    optionalNumberish('years_invalid'),
    v.optional(
      v.pipe(v.number(), v.integer('years_invalid'), v.minValue(0, 'years_invalid'), v.maxValue(70, 'years_invalid')),
    ),
  ),
  currentPosition: optionalText(120),
  skills: v.optional(v.pipe(jsonList(requiredText(60), 'skills_invalid'), v.maxLength(50, 'skills_too_many')), []),
  summary: optionalText(2000),
};

/** `POST /api/recruiter/talent/task`: confirms the talent's profile and refers them to the task. */
export const profileCompletionSchema = v.object({
  talentId: idField(),
  taskId: idField(),
  educationLevel: v.picklist(EDUCATION_LEVELS, 'education_required'),
  ...profileEntries,
  rating: v.pipe(
    v.union([v.literal(5), v.literal(10), v.literal('5'), v.literal('10')], 'rating_required'),
    v.transform((x) => Number(x) as 5 | 10),
  ),
  recruiterNote: optionalText(RECRUITER_NOTE_MAX),
});
export type ProfileCompletionInput = v.InferInput<typeof profileCompletionSchema>;
export type ProfileCompletionFields = v.InferOutput<typeof profileCompletionSchema>;

/** `PUT /api/recruiter/talent/{id}`: the drop's validation plus the profile fields. */
export const talentEditSchema = v.pipe(
  v.object({
    ...personEntries,
    hasWorkExperience: v.optional(booleanish('work_experience_required')),
    yearsOfExperience: profileEntries.yearsOfExperience,
    currentPosition: profileEntries.currentPosition,
    skills: profileEntries.skills,
    summary: profileEntries.summary,
  }),
  v.forward(v.partialCheck([['countryCode'], ['phone']], isDiallable, 'phone_invalid'), ['phone']),
);
export type TalentEditInput = v.InferInput<typeof talentEditSchema>;
export type TalentEditFields = v.InferOutput<typeof talentEditSchema>;

/**
 * `POST /api/recruiter/talent/resume-contact`: the resume only, read for its contact fields. The size and
 * type are checked as for the drop (server uploads/read-upload.ts); text where the file belongs is refused.
 */
export const resumeContactSchema = v.object({ file: v.optional(v.file('file_invalid')) });
export type ResumeContactInput = v.InferInput<typeof resumeContactSchema>;

/** `POST /api/recruiter/talent-task/call-proof` fields (the file travels beside them as `file`). */
export const callProofSchema = v.object({
  referralId: idField(),
  // When the call happened, as an ISO date-time (the client converts its local input).
  calledAt: v.pipe(v.string('called_at_required'), v.trim(), v.isoTimestamp('called_at_required')),
  note: optionalText(500),
});
export type CallProofInput = v.InferInput<typeof callProofSchema>;

/** `POST /api/recruiter/talent-task/resend-consent` and `/resend-ita/email`. */
export const referralActionSchema = v.object({ referralId: idField() });

/** `GET /api/recruiter/talent` and `GET /api/recruiter/talent-task` query: search, filters, page. */
export const talentListQuerySchema = v.object({
  ...searchEntry,
  taskId: v.optional(idField('field_invalid')),
  consent: v.optional(v.picklist(CONSENT_STATUSES, 'field_invalid')),
  hiring: v.optional(v.picklist(HIRING_STATUSES, 'field_invalid')),
  reward: v.optional(v.picklist(REWARD_FILTERS, 'field_invalid')),
  ...listPageEntries,
});
export type TalentListQuery = v.InferOutput<typeof talentListQuerySchema>;
