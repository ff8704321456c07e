import type { DB } from '#src/server/db/connect.ts';
import type { User } from '#src/server/db/database.ts';
import { preparedFirst } from '#src/server/db/prepared-query.ts';
import type { AuthUser, UserIdentity } from '#src/shared/auth-schemas.ts';
import { DEFAULT_TIMEZONE } from '#src/shared/constants.ts';
import type { Role, UserStatus } from '#src/shared/enums.ts';

export const findUserByEmail = (db: DB, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

export const findUserById = preparedFirst((db: DB, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id),
);

/**
 * A new account that must set its own password at first login: an invited recruiter (with a temporary
 * password that expires) or a production install's first admin (a random password nobody knows, reached
 * through a set-password link). One insert for both, so an account never misses a column's rule.
 */
export async function insertUser(
  db: DB,
  values: {
    email: string;
    passwordHash: string;
    fullName: string;
    phone: string | null;
    roles: Role[];
    locale: string;
    aiNoteQuota: number;
    temporaryPasswordExpiresAt: string | null;
    now: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: values.email.toLowerCase(),
      password_hash: values.passwordHash,
      full_name: values.fullName,
      phone: values.phone,
      roles: JSON.stringify(values.roles),
      status: 'ACTIVE',
      need_to_change_password: 1,
      temporary_password_expires_at: values.temporaryPasswordExpiresAt,
      remaining_ai_note_improvement: values.aiNoteQuota,
      locale: values.locale,
      timezone: DEFAULT_TIMEZONE,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const toUserIdentity = (user: User): UserIdentity => ({
  id: user.id,
  email: user.email,
  fullName: user.full_name,
  phone: user.phone,
  roles: JSON.parse(user.roles) as Role[],
});

export function toAuthUser(user: User): AuthUser {
  return {
    ...toUserIdentity(user),
    status: user.status as UserStatus,
    needToChangePassword: user.need_to_change_password === 1,
    remainingAiNoteImprovement: user.remaining_ai_note_improvement,
    locale: user.locale,
    timezone: user.timezone,
  };
}
