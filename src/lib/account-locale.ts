import { type AppLocale, LOCALES } from '#src/shared/enums.ts';
import { api, unwrap } from './api-client';
import { getAuthTokens } from './auth-session';
import { withTimeout } from './with-timeout';

// One language per person (issue 42.7): the account's language is the one the app runs in and the one
// e-mails and pushes are written in. A language chosen with the app's switcher while signed in becomes the
// account's; at sign-in the app takes the account's (login-page.tsx); the account page's field does both.

const isAppLocale = (value: string): value is AppLocale => (LOCALES as readonly string[]).includes(value);

/** How long a switch waits for the account to take the language before switching anyway. */
const SAVE_WAIT_MS = 3_000;

/**
 * Saves `locale` as the signed-in account's language (its time zone kept). Best effort, bounded: offline or
 * signed out, the switch happens on this device only, and the account keeps the language it had.
 */
export async function saveAccountLocale(locale: string): Promise<void> {
  if (!getAuthTokens() || !isAppLocale(locale)) return;
  const save = async () => {
    const me = await unwrap(api.api.recruiter.auth.me.$get());
    if (me.locale === locale) return;
    await unwrap(api.api.account.preferences.$put({ json: { locale, timezone: me.timezone } }));
  };
  await withTimeout(
    save().catch(() => undefined),
    SAVE_WAIT_MS,
  );
}
