import * as v from 'valibot';
import { AppError } from '#src/server/errors.ts';
import { type ContactField, dropResumeSchema, type QueuedDropResumeFields } from '#src/shared/talent-schemas.ts';
import { contactIn, readableText } from './resume-contact';

// Issue 42.4: offline, the drop form says the name, e-mail and phone will be read from the resume once
// online, and lets the recruiter queue the drop without them. They are read here, on the server, when the
// drop arrives, not by the client before it sends: the service worker's Background Sync sends queued
// drops with the app closed, and a read on the client would need a second upload of the file and a
// second step that can fail between the two; here the file is read once, in the same request as the
// drop, under the same Idempotency-Key, so a retry never reads or stores twice.

const FIELD_NAMES: Record<ContactField, string> = { fullName: 'name', email: 'e-mail', phone: 'phone number' };

/**
 * The queued drop's fields with its blank contact fields read from the resume, and which ones were read
 * (profile completion asks the recruiter to check those). What the recruiter typed stays. A field the
 * resume does not hold, or holds in a form the online drop would refuse, is missing: 422
 * CONTACT_NOT_IN_RESUME names each one, for the recruiter to type (the drop, its file and everything
 * typed stay on the device, and nothing is stored here).
 */
export async function withContactFromResume(
  queued: QueuedDropResumeFields,
  checked: { bytes: Uint8Array; mimeType: string },
): Promise<{ fields: v.InferOutput<typeof dropResumeSchema>; fromResume: ContactField[] }> {
  const { contactFromResume: _, ...typed } = queued;
  const read = contactIn(await readableText(checked));
  const candidate = { ...typed };
  const fromResume: ContactField[] = [];
  if (typed.fullName === undefined && read.fullName !== null) {
    candidate.fullName = read.fullName;
    fromResume.push('fullName');
  }
  if (typed.email === undefined && read.email !== null) {
    candidate.email = read.email;
    fromResume.push('email');
  }
  if (typed.phone === undefined && read.phone !== null && read.phoneCountryCode !== null) {
    // The number and its country code go together: the code the form held was only its default.
    candidate.phone = read.phone;
    candidate.countryCode = read.phoneCountryCode;
    fromResume.push('phone');
  }

  const parsed = v.safeParse(dropResumeSchema, candidate);
  const invalid = new Set(parsed.success ? [] : parsed.issues.map((issue) => v.getDotPath(issue)));
  // A value read from the resume that the online drop would refuse counts as not found.
  const missing = (['fullName', 'email', 'phone'] as const).filter(
    (field) => candidate[field] === undefined || (fromResume.includes(field) && invalid.has(field)),
  );
  if (missing.length > 0) {
    const names = missing.map((field) => FIELD_NAMES[field]);
    const said = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
    throw new AppError(
      'CONTACT_NOT_IN_RESUME',
      422,
      `The talent's ${said} could not be read from the resume. Please type ${missing.length === 1 ? 'it' : 'them'}.`,
      Object.fromEntries(missing.map((field) => [field, 'contact_not_in_resume'])),
    );
  }
  if (!parsed.success) {
    // Only what the recruiter typed is left to be wrong, and the queued schema has checked it already.
    const fields = Object.fromEntries(parsed.issues.map((issue) => [v.getDotPath(issue) ?? '_', issue.message]));
    throw new AppError('VALIDATION_FAILED', 400, 'Some fields are not valid.', fields);
  }
  return { fields: parsed.output, fromResume };
}
