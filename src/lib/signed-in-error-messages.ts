import { m } from '#src/paraglide/messages.js';
import { registerErrorMessages } from './app-error';

// The messages of error codes only a signed-in user's calls meet: a refresh that failed, a record gone or
// changed meanwhile, a role's refusal, an upload over the limit. Imported by the app's root route
// (routes/__root.tsx), so every screen of the app's route tree has them; the guest's first router (login,
// reset and update password: guest-router.tsx) does without them (issue 28).
registerErrorMessages({
  REFRESH_TOKEN_REUSED: m.error_refresh_token_reused,
  SESSION_EXPIRED: m.error_session_expired,
  FORBIDDEN: m.error_forbidden,
  NOT_FOUND: m.error_not_found,
  CONFLICT: m.error_conflict,
  PAYLOAD_TOO_LARGE: m.error_payload_too_large,
});
