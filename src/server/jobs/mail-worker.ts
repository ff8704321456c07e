import type { AppDeps } from '#src/server/context.ts';
import type { EmailOutboxRow } from '#src/server/db/database.ts';
import type { EmailTemplate } from '#src/server/mail/outbox.ts';
import { renderEmail } from '#src/server/mail/templates.ts';
import { createMailTransport, type MailTransport } from '#src/server/mail/transport.ts';
import { loggedError, logger } from '#src/server/observability/logger.ts';
import { jobFailures } from '#src/server/observability/metrics.ts';
import { isReferralClosed } from '#src/shared/recruiter-types.ts';
import { claimDueRows } from './outbox-claim';
import { startPassLoop } from './pass-loop';

// Sends what the outbox holds. Safe with several instances: each row is claimed with a lease first
// (outbox-claim.ts).
export const MAIL_MAX_ATTEMPTS = 8;
export const MAIL_LEASE_MS = 2 * 60_000;
const BASE_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;

export type { MailTransport } from '#src/server/mail/transport.ts';

// 30 s · 2^attempts, capped at 1 h, ±20 % so instances that failed together do not retry together.
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BASE_RETRY_MS * 2 ** attempts, MAX_RETRY_MS);
  return Math.round(base * (1 + (random() * 2 - 1) * 0.2));
}

export function startMailWorker(
  deps: AppDeps,
  options: { intervalMs?: number; transport?: MailTransport; batchSize?: number } = {},
): { stop(): Promise<void>; runOnce(): Promise<number> } {
  const transport = options.transport ?? createMailTransport(deps.env);
  const intervalMs = options.intervalMs ?? 2000;
  const batchSize = options.batchSize ?? 20;
  const loop = startPassLoop(() => processDueEmails(deps, transport, { batchSize }), {
    intervalMs,
    batchSize,
    onError: (error) => {
      jobFailures.labels('mail_pass').inc();
      logger.error({ area: 'mail', error: loggedError(error) }, 'worker pass failed');
    },
  });
  return {
    runOnce: loop.runOnce,
    async stop() {
      await loop.stop();
      if (!options.transport) transport.close();
    },
  };
}

// One pass: claim what is due, send it, record the outcome. Returns how many were sent.
export async function processDueEmails(
  deps: AppDeps,
  transport: MailTransport,
  options: { batchSize?: number } = {},
): Promise<number> {
  const rows = await claimDueEmails(deps, options.batchSize ?? 20);
  let sent = 0;
  for (const row of rows) {
    if (await sendOne(deps, transport, row)) sent += 1;
  }
  return sent;
}

async function claimDueEmails(deps: AppDeps, batchSize: number): Promise<EmailOutboxRow[]> {
  const ids = await claimDueRows(deps.db, 'email_outbox', { now: deps.now(), leaseMs: MAIL_LEASE_MS, batchSize });
  if (ids.length === 0) return [];
  return deps.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .execute();
}

