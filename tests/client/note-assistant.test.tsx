import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '#src/components/toast/toast-store.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { clearOutbox } from '#src/lib/outbox/outbox-store.ts';
import { m } from '#src/paraglide/messages.js';
import { readEnv } from '#src/server/env.ts';
import { createReferral } from '#tests/server/helpers/referral-fixtures.ts';
import { insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { startInProcessApi } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// The note assistant in a referral's note, against the real API in-process (built-in engine): the
// recruiter edits the note, analyses it, improves it as it streams, accepts and saves it; the count of
// improvements left follows every call, and at 0 the assistant says why it cannot improve.
let server: Awaited<ReturnType<typeof startInProcessApi>>;
let serverNow = new Date('2026-11-22T02:00:00.000Z');
const env = readEnv({ APP_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/recruiter-test' });
const rows = () => ({ db: server.db, clock: { now: () => serverNow }, deps: { env } });

// The improve stream can be held after its first chunk, to see it arrive in parts.
// Or cut after its first chunk, as a dropped connection leaves it. Every improve request is recorded.
const stream = { hold: false, cut: false, release: () => {}, sent: [] as Array<{ at: number; signal?: AbortSignal }> };
const IMPROVE_PATH = '/api/recruiter/ai/recruiter-notes/improve';

async function networkFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  const improve = url.endsWith(IMPROVE_PATH);
  if (improve) stream.sent.push({ at: Date.now(), signal: input instanceof Request ? input.signal : undefined });
  const response = await server.fetch(input, init);
  if (!improve || !response.ok || !response.body) return response;
  if (stream.cut) {
    const reader = response.body.getReader();
    const first = await reader.read();
    void reader.cancel();
    return new Response(first.value ?? new Uint8Array(), { status: response.status, headers: response.headers });
  }
  if (!stream.hold) return response;
  let first = true;
  let released: Promise<void> | null = null;
  const held = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async transform(chunk, controller) {
        if (!first) {
          released ??= new Promise((resolve) => {
            stream.release = resolve;
          });
          await released;
        }
        first = false;
        controller.enqueue(chunk);
      },
    }),
  );
  return new Response(held, { status: response.status, headers: response.headers });
}

let email: string;
let userId: number;
let referral: Awaited<ReturnType<typeof createReferral>>;
let taskId: number;
const NOTE = 'Aisha earns RM 5,000 and expects RM 6,500. One month notice. Wants to move for growth.';

