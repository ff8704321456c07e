import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { formatDate } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import { readEnv } from '#src/server/env.ts';
import { createReferral } from '#tests/server/helpers/referral-fixtures.ts';
import { insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Issue 24: an anonymised talent in the recruiter's screens (named "Erased candidate", nothing to contact
// or e-mail), and the admin's Data protection screen finding, erasing and saying what it did.
const server = inProcessApiForFile();
const env = readEnv({ APP_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/recruiter-test' });
const rows = () => ({ db: server.db, clock: { now: () => new Date('2026-11-22T02:00:00.000Z') }, deps: { env } });

let recruiterEmail: string;
let adminEmail: string;
let anonymised: { talentId: number; id: number };
let kept: { talentId: number };

async function idOf(email: string) {
  return (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** Erases through the admin API, as the Data protection screen does. */
async function erase(talentId: number) {
  const { accessToken } = await server.sessionOf(adminEmail);
  const res = await server.app.request(`/api/admin/data-protection/people/${talentId}/erase`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'Asked by e-mail', confirm: 'ERASE' }),
  });
  if (res.status !== 200) throw new Error(`erase failed: ${res.status} ${await res.text()}`);
}

beforeAll(async () => {
  recruiterEmail = await server.createUser({ fullName: 'Farah Recruiter' });
  adminEmail = await server.createUser({ fullName: 'Ada Admin', roles: ['ROLE_ADMIN'] });
  const recruiterId = await idOf(recruiterEmail);
  const taskId = await insertTask(rows(), { title: 'Backend Engineer', quota: 100 });
  // An approved reward: erasing keeps the rows for the money trail, anonymised.
  anonymised = await createReferral(rows(), recruiterId, {
    taskId,
    talent: { full_name: 'Nur Aina', email: 'nur.aina@example.com', phone_e164: '+60123450001' },
    referral: { consent_status: 'CONFIRMED', reward_status: 'APPROVED', reward_amount: 10_000, reward_currency: 'MYR' },
  });
  await erase(anonymised.talentId);
  kept = await createReferral(rows(), recruiterId, {
    taskId,
    talent: { full_name: 'Ben Tan', email: 'ben.tan@example.com', phone_e164: '+60123450002' },
  });
});

beforeEach(() => clearAuthTokens());
afterEach(() => cleanup());

describe('an anonymised talent in the recruiter screens', () => {
  it('shows "Erased candidate" in the talents folder, with the date and no address or phone', async () => {
    await server.signIn(recruiterEmail);
    renderAppAt('/talents-folder');
    const cards = await screen.findAllByTestId('talent-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent).sort()).toEqual(
      ['Ben Tan', m.talent_erased_name()].sort(),
    );
    const erasedCard = cards.find((card) => within(card).queryByText(m.talent_erased_name())) as HTMLElement;
    expect(within(erasedCard).getByTestId('talent-erased').textContent).toBe(
      m.talent_erased_on({ date: formatDate(new Date('2026-11-22T02:00:00.000Z')) }),
    );
    expect(erasedCard.textContent).not.toContain('erased:');
    expect(erasedCard.querySelector('a[href^="mailto:"], a[href^="tel:"]')).toBeNull();
    // No card is left without a name.
    for (const card of cards) expect(within(card).getByRole('heading').textContent?.trim()).not.toBe('');
  });

  it('says on the profile that the data was erased, and offers nothing that contacts or e-mails them', async () => {
    await server.signIn(recruiterEmail);
    renderAppAt(`/talents-folder/${anonymised.talentId}/profile?referral=${anonymised.id}`);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(m.talent_erased_name());
    expect(screen.getByTestId('talent-erased').textContent).toContain(formatDate(new Date('2026-11-22T02:00:00.000Z')));
    // The referral (consent given, reward approved) is open: for anyone else it would offer the ITA e-mail.
    await screen.findByTestId('reward-amount');
    expect(screen.queryByRole('button', { name: m.referral_send_ita() })).toBeNull();
    expect(screen.queryByRole('link', { name: m.talent_edit_link() })).toBeNull();
    expect(screen.queryByRole('link', { name: m.talent_send_email() })).toBeNull();
    expect(screen.queryByRole('link', { name: m.talent_call() })).toBeNull();
    expect(document.body.textContent).not.toContain('erased:');
  });
});

describe('Admin › Data protection', () => {
  it('says a name is not searched, instead of "no candidate has this e-mail or phone"', async () => {
    await server.signIn(adminEmail);
    renderAppAt('/admin/data-protection');
    const field = await screen.findByLabelText(m.data_protection_search_label());
    fireEvent.change(field, { target: { value: 'Ben Tan' } });
    fireEvent.click(screen.getByRole('button', { name: m.data_protection_search_button() }));
    expect(await screen.findByText(m.data_protection_error_search_contact())).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('people-none')).toBeNull();

    fireEvent.change(field, { target: { value: 'ben.tan@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: m.data_protection_search_button() }));
    expect((await screen.findByTestId('person-match')).textContent).toContain('Ben Tan');
    expect(screen.queryByText(m.data_protection_error_search_contact())).toBeNull();
  });

  it('quotes a request in its closing dialog, with the way to the person to make the change first', async () => {
    await server.db
      .insertInto('data_requests')
      .values({
        talent_id: kept.talentId,
        referral_id: null,
        kind: 'CORRECTION',
        message: 'My phone is now 012-999 8888',
        status: 'OPEN',
        due_at: '2026-12-13T02:00:00.000Z',
        created_at: '2026-11-22T02:00:00.000Z',
      })
      .execute();
    await server.db.updateTable('talents').set({ contact_locale: 'zh' }).where('id', '=', kept.talentId).execute();
    await server.signIn(adminEmail);
    const { router } = renderAppAt('/admin/data-protection?tab=requests');
    const table = within(await screen.findByTestId('request-table'));
    fireEvent.click(await table.findByRole('button', { name: m.data_protection_request_close() }));
    const dialog = within(
      await screen.findByRole('dialog', { name: m.data_protection_close_title({ name: 'Ben Tan' }) }),
    );
    const quote = dialog.getByTestId('close-request-quote');
    expect(quote.textContent).toContain('My phone is now 012-999 8888');
    expect(quote.textContent).toContain(m.data_protection_request_correction());
    expect(dialog.getByText(m.data_protection_close_check())).toBeTruthy();
    // The answer is e-mailed in the talent's language, which the admin is told (issue 42.23).
    expect(dialog.getByTestId('close-response-language').textContent).toBe(
      m.data_request_answer_language({ language: 'Chinese' }),
    );
    // Nothing is picked for the admin: saving asks for the outcome, and nothing is closed.
    expect(dialog.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toEqual([]);
    fireEvent.change(dialog.getByLabelText(m.data_protection_close_response()), { target: { value: 'Updated.' } });
    fireEvent.click(dialog.getByRole('button', { name: m.data_protection_close_submit() }));
    expect(await dialog.findByText(m.data_protection_error_outcome_required())).toBeTruthy();
    expect((await server.db.selectFrom('data_requests').select('status').executeTakeFirstOrThrow()).status).toBe(
      'OPEN',
    );

    fireEvent.click(dialog.getByRole('button', { name: m.data_protection_open_named({ name: 'Ben Tan' }) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByTestId('person-view')).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ person: kept.talentId });
    await server.db.deleteFrom('data_requests').execute();
  });

  it("names a withdrawal's task and company in the list and in its closing dialog (earlier notes)", async () => {
    const recruiterId = await idOf(recruiterEmail);
    const taskId = await insertTask(rows(), { title: 'Data Analyst', company: 'Kopi Digital Sdn Bhd' });
    const code = (await server.db.selectFrom('tasks').select('code').where('id', '=', taskId).executeTakeFirstOrThrow())
      .code;
    const withdrawn = await createReferral(rows(), recruiterId, {
      taskId,
      talent: { full_name: 'Lim Wei', email: 'lim.wei@example.com', phone_e164: '+60123450003' },
      referral: { consent_status: 'DECLINED' },
    });
    await server.db
      .insertInto('data_requests')
      .values({
        talent_id: withdrawn.talentId,
        referral_id: withdrawn.id,
        kind: 'WITHDRAWAL',
        message: null,
        status: 'OPEN',
        due_at: '2026-12-22T02:00:00.000Z',
        created_at: '2026-11-22T02:00:00.000Z',
      })
      .execute();
    onTestFinished(async () => {
      await server.db.deleteFrom('data_requests').execute();
    });
    const job = m.data_protection_request_task({ code, title: 'Data Analyst', company: 'Kopi Digital Sdn Bhd' });
    expect(job).toBe(`${code} · Data Analyst at Kopi Digital Sdn Bhd`);
    await server.signIn(adminEmail);
    renderAppAt('/admin/data-protection?tab=requests');
    const row = within(await screen.findByTestId('request-row'));
    expect(row.getByTestId('request-task').textContent).toBe(job);
    fireEvent.click(row.getByRole('button', { name: m.data_protection_request_close() }));
    const dialog = within(
      await screen.findByRole('dialog', { name: m.data_protection_close_title({ name: 'Lim Wei' }) }),
    );
    expect(dialog.getByTestId('close-request-quote').textContent).toContain(job);
  });

  it('shows the opening and the export in the person’s record of access, as they happen', async () => {
    // jsdom has no object URLs, and would follow the download link: the download itself is the
    // browser's; the file's content is checked here.
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:download';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    onTestFinished(() => click.mockRestore());
    await server.signIn(adminEmail);
    renderAppAt(`/admin/data-protection?person=${kept.talentId}`);
    const access = await screen.findByTestId('person-access');
    // This opening is the newest line: the section does not wait for the next visit to say so.
    await waitFor(() => expect(access.textContent).toContain(m.data_protection_action_person_view()));
    expect(access.textContent).not.toContain(m.data_protection_action_person_export());

    fireEvent.click(screen.getByRole('button', { name: m.data_protection_export() }));
    await waitFor(() => expect(access.textContent).toContain(m.data_protection_action_person_export()));
    expect(saved).toHaveLength(1);
    const file = JSON.parse(await (saved[0] as Blob).text()) as { access: { action: string }[] };
    expect(file.access.map((line) => line.action).slice(0, 2)).toEqual(['PERSON_EXPORT', 'PERSON_VIEW']);
  });

  it('finds a person by e-mail, erases them in two steps and says they were deleted', async () => {
    await server.signIn(adminEmail);
    renderAppAt('/admin/data-protection');
    fireEvent.change(await screen.findByLabelText(m.data_protection_search_label()), {
      target: { value: 'BEN.TAN@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: m.data_protection_search_button() }));
    const match = await screen.findByTestId('person-match');
    expect(match.textContent).toContain('Ben Tan');
    expect(match.textContent).toContain('Farah Recruiter');
    fireEvent.click(within(match).getByRole('button', { name: m.data_protection_open_named({ name: 'Ben Tan' }) }));

    const view = await screen.findByTestId('person-view');
    expect(within(view).getByRole('heading', { level: 2 }).textContent).toBe('Ben Tan');
    expect(within(screen.getByTestId('person-links')).getByText(m.data_protection_link_consent())).toBeTruthy();
    // In words, not codes ("consent_request SENT", issue 42.12).
    const emails = screen.getByTestId('person-emails');
    expect(within(emails).getByText('Consent request (to the talent)')).toBeTruthy();
    expect(within(emails).getByText('Waiting to be sent')).toBeTruthy();
    expect(emails.textContent).not.toMatch(/consent_request|PENDING|[a-z]+_[a-z]+/);

    fireEvent.click(screen.getByRole('button', { name: m.data_protection_erase_now() }));
    const first = await screen.findByRole('alertdialog');
    expect(first.textContent).toContain(m.data_protection_erase_explain());
    fireEvent.click(within(first).getByRole('button', { name: m.data_protection_erase_continue() }));

    const form = await screen.findByTestId('erase-form');
    fireEvent.change(within(form).getByLabelText(m.data_protection_erase_reason()), { target: { value: 'no' } });
    fireEvent.change(within(form).getByLabelText(m.data_protection_erase_type_word({ word: 'ERASE' })), {
      target: { value: 'erase' },
    });
    fireEvent.click(within(form).getByRole('button', { name: m.data_protection_erase_confirm() }));
    expect(await within(form).findByText(m.data_protection_error_reason_short())).toBeTruthy();
    expect(within(form).getByText(m.data_protection_error_confirm_word())).toBeTruthy();
    expect(await server.db.selectFrom('talents').select('id').where('id', '=', kept.talentId).execute()).toHaveLength(
      1,
    );

    fireEvent.change(within(form).getByLabelText(m.data_protection_erase_reason()), {
      target: { value: 'Asked by e-mail on 3 Dec' },
    });
    fireEvent.change(within(form).getByLabelText(m.data_protection_erase_type_word({ word: 'ERASE' })), {
      target: { value: 'ERASE' },
    });
    fireEvent.click(within(form).getByRole('button', { name: m.data_protection_erase_confirm() }));
    const outcome = await screen.findByTestId('erase-outcome');
    expect(outcome.textContent).toContain(m.data_protection_outcome_deleted());
    await waitFor(() => expect(screen.queryByTestId('person-view')).toBeNull());
    expect(await server.db.selectFrom('talents').select('id').where('id', '=', kept.talentId).execute()).toEqual([]);
  });

  it('says the money trail was kept when the person had an approved reward', async () => {
    await server.signIn(adminEmail);
    renderAppAt(`/admin/data-protection?person=${anonymised.talentId}`);
    const view = await screen.findByTestId('person-view');
    expect(within(view).getByRole('heading', { level: 2 }).textContent).toBe(m.talent_erased_name());
    fireEvent.click(screen.getByRole('button', { name: m.data_protection_erase_now() }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: m.data_protection_erase_continue() }),
    );
    const form = await screen.findByTestId('erase-form');
    fireEvent.change(within(form).getByLabelText(m.data_protection_erase_reason()), {
      target: { value: 'Second request by letter' },
    });
    fireEvent.change(within(form).getByLabelText(m.data_protection_erase_type_word({ word: 'ERASE' })), {
      target: { value: 'ERASE' },
    });
    fireEvent.click(within(form).getByRole('button', { name: m.data_protection_erase_confirm() }));
    const outcome = await screen.findByTestId('erase-outcome');
    expect(outcome.textContent).toContain(m.data_protection_outcome_anonymised());
    expect(outcome.textContent).toContain(m.data_protection_outcome_money_trail());
  });
});
