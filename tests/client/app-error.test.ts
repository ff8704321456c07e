import { describe, expect, it } from 'vitest';
import { AppError, asAppError, errorMessage, toAppError } from '#src/lib/app-error.ts';
import { fieldErrors, fieldMessage } from '#src/lib/field-errors.ts';
import '#src/lib/signed-in-error-messages.ts';
import '#src/lib/write-error-messages.ts';
// Registers the account screen's field messages, among them the refusal of a guessable password.
import '#src/features/account/api.ts';
// …and the login's own (an expired temporary password).
import '#src/features/auth/api.ts';
import { ERROR_CODES } from '#src/shared/error-codes.ts';

describe('client AppError', () => {
  it('turns an API error answer into an AppError with its fields', async () => {
    const response = new Response(
      JSON.stringify({
        success: false,
        error: { code: 'VALIDATION_FAILED', message: 'x', fields: { email: 'email_invalid' } },
      }),
      { status: 400 },
    );
    const error = await toAppError(response);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, fields: { email: 'email_invalid' } });
    expect(fieldErrors(error.fields)).toEqual({ email: 'Please enter a valid e-mail address.' });
  });

  it('keeps the status of an answer that is not ours', async () => {
    const error = await toAppError(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(error).toMatchObject({ code: 'UNKNOWN_ERROR', status: 502 });
  });

  it('shows the localised message of a code, else the seed’s generic message', () => {
    expect(errorMessage(new AppError('RATE_LIMITED', 429, 'x'))).toBe(
      'Too many attempts. Please wait a moment and try again.',
    );
    expect(errorMessage(new AppError('RESUME_TOO_LARGE', 413, 'x'))).toBe(
      'Resume exceeds the file size limit of 5MB. Please upload a smaller file.',
    );
    expect(errorMessage(new AppError('INTERNAL_ERROR', 500, 'x'))).toBe('An error has been occured. Please try again.');
    expect(errorMessage(new Error('bug'))).toBe('An error has been occured. Please try again.');
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(
      'You seem to be offline. Check your connection and try again.',
    );
    expect(asAppError(new TypeError('Failed to fetch')).code).toBe('NETWORK_ERROR');
  });

  it('localises the field keys of the shared schemas', () => {
    expect(fieldMessage('password_rule')).toBe(
      'At least 8 characters, with a letter, a digit and a special character.',
    );
    expect(fieldMessage('password_mismatch')).toBe('The passwords do not match.');
    // The server's refusal of a guessable password (issue 22) reads as what to do, not "not valid"
    // (registered by the screens that can meet it: Account and the set-password link).
    expect(fieldMessage('password_common')).toMatch(/^This password is too common or easy to guess\./);
    expect(fieldMessage('password_personal')).toMatch(/^A password may not be your name or your e-mail address/);
    expect(fieldMessage('constructor')).toBe('This field is not valid.');
  });

  // The messages are in three tables (app-error.ts for the guest pages' codes, signed-in-error-messages.ts
  // for the app's screens', write-error-messages.ts for codes only writes meet): a code added to the API
  // without a message in one of them would show the generic text.
  it('has a message of its own for every code the API answers with, but the server failures', () => {
    const generic = errorMessage(new AppError('INTERNAL_ERROR', 500, 'x'));
    const withoutOwn = ERROR_CODES.filter((code) => errorMessage(new AppError(code, 400, 'x')) === generic);
    expect(withoutOwn).toEqual(['SERVICE_UNAVAILABLE', 'INTERNAL_ERROR']);
    for (const code of ['NETWORK_ERROR', 'STORAGE_FAILED', 'OUTBOX_TOO_OLD'] as const)
      expect(errorMessage(new AppError(code, 0, 'x'))).not.toBe(generic);
  });
});
