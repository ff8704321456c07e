import type { OutboxState } from '#src/lib/outbox/outbox-types.ts';
import { m } from '#src/paraglide/messages.js';

// How an outbox entry stands, wherever it is shown (the Outbox screen, a queued talent, a queued call proof).
const STATES: Record<OutboxState, { label: () => string; className: string }> = {
  waiting: { label: m.outbox_state_waiting, className: 'badge-warning' },
  sending: { label: m.outbox_state_sending, className: 'badge-info' },
  'needs-attention': { label: m.outbox_state_needs_attention, className: 'badge-error' },
  sent: { label: m.outbox_state_sent, className: 'badge-success' },
};

export function OutboxStateBadge({ state }: { state: OutboxState }) {
  const { label, className } = STATES[state];
  return (
    <span className={`badge badge-sm badge-soft ${className} whitespace-nowrap`} data-testid="outbox-state">
      {label()}
    </span>
  );
}
