import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { PushDeviceSwitch } from '#src/components/pwa/push-device-switch.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import {
  type NotificationSettings,
  notificationPreferencesQueryOptions,
  useUpdateNotificationPreferencesMutation,
} from '#src/features/account/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import {
  ADMIN_DELIVERY_LABELS,
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_TOPIC_LABELS,
} from '#src/lib/enum-labels/notification-labels.ts';
import { m } from '#src/paraglide/messages.js';
import {
  ADMIN_TOPICS,
  DEFAULT_CHANNELS,
  type NotificationChannels,
  type NotificationPreferences,
  type NotificationTopic,
} from '#src/shared/notifications.ts';
import { AccountCard } from './account-card';

const CHANNELS = Object.keys(NOTIFICATION_CHANNEL_LABELS) as (keyof NotificationChannels)[];
const DELIVERIES = Object.keys(ADMIN_DELIVERY_LABELS) as NotificationPreferences['adminDelivery'][];

// "Notifications" on the account page (issue 25): this device's push switch first, then for each topic
// of the user's roles where they hear of it (in the app, push, e-mail), and for an admin whether what
// waits for them is pushed and e-mailed as it comes or once a day.
export function NotificationSection() {
  const settings = useQuery(notificationPreferencesQueryOptions());
  return (
    <AccountCard id="account-notifications" title={m.notification_prefs_heading()} intro={m.notification_prefs_intro()}>
      <PushDeviceSwitch />
      {settings.isPending && (
        <p role="status" className="text-sm text-base-content/70">
          <span className="loading loading-dots loading-sm" aria-hidden="true" /> {m.common_loading()}
        </p>
      )}
      {settings.isError && !settings.data && (
        <div role="alert" className="alert alert-soft alert-error flex flex-wrap items-center gap-2">
          <span className="flex-1">{m.list_load_failed()}</span>
          <button type="button" className="btn btn-sm" onClick={() => void settings.refetch()}>
            {m.list_retry()}
          </button>
        </div>
      )}
      {/* Keyed by the saved choices: a save (or a refresh from another device) starts the form anew. */}
      {settings.data && <PreferencesForm key={JSON.stringify(settings.data)} settings={settings.data} />}
    </AccountCard>
  );
}

const channelsOf = (preferences: NotificationPreferences, topic: NotificationTopic): NotificationChannels =>
  preferences.topics[topic] ?? DEFAULT_CHANNELS[topic];

function PreferencesForm({ settings }: { settings: NotificationSettings }) {
  const update = useUpdateNotificationPreferencesMutation();
  const [draft, setDraft] = useState<NotificationPreferences>(() => ({
    topics: Object.fromEntries(settings.topics.map((topic) => [topic, channelsOf(settings.preferences, topic)])),
    adminDelivery: settings.preferences.adminDelivery,
  }));
  const [failure, setFailure] = useState<unknown>(null);
  const admin = settings.topics.some((topic) => (ADMIN_TOPICS as readonly string[]).includes(topic));

  const toggle = (topic: NotificationTopic, channel: keyof NotificationChannels, on: boolean) =>
    setDraft((current) => ({
      ...current,
      topics: { ...current.topics, [topic]: { ...channelsOf(current, topic), [channel]: on } },
    }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    // A refused save keeps the draft as it is on the screen: nothing ticked is lost.
    update.mutate(draft, {
      onSuccess: () => toast.success(m.notification_prefs_saved()),
      onError: (error) => setFailure(error),
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" data-testid="notification-preferences">
      {failure !== null && <FormAlert message={errorMessage(failure)} />}
      {settings.topics.map((topic) => {
        const channels = channelsOf(draft, topic);
        const hintId = `notification-topic-${topic}-hint`;
        return (
          <fieldset key={topic} className="rounded-box border border-base-300 px-3 pb-3" aria-describedby={hintId}>
            <legend className="px-1 font-medium">{NOTIFICATION_TOPIC_LABELS[topic].name()}</legend>
            <p id={hintId} className="text-xs text-base-content/70">
              {NOTIFICATION_TOPIC_LABELS[topic].hint()}
            </p>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {CHANNELS.map((channel) => (
                <label key={channel} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="checkbox checkbox-sm checkbox-primary"
                    checked={channels[channel]}
                    disabled={update.isPending}
                    onChange={(event) => toggle(topic, channel, event.currentTarget.checked)}
                    // The visible label is the channel; screen readers hear the topic too.
                    aria-label={m.notification_prefs_choice({
                      channel: NOTIFICATION_CHANNEL_LABELS[channel](),
                      topic: NOTIFICATION_TOPIC_LABELS[topic].name(),
                    })}
                  />
                  <span aria-hidden="true">{NOTIFICATION_CHANNEL_LABELS[channel]()}</span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      {admin && (
        <fieldset className="rounded-box border border-base-300 px-3 pb-3">
          <legend className="px-1 font-medium">{m.notification_admin_delivery_label()}</legend>
          <div className="flex flex-col gap-2">
            {DELIVERIES.map((delivery) => (
              <label key={delivery} className="flex cursor-pointer items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="adminDelivery"
                  className="radio radio-sm radio-primary mt-0.5"
                  value={delivery}
                  checked={draft.adminDelivery === delivery}
                  disabled={update.isPending}
                  onChange={() => setDraft((current) => ({ ...current, adminDelivery: delivery }))}
                />
                <span>
                  <span className="font-medium">{ADMIN_DELIVERY_LABELS[delivery].name()}</span>
                  <span className="block text-xs text-base-content/70">{ADMIN_DELIVERY_LABELS[delivery].hint()}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div>
        <SubmitButton pending={update.isPending} label={m.account_save()} pendingLabel={m.account_saving()} />
      </div>
    </form>
  );
}
