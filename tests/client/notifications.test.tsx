import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, getToasts } from '#src/components/toast/toast-store.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { formatDate } from '#src/lib/format.ts';
import { rememberRead, sendPendingReads } from '#src/lib/notification-reads.ts';
import { startOutbox } from '#src/lib/outbox/outbox-runner.ts';
import { followOutbox } from '#src/lib/outbox/outbox-snapshot.ts';
import { addEntry, clearOutbox } from '#src/lib/outbox/outbox-store.ts';
import { emailPreferencesToken } from '#src/server/notifications/email-preferences-token.ts';
import type { Role } from '#src/shared/enums.ts';
import type { NotificationKind, NotificationPayload } from '#src/shared/notifications.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// The notification centre, the header's bell, the account page's choices and the e-mails' one-click
// page (issue 25), in the real route tree against the real API. Items are written to the database as
// the notification worker writes them; dates are the device's (the centre groups by the user's day).
const server = inProcessApiForFile();

beforeAll(() => {
  startOutbox();
});

beforeEach(async () => {
  clearAuthTokens();
  clearToasts();
  await clearOutbox();
  server.advance(60 * 60_000); // a fresh rate-limit window
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.stubGlobal('fetch', server.fetch);
});

const DAY = 24 * 60 * 60_000;
const toastMessages = () => getToasts().map((toast) => toast.message);

async function signedIn(roles: Role[] = ['ROLE_RECRUITER']): Promise<number> {
  const email = await server.createUser({ roles });
  await server.signIn(email);
  const user = await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  await followOutbox(user.id);
  return user.id;
}

