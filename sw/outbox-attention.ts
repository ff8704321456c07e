/// <reference lib="webworker" />
import type { OutboxEntry, OutboxKind } from '#src/lib/outbox/outbox-types.ts';
import { m } from '#src/paraglide/messages.js';
import type { Locale } from '#src/paraglide/runtime.js';
import { showAppNotification } from './push';
import { localizedPath, workerLocale } from './sw-locale';

declare const self: ServiceWorkerGlobalScope;

// Background Sync sends the outbox while the app is closed; an entry the server refuses then waits for
// the recruiter, who would not know until they opened the app. One notification per refused entry
// (tagged with the entry, so a later pass does not repeat it) says what it is and leads to the Outbox.
// Only with notification permission already granted: the worker never asks.

const KIND_LABEL: Record<OutboxKind, (locale: Locale) => string> = {
  'drop-resume': (locale) => m.outbox_kind_drop_resume({}, { locale }),
  'profile-completion': (locale) => m.outbox_kind_profile_completion({}, { locale }),
  'call-proof': (locale) => m.outbox_kind_call_proof({}, { locale }),
};

/** The entries refused during this pass: needing attention now and not before, and not held by a form. */
export function newlyRefused(before: readonly OutboxEntry[], after: readonly OutboxEntry[]): OutboxEntry[] {
  const already = new Set(before.filter((entry) => entry.state === 'needs-attention').map((entry) => entry.id));
  return after.filter(
    (entry) => entry.state === 'needs-attention' && !already.has(entry.id) && entry.meta.handedBack !== true,
  );
}

export async function noticeRefusedEntries(entries: readonly OutboxEntry[]): Promise<void> {
  if (entries.length === 0 || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const locale = await workerLocale();
  for (const entry of entries) {
    const what = KIND_LABEL[entry.kind](locale);
    const name = entry.meta.talentName ?? entry.meta.email;
    await showAppNotification(m.push_outbox_refused_title({ what }, { locale }), {
      body: name ? m.push_outbox_refused_body_named({ name }, { locale }) : m.push_outbox_refused_body({}, { locale }),
      tag: `outbox-${entry.id}`,
      url: localizedPath('/outbox', locale),
    });
  }
}
