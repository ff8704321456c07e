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

/**
 * A stored number (E.164) as people read it: "+60 13 456 7891", grouped as its country writes it
 * (issue 42.22: "+60134567891" everywhere). Anything that does not parse is shown as it is.
 */
export function formatPhone(value: string): string {
  if (!value.startsWith('+')) return value;
  return parsePhoneNumberFromString(value)?.formatInternational() ?? value;
}

/** The normalised e-mail duplicates are matched on: trimmed and lower-cased. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
