import { currentUserId } from '#src/lib/auth-session.ts';
import { getEntry, getEntryFile, listEntries } from '#src/lib/outbox/outbox-store.ts';
import type { OutboxEntry, OutboxError, OutboxFile } from '#src/lib/outbox/outbox-types.ts';
import type { DropResumeFields, QueuedDropResumeFields } from '#src/shared/talent-schemas.ts';

// A resume drop between "Upload and continue" and profile completion is an outbox entry (issue 4):
// the progress page follows it, and a drop the server refused comes back to the form with its fields,
// its file and the refusal. Nothing is lost across reloads: it all lives in IndexedDB.

export type HeldResume = {
  taskId: string;
  /** The outbox entry (and Idempotency-Key) of this submission. */
  entryId: string;
  /** Queued offline, the contact fields may be blank (issue 42.4). */
  fields: DropResumeFields | QueuedDropResumeFields;
  file: OutboxFile;
  /** Set when the server refused the payload: the form shows it. */
  error?: OutboxError;
};

const isDropOf = (taskId: string, entry: OutboxEntry) => entry.kind === 'drop-resume' && entry.meta.taskId === taskId;

// IndexedDB may be missing (locked-down browsers) or refuse a read: nothing is held then.
async function quietly<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch {
    return null;
  }
}

/** A refused drop of this task, to correct in the form. */
export function heldForFix(taskId: string, entryId: string | undefined): Promise<HeldResume | null> {
  return quietly(async () => {
    if (!entryId) return null;
    const entry = await getEntry(entryId);
    if (!entry || entry.userId !== currentUserId() || !isDropOf(taskId, entry) || entry.state !== 'needs-attention') {
      return null;
    }
    const file = await getEntryFile(entry.id);
    if (!file) return null;
    return { taskId, entryId: entry.id, fields: entry.fields as HeldResume['fields'], file, error: entry.error };
  });
}

/**
 * The drop the progress page follows: `entryId`, or else this task's latest drop the flow has not
 * moved past. Null when none is held (the seed: progress then goes back to drop-resume).
 */
export function dropInProgress(taskId: string, entryId: string | undefined): Promise<OutboxEntry | null> {
  return quietly(async () => {
    const userId = currentUserId();
    if (userId === null) return null;
    const drops = (await listEntries(userId)).filter((entry) => isDropOf(taskId, entry) && !entry.meta.flowDone);
    const chosen = entryId ? drops.find((entry) => entry.id === entryId) : drops.at(-1);
    return chosen ?? null;
  });
}

// The note typed at the drop, for profile completion to start from when the server does not answer it.
// Memory only: after a reload the page starts from what the server has.
const dropNotes = new Map<string, string>();

export function rememberDropNote(talentId: string, note: string | undefined): void {
  if (note) dropNotes.set(talentId, note);
}

export const dropNoteOf = (talentId: string): string | undefined => dropNotes.get(talentId);

/**
 * This talent's profile completion for this task that is still in the outbox (waiting, on its way,
 * or refused): the page shows it instead of a blank form, so nothing is typed twice or sent twice.
 */
export function queuedCompletion(taskId: string, talentId: string): Promise<OutboxEntry | null> {
  return quietly(async () => {
    const userId = currentUserId();
    if (userId === null) return null;
    const queued = (await listEntries(userId)).filter(
      (entry) =>
        entry.kind === 'profile-completion' &&
        entry.state !== 'sent' &&
        entry.meta.taskId === taskId &&
        String(entry.meta.talentId) === talentId,
    );
    return queued.at(-1) ?? null;
  });
}
