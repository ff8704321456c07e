import * as v from 'valibot';
import { LOCALES } from './enums';
import { personName, requiredText } from './form-fields';
import { passwordSchema } from './password-rule';
import { toE164 } from './phone';

// Payloads of `/api/account`, validated by the account page's forms and by the server at the edge.
// Issue messages are message keys the client localises (error_field_<key>).

/** A phone typed without "+" is read as Malaysian, the platform's home country. */
export const ACCOUNT_DEFAULT_COUNTRY_CODE = '+60';
export const ACCOUNT_NUMBER_MIN_DIGITS = 6;
export const ACCOUNT_NUMBER_MAX_DIGITS = 20;

/** Optional phone: blank is none (null); otherwise a real number, stored in E.164. */
const accountPhoneSchema = v.pipe(
  v.optional(v.nullable(v.string('phone_invalid')), null),
  v.transform((s) => (s == null || s.trim() === '' ? null : s.trim())),
  v.nullable(
    v.pipe(
      v.string(),
      v.maxLength(30, 'phone_invalid'),
      v.regex(/^\+?[\d\s\-().]{4,24}$/, 'phone_invalid'),
      v.check((s) => toE164(ACCOUNT_DEFAULT_COUNTRY_CODE, s) !== null, 'phone_invalid'),
      v.transform((s) => toE164(ACCOUNT_DEFAULT_COUNTRY_CODE, s) as string),
    ),
  ),
);

export const accountProfileSchema = v.object({
  fullName: personName(120),
  phone: accountPhoneSchema,
});
export type AccountProfileInput = v.InferInput<typeof accountProfileSchema>;

/** Digits with spaces or dashes between them, 6 to 20 digits; stored as typed (trimmed). */
export const accountNumberSchema = v.pipe(
  v.string('field_required'),
  v.trim(),
  v.nonEmpty('field_required'),
  v.regex(/^\d[\d\s-]*$/, 'account_number_invalid'),
  v.check((s) => {
    const digits = s.replace(/\D/g, '').length;
    return digits >= ACCOUNT_NUMBER_MIN_DIGITS && digits <= ACCOUNT_NUMBER_MAX_DIGITS;
  }, 'account_number_invalid'),
  v.maxLength(40, 'account_number_invalid'),
);

export const accountPayoutSchema = v.object({
  bankName: requiredText(100),
  accountName: requiredText(120),
  accountNumber: accountNumberSchema,
});
export type AccountPayoutInput = v.InferInput<typeof accountPayoutSchema>;

/** "•••• 6789": the last four digits, the only part of an account number ever shown. */
export function maskAccountNumber(accountNumber: string): string {
  return `•••• ${accountNumber.replace(/\D/g, '').slice(-4)}`;
}

/** An IANA time zone this runtime knows (aliases such as "UTC" included). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const accountPreferencesSchema = v.object({
  locale: v.picklist(LOCALES, 'locale_invalid'),
  timezone: v.pipe(v.string('timezone_invalid'), v.trim(), v.check(isTimeZone, 'timezone_invalid')),
});
export type AccountPreferencesInput = v.InferInput<typeof accountPreferencesSchema>;

export const changePasswordSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(
      v.string('password_required'),
      v.nonEmpty('password_required'),
      v.maxLength(200, 'current_password_wrong'),
    ),
    newPassword: passwordSchema,
    confirmPassword: v.string('password_mismatch'),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (input) => input.newPassword === input.confirmPassword,
      'password_mismatch',
    ),
    ['confirmPassword'],
  ),
  v.forward(
    v.partialCheck(
      [['currentPassword'], ['newPassword']],
      (input) => input.currentPassword !== input.newPassword,
      'password_same_as_current',
    ),
    ['newPassword'],
  ),
);
export type ChangePasswordInput = v.InferInput<typeof changePasswordSchema>;
