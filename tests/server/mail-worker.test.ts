// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MAIL_LEASE_MS,
  MAIL_MAX_ATTEMPTS,
  processDueEmails,
  retryDelayMs,
  startMailWorker,
} from '#src/server/jobs/mail-worker.ts';
import { type EmailTemplate, enqueueEmail, type OutgoingEmail } from '#src/server/mail/outbox.ts';
import { renderEmail } from '#src/server/mail/templates.ts';
import { createMailTransport, type MailMessage, type MailTransport } from '#src/server/mail/transport.ts';
import { logger } from '#src/server/observability/logger.ts';
import { createDeps, DATABASES, decodeQuotedPrintable, startSmtpServer, type TestDeps } from './helpers/mail-helpers';

const resetEmail = (overrides: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  to: 'siti@example.com',
  locale: 'ms',
  template: 'password_reset',
  payload: {
    name: 'Siti Aminah',
    link: 'https://recruiter.example/ms/update-password?token=abc123def456',
    minutes: 60,
  },
  ...overrides,
});

const outboxRow = (deps: TestDeps) => deps.db.selectFrom('email_outbox').selectAll().executeTakeFirstOrThrow();

// A transport that records or fails, for the cases where the SMTP conversation itself is not the point.
function fakeTransport(fail = false) {
  const sent: MailMessage[] = [];
  const transport: MailTransport = {
    kind: 'smtp',
    async send(message) {
      if (fail) throw new Error('connect ECONNREFUSED 127.0.0.1:1');
      sent.push(message);
    },
    close() {},
  };
  return { transport, sent };
}

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
  vi.restoreAllMocks();
});

