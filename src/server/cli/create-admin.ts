import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import type { AppDeps } from '#src/server/context.ts';
import { appLink } from '#src/server/mail/app-link.ts';
import { isUniqueViolation } from '#src/server/modules/talents/referral-rules.ts';
import { findUserByEmail, insertUser } from '#src/server/modules/users/user.repository.ts';
import { issueOneTimeToken } from '#src/server/security/one-time-tokens.ts';
import { hashPassword } from '#src/server/security/passwords.ts';
import { emailSchema } from '#src/shared/auth-schemas.ts';
import { type AppLocale, LOCALES } from '#src/shared/enums.ts';
import { requiredText } from '#src/shared/form-fields.ts';

// The first admin of a production install (issue 22): production seeds no demo accounts, so
// `npm run create-admin -- --email a@b.c --name "..."` makes one. No password is chosen or printed:
// the account gets an unguessable one nobody knows, and the command prints a single-use link to set
// the real one (the reset-password page). Running it again for the same e-mail changes nothing.

export const SET_PASSWORD_LINK_TTL_SECONDS = 24 * 60 * 60;

const inputSchema = v.object({
  email: emailSchema,
  name: requiredText(120),
  locale: v.optional(v.picklist(LOCALES, 'must be one of en, ms, zh'), 'en'),
});
export type CreateAdminInput = v.InferOutput<typeof inputSchema>;

export const CREATE_ADMIN_USAGE =
  'Usage: npm run create-admin -- --email admin@example.com --name "Full Name" [--locale en|ms|zh]';

/** The command line's options, or a message saying what is wrong with them. */
export function parseCreateAdminArgs(argv: string[]): CreateAdminInput | { error: string } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, name: { type: 'string' }, locale: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    return { error: `${(error as Error).message}\n${CREATE_ADMIN_USAGE}` };
  }
  const result = v.safeParse(inputSchema, values);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `  --${issue.path?.[0]?.key ?? '?'}: ${issue.message}`);
  return { error: `${problems.join('\n')}\n${CREATE_ADMIN_USAGE}` };
}

export type CreateAdminResult =
  | { created: true; userId: number; email: string; link: string; expiresAt: string }
  | { created: false; reason: 'EMAIL_TAKEN'; email: string };

export async function createAdmin(deps: AppDeps, input: CreateAdminInput): Promise<CreateAdminResult> {
  const { db, env, now } = deps;
  const email = input.email;
  if (await findUserByEmail(db, email)) return { created: false, reason: 'EMAIL_TAKEN', email };
  // Never told to anyone: the account is reachable only through the link until its owner sets a password.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const at = now();
  try {
    return await db.transaction().execute(async (trx) => {
      const userId = await insertUser(trx, {
        email,
        passwordHash,
        fullName: input.name,
        phone: null,
        roles: ['ROLE_ADMIN'],
        locale: input.locale,
        aiNoteQuota: env.AI_NOTE_QUOTA,
        // No temporary password: the set-password link below has its own lifetime.
        temporaryPasswordExpiresAt: null,
        now: at.toISOString(),
      });
      const token = await issueOneTimeToken(trx, {
        kind: 'PASSWORD_RESET',
        userId,
        ttlSeconds: SET_PASSWORD_LINK_TTL_SECONDS,
        now: at,
      });
      return {
        created: true as const,
        userId,
        email,
        link: appLink(env.APP_URL, input.locale as AppLocale, `/update-password?token=${token}`),
        expiresAt: new Date(at.getTime() + SET_PASSWORD_LINK_TTL_SECONDS * 1000).toISOString(),
      };
    });
  } catch (error) {
    // The same command run twice at once: the unique e-mail lets one through.
    if (isUniqueViolation(error)) return { created: false, reason: 'EMAIL_TAKEN', email };
    throw error;
  }
}
