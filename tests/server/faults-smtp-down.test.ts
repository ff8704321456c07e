// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startMailWorker } from '#src/server/jobs/mail-worker.ts';
import { enqueueEmail } from '#src/server/mail/outbox.ts';
import { createDeps, DATABASES, type ReceivedMail, startSmtpServer } from './helpers/mail-helpers';

// The SMTP server goes away while the app keeps queueing e-mails, then comes back on the same port.
// mail-worker.test.ts shows one e-mail retried by explicit passes; here the real worker runs on its
// own timer with the real SMTP transport through the whole outage, with e-mails sent before, queued
// during and retried after it: every e-mail arrives, and none arrives twice.

const MINUTE = 60_000;

const resetEmail = (to: string) => ({
  to,
  locale: 'en' as const,
  template: 'password_reset' as const,
  payload: { name: 'Aminah', link: `https://recruiter.example/update-password?token=${to}`, minutes: 60 },
});

const messageId = (mail: ReceivedMail) => /^Message-ID:\s*(<[^>]+>)/im.exec(mail.raw)?.[1] ?? '';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
  vi.restoreAllMocks();
});

describe.each(DATABASES)('the outbox on %s while the SMTP server is down', (kind) => {
  it('keeps every e-mail queued through the outage and sends each exactly once when SMTP is back', async () => {
    const first = await startSmtpServer();
    const port = first.port;
    let firstStopped = false;
    cleanups.push(async () => {
      if (!firstStopped) await first.stop();
    });
    const deps = await createDeps(kind, { SMTP_URL: `smtp://127.0.0.1:${port}` });
    cleanups.push(() => deps.close());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const worker = startMailWorker(deps, { intervalMs: 20 });
    cleanups.push(() => worker.stop());
    const rows = () => deps.db.selectFrom('email_outbox').selectAll().orderBy('id').execute();

    // Up: the first three go out as they are queued.
    const before = ['a1@example.com', 'a2@example.com', 'a3@example.com'];
    for (const to of before) await enqueueEmail(deps.db, resetEmail(to), deps.now());
    await vi.waitFor(() => expect(first.received).toHaveLength(3), { timeout: 5000, interval: 20 });

    // Down: five more are queued; every attempt fails and leaves them PENDING with a later retry.
    await first.stop();
    firstStopped = true;
    const during = ['b1@example.com', 'b2@example.com', 'b3@example.com', 'b4@example.com', 'b5@example.com'];
    for (const to of during) await enqueueEmail(deps.db, resetEmail(to), deps.now());
    await vi.waitFor(
      async () => {
        const waiting = (await rows()).filter((row) => during.includes(row.to_address));
        expect(waiting.map((row) => [row.status, row.attempts])).toEqual(during.map(() => ['PENDING', 1]));
      },
      { timeout: 5000, interval: 20 },
    );
    // Their retries come due while it is still down: they fail again and stay queued.
    deps.advance(10 * MINUTE);
    await vi.waitFor(
      async () => {
        const waiting = (await rows()).filter((row) => during.includes(row.to_address));
        expect(waiting.map((row) => [row.status, row.attempts])).toEqual(during.map(() => ['PENDING', 2]));
      },
      { timeout: 5000, interval: 20 },
    );
    for (const row of await rows()) {
      if (during.includes(row.to_address)) expect(row.last_error).toMatch(/ECONNREFUSED/);
    }
    expect(warn).toHaveBeenCalled();

    // Back on the same port: once the retries are due, all five go out, and nothing else.
    const second = await startSmtpServer(port);
    cleanups.push(() => second.stop());
    deps.advance(30 * MINUTE);
    await vi.waitFor(() => expect(second.received).toHaveLength(5), { timeout: 5000, interval: 20 });
    await vi.waitFor(
      async () => expect((await rows()).map((row) => row.status)).toEqual([...before, ...during].map(() => 'SENT')),
      { timeout: 5000, interval: 20 },
    );

    // A while later, with the worker still polling, nothing has been sent again.
    deps.advance(3 * 60 * MINUTE);
    await worker.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await worker.stop();
    const delivered = [...first.received, ...second.received];
    expect(delivered.flatMap((mail) => mail.to).sort()).toEqual([...before, ...during].sort());
    expect(second.received.flatMap((mail) => mail.to).sort()).toEqual(during);
    expect(new Set(delivered.map(messageId)).size).toBe(8);
    expect(delivered.every((mail) => messageId(mail) !== '')).toBe(true);
  });
});