async function sendOne(deps: AppDeps, transport: MailTransport, row: EmailOutboxRow): Promise<boolean> {
  const { db, env } = deps;
  if (await askTalentOfClosedReferral(deps, row)) {
    await db
      .updateTable('email_outbox')
      .set({
        status: 'CANCELLED',
        locked_until: null,
        last_error: 'referral closed before sending',
        payload: withoutSecrets(row.payload),
      })
      .where('id', '=', row.id)
      .execute();
    return false;
  }
  let mail: ReturnType<typeof renderEmail>;
  try {
    mail = renderEmail(row.template as EmailTemplate, row.locale, JSON.parse(row.payload), { appUrl: env.APP_URL });
  } catch (error) {
    // A row that cannot be rendered never will be: keep it FAILED for an admin to see instead of retrying.
    await db
      .updateTable('email_outbox')
      .set({ status: 'FAILED', attempts: row.attempts + 1, locked_until: null, last_error: errorText(error) })
      .where('id', '=', row.id)
      .execute();
    jobFailures.labels('mail').inc();
    logger.warn(
      { area: 'mail', outboxId: row.id, template: row.template, error: errorText(error) },
      'cannot be rendered',
    );
    return false;
  }

  try {
    await transport.send(
      {
        from: env.MAIL_FROM,
        to: row.to_address,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<outbox-${row.id}.${Date.parse(row.created_at)}@${new URL(env.APP_URL).hostname}>`,
        headers: unsubscribeHeaders(row.payload, env.APP_URL),
      },
      { id: row.id, now: deps.now() },
    );
  } catch (error) {
    const attempts = row.attempts + 1;
    const at = deps.now();
    const failed = attempts >= MAIL_MAX_ATTEMPTS;
    await db
      .updateTable('email_outbox')
      .set({
        status: failed ? 'FAILED' : 'PENDING',
        attempts,
        locked_until: null,
        last_error: errorText(error),
        next_attempt_at: failed ? row.next_attempt_at : new Date(at.getTime() + retryDelayMs(attempts)).toISOString(),
      })
      .where('id', '=', row.id)
      .execute();
    // An SMTP refusal often quotes the recipient: the log gets the error without any address (PDPA).
    jobFailures.labels('mail').inc();
    logger.warn(
      {
        area: 'mail',
        outboxId: row.id,
        template: row.template,
        attempt: attempts,
        maxAttempts: MAIL_MAX_ATTEMPTS,
        gaveUp: failed,
        error: errorText(error).replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '<address>'),
      },
      'delivery failed',
    );
    return false;
  }

  await db
    .updateTable('email_outbox')
    .set({
      status: 'SENT',
      attempts: row.attempts + 1,
      sent_at: deps.now().toISOString(),
      locked_until: null,
      last_error: null,
      payload: withoutSecrets(row.payload),
    })
    .where('id', '=', row.id)
    .execute();
  return true;
}

// What an e-mail carried that would open an account or a talent's answer page: once it is sent (or will
// never be), the outbox keeps the rest of the payload for support, not these (issue 22, finding 7). The
// one-time tokens themselves are stored only as hashes; a link or a temporary password in plain text here
// would outlive their use in every backup.
const SECRET_KEYS = new Set(['link', 'temporaryPassword', 'preferencesLink']);

export function withoutSecrets(payload: string): string {
  try {
    const values = JSON.parse(payload) as Record<string, unknown>;
    for (const [key, value] of Object.entries(values)) {
      if (SECRET_KEYS.has(key) || (typeof value === 'string' && /[?&]token=/.test(value))) values[key] = '[removed]';
    }
    return JSON.stringify(values);
  } catch {
    return '{}';
  }
}

/**
 * A notification e-mail (one with a preferences link) says how to stop it in its headers too, so mail
 * apps show their own "Unsubscribe" button; its one-click POST (RFC 8058) goes to the API, not the page.
 */
export function unsubscribeHeaders(payload: string, appUrl: string): Record<string, string> | undefined {
  try {
    const link = (JSON.parse(payload) as { preferencesLink?: unknown }).preferencesLink;
    if (typeof link !== 'string') return undefined;
    const target = new URL('/api/public/notifications/unsubscribe', appUrl);
    target.search = new URL(link).search;
    return { 'List-Unsubscribe': `<${target}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
  } catch {
    return undefined;
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

// A consent or ITA request queued before the referral became final (hired, rejected, withdrawn, paid) asks
// the talent about something that is over (PRODUCT.md, final referrals): it is not sent.
async function askTalentOfClosedReferral(deps: AppDeps, row: EmailOutboxRow): Promise<boolean> {
  if (row.template !== 'consent_request' && row.template !== 'ita_request') return false;
  const referralId = Number((JSON.parse(row.payload) as { referralId?: unknown }).referralId);
  if (!Number.isInteger(referralId)) return false;
  const referral = await deps.db
    .selectFrom('referrals')
    .select(['hiring_status as hiringStatus', 'reward_status as rewardStatus'])
    .where('id', '=', referralId)
    .executeTakeFirst();
  return referral !== undefined && isReferralClosed(referral);
}
