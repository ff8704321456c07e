import * as v from 'valibot';
import { emailSchema } from './auth-schemas';
import {
  CANDIDATE_LANGUAGES,
  CONSENT_FILTERS,
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
export const isDiallable = (input: { countryCode: string; phone: string }) =>
  toE164(input.countryCode, input.phone) !== null;

export const dropEntries = { ...personEntries, taskId: idField(), recruiterNote: optionalText(RECRUITER_NOTE_MAX) };

/** `POST /api/recruiter/talent/drop_resume` fields (the file travels beside them as `file`). */
export const dropResumeSchema = v.pipe(
  v.object(dropEntries),
  v.forward(v.partialCheck([['countryCode'], ['phone']], isDiallable, 'phone_invalid'), ['phone']),
);
export type DropResumeInput = v.InferInput<typeof dropResumeSchema>;
export type DropResumeFields = v.InferOutput<typeof dropResumeSchema>;

/** The drop's contact fields: those an offline drop may leave for the server to read from the resume. */
export const CONTACT_FIELDS = ['fullName', 'email', 'phone'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Left blank it is left out; typed, it must be valid all the same. */
const blankOr = <S extends v.GenericSchema<string, unknown>>(schema: S) =>
  v.pipe(
    v.optional(v.nullable(v.string())),
    v.transform((s) => (s == null || s.trim() === '' ? undefined : s)),
    v.optional(schema),
  );

/**
 * A drop queued offline (issue 42.4). Offline the form says the name, e-mail and phone are read from the
 * resume once online, so each may be left blank: the server reads the blank ones from the resume when the
 * drop arrives, and refuses it (CONTACT_NOT_IN_RESUME, naming them) when the resume does not hold them.
 * `contactFromResume` says so; without it the drop is the online one, every field required (the seed's).
 */
export const queuedDropResumeSchema = v.pipe(
  v.object({
    ...dropEntries,
    fullName: blankOr(personEntries.fullName),
    email: blankOr(emailSchema),
    phone: blankOr(phoneSchema),
    contactFromResume: v.pipe(
      v.union([v.literal(true), v.literal('true')], 'field_invalid'),
      v.transform((): true => true),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['countryCode'], ['phone']],
      (input) => input.phone === undefined || isDiallable({ countryCode: input.countryCode, phone: input.phone }),
      'phone_invalid',
    ),
    ['phone'],
  ),
);
export type QueuedDropResumeInput = v.InferInput<typeof queuedDropResumeSchema>;
export type QueuedDropResumeFields = v.InferOutput<typeof queuedDropResumeSchema>;

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

/**
 * `POST /api/recruiter/talent/task`: confirms the talent's profile and refers them to the task. The
 * contact fields come only when the page asked the recruiter to check those read from the resume of a
 * drop queued offline (issue 42.4): as checked, and corrected where the resume was read wrong.
 */
export const profileCompletionSchema = v.pipe(
  v.object({
    talentId: idField(),
    taskId: idField(),
    educationLevel: v.picklist(EDUCATION_LEVELS, 'education_required'),
    ...profileEntries,
    rating: v.pipe(
      v.union([v.literal(5), v.literal(10), v.literal('5'), v.literal('10')], 'rating_required'),
      v.transform((x) => Number(x) as 5 | 10),
    ),
    recruiterNote: optionalText(RECRUITER_NOTE_MAX),
    fullName: v.optional(personEntries.fullName),
    email: v.optional(personEntries.email),
    countryCode: v.optional(personEntries.countryCode),
    phone: v.optional(personEntries.phone),
  }),
  v.forward(
    v.partialCheck(
      [['countryCode'], ['phone']],
      (input) =>
        input.phone === undefined ||
        (input.countryCode !== undefined && isDiallable({ countryCode: input.countryCode, phone: input.phone })),
      'phone_invalid',
    ),
    ['phone'],
  ),
);
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
  consent: v.optional(v.picklist(CONSENT_FILTERS, 'field_invalid')),
  hiring: v.optional(v.picklist(HIRING_STATUSES, 'field_invalid')),
  reward: v.optional(v.picklist(REWARD_FILTERS, 'field_invalid')),
  ...listPageEntries,
});
export type TalentListQuery = v.InferOutput<typeof talentListQuerySchema>;
