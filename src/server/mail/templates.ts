import { notificationText } from '#src/lib/notification-text.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import { THEME_COLOR } from '#src/shared/constants.ts';
import { type AppLocale, LOCALES } from '#src/shared/enums.ts';
import { escapeHtml } from '#src/shared/escape-html.ts';
import { INTL_LOCALES } from '#src/shared/intl-locales.ts';
import { formatMinorUnits } from '#src/shared/money.ts';
import type { NotificationKind, NotificationPayload } from '#src/shared/notifications.ts';
import type { EmailTemplate } from './outbox';

// Every e-mail in the recipient's language. All wording comes from messages/*.json (keys email_*);
// this file only arranges it. HTML is built from plain strings, each escaped once at the edge.
export type RenderedEmail = { subject: string; text: string; html: string };
export type EmailPayload = Record<string, string | number | null | undefined>;

type Block =
  | { kind: 'p'; text: string }
  | { kind: 'action'; label: string; url: string }
  | { kind: 'list'; items: string[] };
// `preferences`: the one-click link that stops this kind of e-mail (notification e-mails, issue 25).
type Composed = { subject: string; greeting: string | null; blocks: Block[]; preferences?: string | null };
type Opts = { locale: AppLocale };

const DEFAULT_ZONE = 'Asia/Kuala_Lumpur';

export function renderEmail(
  template: EmailTemplate,
  locale: string,
  payload: EmailPayload,
  options: { appUrl?: string } = {},
): RenderedEmail {
  const lang: AppLocale = (LOCALES as readonly string[]).includes(locale) ? (locale as AppLocale) : 'en';
  const compose = composers[template];
  if (!compose) throw new Error(`Unknown e-mail template "${template}"`);
  const composed = compose(new PayloadReader(template, payload), { locale: lang }, options.appUrl);
  const preferences = payload.preferencesLink;
  if (typeof preferences === 'string' && safeUrl(preferences)) composed.preferences = preferences;
  return { subject: composed.subject, text: toText(composed, lang), html: toHtml(composed, lang) };
}

class PayloadReader {
  constructor(
    private readonly template: string,
    private readonly payload: EmailPayload,
  ) {}
  str(key: string): string {
    const value = this.payload[key];
    if (value === null || value === undefined || value === '')
      throw new Error(`${this.template}: payload.${key} is missing`);
    return String(value);
  }
  /**
   * A person's name as typed by a recruiter or admin, made safe to put in an e-mail: line breaks and
   * control characters become spaces and a web address is dropped, so a "name" cannot add lines or a
   * link to the platform's e-mail (issue 22, finding 11; new names with either are refused at the edge).
   */
  name(key: string): string {
    const cleaned = this.str(key)
      .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
      .replace(/(?:https?:\/\/|www\.)\S*/gi, '')
      .replace(/\s+/g, ' ')
      .trim();
    return cleaned || '—';
  }
  /** The talent's name; an anonymised talent's (emptied) reads "Erased candidate" in the e-mail's language. */
  talentName(o: Opts): string {
    return this.payload.talentName === '' ? talentDisplayName('', o) : this.name('talentName');
  }
  optional(key: string): string | null {
    const value = this.payload[key];
    return value === null || value === undefined || value === '' ? null : String(value);
  }
  raw(key: string) {
    return this.payload[key];
  }
}

const greeting = (name: string, o: Opts) => m.email_greeting({ name }, o);

