import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { COMMON_COUNTRY_CODES } from '#src/shared/country-codes.ts';
import { toE164 } from '#src/shared/phone.ts';

// The contact fields of a resume's text, by plain rules, for the drop form to start from: the first
// e-mail address, the first phone number in a country code the phone field offers (or a Malaysian
// local "01x" mobile), and the name from a "Name:" line or the first line that looks like a person's
// name. A guess the recruiter checks; nothing here is stored or logged.
export type ResumeContact = {
  fullName: string | null;
  email: string | null;
  /** "+60": one of the phone field's codes. */
  phoneCountryCode: string | null;
  /** The national form, as a recruiter types it: "012-345 6789". */
  phone: string | null;
};

export const NO_CONTACT: ResumeContact = { fullName: null, email: null, phoneCountryCode: null, phone: null };

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
const EMAILS = new RegExp(EMAIL.source, 'g');
// "+60 12-345 6789", "+62 (0)812 3456 7890", "(+65) 9123 4567", or a local "012-345 6789".
const PHONES = /\(?\+\s?\d[\d\s().-]{6,20}\d|(?<![\d+])01\d[\d\s.-]{6,12}\d/g;
// Longest first, so "+852" is not read as "+85…" and "+1" comes last.
const CODES = [...COMMON_COUNTRY_CODES].map(({ code }) => code).sort((a, b) => b.length - a.length);
const LOCAL_CODE = '+60';

function phoneOf(candidate: string): { phoneCountryCode: string; phone: string } | null {
  // "(0)" is the trunk prefix some write after the code: not part of the international number.
  const digits = candidate.replace(/\(0\)/g, '').replace(/[^\d+]/g, '');
  let code: string | undefined;
  let rest: string;
  if (digits.startsWith('+')) {
    code = CODES.find((c) => digits.startsWith(c));
    rest = code ? digits.slice(code.length) : '';
  } else {
    code = LOCAL_CODE;
    rest = digits;
  }
  if (!code || !rest) return null;
  const e164 = toE164(code, rest);
  const parsed = e164 ? parsePhoneNumberFromString(e164) : undefined;
  return parsed ? { phoneCountryCode: code, phone: parsed.formatNational() } : null;
}

function findPhone(text: string): Pick<ResumeContact, 'phoneCountryCode' | 'phone'> {
  for (const match of text.replace(EMAILS, ' ').matchAll(PHONES)) {
    const found = phoneOf(match[0]);
    if (found) return found;
  }
  return { phoneCountryCode: null, phone: null };
}

// Title lines and section headings that open a resume, never a name.
const NOT_A_NAME =
  /\b(curriculum|vitae|resume|résumé|cv|biodata|profile|profil|personal|details|information|contact|summary|objective|ringkasan|maklumat|peribadi|experience|education|skills|references|page)\b|简历|个人/i;
const NAME_LABEL = /^\s*(?:full\s*name|name|nama(?:\s+penuh)?|nama\s+lengkap|姓名)\s*[:：-]\s*(.+)$/i;
// Two to six words of letters (with the particles of Malay, Indian and Chinese names), or 2–4 Han characters.
const NAME_WORD = /^[\p{L}][\p{L}\p{M}'’.-]*$|^(?:a\/l|a\/p|s\/o|d\/o|@)$/iu;
const HAN_NAME = /^\p{Script=Han}{2,4}$/u;
const LOWER_PARTICLES = new Set(['bin', 'binti', 'bt', 'bte', 'a/l', 'a/p', 's/o', 'd/o', 'van', 'de', 'al']);
const NAME_MAX = 100;
// The name is near the top; a line further down that looks like one is more likely a heading or a company.
const NAME_SEARCH_LINES = 8;

function looksLikeName(line: string, minWords: number): boolean {
  if (HAN_NAME.test(line)) return true;
  if (line.length > NAME_MAX || NOT_A_NAME.test(line)) return false;
  const words = line.split(/\s+/);
  return words.length >= minWords && words.length <= 6 && words.every((word) => NAME_WORD.test(word));
}

/** "AISYAH BINTI RAHMAN" → "Aisyah binti Rahman"; a name written in mixed case stays as written. */
function tidyName(line: string): string {
  if (line !== line.toUpperCase()) return line;
  return line
    .toLowerCase()
    .split(' ')
    .map((word) => (LOWER_PARTICLES.has(word) ? word : word.replace(/(^|[-'’])\p{L}/gu, (s) => s.toUpperCase())))
    .join(' ');
}

function findName(lines: string[]): string | null {
  for (const line of lines) {
    const labelled = NAME_LABEL.exec(line)?.[1]?.trim().replace(/\s+/g, ' ');
    if (labelled && looksLikeName(labelled, 1)) return tidyName(labelled);
  }
  for (const line of lines.slice(0, NAME_SEARCH_LINES)) {
    const text = line.trim().replace(/\s+/g, ' ');
    if (looksLikeName(text, 2)) return tidyName(text);
  }
  return null;
}

export function extractContact(text: string): ResumeContact {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const email = EMAIL.exec(text)?.[0].replace(/\.$/, '') ?? null;
  return { fullName: findName(lines), email, ...findPhone(text) };
}
