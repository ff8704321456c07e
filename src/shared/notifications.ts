import * as v from 'valibot';

// Issue 25: what a user is told, where, and how they choose. The server writes one event per change (in
// the change's own transaction); the notification worker turns it into an in-app item, pushes and e-mails
// for each recipient, per the recipient's preferences. Both ends read these types.

/**
 * What a user chooses channels for: the kinds of event a user can hear of, grouped as a person thinks of
 * them ("my candidates' answers", "money"), not one switch per kind. ADMIN_DIGEST follows the topics it sums up.
 */
export const NOTIFICATION_TOPICS = {
  // To the referral's recruiter
  talent_answers: [
    'CONSENT_CONFIRMED',
    'CONSENT_DECLINED',
    'ITA_CONFIRMED',
    'ITA_DECLINED',
    'CONSENT_WITHDRAWN',
    'CONSENT_EXPIRED',
    'DATA_CORRECTION_REQUESTED',
  ],
  call_proofs: ['CALL_PROOF_ACCEPTED', 'CALL_PROOF_REJECTED'],
  hiring: ['HIRING_CHANGED'],
  rewards: ['REWARD_DECIDED', 'PAYMENT_CREATED', 'PAYMENT_PAID', 'PAYMENT_CANCELLED', 'CP58_ISSUED'],
  // To every active recruiter
  opportunities: ['TASK_OPENED', 'PROMO_OPENED'],
  // To every active admin
  admin_call_proofs: ['ADMIN_CALL_PROOF_WAITING'],
  admin_rewards: ['ADMIN_REWARD_WAITING'],
  admin_data_requests: ['ADMIN_DATA_REQUEST'],
  admin_company_answers: ['ADMIN_COMPANY_ANSWER'],
  admin_paperwork: ['ADMIN_CP58_REQUESTED'],
} as const satisfies Record<string, readonly string[]>;
export type NotificationTopic = keyof typeof NOTIFICATION_TOPICS;

/**
 * Every kind of event a user can hear of: each topic's, in the topics' order, and the admins' daily digest.
 * The text of each is `notificationText` (src/lib/notification-text.ts).
 */
export type NotificationKind = (typeof NOTIFICATION_TOPICS)[NotificationTopic][number] | 'ADMIN_DIGEST';
export const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  ...Object.values(NOTIFICATION_TOPICS).flat(),
  'ADMIN_DIGEST',
];

/**
 * What a notification e-mail's one-click link stops: a topic's e-mails, or (`admin_digest`) the admins'
 * daily digest, which sums up every admin topic and so stops only when all their e-mails do.
 */
export type EmailTopic = NotificationTopic | 'admin_digest';

export const RECRUITER_TOPICS = ['talent_answers', 'call_proofs', 'hiring', 'rewards', 'opportunities'] as const;
export const ADMIN_TOPICS = [
  'admin_call_proofs',
  'admin_rewards',
  'admin_data_requests',
  'admin_company_answers',
  'admin_paperwork',
] as const;

export function topicOf(kind: NotificationKind): NotificationTopic | null {
  for (const [topic, kinds] of Object.entries(NOTIFICATION_TOPICS))
    if ((kinds as readonly string[]).includes(kind)) return topic as NotificationTopic;
  return null;
}

export type NotificationChannels = { inApp: boolean; push: boolean; email: boolean };

export type NotificationPreferences = {
  /** Only the topics of the user's roles. */
  topics: Partial<Record<NotificationTopic, NotificationChannels>>;
  /**
   * Admins: INSTANT sends each waiting item's push and e-mail as it happens; DIGEST sends one summary a day
   * (08:00 in the admin's time zone) instead. The in-app centre lists every item either way.
   */
  adminDelivery: 'INSTANT' | 'DIGEST';
};

// The defaults: what the product e-mailed before issue 25 keeps being e-mailed (answers, call-proof
// refusals, hiring moves, money); new tasks and promos are in-app and push only, so the inbox is not
// flooded; admins get the in-app items at once and the e-mail once a day.
export const DEFAULT_CHANNELS: Record<NotificationTopic, NotificationChannels> = {
  talent_answers: { inApp: true, push: true, email: true },
  call_proofs: { inApp: true, push: true, email: true },
  hiring: { inApp: true, push: true, email: true },
  rewards: { inApp: true, push: true, email: true },
  opportunities: { inApp: true, push: true, email: false },
  admin_call_proofs: { inApp: true, push: true, email: true },
  admin_rewards: { inApp: true, push: true, email: true },
  admin_data_requests: { inApp: true, push: true, email: true },
  admin_company_answers: { inApp: true, push: true, email: true },
  admin_paperwork: { inApp: true, push: true, email: true },
};
export const DEFAULT_ADMIN_DELIVERY = 'DIGEST' as const;