const composers: Record<EmailTemplate, (p: PayloadReader, o: Opts, appUrl?: string) => Composed> = {
  password_reset: (p, o) => ({
    subject: m.email_reset_subject({}, o),
    greeting: greeting(p.name('name'), o),
    blocks: [
      { kind: 'p', text: m.email_reset_intro({}, o) },
      { kind: 'action', label: m.email_reset_action({}, o), url: p.str('link') },
      { kind: 'p', text: m.email_reset_expiry({ minutes: p.str('minutes') }, o) },
      { kind: 'p', text: m.email_reset_ignore({}, o) },
    ],
  }),
  recruiter_invitation: (p, o) => ({
    subject: m.email_invitation_subject({}, o),
    greeting: greeting(p.name('name'), o),
    blocks: [
      { kind: 'p', text: m.email_invitation_intro({}, o) },
      {
        kind: 'list',
        items: [
          m.email_invitation_email({ email: p.str('email') }, o),
          m.email_invitation_password({ temporaryPassword: p.str('temporaryPassword') }, o),
        ],
      },
      { kind: 'p', text: m.email_invitation_change({}, o) },
      { kind: 'action', label: m.email_invitation_action({}, o), url: p.str('link') },
      // Invitations queued before temporary passwords expired carry no expiry.
      ...expiryBlock(p.optional('expiresAt'), o),
    ],
  }),
  consent_request: (p, o) => {
    const names = { recruiterName: p.name('recruiterName'), taskTitle: p.str('taskTitle') };
    return {
      subject: m.email_consent_subject(names, o),
      greeting: greeting(p.talentName(o), o),
      blocks: [
        { kind: 'p', text: m.email_consent_intro({ ...names, company: p.str('company') }, o) },
        { kind: 'p', text: m.email_consent_ask({}, o) },
        { kind: 'action', label: m.email_consent_action({}, o), url: p.str('link') },
        { kind: 'p', text: m.email_consent_expiry({ hours: p.str('hours') }, o) },
        ...dataLinkBlocks(p.optional('dataLink'), o),
      ],
    };
  },
  ita_request: (p, o) => ({
    subject: m.email_ita_subject({ taskTitle: p.str('taskTitle') }, o),
    greeting: greeting(p.talentName(o), o),
    blocks: [
      { kind: 'p', text: m.email_ita_intro({ taskTitle: p.str('taskTitle'), company: p.str('company') }, o) },
      { kind: 'p', text: m.email_ita_ask({}, o) },
      { kind: 'action', label: m.email_ita_action({}, o), url: p.str('link') },
      ...dataLinkBlocks(p.optional('dataLink'), o),
    ],
  }),
  talent_answered: (p, o) => {
    const names = { talentName: p.talentName(o), taskTitle: p.str('taskTitle') };
    const kind = p.str('kind');
    const confirmed = p.str('decision') === 'CONFIRMED';
    // Each answer has a subject of its own: a decline must not read like a confirmation in the inbox.
    const [subject, outcome] =
      kind === 'ITA'
        ? confirmed
          ? [m.email_talent_answered_subject_ita_confirmed, m.email_talent_answered_ita_confirmed]
          : [m.email_talent_answered_subject_ita_declined, m.email_talent_answered_ita_declined]
        : confirmed
          ? [m.email_talent_answered_subject_consent_confirmed, m.email_talent_answered_consent_confirmed]
          : [m.email_talent_answered_subject_consent_declined, m.email_talent_answered_consent_declined];
    return {
      subject: subject(names, o),
      greeting: greeting(p.name('recruiterName'), o),
      blocks: [
        { kind: 'p', text: outcome(names, o) },
        ...(kind === 'CONSENT' && confirmed
          ? [{ kind: 'p' as const, text: m.email_talent_answered_next_ita({}, o) }]
          : []),
        { kind: 'action', label: m.email_talent_answered_action({}, o), url: p.str('link') },
      ],
    };
  },
  hiring_changed: (p, o) => {
    const status = hiringStatusLabel(p.str('status'), o);
    const reason = p.optional('reason');
    const details = [m.email_hiring_status({ status }, o)];
    if (reason) details.push(m.email_reward_reason({ reason }, o));
    return {
      subject: m.email_hiring_subject({ talentName: p.talentName(o), status }, o),
      greeting: greeting(p.name('recruiterName'), o),
      blocks: [
        {
          kind: 'p',
          text: m.email_hiring_intro({ talentName: p.talentName(o), taskTitle: p.str('taskTitle') }, o),
        },
        { kind: 'list', items: details },
        { kind: 'action', label: m.email_hiring_action({}, o), url: p.str('link') },
      ],
    };
  },
  // The recruiter hears of every decision on their referral (issue 21): a consent taken back, a consent
  // link left to expire, a call proof the admin did not accept.
  consent_withdrawn: (p, o) => {
    const names = { talentName: p.talentName(o), taskTitle: p.str('taskTitle') };
    return {
      subject: m.email_consent_withdrawn_subject(names, o),
      greeting: greeting(p.name('recruiterName'), o),
      blocks: [
        { kind: 'p', text: m.email_consent_withdrawn_intro(names, o) },
        { kind: 'p', text: m.email_consent_withdrawn_next({}, o) },
        { kind: 'action', label: m.email_talent_answered_action({}, o), url: p.str('link') },
      ],
    };
  },
  consent_expired: (p, o) => {
    const names = { talentName: p.talentName(o), taskTitle: p.str('taskTitle') };
    return {
      subject: m.email_consent_expired_subject(names, o),
      greeting: greeting(p.name('recruiterName'), o),
      blocks: [
        { kind: 'p', text: m.email_consent_expired_intro(names, o) },
        { kind: 'p', text: m.email_consent_expired_next({}, o) },
        { kind: 'action', label: m.email_talent_answered_action({}, o), url: p.str('link') },
      ],
    };
  },
  call_proof_rejected: (p, o) => {
    const talentName = p.talentName(o);
    const reason = p.optional('reason');
    return {
      subject: m.email_call_proof_rejected_subject({ talentName }, o),
      greeting: greeting(p.name('recruiterName'), o),
      blocks: [
        { kind: 'p', text: m.email_call_proof_rejected_intro({ talentName, taskTitle: p.str('taskTitle') }, o) },
        ...(reason ? [{ kind: 'list' as const, items: [m.email_reward_reason({ reason }, o)] }] : []),
        { kind: 'p', text: m.email_call_proof_rejected_next({}, o) },
        { kind: 'action', label: m.email_talent_answered_action({}, o), url: p.str('link') },
      ],
    };
  },
  reward_decided: (p, o, appUrl) => {
    const amount = formatAmount(p.raw('amount'), p.optional('currency'), o.locale);
    const reason = p.optional('reason');
    const details = [m.email_reward_decision({ status: rewardStatusLabel(p.str('status'), o) }, o)];
    if (amount) details.push(m.email_reward_amount({ amount }, o));
    if (reason) details.push(m.email_reward_reason({ reason }, o));
    return {
      subject: m.email_reward_subject({ talentName: p.talentName(o) }, o),
      greeting: greeting(p.name('name'), o),
      blocks: [
        {
          kind: 'p',
          text: m.email_reward_intro({ talentName: p.talentName(o), taskTitle: p.str('taskTitle') }, o),
        },
        { kind: 'list', items: details },
        ...earningAction(p.optional('link') ?? earningUrl(appUrl, o.locale), o),
      ],
    };
  },
  payment_paid: (p, o, appUrl) => {
    const amount = formatAmount(p.raw('amount'), p.optional('currency'), o.locale) ?? p.str('amount');
    const reference = p.optional('reference');
    const paidAt = p.optional('paidAt');
    const details: string[] = [];
    // Section 107D (issue 46): `amount` is what reached the bank; the gross and what was withheld from it.
    const withheld = formatAmount(p.raw('withheld'), p.optional('currency'), o.locale);
    const gross = formatAmount(p.raw('gross'), p.optional('currency'), o.locale);
    if (withheld && gross) details.push(m.email_payment_withheld({ gross, withheld }, o));
    if (reference) details.push(m.email_payment_reference({ reference }, o));
    if (paidAt) details.push(m.email_payment_paid_at({ paidAt: formatDateTime(paidAt, o.locale) }, o));
    return {
      subject: m.email_payment_subject({ amount }, o),
      greeting: greeting(p.name('name'), o),
      blocks: [
        { kind: 'p', text: m.email_payment_intro({ amount }, o) },
        ...(details.length > 0 ? [{ kind: 'list' as const, items: details }] : []),
        ...earningAction(p.optional('link') ?? earningUrl(appUrl, o.locale), o),
        { kind: 'p', text: m.email_payment_thanks({}, o) },
      ],
    };
  },
  // Issue 24: the talent's "manage my data" link, asked for by address, and a correction they asked for.
  talent_data_link: (p, o) => ({
    subject: m.email_data_link_subject({}, o),
    greeting: greeting(p.name('talentName'), o),
    blocks: [
      { kind: 'p', text: m.email_data_link_requested({}, o) },
      { kind: 'action', label: m.email_data_link_action({}, o), url: p.str('link') },
      { kind: 'p', text: m.email_data_link_expiry({}, o) },
      { kind: 'p', text: m.email_data_link_ignore({}, o) },
    ],
  }),
  // A talent's correction or withdrawal request closed, by an admin or their recruiter: the answer, and a
  // fresh link to the page that shows the data as it is now (the link they asked with lasts 7 days, the
  // answer may take 21).
  data_request_answered: (p, o) => {
    const asked = p.optional('message');
    return {
      subject: m.email_request_answered_subject({}, o),
      greeting: greeting(p.name('talentName'), o),
      blocks: [
        ...(asked ? [{ kind: 'p' as const, text: m.email_request_answered_asked({ message: asked }, o) }] : []),
        {
          kind: 'p',
          text:
            p.str('status') === 'DONE' ? m.email_request_answered_done({}, o) : m.email_request_answered_refused({}, o),
        },
        { kind: 'list', items: [p.str('response')] },
        { kind: 'p', text: m.email_request_answered_see({}, o) },
        { kind: 'action', label: m.email_data_link_action({}, o), url: p.str('link') },
        { kind: 'p', text: m.email_data_link_expiry({}, o) },
      ],
    };
  },
  // Issue 25: a notification with no e-mail of its own (a new task, an accepted call proof, an item waiting
  // for admins…): the same words as in the app and the push, and a button to the screen it is about.
  notification: (p, o) => {
    const text = notificationText(
      p.str('kind') as NotificationKind,
      JSON.parse(p.str('notice')) as NotificationPayload,
      o.locale,
    );
    return {
      subject: text.title,
      greeting: greeting(p.name('name'), o),
      blocks: [
        { kind: 'p', text: text.body },
        { kind: 'action', label: m.email_notification_action({}, o), url: p.str('link') },
      ],
    };
  },
  // Issue 45: a hiring company's contact gets a review link to the candidates shared with them. It names
  // no candidate: the page does, behind the link.
  company_review: (p, o) => {
    const taskTitle = p.str('taskTitle');
    return {
      subject: m.email_company_review_subject({ taskTitle }, o),
      greeting: greeting(p.name('contactName'), o),
      blocks: [
        {
          kind: 'p',
          text: m.email_company_review_intro(
            { taskTitle, companyName: p.name('companyName'), count: p.str('candidates') },
            o,
          ),
        },
        { kind: 'p', text: m.email_company_review_ask({}, o) },
        { kind: 'action', label: m.email_company_review_action({}, o), url: p.str('link') },
        { kind: 'p', text: m.email_company_review_expiry({ when: formatDateTime(p.str('expiresAt'), o.locale) }, o) },
      ],
    };
  },
  data_correction_requested: (p, o) => {
    const talentName = p.name('talentName');
    return {
      subject: m.email_data_correction_subject({ talentName }, o),
      greeting: greeting(p.name('recruiterName'), o),
      blocks: [
        { kind: 'p', text: m.email_data_correction_intro({ talentName }, o) },
        { kind: 'list', items: [p.str('message')] },
        { kind: 'p', text: m.email_data_correction_due({ date: formatDateTime(p.str('dueAt'), o.locale) }, o) },
        { kind: 'action', label: m.email_data_correction_action({}, o), url: p.str('link') },
      ],
    };
  },
};