beforeAll(async () => {
  server = await startInProcessApi();
  server.advance(Date.now() - serverNow.getTime());
  serverNow = new Date();
  vi.stubGlobal('fetch', networkFetch);
  email = await server.createUser({ fullName: 'Farah Recruiter' });
  userId = (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  taskId = await insertTask(rows(), {
    title: 'Backend Engineer',
    required_skills: '["Node.js","SQL"]',
    required_languages: '["en","ms"]',
  });
  referral = await createReferral(rows(), userId, {
    taskId,
    talent: { full_name: 'Aisha Rahman', phone_e164: '+60123456791' },
    referral: { recruiter_note: 'Good with Node.js.' },
  });
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await server.close();
});

beforeEach(async () => {
  clearAuthTokens();
  clearToasts();
  await server.signIn(email);
});

afterEach(async () => {
  cleanup();
  stream.hold = false;
  stream.cut = false;
  stream.sent = [];
  stream.release();
  await clearOutbox();
});

const setRemaining = (count: number) =>
  server.db.updateTable('users').set({ remaining_ai_note_improvement: count }).where('id', '=', userId).execute();

/** The referral open on the talent's profile, its note being edited with `note` typed in. */
async function editNote(note: string) {
  renderAppAt(`/talents-folder/${referral.talentId}/profile?referral=${referral.id}`);
  fireEvent.click(await screen.findByRole('button', { name: m.note_ai_edit_note() }));
  const field = screen.getByLabelText(m.note_ai_note_label()) as HTMLTextAreaElement;
  fireEvent.change(field, { target: { value: note } });
  return { field, assistant: screen.getByTestId('note-assistant') };
}

describe('the note assistant', () => {
  it('cannot analyse or improve an empty note', async () => {
    await setRemaining(20);
    const { assistant } = await editNote('');
    const panel = within(assistant);
    expect((panel.getByRole('button', { name: m.note_ai_analyse() }) as HTMLButtonElement).disabled).toBe(true);
    expect((panel.getByRole('button', { name: m.note_ai_improve() }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('analyses the note into a checklist: a score, each aspect covered or a gap with its suggestion', async () => {
    await setRemaining(20);
    const { assistant } = await editNote(NOTE);
    fireEvent.click(within(assistant).getByRole('button', { name: m.note_ai_analyse() }));
    const checklist = await within(assistant).findByTestId('note-ai-analysis');
    expect(within(checklist).getByTestId('note-ai-score').textContent).toMatch(/\d+\/100/);
    const items = within(checklist).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-aspect'))).toEqual([
      'salary',
      'availability',
      'reason',
      'experience',
      'languages',
      'location',
      'communication',
    ]);
    const salary = items[0] as HTMLElement;
    expect(salary.textContent).toContain(m.note_ai_aspect_salary());
    expect(salary.textContent).toContain(m.note_ai_covered());
    // Neither the note nor the profile (English only) says the talent speaks Malay: a gap with a line on
    // how to close it. Where the talent lives the profile says, so location is not a gap (issue 21).
    const languages = items[4] as HTMLElement;
    expect(languages.textContent).toContain(m.note_ai_gap());
    expect(languages.textContent?.length).toBeGreaterThan(`${m.note_ai_aspect_languages()}: ${m.note_ai_gap()}`.length);
    expect((items[5] as HTMLElement).textContent).toContain(m.note_ai_covered());
    expect(within(checklist).getByText(m.note_ai_builtin_analysis())).toBeTruthy();
  });

  it('streams an improved note into the preview; Accept puts it in the field, then it is saved', async () => {
    await setRemaining(20);
    stream.hold = true;
    const { field, assistant } = await editNote(NOTE);
    const panel = within(assistant);
    expect((await panel.findByTestId('note-ai-remaining')).textContent).toBe(m.note_ai_remaining({ count: 20 }));

    fireEvent.click(panel.getByRole('button', { name: m.note_ai_improve() }));
    const preview = await panel.findByTestId('note-ai-preview');
    expect(preview.getAttribute('aria-live')).toBe('polite');
    // The first part is there while the rest is still on its way, with a way to stop it.
    await waitFor(() => expect(preview.textContent?.replace(m.note_ai_improving(), '').trim()).not.toBe(''));
    expect(panel.getByRole('button', { name: m.note_ai_cancel() })).toBeTruthy();
    expect(panel.queryByRole('button', { name: m.note_ai_accept() })).toBeNull();

    stream.release();
    const accept = await panel.findByRole('button', { name: m.note_ai_accept() });
    expect(panel.getByText(m.note_ai_builtin_written())).toBeTruthy();
    expect(panel.getByTestId('note-ai-remaining').textContent).toBe(m.note_ai_remaining({ count: 19 }));
    const improved = preview.textContent ?? '';
    // Every number of the original note is kept.
    for (const fact of ['5,000', '6,500']) expect(improved).toContain(fact);
    expect(field.value).toBe(NOTE);

    fireEvent.click(accept);
    expect(field.value).toBe(improved);
    expect(panel.queryByTestId('note-ai-preview')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: m.note_ai_save() }));
    await waitFor(() => expect(screen.getByTestId('referral-note').textContent).toBe(improved));
    const saved = await server.db
      .selectFrom('referrals')
      .select('recruiter_note')
      .where('id', '=', referral.id)
      .executeTakeFirstOrThrow();
    expect(saved.recruiter_note).toBe(improved.trim());
    const user = await server.db
      .selectFrom('users')
      .select('remaining_ai_note_improvement')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.remaining_ai_note_improvement).toBe(19);
  });

  it('edits the improved note before accepting it, or discards it leaving the note as it was', async () => {
    await setRemaining(5);
    const { field, assistant } = await editNote(NOTE);
    const panel = within(assistant);
    fireEvent.click(panel.getByRole('button', { name: m.note_ai_improve() }));
    fireEvent.click(await panel.findByRole('button', { name: m.note_ai_edit() }));
    const editor = panel.getByRole('textbox', { name: m.note_ai_preview() }) as HTMLTextAreaElement;
    fireEvent.change(editor, { target: { value: `${editor.value}\nCalled on Monday.` } });
    const edited = editor.value;
    fireEvent.click(panel.getByRole('button', { name: m.note_ai_accept() }));
    expect(field.value).toBe(edited);

    fireEvent.click(panel.getByRole('button', { name: m.note_ai_improve() }));
    fireEvent.click(await panel.findByRole('button', { name: m.note_ai_discard() }));
    expect(field.value).toBe(edited);
    expect(panel.getByTestId('note-ai-remaining').textContent).toBe(m.note_ai_remaining({ count: 3 }));
  });

  it('at 0 improvements left, Improve is disabled with the usage limit message', async () => {
    await setRemaining(0);
    const { assistant } = await editNote(NOTE);
    const panel = within(assistant);
    await waitFor(() =>
      expect(panel.getByTestId('note-ai-remaining').textContent).toBe(
        'You have reached the maximum usage limit for improving recruiter notes.',
      ),
    );
    expect((panel.getByRole('button', { name: m.note_ai_improve() }) as HTMLButtonElement).disabled).toBe(true);
    // Analysing stays free.
    expect((panel.getByRole('button', { name: m.note_ai_analyse() }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the limit message when the server refuses an improvement the screen still counted', async () => {
    await setRemaining(1);
    const { assistant } = await editNote(NOTE);
    const panel = within(assistant);
    await waitFor(() =>
      expect(panel.getByTestId('note-ai-remaining').textContent).toBe(m.note_ai_remaining({ count: 1 })),
    );
    await setRemaining(0); // used up on another device meanwhile
    fireEvent.click(panel.getByRole('button', { name: m.note_ai_improve() }));
    expect((await panel.findByRole('alert')).textContent).toBe(
      'You have reached the maximum usage limit for improving recruiter notes.',
    );
    expect(panel.queryByRole('button', { name: m.note_ai_try_again() })).toBeNull();
    expect((panel.getByRole('button', { name: m.note_ai_improve() }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('Cancel stops the stream and leaves the note as it was', async () => {
    await setRemaining(5);
    stream.hold = true;
    const { field, assistant } = await editNote(NOTE);
    const panel = within(assistant);
    fireEvent.click(panel.getByRole('button', { name: m.note_ai_improve() }));
    const preview = await panel.findByTestId('note-ai-preview');
    await waitFor(() => expect(preview.textContent?.replace(m.note_ai_improving(), '').trim()).not.toBe(''));
    fireEvent.click(panel.getByRole('button', { name: m.note_ai_cancel() }));
    expect(panel.queryByTestId('note-ai-preview')).toBeNull();
    expect(stream.sent[0]?.signal?.aborted).toBe(true);
    expect(field.value).toBe(NOTE);
  });

  it('a stream cut before its end shows the generic error, keeps the text marked incomplete, and retries after 2 s', async () => {
    await setRemaining(5);
    stream.cut = true;
    const { field, assistant } = await editNote(NOTE);
    const panel = within(assistant);
    fireEvent.click(panel.getByRole('button', { name: m.note_ai_improve() }));
    expect((await panel.findByRole('alert')).textContent).toBe('An error has been occured. Please try again.');
    expect(panel.getByTestId('note-ai-preview').textContent).not.toBe('');
    expect(panel.getByTestId('note-ai-incomplete').textContent).toBe(m.note_ai_incomplete());
    expect(panel.queryByRole('button', { name: m.note_ai_accept() })).toBeNull();
    expect(field.value).toBe(NOTE);

    stream.cut = false;
    const clicked = Date.now();
    fireEvent.click(panel.getByRole('button', { name: m.note_ai_try_again() }));
    expect(panel.getByText(m.note_ai_waiting_retry())).toBeTruthy();
    expect(stream.sent).toHaveLength(1);
    await panel.findByRole('button', { name: m.note_ai_accept() }, { timeout: 4000 });
    expect(stream.sent).toHaveLength(2);
    expect((stream.sent[1]?.at ?? 0) - clicked).toBeGreaterThanOrEqual(1950);
  });

  it('helps with the note in profile completion too: the accepted note fills the note field', async () => {
    await setRemaining(5);
    const talent = await insertTalent(rows(), userId, { full_name: 'Ben Tan', phone_e164: '+60123456792' });
    renderAppAt(`/manage-task/add/profile-completion?taskId=${taskId}&talentId=${talent.id}`);
    const field = (await screen.findByLabelText(/^Recruiter note/)) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: NOTE } });
    const panel = within(screen.getByTestId('note-assistant'));
    fireEvent.click(panel.getByRole('button', { name: m.note_ai_analyse() }));
    expect(await panel.findByTestId('note-ai-analysis')).toBeTruthy();
    fireEvent.click(panel.getByRole('button', { name: m.note_ai_improve() }));
    const accept = await panel.findByRole('button', { name: m.note_ai_accept() });
    const improved = panel.getByTestId('note-ai-preview').textContent ?? '';
    fireEvent.click(accept);
    expect(field.value).toBe(improved);
    expect(improved).toContain('6,500');
  });

  it('sends the form’s facts: salary and languages the profile has are not "missing", and advice stays beside the note', async () => {
    await setRemaining(5);
    const talent = await insertTalent(rows(), userId, {
      full_name: 'Chong Wei Ling',
      email: 'chong.weiling@example.com',
      phone_e164: '+60123456793',
      languages: '["en","ms"]',
      expected_salary: 650_000, // minor units: RM 6,500
      expected_salary_currency: 'MYR',
      location: 'Petaling Jaya',
    });
    const bodies: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/ai/recruiter-notes/')) {
        bodies.push(input instanceof Request ? await input.clone().text() : String(init?.body));
      }
      return networkFetch(input, init);
    });
    try {
      renderAppAt(`/manage-task/add/profile-completion?taskId=${taskId}&talentId=${talent.id}`);
      const field = (await screen.findByLabelText(/^Recruiter note/)) as HTMLTextAreaElement;
      const note = 'Earns RM 5,000 now. One month notice. Wants to move for growth. Clear on the call.';
      fireEvent.change(field, { target: { value: note } });
      const panel = within(screen.getByTestId('note-assistant'));

      fireEvent.click(panel.getByRole('button', { name: m.note_ai_analyse() }));
      const checklist = await panel.findByTestId('note-ai-analysis');
      const item = (aspect: string) => checklist.querySelector(`[data-aspect="${aspect}"]`)?.textContent ?? '';
      expect(item('languages')).toContain(m.note_ai_covered());
      expect(item('location')).toContain(m.note_ai_covered());
      expect(item('salary')).toContain(m.note_ai_covered());

      fireEvent.click(panel.getByRole('button', { name: m.note_ai_improve() }));
      const accept = await panel.findByRole('button', { name: m.note_ai_accept() });
      const improved = panel.getByTestId('note-ai-preview').textContent ?? '';
      expect(improved).not.toContain('Gaps to confirm');
      const advice = panel.getByTestId('note-ai-advice');
      expect(advice.textContent).toContain(m.note_ai_advice_heading());
      expect(advice.textContent).not.toMatch(/salary|speak/i);
      const adviceLines = within(advice)
        .getAllByRole('listitem')
        .map((li) => li.textContent ?? '');
      expect(adviceLines.length).toBeGreaterThan(0);
      fireEvent.click(accept);
      expect(field.value).toBe(improved);
      for (const line of adviceLines) expect(field.value).not.toContain(line);

      // Both calls carried the form's facts, and no contact detail.
      expect(bodies).toHaveLength(2);
      for (const body of bodies) {
        const sent = JSON.parse(body);
        expect(sent.facts).toMatchObject({
          expectedSalary: 6500,
          expectedSalaryCurrency: 'MYR',
          languages: ['en', 'ms'],
        });
        for (const contact of ['chong.weiling@example.com', '123456793', 'Chong Wei Ling']) {
          expect(body).not.toContain(contact);
        }
      }
    } finally {
      vi.stubGlobal('fetch', networkFetch);
    }
  });

  it('a failed save keeps the text typed', async () => {
    await setRemaining(5);
    const { field } = await editNote('x'.repeat(4001));
    fireEvent.click(screen.getByRole('button', { name: m.note_ai_save() }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(field.value).toBe('x'.repeat(4001));
  });
});