/**
 * What an item carries to be put into words in the reader's language (by `notificationText`), so the
 * centre follows a language switch. Names are as typed by people: the renderer treats them as text.
 */
export type NotificationPayload = {
  talentName?: string;
  /** Set when the talent was anonymised (issue 24): the text reads "Erased candidate". */
  talentErased?: boolean;
  taskTitle?: string;
  promoTitle?: string;
  /** HIRING_CHANGED: the new hiring status; REWARD_DECIDED: the reward status. */
  status?: string;
  reason?: string | null;
  /** Minor units, with `currency`. */
  amount?: number | null;
  currency?: string | null;
  /**
   * PAYMENT_CREATED, PAYMENT_PAID of a payment with something withheld under section 107D (issue 46): then
   * `amount` is the net paid, and these are the gross and the amount withheld (minor units, in `currency`)
   * and the rate (basis points: 200 is 2%). Absent when nothing was withheld.
   */
  gross?: number;
  withheld?: number;
  withholdingRate?: number;
  /** ADMIN_DIGEST: how many of each are waiting. */
  callProofs?: number;
  rewards?: number;
  dataRequests?: number;
  /** ADMIN_DIGEST: the hiring companies' answers given since the admin's last digest. */
  companyAnswers?: number;
  /** ADMIN_DATA_REQUEST: CORRECTION | WITHDRAWAL. */
  requestKind?: string;
  /** ADMIN_COMPANY_ANSWER: the hiring company and its answer (SHORTLIST | INTERVIEW | NOT_A_FIT). */
  companyName?: string;
  answer?: string;
  /** CP58_ISSUED, ADMIN_CP58_REQUESTED: the year of the Form CP58; CP58_ISSUED: its version and the one it corrects. */
  year?: number;
  version?: number;
  correctsVersion?: number | null;
  /** ADMIN_CP58_REQUESTED: the recruiter who asked, by their account's name. */
  recruiterName?: string;
  /** ADMIN_DIGEST: the recruiters' Form CP58 requests waiting to be issued. */
  cp58Requests?: number;
};

/** One item of the in-app centre (`GET /api/notifications`). */
export type NotificationItem = {
  id: number;
  kind: NotificationKind;
  payload: NotificationPayload;
  /** The screen it is about, without the language prefix: `/talents-folder/12/profile`. */
  path: string;
  createdAt: string;
  readAt: string | null;
};

export type NotificationPage = { items: NotificationItem[]; unread: number; nextBefore: number | null };

/** What the service worker receives in a push (JSON, encrypted per RFC 8291 by web-push). */
export type PushMessage = {
  title: string;
  body: string;
  /** Absolute path with the recipient's language prefix: `/ms/talents-folder/12/profile`. */
  url: string;
  /** One notification per item: a repeated push replaces it instead of showing twice. */
  tag: string;
};

/** Posted by the service worker to the app's windows when a push arrived: the bell and the centre refetch. */
export const NOTIFICATIONS_CHANGED = 'notifications-changed';

// ---- edge schemas ----
const channelsSchema = v.strictObject({ inApp: v.boolean(), push: v.boolean(), email: v.boolean() });
export const notificationPreferencesSchema = v.strictObject({
  topics: v.partial(
    v.strictObject(
      Object.fromEntries(Object.keys(NOTIFICATION_TOPICS).map((t) => [t, channelsSchema])) as Record<
        NotificationTopic,
        typeof channelsSchema
      >,
    ),
  ),
  adminDelivery: v.picklist(['INSTANT', 'DIGEST']),
});

export const notificationListQuerySchema = v.object({
  before: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(100))),
});

// A browser's PushSubscription.toJSON(). Endpoints are https URLs of the browser's push service.
export const pushSubscriptionSchema = v.object({
  endpoint: v.pipe(v.string(), v.maxLength(2000), v.url(), v.startsWith('https://')),
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.object({
    p256dh: v.pipe(v.string(), v.maxLength(200), v.regex(/^[A-Za-z0-9_-]+={0,2}$/)),
    auth: v.pipe(v.string(), v.maxLength(100), v.regex(/^[A-Za-z0-9_-]+={0,2}$/)),
  }),
});
export const pushEndpointSchema = v.object({ endpoint: v.pipe(v.string(), v.maxLength(2000)) });
export const unsubscribeQuerySchema = v.object({ token: v.pipe(v.string(), v.maxLength(500)) });