// Every e-mail to a talent carries their "manage my data" link (issue 24); e-mails queued before carry none.
function dataLinkBlocks(url: string | null, o: Opts): Block[] {
  if (!url) return [];
  return [
    { kind: 'p', text: m.email_data_link_intro({}, o) },
    { kind: 'action', label: m.email_data_link_action({}, o), url },
  ];
}

const HIRING_STATUS_LABELS: Record<string, (o: Opts) => string> = {
  SUBMITTED: (o) => m.hiring_submitted({}, o),
  SCREENING: (o) => m.hiring_screening({}, o),
  INTERVIEW: (o) => m.hiring_interview({}, o),
  OFFERED: (o) => m.hiring_offered({}, o),
  HIRED: (o) => m.hiring_hired({}, o),
  REJECTED: (o) => m.hiring_rejected({}, o),
  WITHDRAWN: (o) => m.hiring_withdrawn({}, o),
};

const hiringStatusLabel = (status: string, o: Opts) => HIRING_STATUS_LABELS[status]?.(o) ?? status;

const REWARD_STATUS_LABELS: Record<string, (o: Opts) => string> = {
  APPROVED: (o) => m.email_reward_status_approved({}, o),
  REJECTED: (o) => m.email_reward_status_rejected({}, o),
  INELIGIBLE: (o) => m.email_reward_status_ineligible({}, o),
  NOT_VALID: (o) => m.email_reward_status_not_valid({}, o),
  EXCEED_QUOTA: (o) => m.email_reward_status_exceed_quota({}, o),
  PENDING_PAYMENT: (o) => m.email_reward_status_pending_payment({}, o),
  PAID: (o) => m.email_reward_status_paid({}, o),
};