let eventId = 0;
/** One item of the user's, as the worker writes it. */
async function notify(
  userId: number,
  kind: NotificationKind,
  payload: NotificationPayload,
  values: { at?: number; read?: boolean; path?: string } = {},
): Promise<number> {
  eventId += 1;
  const at = new Date(values.at ?? Date.now() - 60_000).toISOString();
  const row = await server.db
    .insertInto('notifications')
    .values({
      user_id: userId,
      event_id: eventId,
      talent_id: null,
      kind,
      payload: JSON.stringify(payload),
      path: values.path ?? '/account',
      created_at: at,
      read_at: values.read ? at : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The ids of the user's items the server has unread. */
async function unreadOnServer(userId: number): Promise<number[]> {
  const rows = await server.db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

const REJECTED: NotificationPayload = { talentName: 'Nur Aisyah', taskTitle: 'Barista', reason: 'No call log' };
const bell = () => screen.getByTestId('notification-bell');
const items = () => screen.queryAllByTestId('notification-item');

async function openCentre() {
  const view = renderAppAt('/notifications');
  await screen.findByRole('heading', { level: 1, name: 'Notifications' });
  return view;
}

describe('the bell', () => {
  it('shows the unread count, and says it in words to screen readers', async () => {
    const me = await signedIn();
    await notify(me, 'CALL_PROOF_REJECTED', REJECTED);
    await notify(me, 'CONSENT_CONFIRMED', REJECTED);
    await notify(me, 'ITA_CONFIRMED', REJECTED);
    await notify(me, 'HIRING_CHANGED', { ...REJECTED, status: 'INTERVIEW' }, { read: true });
    renderAppAt('/account');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread'));
    expect(within(bell()).getByTestId('notification-bell-count').textContent).toBe('3');
  });

  it('has no number when everything is read, and is there for an admin too', async () => {
    const me = await signedIn(['ROLE_ADMIN']);
    await notify(me, 'ADMIN_CALL_PROOF_WAITING', REJECTED, { read: true });
    renderAppAt('/account');
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(within(bell()).queryByTestId('notification-bell-count')).toBeNull();
  });
});

describe('the centre', () => {
  it('lists my items by day, newest first, unread ones marked, in words of their own', async () => {
    const me = await signedIn();
    const older = Date.now() - 5 * DAY;
    await notify(me, 'PAYMENT_PAID', { amount: 150_000, currency: 'MYR' }, { at: older, read: true });
    await notify(me, 'HIRING_CHANGED', { ...REJECTED, status: 'INTERVIEW' }, { at: Date.now() - DAY });
    await notify(me, 'CALL_PROOF_REJECTED', REJECTED);
    await openCentre();

    await waitFor(() => expect(items()).toHaveLength(3));
    expect(screen.getAllByTestId('notification-day').map((heading) => heading.textContent)).toEqual([
      'Today',
      'Yesterday',
      formatDate(older),
    ]);
    const [first, second, third] = items() as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.textContent).toContain('Call proof not accepted');
    expect(first.textContent).toContain(
      'Your call proof for Nur Aisyah (Barista) was not accepted. Reason: No call log',
    );
    expect(first.dataset.unread).toBe('true');
    expect(within(first).getByText('Unread:', { exact: false })).toBeTruthy();
    expect(second.textContent).toContain('Hiring update: Interview');
    expect(third.dataset.unread).toBe('false');
    expect(third.textContent).toContain('Payment sent');
  });

  it('opens the screen an item is about and marks it read', async () => {
    const me = await signedIn();
    // Paths may carry search params (`/task?view=12`): the router reads them as if typed.
    const id = await notify(me, 'CALL_PROOF_REJECTED', REJECTED, { path: '/account?from=bell' });
    await notify(me, 'CONSENT_CONFIRMED', REJECTED);
    const { router } = await openCentre();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));

    const item = (await screen.findAllByTestId('notification-item')).find((link) =>
      link.textContent?.includes('Call proof not accepted'),
    ) as HTMLElement;
    expect(item.getAttribute('href')).toBe('/account?from=bell');
    fireEvent.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(router.state.location.searchStr).toBe('?from=bell');
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    const row = await server.db.selectFrom('notifications').select('read_at').where('id', '=', id).executeTakeFirst();
    expect(row?.read_at).not.toBeNull();
  });

  it('marks everything read at once', async () => {
    const me = await signedIn();
    await notify(me, 'CALL_PROOF_REJECTED', REJECTED);
    await notify(me, 'CONSENT_CONFIRMED', REJECTED);
    await openCentre();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));

    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(items().map((item) => item.dataset.unread)).toEqual(['false', 'false']);
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await unreadOnServer(me)).toEqual([]);
  });

  it('keeps a read made while the network fails, and tells the server at the next load', async () => {
    const me = await signedIn();
    // An item about this very screen: its data is on the device, so it opens with the network down.
    const id = await notify(me, 'CALL_PROOF_REJECTED', REJECTED, { path: '/notifications?from=item' });
    await notify(me, 'CONSENT_CONFIRMED', REJECTED);
    const { router } = await openCentre();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));

    // The network goes: opening the item still opens its screen and shows it read, with no error.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const item = (await screen.findAllByTestId('notification-item')).find((link) =>
      link.textContent?.includes('Call proof not accepted'),
    ) as HTMLElement;
    fireEvent.click(item);
    await waitFor(() => expect(router.state.location.searchStr).toBe('?from=item'));
    await waitFor(() => expect(item.dataset.unread).toBe('false'));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await waitFor(() =>
      expect(localStorage.getItem(`recruiter.notification-reads.${me}`)).toBe(`{"all":false,"ids":[${id}]}`),
    );
    expect(toastMessages()).toEqual([]);
    expect(await unreadOnServer(me)).toContain(id);

    // Back, and the app opened again: the read reaches the server before the list, which shows it read.
    cleanup();
    vi.stubGlobal('fetch', server.fetch);
    await openCentre();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    expect(await unreadOnServer(me)).not.toContain(id);
    const opened = (await screen.findAllByTestId('notification-item')).find((link) =>
      link.textContent?.includes('Call proof not accepted'),
    ) as HTMLElement;
    expect(opened.dataset.unread).toBe('false');
    expect(localStorage.getItem(`recruiter.notification-reads.${me}`)).toBeNull();
  });

  it('keeps "Mark all as read" made offline until the server has it', async () => {
    const me = await signedIn();
    await notify(me, 'CALL_PROOF_REJECTED', REJECTED);
    await notify(me, 'CONSENT_CONFIRMED', REJECTED);
    await openCentre();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread'));

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(items().map((item) => item.dataset.unread)).toEqual(['false', 'false']));
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    await waitFor(() =>
      expect(localStorage.getItem(`recruiter.notification-reads.${me}`)).toBe('{"all":true,"ids":[]}'),
    );
    expect(toastMessages()).toEqual([]);

    cleanup();
    vi.stubGlobal('fetch', server.fetch);
    await openCentre();
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications'));
    expect(items().map((item) => item.dataset.unread)).toEqual(['false', 'false']);
    expect(await unreadOnServer(me)).toEqual([]);
  });

  it('keeps waiting reads through a server failure, and forgets one for an item that is gone', async () => {
    const me = await signedIn();
    const id = await notify(me, 'CALL_PROOF_REJECTED', REJECTED);
    rememberRead(999_999); // no such item: the server answers 404
    rememberRead(id);
    const waiting = () => localStorage.getItem(`recruiter.notification-reads.${me}`);

    vi.stubGlobal('fetch', async () => new Response('{"success":false}', { status: 503 }));
    await sendPendingReads();
    expect(waiting()).toBe(`{"all":false,"ids":[999999,${id}]}`);

    vi.stubGlobal('fetch', server.fetch);
    await sendPendingReads();
    expect(waiting()).toBeNull();
    const row = await server.db.selectFrom('notifications').select('read_at').where('id', '=', id).executeTakeFirst();
    expect(row?.read_at).not.toBeNull();
  });

  it('loads older items a page at a time', async () => {
    const me = await signedIn();
    for (let n = 0; n < 35; n += 1) await notify(me, 'TASK_OPENED', { taskTitle: `Job ${n}` });
    await openCentre();
    await waitFor(() => expect(items()).toHaveLength(30));
    expect(items()[0]?.textContent).toContain('Job 34 is open for referrals.');

    fireEvent.click(screen.getByRole('button', { name: 'Load older' }));
    await waitFor(() => expect(items()).toHaveLength(35));
    expect(items()[34]?.textContent).toContain('Job 0 is open for referrals.');
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
  });

  it('says so when there is nothing yet', async () => {
    await signedIn();
    await openCentre();
    expect(await screen.findByText('No notifications yet. You will find here what happens to your work.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('lists, on top, what this device could not send, as a way to the Outbox', async () => {
    const me = await signedIn();
    await addEntry({
      id: crypto.randomUUID(),
      userId: me,
      kind: 'profile-completion',
      fields: {},
      meta: { taskId: '7', talentId: 41, talentName: 'Siti Aminah' },
      createdAt: Date.now() - 60_000,
      state: 'needs-attention',
      attempts: 1,
      nextAttemptAt: Date.now() + DAY,
      error: { code: 'VALIDATION_FAILED', status: 422, message: 'Validation failed' },
    });
    const { router } = await openCentre();
    const local = await screen.findByTestId('notification-outbox-item');
    expect(local.textContent).toContain('Not sent: Profile completion');
    expect(local.textContent).toContain('Siti Aminah: the server did not accept it.');
    fireEvent.click(local);
    await waitFor(() => expect(router.state.location.pathname).toBe('/outbox'));
  });
});

