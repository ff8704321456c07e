import { getLocale } from '#src/paraglide/runtime.js';
import { saveAccountLocale } from './account-locale';

// One language per person (issue 42.7). Signed in from a page in one language, the person reads the app in
// it: that language becomes the account's, so e-mails and pushes follow (the account page shows it too). The
// login page only marks the sign-in in session storage (its first load is at its budget); the signed-in
// layout then calls this once.
const SIGNED_IN_KEY = 'recruiter.signed-in';

/** Once after a sign-in: the page's language saved as the account's when they differ. */
export async function keepPageLocaleAfterSignIn(accountLocale: string): Promise<void> {
  try {
    if (sessionStorage.getItem(SIGNED_IN_KEY) === null) return;
    sessionStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    return;
  }
  const page = getLocale();
  if (page !== accountLocale) await saveAccountLocale(page);
}
