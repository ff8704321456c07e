import { readResumeText } from './read-resume-text';
import { ResumeTooComplex, ResumeUnreadable } from './resume-errors';

// The entry of the resume reader's child process (extract-text.ts forks it). Errors do not keep their
// class across processes, so a refusal is answered as data and rethrown as its class there.
export type ResumeTask = { bytes: Uint8Array; mimeType: string };
export type ResumeAnswer =
  | { text: string }
  | { refused: 'too-complex' | 'unreadable'; reason: string }
  | { failed: string };

export async function readResume({ bytes, mimeType }: ResumeTask): Promise<ResumeAnswer> {
  try {
    return { text: await readResumeText(bytes, mimeType) };
  } catch (error) {
    if (error instanceof ResumeTooComplex) return { refused: 'too-complex', reason: error.message };
    if (error instanceof ResumeUnreadable) return { refused: 'unreadable', reason: error.message };
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

// One file at a time: the parent sends the next only after this one's answer.
if (process.send) {
  process.on('message', async (task: ResumeTask) => {
    process.send?.(await readResume(task));
  });
  // The parent gone (it ended, or closed the reader): nothing is left to answer.
  process.on('disconnect', () => process.exit(0));
}