describe('notification choices on the account page', () => {
  const section = () => screen.getByTestId('notification-preferences');

  it('saves a recruiter’s channels per topic, and shows what was saved', async () => {
    const me = await signedIn();
    renderAppAt('/account');
    const email = await screen.findByRole('checkbox', { name: 'E-mail: Call proofs' });
    expect((email as HTMLInputElement).checked).toBe(true);
    expect(within(section()).queryByRole('radio')).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'E-mail: New jobs and promos' }) as HTMLInputElement).checked).toBe(
      false,
    );

    fireEvent.click(email);
    fireEvent.click(screen.getByRole('checkbox', { name: 'E-mail: New jobs and promos' }));
    fireEvent.click(within(section()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastMessages()).toContain('Notification settings saved.'));

    const saved = await server.db
      .selectFrom('users')
      .select('notification_prefs')
      .where('id', '=', me)
      .executeTakeFirstOrThrow();
    const prefs = JSON.parse(saved.notification_prefs ?? '{}');
    expect(prefs.topics.call_proofs).toEqual({ inApp: true, push: true, email: false });
    expect(prefs.topics.opportunities).toEqual({ inApp: true, push: true, email: true });
    expect((screen.getByRole('checkbox', { name: 'E-mail: Call proofs' }) as HTMLInputElement).checked).toBe(false);
  });

  it('keeps what was ticked when the save fails', async () => {
    await signedIn();
    renderAppAt('/account');
    const push = await screen.findByRole('checkbox', { name: 'Push on your devices: Hiring progress' });
    fireEvent.click(push);
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.method === 'PUT' && request.url.endsWith('/api/notifications/preferences'))
        return Promise.resolve(
          Response.json(
            { success: false, error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } },
            { status: 500 },
          ),
        );
      return server.fetch(request);
    });
    fireEvent.click(within(section()).getByRole('button', { name: 'Save' }));
    await within(section()).findByRole('alert');
    expect(
      (screen.getByRole('checkbox', { name: 'Push on your devices: Hiring progress' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(toastMessages()).not.toContain('Notification settings saved.');
  });

  it('lets an admin choose between each item as it comes and a daily summary', async () => {
    const me = await signedIn(['ROLE_ADMIN']);
    renderAppAt('/account');
    const daily = await screen.findByRole('radio', { name: /Once a day/ });
    expect((daily as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'In the app: Call proofs to review' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'E-mail: Hiring progress' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: /As it happens/ }));
    fireEvent.click(within(section()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastMessages()).toContain('Notification settings saved.'));
    const saved = await server.db
      .selectFrom('users')
      .select('notification_prefs')
      .where('id', '=', me)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(saved.notification_prefs ?? '{}').adminDelivery).toBe('INSTANT');
  });
});

