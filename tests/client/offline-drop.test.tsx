import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '#src/components/toast/toast-store.ts';
import { dropInProgress } from '#src/features/add-talent/held-resume.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { setUploadTransport, type UploadTransport } from '#src/lib/upload.ts';
import { tinyPdf, tinyPng } from '#src/server/db/demo/files.ts';
import { insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Issue 42.4: offline, the drop form says the name, e-mail and phone will be read from the resume once
// online. It keeps that promise: the drop is queued with the resume alone, the server reads the contact
// fields when it arrives, and profile completion asks the recruiter to check what was read. What the
// resume does not hold comes back (in the Outbox, then the form) to be typed, with nothing lost.
const server = inProcessApiForFile();
const NOTE = 'Read from the CV — check it';
const SAVED =
  'Saved on this device. It will be sent by itself when you are back online; you can add another talent meanwhile.';
const NOT_FOUND = 'Not found in the resume: type it.';

let offline = false;
const toServer: UploadTransport = async (request) => {
  if (offline) throw new TypeError('Network request failed');
  return server.app.request(
    new Request(request.url, { method: request.method, body: request.body, headers: request.headers }),
  );
};

afterAll(() => setUploadTransport(null));
beforeEach(() => {
  clearAuthTokens();
  clearToasts();
  offline = false;
  setUploadTransport(toServer);
  server.advance(60 * 60_000); // a fresh rate-limit window
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The browser's connection, as the app follows it (navigator.onLine and its events). */
function setOnline(online: boolean) {
  offline = !online;
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

async function openDropResume() {
  await server.signIn(await server.createUser());
  const rows = { db: server.db, clock: { now: () => new Date() } };
  const taskId = String(await insertTask(rows, { title: 'Sales Executive', company: 'Maju Retail Sdn Bhd' }));
  const rendered = renderAppAt(`/manage-task/add/drop-resume?taskId=${taskId}`);
  await screen.findByLabelText('Full name');
  return { ...rendered, taskId };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

function pickResume(bytes: Uint8Array, name: string, type: string) {
  const file = new File([bytes as Uint8Array<ArrayBuffer>], name, { type });
  fireEvent.change(screen.getByLabelText('Resume'), { target: { files: [file] } });
}

/** Everything but the contact fields, as a recruiter on a train fills it. */
function fillAllButContact() {
  fireEvent.click(screen.getByLabelText('Malay'));
  fireEvent.change(screen.getByLabelText('Education level'), { target: { value: 'Degree' } });
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'Malaysia' } });
  fireEvent.change(screen.getByLabelText('Location (city or area)'), { target: { value: 'Shah Alam' } });
}

const submitDrop = () => fireEvent.click(screen.getByRole('button', { name: 'Upload and continue' }));

describe('a resume dropped offline without the contact fields', () => {
  it('is queued with the resume alone, read when it lands, and its contact checked on profile completion', async () => {
    const { router, taskId } = await openDropResume();
    setOnline(false);
    pickResume(
      tinyPdf(['Budi Santoso', 'budi.santoso@example.co.id | +62 812-3456-7890', 'Experience', 'Sales (2019 - 2024)']),
      'budi.pdf',
      'application/pdf',
    );
    fillAllButContact();
    submitDrop();

    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-task/add/progress'));
    expect(await screen.findByText(SAVED)).toBeTruthy();
    const queued = await dropInProgress(taskId, undefined);
    expect(queued?.state).toBe('waiting');
    expect(queued?.fields).toMatchObject({ contactFromResume: true, languages: ['ms'], location: 'Shah Alam' });
    expect(queued?.fields.fullName).toBeUndefined();

    setOnline(true);
    // The server reads the resume as the drop arrives: the first read of a file in this process starts
    // the resume reader's child process (pdf.js loads in it), seconds on a busy machine.
    const talent = await waitFor(
      async () =>
        server.db
          .selectFrom('talents')
          .select(['id', 'full_name', 'email', 'phone_e164'])
          .where('email_normalized', '=', 'budi.santoso@example.co.id')
          .executeTakeFirstOrThrow(),
      { timeout: 20_000 },
    );
    expect(talent).toMatchObject({ full_name: 'Budi Santoso', phone_e164: '+6281234567890' });
    // What a parser would write: the page moves on to profile completion.
    await server.db.updateTable('talents').set({ parse_status: 'DONE' }).where('id', '=', talent.id).execute();
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-task/add/profile-completion'), {
      timeout: 5000,
    });

    // The page asks for the check: the three fields, each as read and marked so.
    expect((await screen.findByTestId('contact-check')).textContent).toContain('were read from the resume');
    expect(input('Full name').value).toBe('Budi Santoso');
    expect(input('E-mail').value).toBe('budi.santoso@example.co.id');
    expect(input('Phone number').value).toBe('0812-3456-7890');
    expect(input('Country code').value).toBe('+62');
    for (const label of ['Full name', 'E-mail', 'Phone number']) expect(describedBy(input(label))).toContain(NOTE);

    // The recruiter corrects the e-mail the CV had wrong, and adds the talent.
    fireEvent.change(input('E-mail'), { target: { value: 'budi@example.co.id' } });
    expect(describedBy(input('E-mail'))).not.toContain(NOTE);
    fireEvent.click(screen.getByLabelText('Yes'));
    fireEvent.click(screen.getByLabelText('Good'));
    fireEvent.click(screen.getByRole('button', { name: 'Add talent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/talents-folder/${talent.id}/profile`), {
      timeout: 5000,
    });
    const saved = await server.db
      .selectFrom('talents')
      .select(['email_normalized', 'contact_from_resume'])
      .where('id', '=', talent.id)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ email_normalized: 'budi@example.co.id', contact_from_resume: null });
    const referral = await server.db
      .selectFrom('referrals')
      .select('person_email')
      .where('talent_id', '=', talent.id)
      .executeTakeFirstOrThrow();
    expect(referral.person_email).toBe('budi@example.co.id');
  }, 40_000);

  it('shows in the Outbox what the resume does not hold, and takes it typed in the form, nothing lost', async () => {
    const { router, taskId } = await openDropResume();
    setOnline(false);
    pickResume(
      tinyPdf(['Siti Nur Aisyah', 'Summary', 'Cashier who knows every customer.']),
      'siti.pdf',
      'application/pdf',
    );
    fillAllButContact();
    fireEvent.change(screen.getByLabelText('Recruiter note (optional)'), {
      target: { value: 'Met her on the train.' },
    });
    submitDrop();
    expect(await screen.findByText(SAVED)).toBeTruthy();

    // Sent while the recruiter looks at the Outbox (or has closed the app): the refusal waits there.
    await router.navigate({ to: '/outbox' });
    const card = await screen.findByTestId('outbox-entry');
    expect(within(card).getByText('siti.pdf')).toBeTruthy();
    setOnline(true);
    const error = await screen.findByTestId('outbox-error', {}, { timeout: 20_000 });
    expect(error.textContent).toContain('Some contact details could not be read from the resume.');
    expect(within(error).getByText(`E-mail: ${NOT_FOUND}`)).toBeTruthy();
    expect(within(error).getByText(`Phone number: ${NOT_FOUND}`)).toBeTruthy();
    expect(within(error).queryByText(/Full name/)).toBeNull();
    expect(
      await server.db.selectFrom('talents').select('id').where('full_name', '=', 'Siti Nur Aisyah').execute(),
    ).toEqual([]);

    // Fix: the form, with the file, everything typed, the name read from the resume and the two to type.
    fireEvent.click(within(screen.getByTestId('outbox-entry')).getByRole('link', { name: 'Fix' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-task/add/drop-resume'));
    expect(
      await screen.findByText('Some contact details could not be read from the resume.', { exact: false }),
    ).toBeTruthy();
    expect(describedBy(input('E-mail'))).toContain(NOT_FOUND);
    expect(describedBy(input('Phone number'))).toContain(NOT_FOUND);
    expect(screen.getByTestId('resume-selected').textContent).toContain('siti.pdf');
    expect(input('Location (city or area)').value).toBe('Shah Alam');
    expect((screen.getByLabelText('Malay') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Recruiter note (optional)') as HTMLTextAreaElement).value).toBe(
      'Met her on the train.',
    );
    await waitFor(() => expect(input('Full name').value).toBe('Siti Nur Aisyah'), { timeout: 20_000 });

    fireEvent.change(input('E-mail'), { target: { value: 'siti@example.com' } });
    fireEvent.change(input('Phone number'), { target: { value: '013-456 7890' } });
    submitDrop();
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-task/add/progress'));
    const talent = await waitFor(
      () =>
        server.db
          .selectFrom('talents')
          .select(['full_name', 'phone_e164', 'draft_note'])
          .where('email_normalized', '=', 'siti@example.com')
          .executeTakeFirstOrThrow(),
      { timeout: 5000 },
    );
    expect(talent).toEqual({
      full_name: 'Siti Nur Aisyah',
      phone_e164: '+60134567890',
      draft_note: 'Met her on the train.',
    });
    expect((await dropInProgress(taskId, undefined))?.state).toBe('sent');
  }, 40_000);

  it('still asks for them offline when the resume is a photo, which has no text to read them from', async () => {
    const { router, taskId } = await openDropResume();
    setOnline(false);
    pickResume(tinyPng(1), 'photo.png', 'image/png');
    fillAllButContact();
    expect(screen.queryByText(/read from the CV when you're back online/)).toBeNull();
    submitDrop();
    await waitFor(() => expect(describedBy(input('Full name'))).toBe('This field is required.'));
    expect(describedBy(input('E-mail'))).toBe('Please enter an e-mail address.');
    expect(router.state.location.pathname).toBe('/manage-task/add/drop-resume');
    expect(await dropInProgress(taskId, undefined)).toBeNull();
  });
});
