import * as v from 'valibot';
import { LOCALES } from './enums';
import { idParamField, MAX_ID } from './form-fields';

// The public consent and ITA calls (`/api/public/consent`, `/api/public/ita`).
const tokenSchema = v.pipe(
  v.string('token_required'),
  v.trim(),
  v.minLength(20, 'token_required'),
  v.maxLength(200, 'token_required'),
);

export const talentLinkQuerySchema = v.object({ token: tokenSchema });

export const talentLinkAnswerSchema = v.object({
  token: tokenSchema,
  decision: v.picklist(['CONFIRMED', 'DECLINED'], 'field_required'),
  // The language the notice was shown in: part of the proof.
  locale: v.optional(v.picklist(LOCALES), 'en'),
});

// Withdrawing a consent given earlier, from the consent or ITA link: the token is the key.
export const talentLinkWithdrawSchema = v.object({
  token: tokenSchema,
  locale: v.optional(v.picklist(LOCALES), 'en'),
});

// The "manage my data" calls (`/api/public/data…`): the DATA token is the key.
export const talentDataExportSchema = v.object({
  token: tokenSchema,
  format: v.picklist(['json', 'html'], 'field_required'),
  locale: v.optional(v.picklist(LOCALES), 'en'),
});

/** One call proof's file, through the data link (the id is the call proof's, from the data page). */
export const talentDataCallProofSchema = v.object({ token: tokenSchema, id: idParamField() });

/** What is wrong and what it should say, in the talent's words (a public call's body stays under 2 KB). */
export const TALENT_CORRECTION_MAX = 500;
export const talentDataCorrectionSchema = v.object({
  token: tokenSchema,
  message: v.pipe(
    v.string('field_required'),
    v.trim(),
    v.minLength(5, 'field_required'),
    v.maxLength(TALENT_CORRECTION_MAX, 'field_too_long'),
  ),
});

export const talentDataWithdrawSchema = v.object({
  token: tokenSchema,
  referralId: v.pipe(
    v.number('field_required'),
    v.integer('field_required'),
    v.minValue(1, 'field_required'),
    // Ids are 32-bit integers in PostgreSQL: a larger number is no referral, not a database error.
    v.maxValue(MAX_ID, 'field_required'),
  ),
  locale: v.optional(v.picklist(LOCALES), 'en'),
});

/** Asking for a fresh data link by e-mail address (`/talent/data/request`). */
export const talentDataLinkRequestSchema = v.object({
  email: v.pipe(
    v.string('email_required'),
    v.trim(),
    v.nonEmpty('email_required'),
    v.maxLength(254, 'email_invalid'),
    v.email('email_invalid'),
  ),
  locale: v.optional(v.picklist(LOCALES), 'en'),
});
