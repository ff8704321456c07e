import { extractContact, NO_CONTACT, type ResumeContact } from '#src/server/resume/extract-contact.ts';
import { extractResumeFields } from '#src/server/resume/extract-fields.ts';
import { extractResumeText } from '#src/server/resume/extract-text.ts';
import { ResumeUnreadable } from '#src/server/resume/resume-errors.ts';
import { canExtractText } from '#src/server/resume/resume-formats.ts';
import { checkUpload } from '#src/server/uploads/read-upload.ts';
import type { ResumeReading } from '#src/shared/recruiter-types.ts';

const NOTHING_READ: ResumeReading = {
  ...NO_CONTACT,
  languages: [],
  educationLevel: null,
  location: null,
  country: null,
};

/**
 * A resume's text, or null when it has none we can read: images, old .doc files, and files that are
 * corrupt, encrypted or hostile (a zip bomb, a reader out of memory or time). A reader that cannot start
 * at all is a server fault and throws.
 */
export async function readableText(checked: { bytes: Uint8Array; mimeType: string }): Promise<string | null> {
  if (!canExtractText(checked.mimeType)) return null;
  try {
    return await extractResumeText(checked.bytes, checked.mimeType);
  } catch (error) {
    if (error instanceof ResumeUnreadable) return null;
    throw error;
  }
}

/** The contact fields a resume's text holds (nothing when it has no text). */
export const contactIn = (text: string | null): ResumeContact => (text === null ? NO_CONTACT : extractContact(text));

/**
 * What an uploaded resume says for the drop form: the contact fields, and the languages, education level
 * and location the form also asks for (issue 42.17). The file is checked as a drop's is (size, magic
 * bytes). Nothing is stored and nothing of the content is logged (PDPA): the bytes and text live for
 * this call only. A file with no text we can read answers all empty: the recruiter fills the form.
 */
export async function readResumeContact(file: File | undefined, now: Date): Promise<ResumeReading> {
  const text = await readableText(await checkUpload(file, 'resume'));
  if (text === null) return NOTHING_READ;
  const { languages, educationLevel, location, country } = extractResumeFields(text, now);
  return { ...extractContact(text), languages, educationLevel, location, country };
}
