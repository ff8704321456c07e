import { afterEach, describe, expect, it, vi } from 'vitest';
import { queuedCallProofs, showSentEntry } from '#src/features/talents/outbox.ts';
import type { OutboxEntry } from '#src/lib/outbox/outbox-types.ts';
import { requestedAt, stampRequest } from '#src/lib/requested-at.ts';

// A call proof (or a drop) sent from the outbox stays on screen until the list shows the record it
// became, so it never blinks out between "sent" and the list read again. The list that decides is one
// *requested* after the send: a read already under way when the send ended answers without the record
// even though it arrives later (seen in CI: the row went, then came back).

const T0 = Date.UTC(2026, 10, 24, 9, 0, 0);

function sentProof(sentAt: number, proofId = 41): OutboxEntry {
  return {
    id: 'e-1',
    userId: 7,
    kind: 'call-proof',
    fields: { referralId: '5', note: 'Talked for 10 minutes.' },
    meta: { referralId: 5 },
    createdAt: sentAt - 1000,
    state: 'sent',
    attempts: 1,
    nextAttemptAt: sentAt,
    sentAt,
    answer: { id: proofId },
  };
}

/** A list request sent at `sentAtMs`, whose answer (without the record) arrives at `answeredAtMs`. */
async function listRead(sentAtMs: number, answeredAtMs: number) {
  const now = vi.spyOn(Date, 'now').mockReturnValue(sentAtMs);
  let answer: (items: { id: number }[]) => void = () => {};
  const read = stampRequest(
    () => new Promise<{ items: { id: number }[] }>((resolve) => (answer = (items) => resolve({ items }))),
  );
  now.mockReturnValue(answeredAtMs);
  answer([]);
  const data = await read;
  return { data, dataUpdatedAt: answeredAtMs };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a sent outbox entry on its list', () => {
  it('stays while the list on screen was requested before the send, even if it arrived after', async () => {
    const entry = sentProof(T0 + 100);
    const { data, dataUpdatedAt } = await listRead(T0, T0 + 200);
    const listedAt = requestedAt(data, dataUpdatedAt);
    expect(listedAt).toBe(T0);
    expect(showSentEntry(entry, new Set(), listedAt, false)).toBe(true);
    expect(queuedCallProofs([entry], 5, new Set(), listedAt, false)).toEqual([entry]);
  });

  it('goes once the list shows its record', async () => {
    const entry = sentProof(T0 + 100);
    expect(showSentEntry(entry, new Set([41]), T0, true)).toBe(false);
    expect(queuedCallProofs([entry], 5, new Set([41]), T0 + 300, false)).toEqual([]);
  });

  it('stays while the list is being read again', () => {
    expect(showSentEntry(sentProof(T0 + 100), new Set(), T0 + 500, true)).toBe(true);
  });

  it('goes when a list requested after the send does not have the record (deleted since)', async () => {
    const entry = sentProof(T0 + 100);
    const { data, dataUpdatedAt } = await listRead(T0 + 150, T0 + 200);
    expect(showSentEntry(entry, new Set(), requestedAt(data, dataUpdatedAt), false)).toBe(false);
  });

  it('falls back on the arrival time for data not read in this page (a restored cache)', () => {
    expect(requestedAt({ items: [] }, T0 + 7)).toBe(T0 + 7);
    expect(requestedAt(undefined, 0)).toBe(0);
  });

  it('shows another referral’s entries nowhere but there', () => {
    expect(queuedCallProofs([sentProof(T0 + 100)], 6, new Set(), T0, false)).toEqual([]);
  });
});