const rewardStatusLabel = (status: string, o: Opts) => REWARD_STATUS_LABELS[status]?.(o) ?? status;

function earningAction(url: string | null, o: Opts): Block[] {
  return url ? [{ kind: 'action', label: m.email_view_earning_action({}, o), url }] : [];
}

function earningUrl(appUrl: string | undefined, locale: AppLocale): string | null {
  if (!appUrl) return null;
  return new URL(`${locale === 'en' ? '' : `/${locale}`}/earning`, appUrl).toString();
}

// A number is an amount in minor units (payload.currency, MYR by default); a string is already formatted.
export function formatAmount(value: unknown, currency: string | null, locale: AppLocale): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return formatMinorUnits(value, currency ?? 'MYR', INTL_LOCALES[locale]);
}

function expiryBlock(expiresAt: string | null, o: Opts): Block[] {
  if (!expiresAt) return [];
  return [{ kind: 'p', text: m.email_invitation_expiry({ when: formatDateTime(expiresAt, o.locale) }, o) }];
}

function formatDateTime(iso: string, locale: AppLocale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // Labelled with its offset ("GMT+8"): a recruiter abroad reads an e-mail without the app's zone note.
  return new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: DEFAULT_ZONE,
    timeZoneName: 'shortOffset',
  }).format(date);
}

