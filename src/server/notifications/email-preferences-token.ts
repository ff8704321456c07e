import { createHmac, timingSafeEqual } from 'node:crypto';
import { type EmailTopic, NOTIFICATION_TOPICS } from '#src/shared/notifications.ts';

// The one-click link in every notification e-mail (RFC 8058 and the footer's link): it turns off e-mail
// for one topic of one user, without signing in. It is a signature, not a stored token: it changes nothing
// but that one switch, so it needs no expiry (a mail client may follow it months later), and a new
// JWT_SECRET retires every link at once.

const sign = (secret: string, body: string) =>
  createHmac('sha256', `notification-email:${secret}`).update(body).digest('base64url');

export function emailPreferencesToken(secret: string, userId: number, topic: EmailTopic): string {
  const body = Buffer.from(`${userId}.${topic}`).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

export function readEmailPreferencesToken(secret: string, token: string): { userId: number; topic: EmailTopic } | null {
  const [body, mac, ...rest] = token.split('.');
  if (!body || !mac || rest.length > 0) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [id, topic] = Buffer.from(body, 'base64url').toString().split('.');
  const userId = Number(id);
  const known = topic === 'admin_digest' || (topic !== undefined && topic in NOTIFICATION_TOPICS);
  if (!Number.isSafeInteger(userId) || userId <= 0 || !known) return null;
  return { userId, topic: topic as EmailTopic };
}
