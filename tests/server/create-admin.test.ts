// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { createAdmin, parseCreateAdminArgs } from '#src/server/cli/create-admin.ts';
import { updatePassword } from '#src/server/modules/auth/auth.service.ts';
import { verifyPassword } from '#src/server/security/passwords.ts';
import { createDeps, DATABASES, type TestDeps } from './helpers/mail-helpers';

describe('create-admin arguments', () => {
  it('reads --email, --name and --locale, lower-casing the e-mail', () => {
    expect(parseCreateAdminArgs(['--email', ' Boss@Example.COM ', '--name', 'Nur Aisyah', '--locale', 'ms'])).toEqual({
      email: 'boss@example.com',
      name: 'Nur Aisyah',
      locale: 'ms',
    });
    expect(parseCreateAdminArgs(['--email', 'a@b.co', '--name', 'A'])).toMatchObject({ locale: 'en' });
  });

  it('says what is wrong and how to call it', () => {
    const missing = parseCreateAdminArgs(['--email', 'a@b.co']);
    expect(missing).toEqual({ error: expect.stringMatching(/--name[\s\S]*Usage: npm run create-admin/) });
    expect(parseCreateAdminArgs(['--email', 'not-an-email', '--name', 'A'])).toEqual({
      error: expect.stringMatching(/--email: email_invalid/),
    });
    expect(parseCreateAdminArgs(['--mail', 'a@b.co'])).toEqual({ error: expect.stringMatching(/Usage/) });
  });
});

describe.each(DATABASES)('create-admin on %s', (kind) => {
  let deps: TestDeps;
  afterEach(async () => {
    await deps.close();
  });

  const users = () => deps.db.selectFrom('users').selectAll().execute();

  it('creates an active admin who must choose a password through a single-use link', async () => {
    deps = await createDeps(kind);
    const result = await createAdmin(deps, { email: 'boss@example.com', name: 'Nur Aisyah', locale: 'ms' });
    if (!result.created) throw new Error('not created');
    expect(result.link).toMatch(/^https:\/\/recruiter\.example\/ms\/update-password\?token=[\w-]{20,}$/);
    expect(result.expiresAt).toBe('2026-11-23T02:00:00.000Z'); // 24 hours
    const [user] = await users();
    expect(user).toMatchObject({
      email: 'boss@example.com',
      full_name: 'Nur Aisyah',
      roles: JSON.stringify(['ROLE_ADMIN']),
      status: 'ACTIVE',
      need_to_change_password: 1,
      locale: 'ms',
    });
    // The link is an ordinary password link: it sets the password once, then is spent.
    const token = new URL(result.link).searchParams.get('token') ?? '';
    await updatePassword(deps, token, 'Chosen-by-the-boss#1');
    const [after] = await users();
    expect(after?.need_to_change_password).toBe(0);
    expect(await verifyPassword(after?.password_hash ?? null, 'Chosen-by-the-boss#1')).toBe(true);
    await expect(updatePassword(deps, token, 'Another-one#2')).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('refuses an e-mail that already has an account and changes nothing, even when run twice at once', async () => {
    deps = await createDeps(kind);
    const input = { email: 'boss@example.com', name: 'Nur Aisyah', locale: 'en' as const };
    const results = await Promise.all([createAdmin(deps, input), createAdmin(deps, input)]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const before = await users();
    const tokens = await deps.db.selectFrom('one_time_tokens').selectAll().execute();

    const again = await createAdmin(deps, { ...input, email: 'BOSS@example.com'.toLowerCase(), name: 'Someone Else' });
    expect(again).toEqual({ created: false, reason: 'EMAIL_TAKEN', email: 'boss@example.com' });
    expect(await users()).toEqual(before);
    expect(await deps.db.selectFrom('one_time_tokens').selectAll().execute()).toEqual(tokens);
    expect(before).toHaveLength(1);
  });
});
