import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, getToasts } from '#src/components/toast/toast-store.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { addEntry, clearOutbox, listEntries } from '#src/lib/outbox/outbox-store.ts';
import type { OutboxEntry } from '#src/lib/outbox/outbox-types.ts';
import { setUploadTransport } from '#src/lib/upload.ts';
import { m } from '#src/paraglide/messages.js';
import type { NewReferral, NewTalent } from '#src/server/db/database.ts';
import { readEnv } from '#src/server/env.ts';
import { formatPhone } from '#src/shared/phone.ts';
import { createReferral } from '#tests/server/helpers/referral-fixtures.ts';
import { insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// The talents folder, a talent's profile with its referrals (consent resend, call proofs, contact
// shortcuts) and the hiring timeline, in the real route tree against the real API in-process.
const server = inProcessApiForFile();
// The in-process API's clock; moved to this machine's time so the screen and the API agree on "now".
let serverNow = new Date('2026-11-22T02:00:00.000Z');
const env = readEnv({ APP_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/recruiter-test' });

function advance(ms: number) {
  server.advance(ms);
  serverNow = new Date(serverNow.getTime() + ms);
}

// The network under every upload (the outbox's sends included): held back until a test lets it go,
// or down.
const network = { held: null as Promise<void> | null, release: () => {}, down: false };
function holdNetwork(): () => void {
  let release = () => {};
  network.held = new Promise((resolve) => {
    release = resolve;
  });
  network.release = () => {
    network.held = null;
    release();
  };
  return network.release;
}

beforeAll(async () => {
  advance(Date.now() - serverNow.getTime());
  setUploadTransport(async (request, onProgress) => {
    if (network.held) await network.held;
    if (network.down) throw new TypeError('Network request failed');
    const response = await server.app.request(request.url, {
      method: request.method,
      body: request.body,
      headers: request.headers,
    });
    onProgress?.(1);
    return response;
  });
});

afterAll(() => {
  setUploadTransport(null);
});

beforeEach(() => {
  clearAuthTokens();
  clearToasts();
});
afterEach(async () => {
  cleanup();
  network.down = false;
  network.release();
  await clearOutbox();
});

async function recruiter(fullName: string) {
  const email = await server.createUser({ fullName });
  const user = await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { id: user.id, email };
}

async function hiringChange(referralId: number, actorId: number, from: string, to: string) {
  advance(24 * 60 * 60_000);
  await server.db
    .updateTable('referrals')
    .set({ hiring_status: to as 'SCREENING' })
    .where('id', '=', referralId)
    .execute();
  await server.db
    .insertInto('referral_history')
    .values({
      referral_id: referralId,
      actor_id: actorId,
      action: 'HIRING_CHANGED',
      from_value: from,
      to_value: to,
      note: null,
      created_at: serverNow.toISOString(),
    })
    .execute();
}

let me: { id: number; email: string };
let other: { id: number; email: string };
let backendTask: number;
let designTask: number;
let aisha: Awaited<ReturnType<typeof referTalent>>;
let ben: Awaited<ReturnType<typeof referTalent>>;

// The rows go into the in-process API's database, dated by its clock.
const rows = () => ({ db: server.db, clock: { now: () => serverNow }, deps: { env } });

/** A talent with a full profile, referred as referral creation leaves it: the consent link sent. */
const referTalent = (
  recruiterId: number,
  taskId: number,
  talent: Partial<NewTalent>,
  referral?: Partial<NewReferral>,
) =>
  createReferral(rows(), recruiterId, {
    taskId,
    talent: {
      languages: '["en","ms"]',
      expected_salary: 450000, // minor units: MYR 4,500.00
      current_position: 'Backend Developer',
      skills: '["Node.js","SQL"]',
      ...talent,
    },
    referral,
  });

beforeAll(async () => {
  me = await recruiter('Farah Recruiter');
  other = await recruiter('Other Recruiter');
  backendTask = await insertTask(rows(), { title: 'Backend Engineer' });
  designTask = await insertTask(rows(), { title: 'Product Designer' });
  aisha = await referTalent(me.id, backendTask, {
    full_name: 'Aisha Rahman',
    phone_e164: '+60123456701',
    contact_locale: 'ms',
  });
  ben = await referTalent(
    me.id,
    designTask,
    { full_name: 'Ben Tan', phone_e164: '+60123456702' },
    { consent_status: 'CONFIRMED' },
  );
  await referTalent(other.id, backendTask, { full_name: 'Chen Wei', phone_e164: '+60123456703' });
});

let entrySequence = 0;

/** An outbox entry of mine as the add-talent flow or the call-proof form leaves it; not due for hours. */
function outboxEntry(values: Partial<OutboxEntry> & Pick<OutboxEntry, 'kind'>): OutboxEntry {
  entrySequence += 1;
  return {
    id: crypto.randomUUID(),
    userId: me.id,
    fields: {},
    meta: {},
    createdAt: Date.now() + entrySequence,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: Date.now() + 60 * 60_000,
    ...values,
  };
}

/** The talent's withdrawal of a referral's consent as the link pages record it (its proof row). */
async function recordWithdrawal(referralId: number) {
  await server.db
    .insertInto('talent_decisions')
    .values({
      referral_id: referralId,
      token_id: null,
      kind: 'CONSENT',
      decision: 'WITHDRAWN',
      notice_version: '1',
      locale: 'en',
      ip: null,
      user_agent: null,
      created_at: '2026-11-20T02:00:00.000Z',
    })
    .execute();
}

describe('talents folder', () => {
  it('lists only my talents, each with the referral in short', async () => {
    await server.signIn(me.email);
    renderAppAt('/talents-folder');
    const cards = await screen.findAllByTestId('talent-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(
      expect.arrayContaining(['Aisha Rahman', 'Ben Tan']),
    );
    expect(cards).toHaveLength(2);
    expect(screen.queryByText('Chen Wei')).toBeNull();
    const aishaCard = cards.find((card) => within(card).queryByText('Aisha Rahman'));
    expect(
      within(aishaCard as HTMLElement)
        .getByRole('link', { name: 'Backend Engineer' })
        .getAttribute('href'),
    ).toBe(`/talents-folder/${aisha.talentId}/profile?referral=${aisha.id}`);
    expect(within(aishaCard as HTMLElement).getByTestId('consent-badge').textContent).toBe('Consent pending');
  });

  it('filters through the address: a filter picked goes to the URL, a URL filter applies', async () => {
    await server.signIn(me.email);
    const { router } = renderAppAt('/talents-folder');
    await screen.findByText('Aisha Rahman');
    fireEvent.change(screen.getByLabelText('Consent'), { target: { value: 'CONFIRMED' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ consent: 'CONFIRMED' }));
    await waitFor(() => expect(screen.queryByText('Aisha Rahman')).toBeNull());
    expect(screen.getByText('Ben Tan')).toBeTruthy();

    cleanup();
    renderAppAt(`/talents-folder?taskId=${backendTask}`);
    expect(await screen.findByText('Aisha Rahman')).toBeTruthy();
    expect(screen.queryByText('Ben Tan')).toBeNull();
    expect((screen.getByLabelText('Task') as HTMLSelectElement).value).toBe(String(backendTask));
  });

  it('says so when nothing matches, with a way back to every talent', async () => {
    await server.signIn(me.email);
    renderAppAt('/talents-folder?search=nobody-like-this');
    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Clear filters' }).getAttribute('href')).toBe('/talents-folder');
  });

  it('shows talents added on this device at the top, waiting to sync, with a way to fix a refused drop', async () => {
    await server.signIn(me.email);
    const waiting = outboxEntry({
      kind: 'drop-resume',
      fields: { taskId: backendTask, fullName: 'Dina Queued', email: 'dina@example.com' },
      file: { name: 'dina-cv.pdf', type: 'application/pdf', size: 1234 },
      meta: { taskId: String(backendTask), talentName: 'Dina Queued', email: 'dina@example.com' },
    });
    const refused = outboxEntry({
      kind: 'drop-resume',
      state: 'needs-attention',
      fields: { taskId: backendTask, fullName: 'Eli Refused', email: 'eli@example.com' },
      file: { name: 'eli-cv.docx', type: 'application/octet-stream', size: 99 },
      meta: { taskId: String(backendTask), talentName: 'Eli Refused', email: 'eli@example.com' },
      error: { code: 'UNSUPPORTED_FILE_TYPE', status: 415, message: 'Unsupported file type' },
    });
    const completion = outboxEntry({
      kind: 'profile-completion',
      fields: { talentId: aisha.talentId, taskId: designTask, educationLevel: 'BACHELOR', rating: 5 },
      meta: { taskId: String(designTask), talentId: aisha.talentId, talentName: 'Aisha Rahman' },
    });
    for (const entry of [waiting, refused, completion]) await addEntry(entry);

    // Even under a filter the server's list does not match: they are not on the server yet.
    renderAppAt('/talents-folder?search=nobody-like-this');
    const section = await screen.findByTestId('queued-talents');
    const cards = within(section).getAllByTestId('queued-talent');
    // Aisha is not in this filtered list: her profile waiting to sync shows here.
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Eli Refused',
      'Dina Queued',
      'Aisha Rahman',
    ]);
    const [eli, dina, aishaProfile] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(aishaProfile).getByText('Profile waiting to sync')).toBeTruthy();
    expect(within(dina).getByTestId('outbox-state').textContent).toBe('Waiting to sync');
    expect(within(dina).getByText('dina@example.com')).toBeTruthy();
    expect(within(dina).getByText(/dina-cv\.pdf/)).toBeTruthy();
    expect(within(dina).queryByRole('link', { name: 'Fix' })).toBeNull();
    expect(within(eli).getByTestId('outbox-state').textContent).toBe('Needs attention');
    expect(within(eli).getByText(m.error_unsupported_file_type())).toBeTruthy();
    const fix = new URL(within(eli).getByRole('link', { name: 'Fix' }).getAttribute('href') as string, 'http://x');
    expect(fix.pathname).toBe('/manage-task/add/drop-resume');
    expect(fix.searchParams.get('entry')).toBe(refused.id);
    expect(fix.searchParams.get('taskId')).toContain(String(backendTask));

    // The profile completion of a listed talent shows on that talent's card.
    cleanup();
    renderAppAt('/talents-folder');
    const aishaCard = (await screen.findAllByTestId('talent-card')).find((card) =>
      within(card).queryByText('Aisha Rahman'),
    ) as HTMLElement;
    const profile = within(aishaCard).getByTestId('queued-profile');
    expect(profile.textContent).toContain('Profile waiting to sync');
    expect(within(profile).getByTestId('outbox-state').textContent).toBe('Waiting to sync');
    expect(within(screen.getByTestId('queued-talents')).getAllByTestId('queued-talent')).toHaveLength(2);
  });
});

