import { m } from '#src/paraglide/messages.js';
import type {
  EmailTopic,
  NotificationChannels,
  NotificationPreferences,
  NotificationTopic,
} from '#src/shared/notifications.ts';

// Localised labels of the notification choices (issue 25): the account page's preferences and the
// one-click unsubscribe page name the same topics. Maps, not dynamic key lookups, so the bundler keeps
// what is used.

export const NOTIFICATION_TOPIC_LABELS: Record<NotificationTopic, { name: () => string; hint: () => string }> = {
  talent_answers: { name: m.notification_topic_talent_answers, hint: m.notification_topic_talent_answers_hint },
  call_proofs: { name: m.notification_topic_call_proofs, hint: m.notification_topic_call_proofs_hint },
  hiring: { name: m.notification_topic_hiring, hint: m.notification_topic_hiring_hint },
  rewards: { name: m.notification_topic_rewards, hint: m.notification_topic_rewards_hint },
  opportunities: { name: m.notification_topic_opportunities, hint: m.notification_topic_opportunities_hint },
  admin_call_proofs: {
    name: m.notification_topic_admin_call_proofs,
    hint: m.notification_topic_admin_call_proofs_hint,
  },
  admin_rewards: { name: m.notification_topic_admin_rewards, hint: m.notification_topic_admin_rewards_hint },
  admin_data_requests: {
    name: m.notification_topic_admin_data_requests,
    hint: m.notification_topic_admin_data_requests_hint,
  },
  admin_company_answers: {
    name: m.notification_topic_admin_company_answers,
    hint: m.notification_topic_admin_company_answers_hint,
  },
  admin_paperwork: { name: m.notification_topic_admin_paperwork, hint: m.notification_topic_admin_paperwork_hint },
};

/** What a one-click e-mail link stops, by name: a topic, or the admins' daily digest. */
export const emailTopicName = (topic: EmailTopic): string =>
  topic === 'admin_digest' ? m.notification_topic_admin_digest() : NOTIFICATION_TOPIC_LABELS[topic].name();

/** The channels in the order the preferences show them. */
export const NOTIFICATION_CHANNEL_LABELS: Record<keyof NotificationChannels, () => string> = {
  inApp: m.notification_channel_in_app,
  push: m.notification_channel_push,
  email: m.notification_channel_email,
};

export const ADMIN_DELIVERY_LABELS: Record<
  NotificationPreferences['adminDelivery'],
  { name: () => string; hint: () => string }
> = {
  INSTANT: { name: m.notification_admin_delivery_instant, hint: m.notification_admin_delivery_instant_hint },
  DIGEST: { name: m.notification_admin_delivery_digest, hint: m.notification_admin_delivery_digest_hint },
};
