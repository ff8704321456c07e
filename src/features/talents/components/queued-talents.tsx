import { type QueryKey, useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { OutboxStateBadge } from '#src/components/outbox/outbox-state-badge.tsx';
import { completionTalentId, showSentEntry } from '#src/features/talents/outbox.ts';
import { outboxErrorText } from '#src/lib/outbox/outbox-errors.ts';
import type { OutboxEntry } from '#src/lib/outbox/outbox-types.ts';
import { useOutbox } from '#src/lib/outbox/use-outbox.ts';
import { requestedAt } from '#src/lib/requested-at.ts';
import { m } from '#src/paraglide/messages.js';
import type { TalentSummary } from '#src/shared/recruiter-types.ts';

export type QueuedTalents = {
  /** Resume drops not on the server yet (or sent, until the list shows the talent). */
  drops: OutboxEntry[];
  /** Unsent profile completions of talents the list does not show. */
  completions: OutboxEntry[];
  /** The unsent profile completion of a listed talent, if any. */
  completionOf: (talentId: number) => OutboxEntry | undefined;
  count: number;
};

// The folder's view of the outbox: what was added on this device and has not reached the server's
// list yet. `list` is the page on screen and `queryKey` its query's, so a drop sent meanwhile stays until
// a list requested after the send is on screen.
export function useQueuedTalents(list: { items: readonly TalentSummary[] }, queryKey: QueryKey): QueuedTalents {
  const { entries } = useOutbox();
  const fetching = useIsFetching({ queryKey }) > 0;
  const listedAt = requestedAt(list, useQueryClient().getQueryState(queryKey)?.dataUpdatedAt ?? 0);
  const listed = new Set(list.items.map((talent) => talent.id));

  const drops = entries
    .filter(
      (entry) =>
        entry.kind === 'drop-resume' && (entry.state !== 'sent' || showSentEntry(entry, listed, listedAt, fetching)),
    )
    .sort((a, b) => b.createdAt - a.createdAt);
  const pendingCompletions = entries.filter((entry) => entry.kind === 'profile-completion' && entry.state !== 'sent');
  const byTalent = new Map<number, OutboxEntry>();
  const completions: OutboxEntry[] = [];
  for (const entry of pendingCompletions) {
    const talentId = completionTalentId(entry);
    if (talentId !== null && listed.has(talentId)) byTalent.set(talentId, entry);
    else completions.push(entry);
  }
  return {
    drops,
    completions,
    completionOf: (talentId) => byTalent.get(talentId),
    count: drops.length + completions.length,
  };
}

function QueuedTalentCard({ entry }: { entry: OutboxEntry }) {
  const refusal = entry.state === 'needs-attention' ? outboxErrorText(entry) : null;
  const name = entry.meta.talentName || m.talent_outbox_unnamed();
  return (
    <article
      className="card card-sm border border-dashed border-base-300 bg-base-100"
      data-testid="queued-talent"
      aria-label={name}
    >
      <div className="card-body gap-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="card-title text-base break-words">{name}</h3>
          <OutboxStateBadge state={entry.state} />
        </div>
        {entry.meta.email && <p className="break-all text-sm">{entry.meta.email}</p>}
        {entry.kind === 'drop-resume' && entry.file && (
          <p className="break-all text-xs text-base-content/60">{m.talent_outbox_resume({ name: entry.file.name })}</p>
        )}
        {entry.kind === 'profile-completion' && (
          <p className="text-xs text-base-content/60">{m.talent_outbox_profile_waiting()}</p>
        )}
        {refusal && <p className="text-sm text-error">{refusal}</p>}
        {refusal && entry.kind === 'drop-resume' && entry.meta.taskId && (
          <div className="card-actions justify-end">
            <Link
              to="/manage-task/add/drop-resume"
              search={{ taskId: entry.meta.taskId, entry: entry.id }}
              className="btn btn-sm btn-primary"
            >
              {m.talent_outbox_fix()}
            </Link>
          </div>
        )}
      </div>
    </article>
  );
}

/** Filter-independent: talents added on this device that the server's list does not show yet. */
export function QueuedTalentsSection({ queued }: { queued: QueuedTalents }) {
  if (queued.count === 0) return null;
  return (
    <section className="space-y-2" aria-labelledby="queued-talents-heading" data-testid="queued-talents">
      <div>
        <h2 id="queued-talents-heading" className="font-semibold">
          {m.talent_outbox_folder_heading()}
        </h2>
        <p className="text-sm text-base-content/70">{m.talent_outbox_folder_intro()}</p>
      </div>
      <ul className="grid gap-3 lg:grid-cols-2">
        {[...queued.drops, ...queued.completions].map((entry) => (
          <li key={entry.id}>
            <QueuedTalentCard entry={entry} />
          </li>
        ))}
      </ul>
    </section>
  );
}
