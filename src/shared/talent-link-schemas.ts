import * as v from 'valibot';
import { LOCALES } from './enums';

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