describe('the one-click page of the e-mails', () => {
  // The in-process API's JWT_SECRET (tests/client/helpers/in-process-api.ts) signs the links.
  const linkOf = (userId: number) =>
    `/notifications/unsubscribe?token=${emailPreferencesToken('x'.repeat(40), userId, 'call_proofs')}`;

  it('stops one kind of e-mail without signing in, and leads to all the choices', async () => {
    const email = await server.createUser();
    const { id } = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    renderAppAt(linkOf(id));
    expect(await screen.findByText('You get e-mails about “Call proofs”.')).toBeTruthy();
    expect(document.title).toBe('E-mail Notifications | Recruiter');

    fireEvent.click(screen.getByRole('button', { name: 'Stop these e-mails' }));
    expect(await screen.findByText('You will no longer get e-mails about “Call proofs”.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop these e-mails' })).toBeNull();
    const link = screen.getByRole('link', { name: 'Choose all your notifications' });
    expect(link.getAttribute('href')).toBe('/account#account-notifications');
    const saved = await server.db
      .selectFrom('users')
      .select('notification_prefs')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(saved.notification_prefs ?? '{}').topics.call_proofs).toEqual({
      inApp: true,
      push: true,
      email: false,
    });
  });

  it('says so when the link is not valid', async () => {
    renderAppAt('/notifications/unsubscribe?token=not-a-real-token');
    expect(
      await screen.findByText(
        'This link is not valid any more. Sign in and choose your notifications on your account page.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop these e-mails' })).toBeNull();
  });
});
