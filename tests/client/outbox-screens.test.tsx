import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '#src/components/toast/toast-store.ts';
import { clearAuthTokens, getAuthTokens, setAuthTokens } from '#src/lib/auth-session.ts';
import { startOutbox } from '#src/lib/outbox/outbox-runner.ts';
import { followOutbox } from '#src/lib/outbox/outbox-snapshot.ts';
import { addEntry, clearOutbox, listEntries } from '#src/lib/outbox/outbox-store.ts';
import type { OutboxEntry } from '#src/lib/outbox/outbox-types.ts';
import { m } from '#src/paraglide/messages.js';
import { insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { logInRecruiter, type Session } from './helpers/outbox-fixtures';
import { renderAppAt } from './helpers/render-app';

// What the recruiter sees of the outbox (issue 4): the Outbox screen, the header's unsent badge, the
// offline banner, and the warning before a logout would delete unsent items. Entries are written to
// (fake) IndexedDB as the app writes them; none of them is due, so the runner sends nothing.
const server = inProcessApiForFile();
let session: Session;

beforeAll(async () => {
  startOutbox();
});

beforeEach(async () => {
  clearAuthTokens();
  clearToasts();
  await clearOutbox();
  server.advance(60 * 60_000); // a fresh rate-limit window
  session = await logInRecruiter(server);
  setAuthTokens({ accessToken: session.accessToken, refreshToken: session.refreshToken, rememberMe: false });
  await followOutbox(session.userId);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const HOUR = 60 * 60_000;
let minutesAgo = 60;

/** An entry of the signed-in recruiter's, queued a little after the previous one. */
async function seed(values: Partial<OutboxEntry> & Pick<OutboxEntry, 'kind' | 'state'>): Promise<OutboxEntry> {
  minutesAgo -= 1;
  const createdAt = Date.now() - minutesAgo * 60_000;
  const entry: OutboxEntry = {
    id: crypto.randomUUID(),
    userId: session.userId,
    fields: {},
    meta: {},
    createdAt,
    attempts: 0,
    // Never due while a test runs: the runner leaves it alone.
    nextAttemptAt: Date.now() + HOUR,
    ...values,
  };
  await addEntry(entry);
  return entry;
}

const refusedDrop = () =>
  seed({
    kind: 'drop-resume',
    state: 'needs-attention',
    fields: { taskId: '7' },
    file: { name: 'siti-cv.exe', type: 'application/octet-stream', size: 2048 },
    meta: { taskId: '7' },
    error: { code: 'UNSUPPORTED_FILE_TYPE', status: 415, message: 'Unsupported file type' },
  });

/** A drop kept past the server's memory of its key: the recruiter may check and send it again. */
const tooOldDrop = () =>
  seed({
    kind: 'drop-resume',
    state: 'needs-attention',
    attempts: 1,
    fields: { taskId: '7' },
    file: { name: 'siti-cv.pdf', type: 'application/pdf', size: 2048 },
    meta: { taskId: '7' },
    error: { code: 'OUTBOX_TOO_OLD', status: 0, message: 'Kept longer than the server remembers its key.' },
  });

/** The same person already referred to the task, refused when replayed in the background. */
const duplicateDrop = (meta: OutboxEntry['meta'] = {}) =>
  seed({
    kind: 'drop-resume',
    state: 'needs-attention',
    fields: { taskId: '7', fullName: 'Aisyah binti Rahman' },
    file: { name: 'aisyah-cv.pdf', type: 'application/pdf', size: 2048 },
    meta: { taskId: '7', talentName: 'Aisyah binti Rahman', ...meta },
    error: {
      code: 'DUPLICATE_REFERRAL',
      status: 409,
      message: 'You have already referred this e-mail to this task.',
      fields: { email: 'duplicate_email', phone: 'duplicate_phone' },
    },
  });

const refusedCompletion = () =>
  seed({
    kind: 'profile-completion',
    state: 'needs-attention',
    meta: { taskId: '7', talentId: 41, talentName: 'Siti Aminah', email: 'siti@example.com' },
    error: {
      code: 'VALIDATION_FAILED',
      status: 422,
      message: 'Validation failed',
      fields: { email: 'email_invalid' },
    },
  });

const waitingCallProof = () =>
  seed({
    kind: 'call-proof',
    state: 'waiting',
    attempts: 2,
    file: { name: 'call-log.png', type: 'image/png', size: 1024 },
    meta: { talentId: 41, referralId: 12, talentName: 'Siti Aminah' },
    error: { code: 'NETWORK_ERROR', status: 0, message: 'Network request failed' },
  });

const sentCompletion = () =>
  seed({
    kind: 'profile-completion',
    state: 'sent',
    sentAt: Date.now(),
    meta: { taskId: '7', talentId: 52, talentName: 'Lim Wei Jie' },
    answer: { referralId: 19, talentId: 52, taskId: 7 },
  });

const sentDrop = () =>
  seed({
    kind: 'drop-resume',
    state: 'sent',
    sentAt: Date.now(),
    file: { name: 'arif-cv.pdf', type: 'application/pdf', size: 4096 },
    meta: { taskId: '7' },
    answer: { talentId: 63, taskId: 7, parseStatus: 'PARSED', created: true },
  });

const cards = () => screen.getAllByTestId('outbox-entry');
const cardOf = (entry: OutboxEntry) => {
  const card = cards().find((element) => element.dataset.entryId === entry.id);
  if (!card) throw new Error(`no card for ${entry.kind} ${entry.id}`);
  return within(card);
};

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
}

describe('the Outbox screen', () => {
  it('lists each entry, newest first, with its state, the server’s refusal and what to do next', async () => {
    const drop = await refusedDrop();
    const completion = await refusedCompletion();
    const callProof = await waitingCallProof();
    const sent = await sentCompletion();
    const sentResume = await sentDrop();
    renderAppAt('/outbox');

    expect(await screen.findByRole('heading', { name: 'Outbox', level: 1 })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(cards().map((card) => card.dataset.entryId)).toEqual([
      sentResume.id,
      sent.id,
      callProof.id,
      completion.id,
      drop.id,
    ]);

    const refusedResume = cardOf(drop);
    expect(refusedResume.getByText('Resume drop')).toBeTruthy();
    expect(refusedResume.getByText('siti-cv.exe')).toBeTruthy();
    expect(refusedResume.getByTestId('outbox-state').textContent).toBe('Needs attention');
    expect(refusedResume.getByRole('alert').textContent).toBe(
      `${m.error_unsupported_file_type()}${m.outbox_fix_hint()}`,
    );
    expect(refusedResume.getByRole('link', { name: 'Fix' }).getAttribute('href')).toContain(`entry=${drop.id}`);
    // The same file would be refused again: no "Send again" that cannot succeed.
    expect(refusedResume.queryByRole('button', { name: 'Send again' })).toBeNull();
    expect(refusedResume.getByRole('button', { name: 'Discard' })).toBeTruthy();

    const refusedProfile = cardOf(completion);
    expect(refusedProfile.getByText('Profile completion')).toBeTruthy();
    expect(refusedProfile.getByText('Siti Aminah')).toBeTruthy();
    const problem = refusedProfile.getByRole('alert');
    expect(problem.textContent).toContain(m.error_validation_failed());
    expect(problem.textContent).toContain(`E-mail: ${m.error_field_email_invalid()}`);
    const fix = refusedProfile.getByRole('link', { name: 'Fix' }).getAttribute('href') ?? '';
    expect(fix).toMatch(/^\/manage-task\/add\/profile-completion\?/);
    expect(fix).toContain('41');

    const waiting = cardOf(callProof);
    expect(waiting.getByText('Call proof')).toBeTruthy();
    expect(waiting.getByTestId('outbox-state').textContent).toBe('Waiting to sync');
    expect(waiting.getByTestId('outbox-waiting-note').textContent).toMatch(
      /^Not sent yet: no connection\. Next try at .+\.$/,
    );
    expect(waiting.queryByRole('button', { name: 'Discard' })).toBeNull();

    const done = cardOf(sent);
    expect(done.getByTestId('outbox-state').textContent).toBe('Sent');
    expect(done.getByRole('link', { name: 'Open profile' }).getAttribute('href')).toBe(
      '/talents-folder/52/profile?referral=19',
    );
    const resumeDone = cardOf(sentResume);
    const next = resumeDone.getByRole('link', { name: 'Complete profile' }).getAttribute('href') ?? '';
    expect(next).toMatch(/^\/manage-task\/add\/profile-completion\?/);
    expect(next).toContain('talentId=');
    expect(next).toContain('63');

    expect(screen.getByRole('button', { name: 'Retry now' })).toBeTruthy();
  });

  it('says everything is sent when nothing waits', async () => {
    renderAppAt('/outbox');
    expect((await screen.findByTestId('empty-state')).textContent).toBe('Everything is sent.');
    expect(screen.queryByRole('button', { name: 'Retry now' })).toBeNull();
  });

  it('discards a refused entry after asking, from the screen and from the device', async () => {
    const drop = await refusedDrop();
    const kept = await refusedCompletion();
    renderAppAt('/outbox');
    await waitFor(() => expect(cards()).toHaveLength(2));

    fireEvent.click(cardOf(drop).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard this item?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(cards()).toHaveLength(2);

    fireEvent.click(cardOf(drop).getByRole('button', { name: 'Discard' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0]?.dataset.entryId).toBe(kept.id);
    expect((await listEntries(session.userId)).map((entry) => entry.id)).toEqual([kept.id]);
  });

  it('names each refused field and says what to do, with no "Send again" for a duplicate', async () => {
    const drop = await duplicateDrop();
    renderAppAt('/outbox');
    await waitFor(() => expect(cards()).toHaveLength(1));

    const card = cardOf(drop);
    const problem = card.getByRole('alert');
    expect(problem.textContent).toContain(m.error_duplicate_referral());
    expect(
      within(problem)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'E-mail: This e-mail has already been referred to this task.',
      'Phone number: This phone number has already been referred to this task.',
    ]);
    expect(problem.textContent).not.toContain('This field is not valid.');
    expect(card.getByTestId('outbox-error-hint').textContent).toBe(m.outbox_fix_hint());
    expect(card.queryByRole('button', { name: 'Send again' })).toBeNull();
    expect(card.getByRole('link', { name: 'Fix' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Discard' })).toBeTruthy();
  });

  it('does not list a refusal its form has shown and holds, and counts it nowhere', async () => {
    await duplicateDrop({ handedBack: true });
    renderAppAt('/outbox');
    expect((await screen.findByTestId('empty-state')).textContent).toBe('Everything is sent.');
    expect(screen.queryByTestId('unsent-badge')).toBeNull();
    expect(screen.queryByRole('link', { name: /not sent yet/ })).toBeNull();
  });

  it('sends a refused entry again as a new entry, which waits while offline', async () => {
    const drop = await tooOldDrop();
    expect(drop.error?.code).toBe('OUTBOX_TOO_OLD');
    goOffline();
    renderAppAt('/outbox');
    await waitFor(() => expect(cards()).toHaveLength(1));

    fireEvent.click(cardOf(drop).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(screen.getByTestId('outbox-state').textContent).toBe('Waiting to sync'));
    const [again] = await listEntries(session.userId);
    expect(again?.id).not.toBe(drop.id);
    expect(again).toMatchObject({ kind: 'drop-resume', state: 'waiting', fields: drop.fields, meta: drop.meta });
  });

  it('while offline, shows the banner and why "Retry now" cannot run', async () => {
    await waitingCallProof();
    goOffline();
    renderAppAt('/outbox');

    expect((await screen.findByTestId('offline-banner')).textContent).toBe(
      "You're offline. What you add is saved on this device and sent when you're back online.",
    );
    const retry = await screen.findByRole('button', { name: 'Retry now' });
    expect((retry as HTMLButtonElement).disabled).toBe(true);
    expect(retry.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText("You're offline: waiting items are sent when you're back online.")).toBeTruthy();
    expect(screen.getByTestId('outbox-waiting-note').textContent).toBe(
      "Not sent yet: no connection. It is sent when you're back online.",
    );
  });
});

describe('the header', () => {
  it('counts the unsent entries, marks one that needs attention, and leads to the Outbox', async () => {
    await refusedDrop();
    await waitingCallProof();
    await sentCompletion();
    const { router } = renderAppAt('/outbox');

    const badge = await screen.findByRole('link', { name: '2 items not sent yet. Some need your attention' });
    expect(within(badge).getByText('2')).toBeTruthy();
    expect(within(badge).getByTestId('unsent-attention')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Outbox\s*2 items not sent yet$/ })).toBeTruthy();
    expect(screen.queryByTestId('offline-banner')).toBeNull();

    await router.navigate({ to: '/earning' });
    fireEvent.click(screen.getByTestId('unsent-badge'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/outbox'));
  });

  it('shows no badge when everything is sent', async () => {
    await sentCompletion();
    renderAppAt('/outbox');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByTestId('unsent-badge')).toBeNull();
  });
});

describe('logout', () => {
  it('with unsent entries warns first and keeps the session; "Log out and delete them" does both', async () => {
    await refusedDrop();
    await waitingCallProof();
    const { router } = renderAppAt('/logout');

    expect(
      await screen.findByText('2 items have not been sent yet. Logging out deletes them from this device.'),
    ).toBeTruthy();
    expect(getAuthTokens()).not.toBeNull();
    expect(await listEntries(session.userId)).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Keep them and stay' }).getAttribute('href')).toBe('/outbox');

    fireEvent.click(screen.getByRole('link', { name: 'Log out and delete them' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getAuthTokens()).toBeNull();
    expect(await listEntries()).toEqual([]);
  });

  it('with ?discard=1 logs out at once, follows `redirect` and empties the outbox', async () => {
    await waitingCallProof();
    const { router } = renderAppAt('/logout?discard=1&redirect=%2Ffaq');
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    expect(getAuthTokens()).toBeNull();
    expect(await listEntries()).toEqual([]);
  });

  it('with only sent entries logs out without asking and removes them too', async () => {
    await sentCompletion();
    const { router } = renderAppAt('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getAuthTokens()).toBeNull();
    expect(await listEntries()).toEqual([]);
  });
});

describe('the progress page of a drop', () => {
  it('says the resume is saved on the device while offline, even while a send holds it (the worker’s Background Sync)', async () => {
    const taskId = await insertTask({ db: server.db, clock: { now: () => new Date() } }, { title: 'Sales Executive' });
    // Claimed by the service worker's replay: 'sending', with no send of this tab's.
    const drop = await seed({
      kind: 'drop-resume',
      state: 'sending',
      fields: { taskId: String(taskId) },
      file: { name: 'aisyah-cv.pdf', type: 'application/pdf', size: 2048 },
      meta: { taskId: String(taskId) },
    });
    goOffline();
    renderAppAt(`/manage-task/add/progress?taskId=${taskId}&entry=${drop.id}`);
    expect(await screen.findByText(m.add_talent_saved_offline())).toBeTruthy();
    expect(screen.getByTestId('upload-state').textContent).toBe(m.outbox_state_waiting());
    expect(screen.queryByText(m.add_talent_uploading())).toBeNull();
    expect(screen.getByRole('link', { name: m.add_talent_add_another() })).toBeTruthy();
  });
});
