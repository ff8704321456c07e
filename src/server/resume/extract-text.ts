import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';

// The text of a resume, for the field extraction and for search. PDF through unpdf (pdf.js), DOCX
// through mammoth. Images and old .doc files carry no text we can read: they are never parsed.
const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

// Resumes are a few pages; a pathological file must not fill the database.
const MAX_TEXT_CHARS = 200_000;

export const canExtractText = (mimeType: string) => mimeType === PDF || mimeType === DOCX;

/** The file's text, lines separated by "\n". Throws when the file cannot be read (corrupt, encrypted). */
export async function extractResumeText(bytes: Uint8Array, mimeType: string): Promise<string> {
  let text: string;
  if (mimeType === PDF) {
    // A copy: pdf.js may take over (detach) the buffer it is given. Verbosity 0 keeps its warnings quiet.
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      text = (await extractText(pdf, { mergePages: true })).text;
    } finally {
      await pdf.destroy();
    }
  } else if (mimeType === DOCX) {
    text = (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
  } else {
    throw new Error(`no text extraction for ${mimeType}`);
  }
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, MAX_TEXT_CHARS);
}