// Only web links become buttons: a payload can never smuggle a javascript: or data: URL into a mail.
function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

function toText(mail: Composed, locale: AppLocale): string {
  const parts: string[] = [];
  if (mail.greeting) parts.push(mail.greeting);
  for (const block of mail.blocks) {
    if (block.kind === 'p') parts.push(block.text);
    else if (block.kind === 'list') parts.push(block.items.map((item) => `- ${item}`).join('\n'));
    else parts.push(`${block.label}${locale === 'zh' ? '：' : ':'}\n${safeUrl(block.url) ?? block.url}`);
  }
  parts.push(m.email_signature({}, { locale }), `-- \n${m.email_footer({}, { locale })}`);
  if (mail.preferences)
    parts.push(
      `${m.email_preferences_note({}, { locale })}\n${m.email_preferences_link({}, { locale })}${locale === 'zh' ? '：' : ':'} ${mail.preferences}`,
    );
  return `${parts.join('\n\n')}\n`;
}

const FONT =
  "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,'Noto Sans','PingFang SC','Microsoft YaHei',sans-serif";
const P = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:#111827';

function toHtml(mail: Composed, locale: AppLocale): string {
  const e = escapeHtml;
  const body: string[] = [];
  if (mail.greeting) body.push(`<p style="${P}">${e(mail.greeting)}</p>`);
  for (const block of mail.blocks) {
    if (block.kind === 'p') body.push(`<p style="${P}">${e(block.text)}</p>`);
    else if (block.kind === 'list')
      body.push(
        `<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:1.5;color:#111827">${block.items.map((item) => `<li>${e(item)}</li>`).join('')}</ul>`,
      );
    else {
      const url = safeUrl(block.url);
      if (!url) {
        body.push(`<p style="${P}">${e(block.label)}: ${e(block.url)}</p>`);
        continue;
      }
      body.push(
        `<p style="margin:24px 0">` +
          `<a href="${e(url)}" style="display:inline-block;background-color:${THEME_COLOR};color:#ffffff;font-size:16px;font-weight:600;line-height:1.25;text-decoration:none;padding:12px 24px;border-radius:6px">${e(block.label)}</a></p>`,
        `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#4b5563">${e(m.email_link_fallback({}, { locale }))}<br>` +
          `<a href="${e(url)}" style="color:${THEME_COLOR};word-break:break-all">${e(url)}</a></p>`,
      );
    }
  }
  body.push(`<p style="${P}">${e(m.email_signature({}, { locale }))}</p>`);
  return [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(mail.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background-color:#f3f4f6;${FONT}">`,
    `<div role="article" aria-roledescription="email" aria-label="${e(mail.subject)}" lang="${locale}" style="max-width:560px;margin:0 auto;padding:24px 16px">`,
    `<div style="background-color:#ffffff;border-radius:8px;padding:32px 24px">`,
    ...body,
    '</div>',
    `<p style="margin:16px 8px 0;font-size:12px;line-height:1.5;color:#6b7280">${e(m.email_footer({}, { locale }))}</p>`,
    ...(mail.preferences
      ? [
          `<p style="margin:8px 8px 0;font-size:12px;line-height:1.5;color:#6b7280">${e(m.email_preferences_note({}, { locale }))} ` +
            `<a href="${e(mail.preferences)}" style="color:#4b5563">${e(m.email_preferences_link({}, { locale }))}</a></p>`,
        ]
      : []),
    '</div></body></html>',
  ].join('\n');
}
