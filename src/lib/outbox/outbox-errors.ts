import { m } from '../../paraglide/messages';
import { AppError } from '../app-error';
import type { OutboxError } from './outbox-types';

// An outbox entry's stored refusal as the AppError the forms and messages already understand.
export const outboxAppError = (error: OutboxError): AppError =>
  new AppError(error.code as AppError['code'], error.status, error.message, error.fields);

/** Writing to the outbox failed (no IndexedDB, or the device's storage is full). */
export class OutboxStorageError extends AppError {
  constructor(cause: unknown) {
    super('UNKNOWN_ERROR', 0, cause instanceof Error ? cause.message : String(cause));
    this.name = 'OutboxStorageError';
  }
}

export const outboxStorageMessage = (): string => m.outbox_storage_failed();
