import {
  ADMIN_TOPICS,
  DEFAULT_ADMIN_DELIVERY,
  DEFAULT_CHANNELS,
  type NotificationChannels,
  type NotificationPreferences,
  type NotificationTopic,
  RECRUITER_TOPICS,
} from '#src/shared/notifications.ts';

// A user's choices are stored as they set them (users.notification_prefs, JSON); whatever they never set
// reads as the default, so a topic added later starts at its default for everyone.

export function topicsForRoles(roles: readonly string[]): NotificationTopic[] {
  return [
    ...(roles.includes('ROLE_RECRUITER') ? RECRUITER_TOPICS : []),
    ...(roles.includes('ROLE_ADMIN') ? ADMIN_TOPICS : []),
  ];
}

export function readPreferences(stored: string | null, roles: readonly string[]): NotificationPreferences {
  let saved: Partial<NotificationPreferences> = {};
  try {
    saved = stored ? (JSON.parse(stored) as Partial<NotificationPreferences>) : {};
  } catch {
    saved = {};
  }
  const topics: NotificationPreferences['topics'] = {};
  for (const topic of topicsForRoles(roles)) topics[topic] = { ...DEFAULT_CHANNELS[topic], ...saved.topics?.[topic] };
  return { topics, adminDelivery: saved.adminDelivery === 'INSTANT' ? 'INSTANT' : DEFAULT_ADMIN_DELIVERY };
}

/** The channels of one topic for a recipient: off when the topic is not one of their roles'. */
export function channelsFor(prefs: NotificationPreferences, topic: NotificationTopic): NotificationChannels {
  return prefs.topics[topic] ?? { inApp: false, push: false, email: false };
}
