// Business constants of the seed (section 9) and PRODUCT.md.
export const APP_NAME = 'Recruiter';
export const THEME_COLOR = '#2D3CFE';
export const DEFAULT_TIMEZONE = 'Asia/Kuala_Lumpur';
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export const RESUME_MAX_BYTES = 5_000_000;
export const CALL_PROOF_MAX_BYTES = 5_000_000;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60; // 604800, the seed's session cookie duration
export const REMEMBER_ME_TTL_SECONDS = 30 * 24 * 60 * 60;
export const REFRESH_REUSE_GRACE_SECONDS = 30;
/**
 * A session unused for longer than this ends (issue 22 finding 14), checked at refresh and on every call. A login
 * without remember-me is one sitting: a day idle ends it, so a phone or shared computer left signed in
 * is not signed in the next morning. Remember-me asks to stay signed in on this device, so it allows a
 * week between uses (a recruiter who opens the app twice a week stays in), still well inside its
 * 30-day absolute lifetime.
 */
export const SESSION_IDLE_TTL_SECONDS = 24 * 60 * 60;
export const REMEMBER_ME_IDLE_TTL_SECONDS = 7 * 24 * 60 * 60;
export const idleTtlSeconds = (rememberMe: boolean) =>
  rememberMe ? REMEMBER_ME_IDLE_TTL_SECONDS : SESSION_IDLE_TTL_SECONDS;
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const AUTH_COOKIE_NAME = 'recruiter_auth';
/**
 * Issue 22, finding 9: the app's refresh token lives only in an HttpOnly cookie of this name (with the
 * `__Host-` prefix when the app is served over https), which script cannot read. The app asks for it with
 * this request header on login, refresh and logout; without the header the calls answer as the seed says.
 */
export const REFRESH_COOKIE_NAME = 'recruiter_refresh';
export const TOKEN_STORAGE_HEADER = 'x-token-storage';
export const LOCALE_COOKIE_NAME = 'PARAGLIDE_LOCALE';

export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
export const PASSWORD_SETUP_TTL_SECONDS = 24 * 60 * 60;
/** How long an invited recruiter's temporary password logs in (issue 22): the invitation says until when. */
export const INVITATION_PASSWORD_TTL_SECONDS = 7 * 24 * 60 * 60;
export const CONSENT_TOKEN_TTL_SECONDS = 72 * 60 * 60;

export const TOAST_TIMEOUT_MS = 5000;
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 2000;
export const STREAM_RECONNECT_DELAY_MS = 2000;
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export const DEFAULT_AI_NOTE_QUOTA = 20;

// Consent and ITA links (PRODUCT.md "Tokens and links"). The notice version is recorded with every
// answer as PDPA proof: the date (Malaysia) the consent text in messages/*.json last changed, never later
// than the day it ships (tests/client/consent-notice-version.test.ts holds the text it dates).
export const ITA_TOKEN_TTL_SECONDS = 72 * 60 * 60;
export const TALENT_NOTICE_VERSION = '2026-11-29';
/** A recruiter may resend a referral's consent or ITA link at most once per 10 minutes. */
export const LINK_RESEND_INTERVAL_SECONDS = 10 * 60;

/** The server keeps each Idempotency-Key (and its answer) at least this long (issue 4). */
export const IDEMPOTENCY_KEEP_DAYS = 7;

/** A calendar month as `YYYY-MM` (Admin › Insight's period; shared/insight.ts). */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
