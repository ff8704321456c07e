import * as v from 'valibot';
import { optionalText, personName, requiredText } from './form-fields';

// Issue 46: what Form CP58 needs about the payee (the recruiter), as the recruiter types it on their
// account and the server checks it at the edge (`PUT /api/account/payee`). Issue messages are message keys
// the client localises (error_field_<key>). Everything here is sealed at rest (security/sealing.ts).

/** Malaysia's states and federal territories, for the postal address. */
export const MALAYSIAN_STATES = [
  'JOHOR',
  'KEDAH',
  'KELANTAN',
  'MELAKA',
  'NEGERI_SEMBILAN',
  'PAHANG',
  'PERAK',
  'PERLIS',
  'PULAU_PINANG',
  'SABAH',
  'SARAWAK',
  'SELANGOR',
  'TERENGGANU',
  'KUALA_LUMPUR',
  'LABUAN',
  'PUTRAJAYA',
] as const;
export type MalaysianState = (typeof MALAYSIAN_STATES)[number];

/** A Malaysian identity card (MyKad), or a passport for someone who has none. */
export const PAYEE_ID_TYPES = ['MYKAD', 'PASSPORT'] as const;
export type PayeeIdType = (typeof PAYEE_ID_TYPES)[number];

// The place-of-birth codes (digits 7–8) the National Registration Department gives: the states (01–16,
// 21–59), other countries (60–68, 71–72, 74–79, 83–93), an unknown state (82), stateless (98) and
// unspecified (99). 00, 17–20, 69, 70, 73, 80, 81 and 94–97 are never given.
const UNUSED_PLACE_CODES = new Set([0, 17, 18, 19, 20, 69, 70, 73, 80, 81, 94, 95, 96, 97]);

/** The 12 digits of a MyKad number typed with or without its dashes ("900101-14-5678"), else null. */
export function myKadDigits(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '');
  return /^\d{12}$/.test(compact) ? compact : null;
}

/**
 * Whether 12 digits can be a MyKad number: a date of birth (YYMMDD, in the 1900s or the 2000s: the year
 * alone does not say which) and a place-of-birth code that is given. The last four digits (a serial, odd
 * for men and even for women) carry no check digit to verify.
 */
export function isMyKadNumber(digits: string): boolean {
  if (!/^\d{12}$/.test(digits)) return false;
  const yy = Number(digits.slice(0, 2));
  const month = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));
  const validDate = [1900, 2000].some((century) => {
    const date = new Date(Date.UTC(century + yy, month - 1, day));
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  });
  return validDate && !UNUSED_PLACE_CODES.has(Number(digits.slice(6, 8)));
}

/** A passport number as stored: letters and digits only, upper-case. */
const compactUpper = (typed: string) => typed.replace(/[\s-]/g, '').toUpperCase();
const isPassportNumber = (typed: string) => /^[A-Z0-9]{6,20}$/.test(compactUpper(typed));

/** The name as on the identity card, where "@" joins two names ("SITI AMINAH @ AMINAH"). */
const legalName = v.pipe(
  requiredText(150),
  v.check((name) => v.is(personName(150), name.replace(/\s@\s/g, ' ')), 'name_invalid'),
);

/**
 * An income tax number (TIN) of the Inland Revenue Board: a prefix (IG for an individual; SG and OG in
 * older numbers) and digits, typed with or without spaces and dashes; stored compact and upper-case.
 */
const taxNumber = v.pipe(
  optionalText(30),
  v.check((s) => s === undefined || /^[A-Z]{1,2}\d{6,13}$/.test(compactUpper(s)), 'tax_number_invalid'),
  v.transform((s) => (s === undefined ? null : compactUpper(s))),
);

/** Blank or left out is null: the sealed record holds every field. */
const optionalLine = v.pipe(
  optionalText(100),
  v.transform((s) => s ?? null),
);

const addressSchema = v.object({
  line1: requiredText(100),
  line2: optionalLine,
  line3: optionalLine,
  postcode: v.pipe(
    v.string('field_required'),
    v.trim(),
    v.nonEmpty('field_required'),
    v.regex(/^\d{5}$/, 'postcode_invalid'),
  ),
  city: requiredText(60),
  state: v.picklist(MALAYSIAN_STATES, 'field_required'),
});

/** `PUT /api/account/payee`. The identity number is checked for its type and stored compact. */
export const payeeDetailsSchema = v.pipe(
  v.object({
    fullName: legalName,
    idType: v.picklist(PAYEE_ID_TYPES, 'field_required'),
    idNumber: v.pipe(
      v.string('field_required'),
      v.trim(),
      v.nonEmpty('field_required'),
      v.maxLength(30, 'field_too_long'),
    ),
    taxNumber,
    address: addressSchema,
  }),
  // Partial checks: the number is judged as soon as it and its type are there, beside the other fields'
  // errors, not only once the whole form is right (a plain check waits for every field).
  v.forward(
    v.partialCheck(
      [['idType'], ['idNumber']],
      (p) => p.idType !== 'MYKAD' || isMyKadNumber(myKadDigits(p.idNumber) ?? ''),
      'mykad_invalid',
    ),
    ['idNumber'],
  ),
  v.forward(
    v.partialCheck(
      [['idType'], ['idNumber']],
      (p) => p.idType !== 'PASSPORT' || isPassportNumber(p.idNumber),
      'passport_invalid',
    ),
    ['idNumber'],
  ),
  v.transform((p) => ({
    ...p,
    idNumber: p.idType === 'MYKAD' ? (myKadDigits(p.idNumber) as string) : compactUpper(p.idNumber),
  })),
);
export type PayeeDetailsInput = v.InferInput<typeof payeeDetailsSchema>;
export type PayeeDetailsValues = v.InferOutput<typeof payeeDetailsSchema>;
