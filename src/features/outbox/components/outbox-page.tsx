import { useId, useState } from 'react';
import { EmptyState } from '#src/components/list/empty-state.tsx';
import { retryNow } from '#src/lib/outbox/outbox-runner.ts';
import { isListed, isUnsent } from '#src/lib/outbox/outbox-types.ts';
import { useOutbox } from '#src/lib/outbox/use-outbox.ts';
import { useOnline } from '#src/lib/use-online.ts';
import { m } from '#src/paraglide/messages.js';
import { OutboxEntryCard } from './outbox-entry-card';

// The Outbox: everything this user added on this device that the server has not confirmed yet (and,
// for a day, what it has, with a way to what it made), newest first.
export function OutboxPage() {
  const outbox = useOutbox();
  const { loaded } = outbox;
  // A refusal its form has shown and holds for correction is settled: it is not listed here.
  const entries = outbox.entries.filter(isListed);
  const online = useOnline();
  const [retrying, setRetrying] = useState(false);
  const offlineReasonId = useId();

  const sorted = [...entries].sort((a, b) => b.createdAt - a.createdAt);
  const anyWaiting = entries.some((entry) => entry.state === 'waiting');
  const allSent = loaded && !entries.some(isUnsent);

  const retry = async () => {
    setRetrying(true);
    try {
      await retryNow();
    } finally {
      setRetrying(false);
    }
  };

  return (
    <section className="mx-auto max-w-2xl space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold">{m.title_outbox()}</h1>
          <p className="text-sm text-base-content/70">{m.outbox_intro()}</p>
        </div>
        {anyWaiting && (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => void retry()}
            disabled={!online || retrying}
            aria-describedby={online ? undefined : offlineReasonId}
          >
            {retrying && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {m.outbox_retry_now()}
          </button>
        )}
      </div>
      {anyWaiting && !online && (
        <p id={offlineReasonId} className="text-sm text-base-content/70">
          {m.outbox_retry_offline()}
        </p>
      )}

      {!loaded ? (
        <p className="flex items-center gap-2" role="status">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          {m.outbox_loading()}
        </p>
      ) : sorted.length === 0 ? (
        <EmptyState title={m.outbox_empty()} />
      ) : (
        <>
          {allSent && (
            <p role="status" className="alert alert-soft alert-success py-2 text-sm">
              {m.outbox_empty()}
            </p>
          )}
          <ul className="space-y-3" aria-label={m.outbox_list_label()}>
            {sorted.map((entry) => (
              <OutboxEntryCard key={entry.id} entry={entry} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
