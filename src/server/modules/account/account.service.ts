import type * as v from 'valibot';
import type { AppDeps, AuthContextUser } from '#src/server/context.ts';
import type { User } from '#src/server/db/database.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import { hitRateLimit, type RateRule, refundAttempt } from '#src/server/middleware/rate-limit.ts';
import { toUserIdentity } from '#src/server/modules/users/user.repository.ts';
import { openPayout, sealPayout } from '#src/server/personal-data/sealed-details.ts';
import { passwordProblem } from '#src/server/security/guessable-password.ts';
import { hashPassword, verifyPassword } from '#src/server/security/passwords.ts';
import { type SealingKeys, sealingKeysOf } from '#src/server/security/sealing.ts';
import {
  type accountPayoutSchema,
  type accountPreferencesSchema,
  type accountProfileSchema,
  maskAccountNumber,
} from '#src/shared/account-schemas.ts';
import type { AccountProfile, PasswordChanged } from '#src/shared/account-types.ts';
import { DEFAULT_TIMEZONE } from '#src/shared/constants.ts';
import type { AppLocale } from '#src/shared/enums.ts';
import { findAccount, revokeOtherSessions, updateAccount } from './account.repository';

// Wrong current passwords count per account, as wrong login passwords do: a stolen session must not
// become a way to guess the password.
const CURRENT_PASSWORD_RULE: RateRule = { name: 'account-password', limit: 10, windowMs: 15 * 60_000 };

export function toAccountProfile(user: User, keys: SealingKeys): AccountProfile {
  // Sealed at rest (issue 46); the number leaves the server masked only.
  const stored = openPayout(keys, user.id, user.payout_sealed);
  const payout =
    stored && stored.bankName !== null && stored.accountName !== null && stored.accountNumber !== null
      ? {
          bankName: stored.bankName,
          accountName: stored.accountName,
          accountNumberMasked: maskAccountNumber(stored.accountNumber),
        }
      : null;
  return {
    ...toUserIdentity(user),
    locale: user.locale as AppLocale,
    timezone: user.timezone || DEFAULT_TIMEZONE,
    remainingAiNoteImprovement: user.remaining_ai_note_improvement,
    payout,
  };
}

async function load(deps: AppDeps, userId: number): Promise<AccountProfile> {
  const user = await findAccount(deps.db, userId);
  if (!user) throw notFound('Account');
  return toAccountProfile(user, sealingKeysOf(deps.env));
}

export const getAccount = (deps: AppDeps, userId: number) => load(deps, userId);

export async function updateProfile(
  deps: AppDeps,
  userId: number,
  input: v.InferOutput<typeof accountProfileSchema>,
): Promise<AccountProfile> {
  await updateAccount(deps.db, userId, {
    full_name: input.fullName,
    phone: input.phone,
    updated_at: deps.now().toISOString(),
  });
  return load(deps, userId);
}

export async function updatePayout(
  deps: AppDeps,
  userId: number,
  input: v.InferOutput<typeof accountPayoutSchema>,
): Promise<AccountProfile> {
  await updateAccount(deps.db, userId, {
    payout_sealed: sealPayout(sealingKeysOf(deps.env), userId, {
      bankName: input.bankName,
      accountName: input.accountName,
      accountNumber: input.accountNumber,
    }),
    updated_at: deps.now().toISOString(),
  });
  return load(deps, userId);
}

export async function updatePreferences(
  deps: AppDeps,
  userId: number,
  input: v.InferOutput<typeof accountPreferencesSchema>,
): Promise<AccountProfile> {
  await updateAccount(deps.db, userId, {
    locale: input.locale,
    timezone: input.timezone,
    updated_at: deps.now().toISOString(),
  });
  return load(deps, userId);
}

export async function changePassword(
  deps: AppDeps,
  user: AuthContextUser,
  input: { currentPassword: string; newPassword: string },
): Promise<PasswordChanged> {
  const { db, now } = deps;
  const subject = String(user.id);
  // Counted before the check and given back when right, so parallel guesses check no more than the limit.
  const attemptAt = now().getTime();
  await hitRateLimit(db, CURRENT_PASSWORD_RULE, subject, attemptAt);
  const account = await findAccount(db, user.id);
  if (!account) throw notFound('Account');
  if (!(await verifyPassword(account.password_hash, input.currentPassword))) {
    // 422, not 401: a 401 would make the client refresh its session and then log the user out.
    throw new AppError('VALIDATION_FAILED', 422, 'The current password is incorrect.', {
      currentPassword: 'current_password_wrong',
    });
  }
  // The current password was right: this attempt is not a guess.
  await refundAttempt(db, CURRENT_PASSWORD_RULE, subject, attemptAt);
  const problem = passwordProblem(input.newPassword, [account.full_name, account.email]);
  if (problem) {
    throw new AppError(
      'VALIDATION_FAILED',
      422,
      problem === 'password_personal'
        ? 'This password is made of your name or e-mail address.'
        : 'This password is too common or easy to guess.',
      { newPassword: problem },
    );
  }
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (trx) => {
    const at = now().toISOString();
    await updateAccount(trx, user.id, {
      password_hash: passwordHash,
      need_to_change_password: 0,
      temporary_password_expires_at: null,
      updated_at: at,
    });
    // Whoever knew the old password is logged out everywhere else; this device stays signed in.
    const endedSessions = await revokeOtherSessions(trx, user.id, user.sessionId, 'PASSWORD_CHANGED', at);
    return { endedSessions };
  });
}
