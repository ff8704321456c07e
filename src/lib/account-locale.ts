import type { AppLocale } from '#src/shared/enums.ts';
import { api, unwrap } from './api-client';
import { getAuthTokens } from './auth-session';
import { withTimeout } from './with-timeout';

// One language per person (issue 42.7): the account's language is the one the app runs in and the one
// e-mails and pushes are written in. A language chosen with the app's switcher while signed in becomes the
// account's, and so does the language of the page someone signs in from (account-locale-after-sign-in.ts);
// the account page's field does both.

/** How long a switch waits for the account to take the language before switching anyway. */
const SAVE_WAIT_MS = 3_000;

/**
 * Saves `locale` (one of the switcher's) as the signed-in account's language, its time zone kept. Best effort,
 * bounded: offline or signed out, the switch happens on this device only, and the account keeps its language.
 */
export async function saveAccountLocale(locale: AppLocale): Promise<void> {
  if (!getAuthTokens()) return;
  const save = async () => {
    const me = await unwrap(api.api.recruiter.auth.me.$get());
    if (me.locale !== locale)
      await unwrap(api.api.account.preferences.$put({ json: { locale, timezone: me.timezone } }));
  };
  await withTimeout(
    save().catch(() => undefined),
    SAVE_WAIT_MS,
  );
}
