import type { OutboxEntry } from '#src/lib/outbox/outbox-types.ts';

// What the talents screens show of the outbox: queued call proofs on their referral, queued drops
// (and profile completions) in the folder, until the server's list has the record they became.

/**
 * A sent entry stays on screen until the list shows its record: while the list was requested before the
 * send, or is being read again (the runner refetches it when an entry is sent). A list read after the
 * send without the record means the record went since (deleted): the receipt is not shown again.
 */
export function showSentEntry(entry: OutboxEntry, listedIds: ReadonlySet<number>, listedAt: number, fetching: boolean) {
  const id = answerId(entry);
  if (id === null) return false;
  if (listedIds.has(id)) return false;
  return fetching || listedAt < (entry.sentAt ?? 0);
}

/** The id of the record the entry became: a call proof's id, a drop's (or completion's) talent id. */
export function answerId(entry: OutboxEntry): number | null {
  const answer = entry.answer as { id?: unknown; talentId?: unknown } | null | undefined;
  const id = entry.kind === 'call-proof' ? answer?.id : answer?.talentId;
  return typeof id === 'number' ? id : null;
}

/** The talent a profile completion is for, from its fields or its meta. */
export function completionTalentId(entry: OutboxEntry): number | null {
  const id = Number(entry.fields.talentId ?? entry.meta.talentId);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Unsent call proofs of a referral, and sent ones its list does not show yet; newest first. */
export function queuedCallProofs(
  entries: readonly OutboxEntry[],
  referralId: number,
  listedIds: ReadonlySet<number>,
  listedAt: number,
  fetching: boolean,
): OutboxEntry[] {
  return entries
    .filter(
      (entry) =>
        entry.kind === 'call-proof' &&
        Number(entry.meta.referralId ?? entry.fields.referralId) === referralId &&
        (entry.state !== 'sent' || showSentEntry(entry, listedIds, listedAt, fetching)),
    )
    .sort((a, b) => b.createdAt - a.createdAt);
}
