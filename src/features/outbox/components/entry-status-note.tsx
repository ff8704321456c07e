import { errorMessage } from '#src/lib/app-error.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { outboxAppError } from '#src/lib/outbox/outbox-errors.ts';
import type { OutboxEntry } from '#src/lib/outbox/outbox-types.ts';
import '#src/lib/talent-field-messages.ts';
import { canSendAgainAsIs, formatNextTry, namedFieldErrors } from '#src/features/outbox/entry-view.ts';
import { useOnline } from '#src/lib/use-online.ts';
import { m } from '#src/paraglide/messages.js';

// Why an entry is not sent: the server's refusal (needs attention), or the last passing failure of a
// waiting one and when it is tried again.
export function EntryStatusNote({ entry }: { entry: OutboxEntry }) {
  const online = useOnline();
  const { error } = entry;
  if (!error) return null;

  if (entry.state === 'needs-attention') {
    const appError = outboxAppError(error);
    // Read away from its form: each field named, and what to do about it.
    const fields = namedFieldErrors(fieldErrors(error.fields));
    return (
      <div role="alert" className="alert alert-soft alert-error items-start py-2 text-sm" data-testid="outbox-error">
        <div className="min-w-0 space-y-1">
          <p>{errorMessage(appError)}</p>
          {fields.length > 0 && (
            <ul className="list-inside list-disc">
              {fields.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )}
          {!canSendAgainAsIs(error) && <p data-testid="outbox-error-hint">{m.outbox_fix_hint()}</p>}
        </div>
      </div>
    );
  }

  if (entry.state !== 'waiting') return null;
  const time = formatNextTry(entry.nextAttemptAt);
  let text: string;
  if (error.code === 'NETWORK_ERROR') {
    text = online ? m.outbox_waiting_no_connection({ time }) : m.outbox_waiting_offline();
  } else {
    const reason = errorMessage(outboxAppError({ ...error, fields: undefined }));
    text = m.outbox_waiting_error({ reason, time });
  }
  return (
    <p
      className="text-sm text-warning-content/90 rounded-box bg-warning/15 px-3 py-2"
      data-testid="outbox-waiting-note"
    >
      {text}
    </p>
  );
}