describe.each(DATABASES)('mail worker on %s', (kind) => {
  async function setup(env: Record<string, string> = {}) {
    const deps = await createDeps(kind, env);
    cleanups.push(() => deps.close());
    return deps;
  }

  it('delivers a queued Malay password-reset e-mail to a real SMTP server', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.stop());
    const deps = await setup({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    await enqueueEmail(deps.db, resetEmail(), deps.now());
    const transport = createMailTransport(deps.env);

    expect(await processDueEmails(deps, transport)).toBe(1);
    transport.close();

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.to).toEqual(['siti@example.com']);
    expect(mail?.from).toBe('no-reply@recruiter.local');
    const raw = decodeQuotedPrintable(mail?.raw ?? '');
    expect(raw).toContain('Subject: Tetapkan semula kata laluan Recruiter anda');
    expect(raw).toContain('https://recruiter.example/ms/update-password?token=abc123def456');
    expect(raw).toContain('Hai Siti Aminah,');
    const row = await outboxRow(deps);
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, locked_until: null, sent_at: deps.now().toISOString() });
    // Issue 22, finding 7: once sent, the outbox keeps no link with a token (nor a temporary password).
    expect(row.payload).not.toContain('abc123def456');
    expect(JSON.parse(row.payload)).toMatchObject({ name: 'Siti Aminah', link: '[removed]', minutes: 60 });
  });

  it('keeps the e-mail PENDING with a later retry while the SMTP server is down, then sends it', async () => {
    const first = await startSmtpServer();
    const port = first.port;
    await first.stop();
    const deps = await setup({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await enqueueEmail(deps.db, resetEmail(), deps.now());
    const transport = createMailTransport(deps.env);
    cleanups.push(async () => transport.close());

    expect(await processDueEmails(deps, transport)).toBe(0);
    const failed = await outboxRow(deps);
    expect(failed.status).toBe('PENDING');
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toMatch(/ECONNREFUSED/);
    expect(failed.next_attempt_at > deps.now().toISOString()).toBe(true);
    expect(warn).toHaveBeenCalled();

    // Not due yet: a pass right away leaves it alone.
    expect(await processDueEmails(deps, transport)).toBe(0);
    expect((await outboxRow(deps)).attempts).toBe(1);

    const smtp = await startSmtpServer(port);
    cleanups.push(() => smtp.stop());
    deps.setNow(new Date(Date.parse(failed.next_attempt_at) + 1000));
    expect(await processDueEmails(deps, transport)).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(await outboxRow(deps)).toMatchObject({ status: 'SENT', attempts: 2, last_error: null });
  });

  it('writes an .eml file under DATA_DIR/mail when no SMTP_URL is set, and logs only its name', async () => {
    const deps = await setup();
    // The saved-file line is info: shown at LOG_LEVEL=info, the default outside tests.
    const level = logger.level;
    logger.level = 'info';
    const log = vi.spyOn(console, 'info').mockImplementation(() => {});
    await enqueueEmail(deps.db, resetEmail({ locale: 'en', to: 'aminah@example.com' }), deps.now());
    const transport = createMailTransport(deps.env);
    expect(transport.kind).toBe('file');

    expect(await processDueEmails(deps, transport)).toBe(1);
    logger.level = level;

    const dir = path.join(deps.dataDir, 'mail');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    // The file holds the reset link: readable by the server's user only (issue 22).
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, files[0] ?? '')).mode & 0o777).toBe(0o600);
    expect(files[0]).toMatch(/^20261122T020000-000Z-\d+\.eml$/);
    const eml = readFileSync(path.join(dir, files[0] ?? ''), 'utf8');
    expect(eml).toContain('\r\n'); // RFC 822 line ends
    expect(eml).toContain('To: aminah@example.com');
    expect(eml).toContain('Subject: Reset your Recruiter password');
    expect(decodeQuotedPrintable(eml)).toContain('https://recruiter.example/ms/update-password?token=abc123def456');
    const logged = log.mock.calls.map((call) => call.join(' ')).join('\n');
    // Recipient, subject and links are personal data (and the link a secret): never in the log (PDPA).
    expect(logged).toContain(files[0]);
    expect(logged).not.toContain('aminah');
    expect(logged).not.toContain('Reset your Recruiter password');
    expect(logged).not.toContain('abc123def456');
    expect((await outboxRow(deps)).status).toBe('SENT');
  });

  it('logs a refused delivery without the recipient the SMTP answer quotes', async () => {
    const deps = await setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await enqueueEmail(deps.db, resetEmail(), deps.now());
    const transport: MailTransport = {
      kind: 'smtp',
      async send() {
        throw new Error('550 5.1.1 <siti@example.com>: Recipient address rejected');
      },
      close() {},
    };
    expect(await processDueEmails(deps, transport)).toBe(0);
    const logged = warn.mock.calls.map((call) => call.join(' ')).join('\n');
    expect(logged).toContain('Recipient address rejected');
    expect(logged).toContain('password_reset');
    expect(logged).not.toContain('siti');
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} failures and keeps the row FAILED`, async () => {
    const deps = await setup();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await enqueueEmail(deps.db, resetEmail(), deps.now());
    const { transport } = fakeTransport(true);
    let previousDelay = 0;
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      const before = deps.now().getTime();
      expect(await processDueEmails(deps, transport)).toBe(0);
      const row = await outboxRow(deps);
      expect(row.attempts).toBe(attempt);
      if (attempt < MAIL_MAX_ATTEMPTS) {
        expect(row.status).toBe('PENDING');
        const delay = Date.parse(row.next_attempt_at) - before;
        expect(delay).toBeGreaterThanOrEqual(0.8 * Math.min(30_000 * 2 ** attempt, 3_600_000));
        expect(delay).toBeLessThanOrEqual(1.2 * Math.min(30_000 * 2 ** attempt, 3_600_000));
        if (attempt <= 5) expect(delay).toBeGreaterThan(previousDelay * 1.3); // grows until the 1 h cap
        previousDelay = delay;
        deps.setNow(new Date(Date.parse(row.next_attempt_at) + 1));
      }
    }
    const row = await outboxRow(deps);
    expect(row.status).toBe('FAILED');
    expect(row.last_error).toMatch(/ECONNREFUSED/);
    deps.advance(24 * 3_600_000);
    expect(await processDueEmails(deps, fakeTransport().transport)).toBe(0);
    expect((await outboxRow(deps)).status).toBe('FAILED');
  });

  it('takes over a row left SENDING by a crashed instance once its lease has run out', async () => {
    const deps = await setup();
    await enqueueEmail(deps.db, resetEmail(), deps.now());
    await deps.db
      .updateTable('email_outbox')
      .set({ status: 'SENDING', locked_until: new Date(deps.now().getTime() + MAIL_LEASE_MS).toISOString() })
      .execute();
    const { transport, sent } = fakeTransport();

    expect(await processDueEmails(deps, transport)).toBe(0); // another instance still holds it
    deps.advance(MAIL_LEASE_MS + 1000);
    expect(await processDueEmails(deps, transport)).toBe(1);
    expect(sent).toHaveLength(1);
    expect((await outboxRow(deps)).status).toBe('SENT');
  });

  it('lets two workers share the outbox without sending any e-mail twice', async () => {
    const deps = await setup();
    for (let i = 0; i < 12; i += 1)
      await enqueueEmail(deps.db, resetEmail({ to: `person${i}@example.com` }), deps.now());
    const a = fakeTransport();
    const b = fakeTransport();

    const [sentA, sentB] = await Promise.all([
      processDueEmails(deps, a.transport, { batchSize: 5 }),
      processDueEmails(deps, b.transport, { batchSize: 5 }),
    ]);
    await processDueEmails(deps, a.transport, { batchSize: 5 });
    await processDueEmails(deps, b.transport, { batchSize: 5 });

    const recipients = [...a.sent, ...b.sent].map((mail) => mail.to).sort();
    expect(recipients).toHaveLength(12);
    expect(new Set(recipients).size).toBe(12);
    expect(sentA + sentB).toBeGreaterThan(0);
    const left = await deps.db.selectFrom('email_outbox').select('id').where('status', '!=', 'SENT').execute();
    expect(left).toHaveLength(0);
  });

  it('polls on its own, answers runOnce, and stops cleanly', async () => {
    const deps = await setup();
    const { transport, sent } = fakeTransport();
    const worker = startMailWorker(deps, { transport, intervalMs: 20 });
    cleanups.push(() => worker.stop());
    await enqueueEmail(deps.db, resetEmail(), deps.now());
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 3000, interval: 20 });
    await enqueueEmail(deps.db, resetEmail({ to: 'next@example.com' }), deps.now());
    // runOnce waits for any pass under way, then makes its own: the new row is sent by the time it answers.
    expect([0, 1]).toContain(await worker.runOnce());
    expect(sent).toHaveLength(2);
    await worker.stop();
    expect(sent.map((mail) => mail.to)).toEqual(['siti@example.com', 'next@example.com']);
  });
});

describe('e-mail templates', () => {
  const link = 'https://recruiter.example/talent/consent?token=t0k3n';
  const payloads: Record<EmailTemplate, Record<string, string | number | null>> = {
    password_reset: { name: 'Aminah', link, minutes: 60 },
    recruiter_invitation: { name: 'Aminah', link, email: 'aminah@example.com', temporaryPassword: 'Tmp#4821xy' },
    consent_request: {
      talentName: 'Lee Chong Wei',
      recruiterName: 'Ahmad Faizal',
      taskTitle: 'Senior Backend Engineer',
      company: 'Kopi Digital Sdn Bhd',
      link,
      hours: 72,
    },
    ita_request: { talentName: 'Lee Chong Wei', taskTitle: 'Senior Backend Engineer', company: 'Kopi Digital', link },
    talent_answered: {
      recruiterName: 'Ahmad',
      talentName: 'Lee Chong Wei',
      taskTitle: 'Senior Backend Engineer',
      kind: 'CONSENT',
      decision: 'CONFIRMED',
      link: 'https://recruiter.example/talents-folder/1/profile',
    },
    hiring_changed: {
      recruiterName: 'Ahmad',
      talentName: 'Lee Chong Wei',
      taskTitle: 'Senior Backend Engineer',
      status: 'REJECTED',
      reason: 'The client chose a candidate with more SQL experience.',
      link: 'https://recruiter.example/talents-folder/1/hiring-status',
    },
    consent_withdrawn: {
      recruiterName: 'Ahmad',
      talentName: 'Lee Chong Wei',
      taskTitle: 'Senior Backend Engineer',
      link: 'https://recruiter.example/talents-folder/1/profile',
    },
    consent_expired: {
      recruiterName: 'Ahmad',
      talentName: 'Lee Chong Wei',
      taskTitle: 'Senior Backend Engineer',
      link: 'https://recruiter.example/talents-folder/1/profile',
    },
    call_proof_rejected: {
      recruiterName: 'Ahmad',
      talentName: 'Lee Chong Wei',
      taskTitle: 'Senior Backend Engineer',
      reason: 'The recording is silent.',
      link: 'https://recruiter.example/talents-folder/1/profile',
    },
    reward_decided: {
      name: 'Ahmad',
      taskTitle: 'Senior Backend Engineer',
      talentName: 'Lee Chong Wei',
      status: 'APPROVED',
      amount: 35000,
      reason: null,
    },
    payment_paid: { name: 'Ahmad', amount: 125000, reference: 'MBB-2026-1122', paidAt: '2026-11-22T02:00:00.000Z' },
    talent_data_link: { talentName: 'Lee Chong Wei', link: 'https://recruiter.example/talent/data?token=d4t4' },
    data_correction_requested: {
      recruiterName: 'Ahmad',
      talentName: 'Lee Chong Wei',
      message: 'My phone number is +60 12-345 6789',
      dueAt: '2026-12-18T02:00:00.000Z',
      link: 'https://recruiter.example/talents-folder/7/profile',
    },
    data_request_answered: {
      talentName: 'Lee Chong Wei',
      message: 'My phone number is +60 12-345 6789',
      status: 'DONE',
      response: 'Your phone number is corrected.',
      link: 'https://recruiter.example/talent/data?token=d4t4',
    },
    company_review: {
      contactName: 'Tan Mei Ling',
      companyName: 'Kopi Digital Sdn Bhd',
      taskTitle: 'Senior Backend Engineer',
      candidates: 2,
      expiresAt: '2026-12-13T02:00:00.000Z',
      link: 'https://recruiter.example/review?token=r3v13w',
    },
    notification: {
      name: 'Ahmad',
      kind: 'TASK_OPENED',
      notice: JSON.stringify({ taskTitle: 'Senior Backend Engineer' }),
      link: 'https://recruiter.example/task?view=3',
      preferencesLink: 'https://recruiter.example/notifications/unsubscribe?token=abc.def',
    },
  };

  it.each(['en', 'ms', 'zh'] as const)('renders every template in %s', (locale) => {
    for (const [template, payload] of Object.entries(payloads)) {
      const mail = renderEmail(template as EmailTemplate, locale, payload, { appUrl: 'https://recruiter.example' });
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.html).toContain(`<html lang="${locale}">`);
      expect(mail.text).not.toContain('undefined');
      expect(mail.html).not.toContain('undefined');
      if (locale === 'zh') expect(mail.subject).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('gives the HTML a real button link in the theme colour and the plain address beside it', () => {
    const mail = renderEmail('consent_request', 'en', payloads.consent_request);
    expect(mail.html).toMatch(
      /<a href="https:\/\/recruiter\.example\/talent\/consent\?token=t0k3n" style="[^"]*#2D3CFE/,
    );
    expect(mail.html.split(link).length - 1).toBe(3); // button href, plain link href and its text
    expect(mail.text).toContain(link);
    expect(mail.subject).toBe('Ahmad Faizal would like to refer you for Senior Backend Engineer');
  });

  it('escapes every interpolated value in the HTML', () => {
    const mail = renderEmail('consent_request', 'en', {
      ...payloads.consent_request,
      talentName: '<script>alert("x")</script>',
      company: 'Tom & Jerry <b>Sdn Bhd</b>',
      link: 'https://recruiter.example/talent/consent?token=a&b="c"',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.html).toContain('Tom &amp; Jerry &lt;b&gt;Sdn Bhd&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain('<script>alert("x")</script>'); // the text part is plain text
  });

  // Issue 22, finding 11: a recruiter's "name" cannot add lines or a link to the platform's e-mail.
  it('puts a typed name on one line and without a web address, in the subject and the body', () => {
    const mail = renderEmail('consent_request', 'en', {
      ...payloads.consent_request,
      talentName: 'Aminah\r\n\r\nYour account is locked. Unlock it at https://evil.example/x or www.evil.example',
      recruiterName: 'Tan\nWei',
    });
    expect(mail.text).toContain('Aminah Your account is locked. Unlock it at or');
    expect(mail.text).not.toMatch(/evil\.example/);
    expect(mail.html).not.toMatch(/evil\.example/);
    expect(mail.text).toContain('Tan Wei');
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('never turns a non-web link into a button', () => {
    const mail = renderEmail('password_reset', 'en', { ...payloads.password_reset, link: 'javascript:alert(1)' });
    expect(mail.html).not.toContain('href="javascript');
  });

  it('formats money from minor units and dates in Kuala Lumpur time, labelled with the offset', () => {
    const reward = renderEmail('reward_decided', 'en', payloads.reward_decided);
    expect(reward.text).toMatch(/RM\s?350\.00|MYR\s?350\.00/);
    expect(reward.text).toContain('Approved');
    const payment = renderEmail('payment_paid', 'en', payloads.payment_paid);
    expect(payment.subject).toMatch(/1,250\.00/);
    expect(payment.text).toContain('MBB-2026-1122');
    expect(payment.text).toMatch(/10:00\s?(AM|am) GMT\+8/); // 02:00 UTC is 10:00 in Kuala Lumpur, and says so
    expect(renderEmail('payment_paid', 'zh', payloads.payment_paid).text).toMatch(/GMT\+8/);
  });

  it('refuses a payload that misses a value rather than sending a broken e-mail', () => {
    expect(() => renderEmail('password_reset', 'en', { name: 'A', minutes: 60 })).toThrow(/link/);
  });

  it('spreads retries out exponentially up to an hour', () => {
    expect(retryDelayMs(1, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(3, () => 0.5)).toBe(240_000);
    expect(retryDelayMs(12, () => 0.5)).toBe(3_600_000);
    expect(retryDelayMs(1, () => 0)).toBe(48_000);
    expect(retryDelayMs(1, () => 1)).toBe(72_000);
  });
});
