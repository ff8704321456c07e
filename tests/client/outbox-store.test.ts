import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { addEntry, clearOutbox, deleteEntry, getEntryFile, sweepOrphanFiles } from '#src/lib/outbox/outbox-store.ts';
import type { OutboxEntry } from '#src/lib/outbox/outbox-types.ts';

// The outbox's two IndexedDB stores: an entry's file is written before the entry, and the start-up sweep
// removes files whose entry is gone. Found with issue 42.4's offline drop: a drop queued while the sweep
// ran lost its file (listed before its entry was stored) and stayed "sending" with nothing to send.

const entry = (): OutboxEntry => ({
  id: crypto.randomUUID(),
  userId: 1,
  kind: 'drop-resume',
  fields: { taskId: 7 },
  file: { name: 'cv.pdf', type: 'application/pdf', size: 3 },
  meta: { taskId: '7' },
  createdAt: Date.now(),
  state: 'waiting',
  attempts: 0,
  nextAttemptAt: Date.now(),
});
const bytes = () => ({ name: 'cv.pdf', type: 'application/pdf', data: new Uint8Array([1, 2, 3]).buffer });

beforeEach(() => clearOutbox());

describe('the outbox store', () => {
  it('keeps the file of an entry being queued while the sweep runs', async () => {
    const queued = entry();
    const adding = addEntry(queued, bytes());
    await sweepOrphanFiles();
    await adding;
    expect(await getEntryFile(queued.id)).toMatchObject({ name: 'cv.pdf' });
  });

  it('removes the file of an entry that is gone', async () => {
    const gone = entry();
    await addEntry(gone, bytes());
    // A crash between the two deletes leaves the bytes: what the sweep is for.
    const { del, createStore } = await import('idb-keyval');
    await del(gone.id, createStore('recruiter-outbox', 'entries'));
    await sweepOrphanFiles();
    expect(await getEntryFile(gone.id)).toBeUndefined();
    const kept = entry();
    await addEntry(kept, bytes());
    await sweepOrphanFiles();
    expect(await getEntryFile(kept.id)).toBeDefined();
    await deleteEntry(kept.id);
    expect(await getEntryFile(kept.id)).toBeUndefined();
  });
});
