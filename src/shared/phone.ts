import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// Phones are matched in E.164 (PRODUCT.md "Duplicates"): the recruiter types the country code and the
// number as they have it ("012-345 6789", "+60 12 345 6789"); libphonenumber decides what is valid.

/** "+60" from "60", "+60" or " +60 ". */
export const normalizeCountryCode = (code: string) => `+${code.replace(/[^\d]/g, '')}`;

/** The E.164 form of a number with its country code, or null when it is not a valid phone number. */
export function toE164(countryCode: string, phone: string): string | null {
  const digits = phone.trim();
  // A number typed with its own "+" already carries its country code.
  const text = digits.startsWith('+') ? digits : `${normalizeCountryCode(countryCode)}${digits.replace(/^0+/, '')}`;
  const parsed = parsePhoneNumberFromString(text);
  return parsed?.isValid() ? parsed.number : null;
}

/** The normalised e-mail duplicates are matched on: trimmed and lower-cased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
