import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { Env } from '#src/server/env.ts';
import { logger } from '#src/server/observability/logger.ts';
import { makePrivateDir, PRIVATE_FILE_MODE } from '#src/server/private-paths.ts';

export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  // Stable per outbox row, so a retry after a lost answer reads as the same message to the recipient.
  messageId: string;
  /** List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on notification e-mails (issue 25). */
  headers?: Record<string, string>;
};

export type MailTransport = {
  readonly kind: 'smtp' | 'file';
  send(message: MailMessage, meta: { id: number; now: Date }): Promise<void>;
  close(): void;
};

// SMTP when SMTP_URL is set; otherwise .eml files under DATA_DIR/mail, so development needs no mail server
// (production must ask for files with MAIL_TRANSPORT=file: env.ts).
export function createMailTransport(env: Env): MailTransport {
  return env.MAIL_TRANSPORT === 'smtp' && env.SMTP_URL
    ? smtpTransport(env.SMTP_URL)
    : fileTransport(path.join(env.DATA_DIR, 'mail'));
}

export function smtpTransport(url: string): MailTransport {
  // Timeouts well under the worker's 2-minute claim, so a hung server fails the attempt instead of
  // letting another instance take the same row while this one still waits.
  const transporter = createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 45_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

export function fileTransport(dir: string): MailTransport {
  const transporter = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'file',
    async send(message, { id, now }) {
      const info = await transporter.sendMail(message);
      // The file holds the message's links (reset, consent, ITA tokens): readable by this user only.
      await makePrivateDir(dir);
      const stamp = now.toISOString().replace(/[-:]/g, '').replace('.', '-');
      const file = path.join(dir, `${stamp}-${id}.eml`);
      await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      // Only where the message went: recipients, subjects (talent names) and links (talents' tokens) are
      // personal data, and logs travel further than DATA_DIR (PDPA). The file holds the whole message.
      logger.info({ area: 'mail', outboxId: id, file }, 'saved');
    },
    close: () => transporter.close(),
  };
}
