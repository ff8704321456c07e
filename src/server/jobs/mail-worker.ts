import type { AppDeps } from '../context';

// Sends what the outbox holds. TODO(helper): filled in by the mail work.
export function startMailWorker(_deps: AppDeps): { stop(): Promise<void> } {
  return { stop: async () => {} };
}
