import { readResumeText } from './read-resume-text';
import { ResumeTooComplex, ResumeUnreadable } from './resume-errors';

// The entry of the resume reader's worker thread (extract-text.ts runs it through Piscina). Errors do
// not keep their class across threads, so a refusal is answered as data and rethrown as its class there.
export type ResumeTask = { bytes: Uint8Array; mimeType: string };
export type ResumeAnswer = { text: string } | { refused: 'too-complex' | 'unreadable'; reason: string };

export default async function readResume({ bytes, mimeType }: ResumeTask): Promise<ResumeAnswer> {
  try {
    return { text: await readResumeText(bytes, mimeType) };
  } catch (error) {
    if (error instanceof ResumeTooComplex) return { refused: 'too-complex', reason: error.message };
    if (error instanceof ResumeUnreadable) return { refused: 'unreadable', reason: error.message };
    throw error;
  }
}
