import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import { ResumeUnreadable } from './resume-errors';
import { DOCX, PDF } from './resume-formats';
import { assertZipWithinLimits } from './zip-guard';

// The text of a resume, PDF through unpdf (pdf.js), DOCX through mammoth. Runs in the resume reader's
// child process (resume-worker.ts), never in the API's: a hostile file may still exhaust what it is given there.

// Resumes are a few pages; a pathological file must not fill the database.
const MAX_TEXT_CHARS = 200_000;

/** The file's text, lines separated by "\n". Throws ResumeUnreadable (or ResumeTooComplex) when it cannot. */
export async function readResumeText(bytes: Uint8Array, mimeType: string): Promise<string> {
  let text: string;
  if (mimeType === PDF) {
    // A copy: pdf.js may take over (detach) the buffer it is given. Verbosity 0 keeps its warnings quiet.
    const pdf = await unreadable(getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 }));
    try {
      text = (await unreadable(extractText(pdf, { mergePages: true }))).text;
    } finally {
      await pdf.destroy();
    }
  } else if (mimeType === DOCX) {
    assertZipWithinLimits(bytes);
    text = (await unreadable(mammoth.extractRawText({ buffer: Buffer.from(bytes) }))).value;
  } else {
    throw new ResumeUnreadable(`no text extraction for ${mimeType}`);
  }
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, MAX_TEXT_CHARS);
}

// The readers throw whatever they meet in a corrupt or encrypted file: all of it means "unreadable".
async function unreadable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw new ResumeUnreadable((error as Error)?.message ?? String(error));
  }
}
