import { extractContact, NO_CONTACT, type ResumeContact } from '../../resume/extract-contact';
import { canExtractText, extractResumeText } from '../../resume/extract-text';
import { checkUpload } from '../../uploads/read-upload';

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
  } catch {
    // Corrupt or encrypted: the same as a file with no text; the drop itself still takes it.
    return NO_CONTACT;
  }
  return extractContact(text);
}
