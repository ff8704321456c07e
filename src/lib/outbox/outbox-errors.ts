import { AppError, errorMessage } from '#src/lib/app-error.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import type { OutboxEntry, OutboxError } from './outbox-types';
import '#src/lib/write-error-messages.ts';

// An outbox entry's stored refusal as the AppError the forms and messages already understand.
export const outboxAppError = (error: OutboxError): AppError =>
  new AppError(error.code as AppError['code'], error.status, error.message, error.fields);

/** The server's refusal of an entry, localised: its code's message, then its field messages. */
export function outboxErrorText(entry: OutboxEntry): string | null {
  if (!entry.error) return null;
  const fields = Object.values(fieldErrors(entry.error.fields));
  return [errorMessage(outboxAppError(entry.error)), ...fields].join(' ');
}

/** Writing to the outbox failed (no IndexedDB, or the device's storage is full): nothing was queued. */
export class OutboxStorageError extends AppError {
  constructor(cause: unknown) {
    super('STORAGE_FAILED', 0, cause instanceof Error ? cause.message : String(cause));
    this.name = 'OutboxStorageError';
  }
}
