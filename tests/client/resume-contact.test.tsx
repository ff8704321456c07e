import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { setUploadTransport, type UploadTransport } from '#src/lib/upload.ts';
import { tinyPdf, tinyPng } from '#src/server/db/demo/files.ts';
import { insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Issue 21, "Contact fields read from the resume": picking a resume on drop-resume fills the talent's
// name, e-mail and phone from it, in the background, marked as read from the CV; what the recruiter
// typed is never replaced; offline, the page says the read waits, and does it once back online.
const server = inProcessApiForFile();
const NOTE = 'Read from the CV — check it';
const WAITS =
  "Name, e-mail and phone will be read from the CV when you're back online: you can leave them blank and upload now.";
const CONTACT_PATH = '/api/recruiter/talent/resume-contact';

const toServer: UploadTransport = async (request) =>
  server.app.request(
    new Request(request.url, { method: request.method, body: request.body, headers: request.headers }),
  );

// The page's fetch, through which resume reads can be counted and held back.
let reads = 0;
let holdReads: Promise<void> | null = null;
function routeFetch() {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname === CONTACT_PATH) {
      reads += 1;
      if (holdReads) await holdReads;
    }
    return server.app.request(request);
  });
}

afterAll(() => setUploadTransport(null));
beforeEach(() => {
  clearAuthTokens();
  setUploadTransport(toServer);
  server.advance(60 * 60_000);
  reads = 0;
  holdReads = null;
  routeFetch();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function openDropResume() {
  const { accessToken } = await server.signIn(await server.createUser());
  const rows = { db: server.db, clock: { now: () => new Date() } };
  const taskId = await insertTask(rows, { title: 'Sales Executive', company: 'Maju Retail Sdn Bhd' });
  const rendered = renderAppAt(`/manage-task/add/drop-resume?taskId=${taskId}`);
  await screen.findByLabelText('Full name');
  return { ...rendered, accessToken };
}

const CV = ['Budi Santoso', 'budi.santoso@example.co.id | +62 812-3456-7890', 'Experience', 'Sales (2019 - 2024)'];
function pickResume(bytes: Uint8Array, name = 'budi.pdf', type = 'application/pdf') {
  const file = new File([bytes as Uint8Array<ArrayBuffer>], name, { type });
  fireEvent.change(screen.getByLabelText('Resume'), { target: { files: [file] } });
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
const fieldValue = (label: string) => input(label).value;
/** The texts the field is described by (hint, note, error). */
const describedBy = (label: string) =>
  (input(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('contact fields read from the resume', () => {
  it('fills the empty name, e-mail and phone (with its country code) from a picked PDF, each with the note', async () => {
    await openDropResume();
    pickResume(tinyPdf(CV));

    // The first read of the file starts the resume worker thread (pdf.js loads in it): seconds on a busy machine.
    await waitFor(() => expect(fieldValue('Full name')).toBe('Budi Santoso'), { timeout: 8000 });
    expect(fieldValue('E-mail')).toBe('budi.santoso@example.co.id');
    expect(fieldValue('Phone number')).toBe('0812-3456-7890');
    expect(fieldValue('Country code')).toBe('+62');
    for (const label of ['Full name', 'E-mail', 'Phone number']) expect(describedBy(label)).toContain(NOTE);
    expect(screen.getAllByText(NOTE)).toHaveLength(3);
    expect(reads).toBe(1);
  });

  it('keeps what the recruiter typed before a late answer, and never holds the submit back', async () => {
    const { router } = await openDropResume();
    let release = () => {};
    holdReads = new Promise((resolve) => {
      release = resolve;
    });
    pickResume(tinyPdf(CV));
    await waitFor(() => expect(reads).toBe(1));
    fireEvent.change(input('Full name'), { target: { value: 'Budi S.' } });
    // Typed and then emptied again: still the recruiter's field.
    fireEvent.change(input('Phone number'), { target: { value: '0' } });
    fireEvent.change(input('Phone number'), { target: { value: '' } });

    release();
    await waitFor(() => expect(fieldValue('E-mail')).toBe('budi.santoso@example.co.id'));
    expect(fieldValue('Full name')).toBe('Budi S.');
    expect(fieldValue('Phone number')).toBe('');
    expect(fieldValue('Country code')).toBe('+60');
    expect(describedBy('Full name')).not.toContain(NOTE);
    expect(describedBy('Phone number')).not.toContain(NOTE);
    expect(screen.getAllByText(NOTE)).toHaveLength(1);

    // A read that never answers: the drop goes all the same.
    holdReads = new Promise(() => {});
    pickResume(tinyPdf(CV), 'again.pdf');
    fireEvent.change(input('Phone number'), { target: { value: '0812-3456-7890' } });
    fireEvent.change(input('Country code'), { target: { value: '+62' } });
    fireEvent.click(screen.getByLabelText('Malay'));
    fireEvent.change(input('Education level'), { target: { value: 'Degree' } });
    fireEvent.change(input('Country'), { target: { value: 'Indonesia' } });
    fireEvent.change(input('Location (city or area)'), { target: { value: 'Jakarta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload and continue' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/manage-task/add/drop-resume'), {
      timeout: 3000,
    });
  });

  it('drops a field’s note once the recruiter edits it, and a new file replaces only untouched fields from the CV', async () => {
    await openDropResume();
    pickResume(tinyPdf(CV));
    await waitFor(() => expect(fieldValue('E-mail')).toBe('budi.santoso@example.co.id'));

    fireEvent.change(input('E-mail'), { target: { value: 'budi@example.com' } });
    expect(describedBy('E-mail')).not.toContain(NOTE);
    expect(describedBy('Full name')).toContain(NOTE);
    expect(describedBy('Phone number')).toContain(NOTE);

    pickResume(tinyPdf(['Siti Nur Aisyah', 'siti@example.com', 'Tel: 013-456 7890']), 'siti.pdf');
    await waitFor(() => expect(fieldValue('Full name')).toBe('Siti Nur Aisyah'));
    expect(fieldValue('E-mail')).toBe('budi@example.com');
    expect(fieldValue('Phone number')).toBe('013-456 7890');
    expect(fieldValue('Country code')).toBe('+60');
    expect(screen.getAllByText(NOTE)).toHaveLength(2);

    // A photo has no text: what the other CV said goes with it; the recruiter's e-mail stays.
    pickResume(tinyPng(1), 'photo.png', 'image/png');
    await waitFor(() => expect(fieldValue('Full name')).toBe(''));
    expect(fieldValue('Phone number')).toBe('');
    expect(fieldValue('E-mail')).toBe('budi@example.com');
    expect(screen.queryAllByText(NOTE)).toHaveLength(0);
  });

  it('offline, says the fields are read once back online, then fills those still empty', async () => {
    await openDropResume();
    setOnline(false);
    pickResume(tinyPdf(CV));
    expect(await screen.findByText(WAITS)).toBeTruthy();
    fireEvent.change(input('E-mail'), { target: { value: 'typed@example.com' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toBe(0);
    expect(fieldValue('Full name')).toBe('');

    setOnline(true);
    await waitFor(() => expect(fieldValue('Full name')).toBe('Budi Santoso'));
    expect(fieldValue('Phone number')).toBe('0812-3456-7890');
    expect(fieldValue('E-mail')).toBe('typed@example.com');
    expect(screen.queryByText(WAITS)).toBeNull();
    expect(reads).toBe(1);
  });

  // Issue 42.17: the CV held the languages, education and town, and the form left them to the recruiter.
  it('fills the languages, education level, country and location the CV holds, each with the note', async () => {
    await openDropResume();
    fireEvent.change(input('Country'), { target: { value: 'Malaysia' } });
    pickResume(
      tinyPdf([
        'Nur Aisyah binti Ahmad',
        'No. 12, Jalan SS 2/24, 47300 Petaling Jaya, Selangor',
        'aisyah@example.com | +60 12-345 6789',
        'Languages',
        'English - Fluent, Bahasa Malaysia - Native',
        'Education',
        'Diploma in Accounting, Politeknik Shah Alam (2014 - 2017)',
      ]),
      'aisyah.pdf',
    );

    await waitFor(() => expect(fieldValue('Location (city or area)')).toBe('Petaling Jaya'), { timeout: 8000 });
    const checked = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).checked;
    expect([checked('English'), checked('Malay'), checked('Chinese')]).toEqual([true, true, false]);
    expect(fieldValue('Education level')).toBe('Diploma');
    // Typed before the answer: the recruiter's.
    expect(fieldValue('Country')).toBe('Malaysia');
    expect(describedBy('Country')).not.toContain(NOTE);
    for (const label of ['Education level', 'Location (city or area)']) expect(describedBy(label)).toContain(NOTE);
    const languages = screen.getByRole('group', { name: 'Languages' });
    const languagesNote = () =>
      (languages.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    expect(languagesNote()).toContain(NOTE);
    // The languages are the recruiter's once one is ticked or cleared.
    fireEvent.click(screen.getByLabelText('Chinese'));
    expect(languagesNote()).not.toContain(NOTE);
    // And the e-mail the talent gets follows them, as when the recruiter ticks them.
    expect(fieldValue("Language of the talent's e-mails")).toBe('en');
  });

  it('asks nothing when every field the CV could fill is already filled', async () => {
    await openDropResume();
    fireEvent.change(input('Full name'), { target: { value: 'Budi' } });
    fireEvent.change(input('E-mail'), { target: { value: 'budi@example.com' } });
    fireEvent.change(input('Phone number'), { target: { value: '0812-3456-7890' } });
    fireEvent.click(screen.getByLabelText('Malay'));
    fireEvent.change(input('Education level'), { target: { value: 'Degree' } });
    fireEvent.change(input('Country'), { target: { value: 'Indonesia' } });
    fireEvent.change(input('Location (city or area)'), { target: { value: 'Jakarta' } });
    pickResume(tinyPdf(CV));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toBe(0);
    expect(screen.queryByText(NOTE)).toBeNull();
  });
});
