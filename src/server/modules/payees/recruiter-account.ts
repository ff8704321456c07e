import type { DB } from '#src/server/db/connect.ts';
import { notFound } from '#src/server/errors.ts';
import type { AppLocale } from '#src/shared/enums.ts';

/** The account of a user who is a recruiter, as the payee and statement calls need it. */
export type RecruiterAccount = { id: number; fullName: string; email: string; locale: AppLocale };

/** The recruiter with this id; 404 for an unknown id or a user who is no recruiter (an admin's own id). */
export async function recruiterAccountOr404(db: DB, id: number): Promise<RecruiterAccount> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'locale', 'roles'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || !(JSON.parse(row.roles) as string[]).includes('ROLE_RECRUITER')) throw notFound('Recruiter');
  return { id: row.id, fullName: row.full_name, email: row.email, locale: row.locale as AppLocale };
}
