import { m } from '#src/paraglide/messages.js';
import type { ApiErrorBody } from '#src/shared/api-response.ts';
import type { ErrorCode } from '#src/shared/error-codes.ts';
import { isServerUnreachable } from './server-reachability';

// The client side of the one error type (ARCHITECTURE.md convention 6): a non-ok API answer becomes
// an AppError, and the UI shows `errorMessage(error)`, never the server's English text.
// STORAGE_FAILED and OUTBOX_TOO_OLD come from the device's outbox, never from the server.
export type ClientErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNKNOWN_ERROR' | 'STORAGE_FAILED' | 'OUTBOX_TOO_OLD';

export class AppError extends Error {
  constructor(
    readonly code: ClientErrorCode,
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

// Turns a non-ok answer `{ success: false, error: { code, message, fields } }` into an AppError.
// An answer that is not our JSON (a proxy's HTML page, an empty 502) keeps its status with UNKNOWN_ERROR.
export async function toAppError(response: Response): Promise<AppError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // not JSON: handled below
  }
  const error = (body as Partial<ApiErrorBody> | null)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    return new AppError(error.code, response.status, error.message, error.fields);
  }
  return new AppError('UNKNOWN_ERROR', response.status, `HTTP ${response.status}`);
}

// Anything thrown around a call (fetch's TypeError when offline, an AppError, a bug) as an AppError.
export function asAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof TypeError || (error instanceof DOMException && error.name === 'NetworkError')) {
    return new AppError('NETWORK_ERROR', 0, error.message);
  }
  return new AppError('UNKNOWN_ERROR', 0, error instanceof Error ? error.message : String(error));
}

// Codes without their own message (INTERNAL_ERROR, SERVICE_UNAVAILABLE, UNKNOWN_ERROR) fall back to
// the seed's generic message. A map, not a dynamic key lookup, so the bundler keeps only what is used.
// Here: the codes the guest pages' calls can meet (login, reset and update password, which a guest's first
// load runs without the app's router: guest-router.tsx). The codes only a signed-in user's calls meet
// are registered by the app's route tree (signed-in-error-messages.ts), and those only a recruiter's writes
// meet (uploads, referrals, the note assistant, the outbox) by the modules that make those writes
// (write-error-messages.ts), so the login page carries neither.
const CODE_MESSAGES: Partial<Record<ClientErrorCode, () => string>> = {
  NETWORK_ERROR: m.error_network_error,
  BAD_REQUEST: m.error_bad_request,
  VALIDATION_FAILED: m.error_validation_failed,
  UNAUTHORIZED: m.error_unauthorized,
  INVALID_CREDENTIALS: m.error_invalid_credentials,
  ACCOUNT_DEACTIVATED: m.error_account_deactivated,
  TOKEN_EXPIRED: m.error_token_expired,
  INVALID_TOKEN: m.error_invalid_token,
  RATE_LIMITED: m.error_rate_limited,
};

/** Modules whose calls meet codes of their own register their messages once, at module load. */
export function registerErrorMessages(messages: Partial<Record<ClientErrorCode, () => string>>): void {
  Object.assign(CODE_MESSAGES, messages);
}

/**
 * The app cannot reach its server: the browser says it has no network (the one place the app asks; tests
 * stub `navigator.onLine`), or the last request got no answer although the browser says online (issue 21).
 */
export const isBrowserOffline = (): boolean =>
  (typeof navigator !== 'undefined' && navigator.onLine === false) || isServerUnreachable();

/** A call that failed because the device is offline: it needs a connection, not another try now. */
export function isOfflineError(error: unknown): boolean {
  return isBrowserOffline() && asAppError(error).code === 'NETWORK_ERROR';
}

/** The localised message for any error: its code's message, else the seed's generic one. */
export function errorMessage(error: unknown): string {
  if (isOfflineError(error)) return m.offline_needs_connection();
  const code = error instanceof AppError ? error.code : asAppError(error).code;
  return (CODE_MESSAGES[code] ?? m.error_generic)();
}
