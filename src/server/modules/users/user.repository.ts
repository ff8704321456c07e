import type { AuthUser } from '../../../shared/auth-schemas';
import type { Role, UserStatus } from '../../../shared/enums';
import type { DB } from '../../db/connect';
import type { User } from '../../db/database';
import { preparedFirst } from '../../db/prepared-query';

export const findUserByEmail = (db: DB, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

export const findUserById = preparedFirst((db: DB, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id),
);

export function toAuthUser(user: User): AuthUser {
  return {
    id: user.id,
    email: user.email,
    fullName: user.full_name,
    phone: user.phone,
    roles: JSON.parse(user.roles) as Role[],
    status: user.status as UserStatus,
    needToChangePassword: user.need_to_change_password === 1,
    remainingAiNoteImprovement: user.remaining_ai_note_improvement,
    locale: user.locale,
    timezone: user.timezone,
  };
}
