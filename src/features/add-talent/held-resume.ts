import { del, get, set } from 'idb-keyval';
import type { ClientErrorCode } from '../../lib/app-error';
import type { DropResumeFields } from '../../shared/talent-schemas';

// The resume drop between "Upload and continue" and the server's answer (seed: progress "redirects to
// drop-resume when no resume payload is held"). Held in memory and in IndexedDB, so a reload of the
// progress page, or a refusal that sends the recruiter back to the form, loses nothing.

export type HeldResume = {
  taskId: string;
  /** The submission's id: the same on a retry of the same payload, a new one when the form is sent again. */
  clientId: string;
  /** The validated fields, as sent. */
  fields: DropResumeFields;
  file: { name: string; type: string; data: ArrayBuffer };
  /** Set when the server refused the payload: the form shows it. */
  error?: { code: ClientErrorCode; status: number; message: string; fields?: Record<string, string> };
};

const memory = new Map<string, HeldResume>();
const keyOf = (taskId: string) => `held-resume:${taskId}`;

// IndexedDB may be missing (private modes, tests) or refuse a write (quota): memory still holds it.
async function quietly<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch {
    return undefined;
  }
}

export async function getHeldResume(taskId: string): Promise<HeldResume | null> {
  const inMemory = memory.get(taskId);
  if (inMemory) return inMemory;
  const stored = await quietly(() => get<HeldResume>(keyOf(taskId)));
  if (!stored || stored.taskId !== taskId) return null;
  memory.set(taskId, stored);
  return stored;
}

export async function putHeldResume(held: HeldResume): Promise<void> {
  memory.set(held.taskId, held);
  await quietly(() => set(keyOf(held.taskId), held));
}

export async function clearHeldResume(taskId: string): Promise<void> {
  memory.delete(taskId);
  await quietly(() => del(keyOf(taskId)));
}

// The note typed at the drop, for profile completion to start from when the server does not answer it.
// Memory only: after a reload the page starts from what the server has.
const dropNotes = new Map<string, string>();

export function rememberDropNote(talentId: string, note: string | undefined): void {
  if (note) dropNotes.set(talentId, note);
}

export const dropNoteOf = (talentId: string): string | undefined => dropNotes.get(talentId);