describe('talent profile', () => {
  it("shows Page Not Found for another recruiter's talent", async () => {
    await server.signIn(other.email);
    renderAppAt(`/talents-folder/${aisha.talentId}/profile`);
    expect((await screen.findByTestId('error-page-title')).textContent).toBe('Page Not Found');
  });

  it('opens the referral named in ?referral= with its states and history', async () => {
    await server.signIn(me.email);
    renderAppAt(`/talents-folder/${aisha.talentId}/profile?referral=${aisha.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Aisha Rahman' })).toBeTruthy();
    expect(screen.getByText(/^MYR\s4,500\.00$/)).toBeTruthy();
    const panel = screen.getByTestId('referral-panel');
    expect(within(panel).getByRole('button', { expanded: true })).toBeTruthy();
    const history = await within(panel).findByTestId('referral-history');
    expect(within(history).getByText('Referred to the task')).toBeTruthy();
    expect(within(history).getByText('Consent e-mail sent')).toBeTruthy();
    expect(within(panel).getAllByTestId('consent-badge')[0]?.textContent).toBe('Consent pending');
    expect(within(panel).getAllByTestId('reward-badge')[0]?.textContent).toBe('In review');
  });

  it("offers WhatsApp with a consent reminder in the talent's language and the E.164 digits", async () => {
    await server.signIn(me.email);
    renderAppAt(`/talents-folder/${aisha.talentId}/profile?referral=${aisha.id}`);
    const link = await screen.findByTestId('whatsapp-link');
    const url = new URL(link.getAttribute('href') as string);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/60123456701');
    const text = url.searchParams.get('text');
    expect(text).toBe(
      m.talent_whatsapp_reminder(
        { name: 'Aisha Rahman', recruiter: 'Farah Recruiter', task: 'Backend Engineer' },
        { locale: 'ms' },
      ),
    );
    expect(text).toContain('Hai Aisha Rahman');
    expect(screen.getAllByRole('link', { name: 'Call' })[0]?.getAttribute('href')).toBe('tel:+60123456701');
  });
});

const consentEmails = async () =>
  (await server.db.selectFrom('email_outbox').select('id').where('template', '=', 'consent_request').execute()).length;

describe('consent resend', () => {
  it('keeps Resend consent waiting while the last link is recent, saying until when', async () => {
    await server.signIn(me.email);
    renderAppAt(`/talents-folder/${aisha.talentId}/profile?referral=${aisha.id}`);
    const button = await screen.findByRole('button', { name: 'Resend consent e-mail' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('consent-wait').textContent).toMatch(/You can resend at \d{1,2}:\d{2}/);
  });

  it('resends after the interval, and shows the wait when the API refuses a resend (429)', async () => {
    // The talent's consent link went out 11 minutes ago.
    advance(11 * 60_000);
    await server.signIn(me.email);
    renderAppAt(`/talents-folder/${aisha.talentId}/profile?referral=${aisha.id}`);
    const button = (await screen.findByRole('button', { name: 'Resend consent e-mail' })) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    const before = await consentEmails();

    fireEvent.click(button);
    await waitFor(() =>
      expect(getToasts().map((t) => t.message)).toContain(
        'A new consent link was e-mailed to the talent. The old link no longer works.',
      ),
    );
    expect(await consentEmails()).toBe(before + 1);
    expect(await screen.findByTestId('consent-wait')).toBeTruthy();

    // Another device resends first: this screen still thinks it may, the API says no.
    advance(11 * 60_000);
    cleanup();
    renderAppAt(`/talents-folder/${aisha.talentId}/profile?referral=${aisha.id}`);
    const again = (await screen.findByRole('button', { name: 'Resend consent e-mail' })) as HTMLButtonElement;
    await waitFor(() => expect(again.disabled).toBe(false));
    const { accessToken } = await server.sessionOf(me.email);
    const elsewhere = await server.app.request('/api/recruiter/talent-task/resend-consent', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ referralId: aisha.id }),
    });
    expect(elsewhere.status).toBe(200);

    const queued = await consentEmails();
    fireEvent.click(again);
    const wait = await screen.findByTestId('consent-wait');
    expect(await consentEmails()).toBe(queued);
    expect(wait.textContent).toMatch(/You can resend at \d{1,2}:\d{2}/);
    expect(again.disabled).toBe(true);
  });
});

const SYNC_TIMEOUT = 5000;

const callLog = () =>
  new File(['%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'], 'call-log.pdf', { type: 'application/pdf' });

const callProofsOf = (referralId: number) =>
  server.db.selectFrom('call_proofs').select('id').where('referral_id', '=', referralId).execute();

/** How many rows (queued or the server's) show `note`, after every change of the panel. */
function watchProofs(panel: HTMLElement, note: string) {
  const counts: number[] = [];
  const count = () =>
    [...panel.querySelectorAll('[data-testid="call-proof"], [data-testid="queued-call-proof"]')].filter((row) =>
      row.textContent?.includes(note),
    ).length;
  const observer = new MutationObserver(() => {
    const now = count();
    if (counts.at(-1) !== now) counts.push(now);
  });
  observer.observe(panel, { childList: true, subtree: true, characterData: true });
  return { counts, stop: () => observer.disconnect() };
}

describe('call proofs', () => {
  it("uploads a call proof through the outbox: shown at once as queued, then as the server's record, once", async () => {
    await server.signIn(me.email);
    renderAppAt(`/talents-folder/${ben.talentId}/profile?referral=${ben.id}`);
    const panel = await screen.findByTestId('referral-panel');
    expect(await within(panel).findByText(/No call proof yet/)).toBeTruthy();
    const shown = watchProofs(panel, 'Talked for 10 minutes.');

    const release = holdNetwork();
    fireEvent.change(within(panel).getByLabelText('Choose file'), { target: { files: [callLog()] } });
    expect(within(panel).getByTestId('call-proof-selected').textContent).toContain('call-log.pdf');
    fireEvent.change(within(panel).getByLabelText('Note'), { target: { value: 'Talked for 10 minutes.' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Upload call proof' }));

    // On the device at once, the form ready for the next one, while the network holds the send.
    const queued = await within(panel).findByTestId('queued-call-proof');
    expect(within(queued).getByText('Talked for 10 minutes.')).toBeTruthy();
    expect(within(queued).getByText(/call-log\.pdf/)).toBeTruthy();
    expect(['Waiting to sync', 'Sending…']).toContain(within(queued).getByTestId('outbox-state').textContent);
    expect(within(panel).getByTestId('call-proof-selected').textContent).toBe('No file chosen.');
    expect((within(panel).getByLabelText('Note') as HTMLTextAreaElement).value).toBe('');
    expect(within(panel).queryByTestId('call-proof')).toBeNull();

    release();
    // The send, the list read again and the render: a few seconds on a busy test machine.
    const proof = await within(panel).findByTestId('call-proof', {}, { timeout: SYNC_TIMEOUT });
    expect(within(proof).getByText('Talked for 10 minutes.')).toBeTruthy();
    expect(within(proof).getByTestId('call-proof-badge').textContent).toBe('Needs review');
    await waitFor(() => expect(within(panel).queryByTestId('queued-call-proof')).toBeNull(), { timeout: SYNC_TIMEOUT });
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain(m.call_proof_ui_uploaded()), {
      timeout: SYNC_TIMEOUT,
    });
    // Never shown twice, and never gone in between.
    expect(shown.counts).not.toContain(2);
    expect(shown.counts.slice(shown.counts.indexOf(1))).not.toContain(0);
    shown.stop();
    expect(await callProofsOf(ben.id)).toHaveLength(1);
    expect((await listEntries(me.id)).map((entry) => entry.state)).toEqual(['sent']);

    expect(within(panel).getByLabelText('Take photo').getAttribute('capture')).toBe('environment');
    expect(within(panel).getByLabelText('Take photo').getAttribute('accept')).toBe('image/*');
    expect(within(panel).getByLabelText('Record audio').getAttribute('accept')).toBe('audio/*');
  });

  it('deletes a call proof still waiting for review, after asking', async () => {
    await server.signIn(me.email);
    renderAppAt(`/talents-folder/${ben.talentId}/profile?referral=${ben.id}`);
    const panel = await screen.findByTestId('referral-panel');
    const proof = await within(panel).findByTestId('call-proof');
    fireEvent.click(within(proof).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this call proof?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(panel).findByText(/No call proof yet/)).toBeTruthy();
    expect(getToasts().map((t) => t.message)).toContain('The call proof was deleted.');
    expect(within(await within(panel).findByTestId('referral-history')).getByText('Call proof deleted')).toBeTruthy();
  });

  it('refuses a file over 5 MB in the browser, before sending it', async () => {
    await server.signIn(me.email);
    renderAppAt(`/talents-folder/${ben.talentId}/profile?referral=${ben.id}`);
    const panel = await screen.findByTestId('referral-panel');
    const big = new File([new Uint8Array(5_000_001)], 'huge.pdf', { type: 'application/pdf' });
    fireEvent.change(await within(panel).findByLabelText('Choose file'), { target: { files: [big] } });
    expect(within(panel).getByText('This file is larger than 5 MB. Please choose a smaller file.')).toBeTruthy();
  });

  it('keeps a call proof on the device while the network is down, waiting to sync, with the form empty', async () => {
    await server.signIn(me.email);
    renderAppAt(`/talents-folder/${ben.talentId}/profile?referral=${ben.id}`);
    const panel = await screen.findByTestId('referral-panel');
    await within(panel).findByLabelText('Choose file');
    const before = (await callProofsOf(ben.id)).length;

    network.down = true;
    fireEvent.change(within(panel).getByLabelText('Choose file'), { target: { files: [callLog()] } });
    fireEvent.change(within(panel).getByLabelText('Note'), { target: { value: 'Called from the train.' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Upload call proof' }));

    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain(m.talent_outbox_saved_offline()), {
      timeout: SYNC_TIMEOUT,
    });
    const queued = within(panel).getByTestId('queued-call-proof');
    expect(within(queued).getByText('Called from the train.')).toBeTruthy();
    // It is tried again after a back-off (then briefly "Sending…"), and waits again.
    await waitFor(() => expect(within(queued).getByTestId('outbox-state').textContent).toBe('Waiting to sync'));
    expect(within(panel).getByTestId('call-proof-selected').textContent).toBe('No file chosen.');
    expect((within(panel).getByLabelText('Note') as HTMLTextAreaElement).value).toBe('');
    const [entry, ...more] = await listEntries(me.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ kind: 'call-proof', meta: { referralId: ben.id, talentId: ben.talentId } });
    expect(entry?.state).not.toBe('sent');
    expect(entry?.attempts).toBeGreaterThan(0);
    expect(await callProofsOf(ben.id)).toHaveLength(before);
  });

  it('keeps the form filled and says why when the device cannot store the proof', async () => {
    await server.signIn(me.email);
    renderAppAt(`/talents-folder/${ben.talentId}/profile?referral=${ben.id}`);
    const panel = await screen.findByTestId('referral-panel');
    await within(panel).findByLabelText('Choose file');
    const full = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      fireEvent.change(within(panel).getByLabelText('Choose file'), { target: { files: [callLog()] } });
      fireEvent.change(within(panel).getByLabelText('Note'), { target: { value: 'Phone is full.' } });
      fireEvent.click(within(panel).getByRole('button', { name: 'Upload call proof' }));
      expect((await within(panel).findByRole('alert')).textContent).toBe(m.outbox_storage_failed());
    } finally {
      full.mockRestore();
    }
    expect(within(panel).getByTestId('call-proof-selected').textContent).toContain('call-log.pdf');
    expect((within(panel).getByLabelText('Note') as HTMLTextAreaElement).value).toBe('Phone is full.');
    expect(within(panel).queryByTestId('queued-call-proof')).toBeNull();
    expect(await listEntries(me.id)).toEqual([]);
  });

  it('shows a refused call proof with the reason, and discards it after asking', async () => {
    await server.signIn(me.email);
    await addEntry(
      outboxEntry({
        kind: 'call-proof',
        state: 'needs-attention',
        fields: { referralId: ben.id, calledAt: serverNow.toISOString(), note: 'Refused one.' },
        file: { name: 'call.exe', type: 'application/octet-stream', size: 10 },
        meta: { referralId: ben.id, talentId: ben.talentId },
        error: { code: 'UNSUPPORTED_FILE_TYPE', status: 415, message: 'Unsupported file type' },
      }),
    );
    renderAppAt(`/talents-folder/${ben.talentId}/profile?referral=${ben.id}`);
    const panel = await screen.findByTestId('referral-panel');
    const queued = await within(panel).findByTestId('queued-call-proof');
    expect(within(queued).getByTestId('outbox-state').textContent).toBe('Needs attention');
    expect(within(queued).getByRole('alert').textContent).toBe(m.error_unsupported_file_type());
    expect(within(queued).getByRole('button', { name: 'Send again' })).toBeTruthy();

    fireEvent.click(within(queued).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Discard this call proof?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(within(panel).queryByTestId('queued-call-proof')).toBeNull());
    expect(await listEntries(me.id)).toEqual([]);
  });
});

describe('hiring status', () => {
  it('shows each referral as a timeline, with the date of each step and a final rejection', async () => {
    await hiringChange(ben.id, other.id, 'SUBMITTED', 'SCREENING');
    await hiringChange(ben.id, other.id, 'SCREENING', 'REJECTED');
    await server.signIn(me.email);
    renderAppAt(`/talents-folder/${ben.talentId}/hiring-status`);
    const timeline = await screen.findByTestId('hiring-timeline');
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent?.replace(/\s+/g, ' '))).toEqual([
      expect.stringContaining('Submitted'),
      expect.stringContaining('Screening'),
      expect.stringContaining('Rejected'),
    ]);
    expect(steps[2]?.getAttribute('aria-current')).toBe('step');
    expect(screen.getByText('This referral ended: Rejected.')).toBeTruthy();
  });
});

describe('profile edit', () => {
  it('saves the profile and goes back to it; a bad phone stays beside its field', async () => {
    await server.signIn(me.email);
    const { router } = renderAppAt(`/talents-folder/${ben.talentId}/profile/edit`);
    const phone = await screen.findByLabelText('Phone number');
    // The country code is the drop's select, not free text (issue 42.22).
    expect((screen.getByLabelText('Country code') as HTMLSelectElement).tagName).toBe('SELECT');
    expect((screen.getByLabelText('Country code') as HTMLSelectElement).value).toBe('+60');
    fireEvent.change(phone, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This is not a valid phone number for the country code.')).toBeTruthy();

    fireEvent.change(phone, { target: { value: '123456702' } });
    fireEvent.change(screen.getByLabelText('Current position'), { target: { value: 'Lead Designer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/talents-folder/${ben.talentId}/profile`));
    expect(await screen.findByText('Lead Designer')).toBeTruthy();
    // Shown grouped as people read it, not as +60123456702.
    expect(screen.getByRole('link', { name: '+60 12 345 6702' }).getAttribute('href')).toBe('tel:+60123456702');
  });

  it("shows the API's refusal beside the e-mail when another of my talents has it (409)", async () => {
    await server.signIn(me.email);
    renderAppAt(`/talents-folder/${ben.talentId}/profile/edit`);
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: aisha.talentEmail } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const error = await screen.findByText('Another of your talents already has this e-mail.');
    expect(error.id).toBe(screen.getByLabelText('E-mail').getAttribute('aria-describedby'));
  });
});

