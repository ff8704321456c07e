import { extractContact, NO_CONTACT, type ResumeContact } from '#src/server/resume/extract-contact.ts';
import { extractResumeText } from '#src/server/resume/extract-text.ts';
import { ResumeUnreadable } from '#src/server/resume/resume-errors.ts';
import { canExtractText } from '#src/server/resume/resume-formats.ts';
import { checkUpload } from '#src/server/uploads/read-upload.ts';

/**
 * The contact fields of an uploaded resume, checked as a drop's file is (size, magic bytes). Nothing is
 * stored and nothing of the content is logged (PDPA): the bytes and text live for this call only. Images,
 * old .doc files and files whose text cannot be read answer all null: the recruiter types the fields.
 */
export async function readResumeContact(file: File | undefined): Promise<ResumeContact> {
  const checked = await checkUpload(file, 'resume');
  if (!canExtractText(checked.mimeType)) return NO_CONTACT;
  let text: string;
  try {
    text = await extractResumeText(checked.bytes, checked.mimeType);
  } catch (error) {
    // Corrupt, encrypted or hostile (a zip bomb, a reader out of memory or time): the same as a file with
    // no text; the drop itself still takes it. A reader that cannot start at all is a server fault.
    if (error instanceof ResumeUnreadable) return NO_CONTACT;
    throw error;
  }
  return extractContact(text);
}
