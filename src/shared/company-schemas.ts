import * as v from 'valibot';
import { isoMoment } from './admin-task-schemas';
import { emailSchema } from './auth-schemas';
import { LOCALES } from './enums';
import { idField, idParamField, optionalText, personName, requiredText } from './form-fields';
import { listPageEntries, searchEntry } from './list-query';

// Issue 45: hiring companies, their contacts, review links (`/api/admin/companies`) and the company's
// answers on a link (`/api/public/review`).

/** What a review link may show beyond the review fields, when the admin chooses it for that link. */
export const SHARE_REVEALS = ['CONTACT', 'RECRUITER', 'REWARD'] as const;
export type ShareReveal = (typeof SHARE_REVEALS)[number];

/** A company's answer about one candidate, and the hiring status it moves the referral to. */
export const COMPANY_ANSWERS = ['SHORTLIST', 'INTERVIEW', 'NOT_A_FIT'] as const;
export type CompanyAnswer = (typeof COMPANY_ANSWERS)[number];

export const SHARE_DEFAULT_DAYS = 14;
export const SHARE_MAX_DAYS = 90;
/** Referrals and contacts in one share request. */
export const SHARE_MAX_ITEMS = 50;
export const COMPANY_TEXT_MAX = 500;

export const companyListQuerySchema = v.object({ ...searchEntry, ...listPageEntries });

export const companyInputSchema = v.object({ name: requiredText(200) });

export const companyContactInputSchema = v.object({
  name: personName(120),
  email: emailSchema,
  locale: v.optional(v.picklist(LOCALES, 'field_invalid'), 'en'),
});

export const companyContactParamSchema = v.object({ id: idParamField(), contactId: idParamField() });
export const taskParamSchema = v.object({ taskId: idParamField() });
export const shareParamSchema = v.object({ shareId: idParamField() });
export const referralParamSchema = v.object({ referralId: idParamField() });
export const shareReferralParamSchema = v.object({ shareId: idParamField(), referralId: idParamField() });

const idList = v.pipe(
  v.array(idField('field_invalid'), 'field_required'),
  v.minLength(1, 'field_required'),
  v.maxLength(SHARE_MAX_ITEMS, 'field_too_long'),
);

/**
 * `POST /api/admin/companies/tasks/:taskId/shares`: one link per contact, each showing the referrals.
 * Revealing anything beyond the review fields needs a reason (the admin says why).
 */
export const shareCreateSchema = v.pipe(
  v.object({
    referralIds: idList,
    contactIds: idList,
    expiresInDays: v.optional(
      v.pipe(
        v.number('field_invalid'),
        v.integer('field_invalid'),
        v.minValue(1, 'field_invalid'),
        v.maxValue(SHARE_MAX_DAYS, 'field_invalid'),
      ),
      SHARE_DEFAULT_DAYS,
    ),
    reveal: v.optional(v.array(v.picklist(SHARE_REVEALS, 'field_invalid'), 'field_invalid'), []),
    revealReason: optionalText(COMPANY_TEXT_MAX),
  }),
  v.forward(
    v.check((input) => input.reveal.length === 0 || input.revealReason !== undefined, 'field_required'),
    ['revealReason'],
  ),
);

export const shareReferralsSchema = v.object({ referralIds: idList });

export const answerParamSchema = v.object({ answerId: idParamField() });
/** An admin reverses the hiring move a company's answer made: the reason is required. */
export const answerReverseSchema = v.object({ reason: requiredText(COMPANY_TEXT_MAX) });

// ---- the review link (public: the token is the key) ----
const tokenSchema = v.pipe(
  v.string('token_required'),
  v.trim(),
  v.minLength(20, 'token_required'),
  v.maxLength(200, 'token_required'),
);

export const reviewQuerySchema = v.object({ token: tokenSchema });
export const reviewCandidateQuerySchema = v.object({ token: tokenSchema, referralId: idField('field_invalid') });

export const reviewAnswerSchema = v.pipe(
  v.object({
    token: tokenSchema,
    referralId: idField('field_required'),
    answer: v.picklist(COMPANY_ANSWERS, 'field_required'),
    reason: optionalText(COMPANY_TEXT_MAX),
    comment: optionalText(COMPANY_TEXT_MAX),
  }),
  v.forward(
    v.check((input) => input.answer !== 'NOT_A_FIT' || input.reason !== undefined, 'field_required'),
    ['reason'],
  ),
);

/**
 * `GET /api/admin/companies/insight`: referrals first shared with a company in [from, to) (moments; `to`
 * exclusive), grouped by company, task or promo.
 */
export const companyInsightQuerySchema = v.object({
  groupBy: v.optional(v.picklist(['company', 'task', 'promo'], 'field_invalid'), 'company'),
  from: v.optional(isoMoment('field_invalid')),
  to: v.optional(isoMoment('field_invalid')),
});
export type CompanyInsightQuery = v.InferOutput<typeof companyInsightQuerySchema>;