describe('every part of the profile stays true after an action (issue 21)', () => {
  const headerOf = (panel: HTMLElement) => within(panel).getByRole('button', { expanded: true });

  it('turns the header chip to "ITA sent" once the intent-to-apply e-mail is sent, without a reload', async () => {
    const dana = await referTalent(
      me.id,
      backendTask,
      { full_name: 'Dana Lee', phone_e164: '+60123456711' },
      { consent_status: 'CONFIRMED' },
    );
    await server.signIn(me.email);
    renderAppAt(`/talents-folder/${dana.talentId}/profile?referral=${dana.id}`);
    const panel = await screen.findByTestId('referral-panel');
    expect(within(headerOf(panel)).getByTestId('ita-badge').textContent).toBe('ITA not sent');

    fireEvent.click(await within(panel).findByRole('button', { name: 'Send intent-to-apply e-mail' }));
    await waitFor(() => expect(within(headerOf(panel)).getByTestId('ita-badge').textContent).toBe('ITA sent'));
  });

  it('offers no e-mail to the talent on a closed referral, and says why', async () => {
    const eli = await referTalent(
      me.id,
      backendTask,
      { full_name: 'Eli Wong', phone_e164: '+60123456712' },
      { hiring_status: 'REJECTED' },
    );
    await server.signIn(me.email);
    renderAppAt(`/talents-folder/${eli.talentId}/profile?referral=${eli.id}`);
    const panel = await screen.findByTestId('referral-panel');
    expect(await within(panel).findByText(m.referral_closed_no_emails())).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Resend consent e-mail' })).toBeNull();
  });

  it('says the talent withdrew their consent, and not to contact them about the job', async () => {
    const gus = await referTalent(
      me.id,
      designTask,
      { full_name: 'Gus Tan', phone_e164: '+60123456714' },
      { consent_status: 'DECLINED' },
    );
    await recordWithdrawal(gus.id);
    await server.signIn(me.email);
    renderAppAt(`/talents-folder/${gus.talentId}/profile?referral=${gus.id}`);
    const header = headerOf(await screen.findByTestId('referral-panel'));
    expect(within(header).getByTestId('consent-badge').textContent).toBe('Consent withdrawn');
    expect(within(header).getByTestId('consent-withdrawn-note').textContent).toMatch(
      /^Gus Tan withdrew their consent on .+\. Do not contact them about this job/,
    );
    // The open referral's own consent line says the same, not "Consent declined".
    const panel = screen.getByTestId('referral-panel');
    await waitFor(() => expect(within(panel).getAllByTestId('consent-badge')).toHaveLength(2));
    expect(
      within(panel)
        .getAllByTestId('consent-badge')
        .map((badge) => badge.textContent),
    ).toEqual(['Consent withdrawn', 'Consent withdrawn']);
    // Nothing offers to contact them about it, and the reward, never to be approved, reads closed (42.5).
    expect(
      within(panel)
        .getAllByTestId('reward-badge')
        .map((badge) => badge.textContent),
    ).toEqual(['Closed', 'Closed']);
    expect(within(panel).queryByRole('navigation', { name: m.talent_contact_heading() })).toBeNull();
    for (const name of ['Call', 'WhatsApp', 'E-mail']) expect(within(panel).queryByRole('link', { name })).toBeNull();
    expect(within(panel).queryByTestId('whatsapp-link')).toBeNull();
    expect(within(panel).queryByText(m.call_proof_ui_add_heading())).toBeNull();
    expect(within(panel).getByText(m.call_proof_ui_heading())).toBeTruthy();
  });

  // Issue 42.6 and 42.14: the folder read a withdrawal as "Consent declined" and "In review", and the
  // profile's header still offered Call, WhatsApp and E-mail to a talent who asked not to be contacted.
  it('tells a withdrawal from a refusal in the folder, and offers no contact once every referral is withdrawn', async () => {
    const withdrawn = async (referralId: number) => {
      await server.db
        .updateTable('referrals')
        .set({ consent_status: 'DECLINED' })
        .where('id', '=', referralId)
        .execute();
      await recordWithdrawal(referralId);
    };
    const hana = await referTalent(me.id, designTask, { full_name: 'Hana Withdrew', phone_e164: '+60123456715' });
    await withdrawn(hana.id);
    const ivan = await referTalent(me.id, designTask, { full_name: 'Ivan Refused', phone_e164: '+60123456716' });
    await server.db.updateTable('referrals').set({ consent_status: 'DECLINED' }).where('id', '=', ivan.id).execute();
    await server.signIn(me.email);

    const { router } = renderAppAt('/talents-folder');
    const cardOf = async (name: string) => (await screen.findByText(name)).closest('article') as HTMLElement;
    const hanaCard = await cardOf('Hana Withdrew');
    expect(within(hanaCard).getByTestId('consent-badge').textContent).toBe('Consent withdrawn');
    expect(within(hanaCard).getByTestId('reward-badge').textContent).toBe('Closed');
    // Her e-mail and phone are there to read, as text: nothing on the card starts a message or a call.
    expect(within(hanaCard).getByText(hana.talentEmail)).toBeTruthy();
    expect(within(hanaCard).getByText(formatPhone('+60123456715'))).toBeTruthy();
    expect(hanaCard.querySelector('a[href^="mailto:"], a[href^="tel:"]')).toBeNull();
    expect(
      (await cardOf('Ivan Refused')).querySelectorAll('a[href^="mailto:"], a[href^="tel:"]'),
      'a refusal alone keeps the links',
    ).toHaveLength(2);
    expect(within(await cardOf('Ivan Refused')).getByTestId('consent-badge').textContent).toBe('Consent declined');

    // "Consent declined" is the refusal alone; "Consent withdrawn" is an option of its own.
    fireEvent.change(screen.getByLabelText('Consent'), { target: { value: 'DECLINED' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ consent: 'DECLINED' }));
    await waitFor(() => expect(screen.queryByText('Hana Withdrew')).toBeNull());
    expect(screen.getByText('Ivan Refused')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Consent'), { target: { value: 'WITHDRAWN' } });
    await waitFor(() => expect(screen.queryByText('Ivan Refused')).toBeNull());
    expect(screen.getByText('Hana Withdrew')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Consent withdrawn' })).toBeTruthy();

    // Her profile's header: no Call, WhatsApp or E-mail while every referral of hers is withdrawn.
    cleanup();
    renderAppAt(`/talents-folder/${hana.talentId}/profile`);
    await screen.findByTestId('referral-panel');
    const contact = () => screen.queryByRole('navigation', { name: m.talent_contact_heading() });
    expect(contact()).toBeNull();
    expect(document.querySelector('a[href^="https://wa.me/"], a[href^="mailto:"], a[href^="tel:"]')).toBeNull();
    const details = screen.getByRole('region', { name: m.talent_details_heading() });
    expect(within(details).getByText(hana.talentEmail)).toBeTruthy();

    // Referred again, to a job she has not withdrawn from: she may be contacted about that one.
    const first = await server.db
      .selectFrom('referrals')
      .selectAll()
      .where('id', '=', hana.id)
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('referrals')
      .values({ ...first, id: undefined, task_id: backendTask, consent_status: 'PENDING' })
      .execute();
    cleanup();
    renderAppAt(`/talents-folder/${hana.talentId}/profile`);
    await waitFor(() => expect(screen.getAllByTestId('referral-panel')).toHaveLength(2));
    const links = within(contact() as HTMLElement).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'tel:+60123456715',
      'https://wa.me/60123456715',
      expect.stringMatching(/^mailto:/),
    ]);
    const detailsAgain = screen.getByRole('region', { name: m.talent_details_heading() });
    expect(
      within(detailsAgain)
        .getByRole('link', { name: formatPhone('+60123456715') })
        .getAttribute('href'),
    ).toBe('tel:+60123456715');
  });

  it('says on the profile that the consent link expired, with the resend still offered', async () => {
    const fay = await referTalent(me.id, designTask, { full_name: 'Fay Lim', phone_e164: '+60123456713' });
    await server.db
      .updateTable('one_time_tokens')
      // A day ago by this machine's clock, which the screen reads (the API's clock has moved ahead).
      .set({ expires_at: new Date(Date.now() - 24 * 60 * 60_000).toISOString() })
      .where('referral_id', '=', fay.id)
      .execute();
    await server.signIn(me.email);
    renderAppAt(`/talents-folder/${fay.talentId}/profile?referral=${fay.id}`);
    const panel = await screen.findByTestId('referral-panel');
    expect(within(headerOf(panel)).getByTestId('consent-expired').textContent).toBe('Consent link expired');
    expect(await within(panel).findByRole('button', { name: 'Resend consent e-mail' })).toBeTruthy();
  });
});
