import { m } from '#src/paraglide/messages.js';
import type { ConsentStatus, ItaStatus } from '#src/shared/enums.ts';
import { type AppLocale, LOCALES } from '#src/shared/enums.ts';

// Contact shortcuts a recruiter on a phone needs: call, WhatsApp with a ready message, e-mail. The
// message is in the talent's language (the language their e-mails go out in), not the recruiter's.

/** The talent's language as a locale of the app; anything else reads as English. */
export const talentLocale = (locale: string | null | undefined): AppLocale =>
  (LOCALES as readonly string[]).includes(locale ?? '') ? (locale as AppLocale) : 'en';

export const telLink = (e164: string) => `tel:${e164}`;

/**
 * Whether every referral of the talent had its consent withdrawn (false when there is none): they asked
 * not to be contacted about them (issue 42.14). The recruiter still reads what is held, but no screen
 * offers a way to call, message or e-mail them (no Call, WhatsApp or E-mail buttons; the e-mail and phone
 * as text, not links). One referral still standing, or none made yet, keeps every way.
 */
export const withdrawnFromAll = (referrals: readonly { consentWithdrawnAt?: string | null }[]): boolean =>
  referrals.length > 0 && referrals.every((referral) => Boolean(referral.consentWithdrawnAt));

/** `https://wa.me/<digits of the E.164 number>?text=<message>` (a chat without a message when no text). */
export function whatsappLink(e164: string, text?: string): string {
  const chat = `https://wa.me/${e164.replace(/\D/g, '')}`;
  return text ? `${chat}?text=${encodeURIComponent(text)}` : chat;
}

export function mailtoLink(email: string, subject: string, body: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

type ReminderInput = {
  talentName: string;
  recruiterName: string;
  taskTitle: string;
  consentStatus: ConsentStatus;
  itaStatus: ItaStatus;
  locale: AppLocale;
};

/**
 * What the talent should do next, as a message in their language: confirm consent while it is pending,
 * answer the intent-to-apply link once it was sent; otherwise a plain hello about the role.
 */
export function reminderText(input: ReminderInput): string {
  const params = { name: input.talentName, recruiter: input.recruiterName, task: input.taskTitle };
  const options = { locale: input.locale };
  if (input.consentStatus === 'PENDING') return m.talent_whatsapp_reminder(params, options);
  if (input.consentStatus === 'CONFIRMED' && input.itaStatus === 'SENT') {
    return m.talent_whatsapp_ita_reminder(params, options);
  }
  return m.talent_whatsapp_hello(params, options);
}

export function reminderSubject(taskTitle: string, locale: AppLocale): string {
  return m.talent_email_subject({ task: taskTitle }, { locale });
}
