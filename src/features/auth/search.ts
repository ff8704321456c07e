// The guest pages' search params, one definition for both routers that serve them: the app's file routes
// (src/routes/_guest/login.tsx, src/routes/update-password.tsx) and a guest's first router
// (src/guest-router.tsx). Plain functions, not valibot schemas like the other screens' params: valibot
// is one module, so anything of it in the first router put every valibot function the app uses into
// the first load (issue 28). They read what lib/search-params.ts's optionalStringParam reads.

/** A non-empty string; the router reads `?token=123` as the number 123, which counts as "123". */
function optionalString(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** /login?redirect=…: where to go back after logging in (made safe by safeRedirectPath). */
export const loginSearch = (search: Record<string, unknown>): { redirect?: string } => ({
  redirect: optionalString(search.redirect),
});

/** /update-password?token=…: the reset e-mail's or the temporary password's token. */
export const updatePasswordSearch = (search: Record<string, unknown>): { token?: string } => ({
  token: optionalString(search.token),
});
