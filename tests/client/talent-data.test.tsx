import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getToasts } from '#src/components/toast/toast-store.ts';
import { talentDataQueryOptions } from '#src/features/talent-links/api.ts';
import { CorrectionBanner } from '#src/features/talents/components/correction-banner.tsx';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { formatDate } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import { issueOneTimeToken } from '#src/server/security/one-time-tokens.ts';
import { CONSENT_TOKEN_TTL_SECONDS } from '#src/shared/constants.ts';
import { insertCallProof } from '#tests/server/helpers/money-rows.ts';
import { insertReferral, insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';
import { renderTalentPageAt } from './helpers/render-talent-page';

// Issue 24: the talent's data page, the consent notice's periods and the recruiter's correction banner.
const server = inProcessApiForFile();

beforeEach(() => {
  clearAuthTokens();
  server.advance(60 * 60_000); // a fresh rate-limit window
});
afterEach(() => cleanup());

/** A new recruiter, Siti Rahman, and rows written at the time of her account. */
async function recruiterRows() {
  const recruiterEmail = await server.createUser({ fullName: 'Siti Rahman' });
  const recruiter = await server.db
    .selectFrom('users')
    .select(['id', 'created_at'])
    .where('email', '=', recruiterEmail)
    .executeTakeFirstOrThrow();
  const now = new Date(recruiter.created_at);
  return { recruiterEmail, recruiter, now, rows: { db: server.db, clock: { now: () => now } } };
}

async function talentWithLinks() {
  const { recruiterEmail, recruiter, now, rows } = await recruiterRows();
  const taskId = await insertTask(rows, { title: 'Backend Engineer', company: 'Kopi Digital Sdn Bhd' });
  const talent = await insertTalent(rows, recruiter.id, { full_name: 'Nur Aisyah binti Hamzah' });
  const referralId = await insertReferral(rows, talent, taskId, { recruiter_note: 'Calm under pressure.', rating: 5 });
  const dataToken = await issueOneTimeToken(server.db, { kind: 'DATA', talentId: talent.id, ttlSeconds: 3600, now });
  const consentToken = await issueOneTimeToken(server.db, {
    kind: 'CONSENT',
    referralId,
    ttlSeconds: CONSENT_TOKEN_TTL_SECONDS,
    now,
  });
  return { dataToken, consentToken, email: talent.email, recruiterEmail, talentId: talent.id, referralId, now, rows };
}

describe('the consent notice', () => {
  it("states the server's periods, in the words it always had for the defaults", async () => {
    const { consentToken } = await talentWithLinks();
    renderTalentPageAt(`/talent/consent?token=${consentToken}`);
    expect(
      await screen.findByText(
        'How long: we keep your data while this referral is active and for up to 24 months after the last activity, then delete or anonymise it. If you decline, it is deleted within 30 days.',
      ),
    ).toBeTruthy();
  });

  it('counts in the singular where a period is one', () => {
    const text = m.talent_link_notice_retention({
      months: m.period_months({ count: 1 }),
      days: m.period_days({ count: 1 }),
    });
    expect(text).toContain('for up to 1 month after');
    expect(text).toContain('deleted within 1 day.');
    expect(
      m.talent_link_notice_retention(
        {
          months: m.period_months({ count: 12 }, { locale: 'zh' }),
          days: m.period_days({ count: 14 }, { locale: 'zh' }),
        },
        { locale: 'zh' },
      ),
    ).toContain('最长 12 个月内');
  });
});

describe('the talent data page', () => {
  it('shows what is held, the note and rating included, and takes a correction request', async () => {
    const { dataToken, email } = await talentWithLinks();
    renderAppAt(`/talent/data?token=${dataToken}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'The data we hold about you' })).toBeTruthy();
    expect(screen.getByText('Nur Aisyah binti Hamzah')).toBeTruthy();
    expect(screen.getByText(email)).toBeTruthy();
    // The referral's own card (the job is also named on the links made for it).
    expect(screen.getByRole('heading', { level: 3, name: 'Backend Engineer at Kopi Digital Sdn Bhd' })).toBeTruthy();
    expect(screen.getByText('Calm under pressure.')).toBeTruthy();
    expect(screen.getByText('Average')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download as JSON' }).getAttribute('href')).toMatch(
      /^\/api\/public\/data\/export\?token=.+&format=json&locale=en$/,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText(/5 to 500 characters/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('What is wrong, and what should it say?'), {
      target: { value: 'My surname is Hashim.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText(/^Your request was sent\. It will be answered by /)).toBeTruthy();
    expect(screen.getByText('My surname is Hashim.')).toBeTruthy();
  });

  it('says how many correction requests can wait, once that many are open (issue 43.7)', async () => {
    const { dataToken, talentId, now } = await talentWithLinks();
    const at = now.toISOString();
    for (const message of ['My surname is Hashim.', 'My town is Ipoh.', 'My phone is new.'])
      await server.db
        .insertInto('data_requests')
        .values({
          talent_id: talentId,
          referral_id: null,
          kind: 'CORRECTION',
          message,
          status: 'OPEN',
          due_at: at,
          created_at: at,
          closed_at: null,
          closed_by: null,
          response: null,
        })
        .execute();
    renderAppAt(`/talent/data?token=${dataToken}`);
    fireEvent.change(await screen.findByLabelText('What is wrong, and what should it say?'), {
      target: { value: 'My e-mail is new too.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(
      await screen.findByText(
        'You can have 3 requests waiting for an answer, and send 3 a day. Please wait for our answer, or put everything you want corrected in one request.',
      ),
    ).toBeTruthy();
  });

  it('shows the call proofs held about the talent, with the recruiter note, each to download', async () => {
    const { dataToken, referralId, rows } = await talentWithLinks();
    const proofId = await insertCallProof(rows, referralId);
    await server.db
      .updateTable('call_proofs')
      .set({ note: 'Spoke for ten minutes; keen to move.' })
      .where('id', '=', proofId)
      .execute();
    renderAppAt(`/talent/data?token=${dataToken}`);
    const section = (await screen.findByRole('heading', { level: 2, name: 'Proof of calls with you' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(section).getByRole('heading', { level: 3, name: 'call.png' })).toBeTruthy();
    expect(within(section).getByText('Spoke for ten minutes; keen to move.')).toBeTruthy();
    expect(within(section).getByText('Backend Engineer at Kopi Digital Sdn Bhd')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Download this call proof' }).getAttribute('href')).toBe(
      `/api/public/data/call-proof?token=${dataToken}&id=${proofId}`,
    );
  });

  it('says why consent to a referral that is over cannot be withdrawn, and where to ask instead', async () => {
    const { dataToken, talentId } = await talentWithLinks();
    await server.db
      .updateTable('referrals')
      .set({ consent_status: 'CONFIRMED', reward_status: 'APPROVED' })
      .where('talent_id', '=', talentId)
      .execute();
    renderAppAt(`/talent/data?token=${dataToken}`);
    const closed = await screen.findByTestId('withdraw-closed');
    expect(closed.textContent).toContain('consent to it can no longer be withdrawn here');
    expect(within(closed).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    expect(screen.queryByRole('button', { name: /withdraw/i })).toBeNull();
  });

  it('promises no erase date while another referral still holds the data', async () => {
    const { recruiter, now, rows } = await recruiterRows();
    const talent = await insertTalent(rows, recruiter.id, { full_name: 'Tan Kok Leong' });
    const confirmed = { consent_status: 'CONFIRMED' as const };
    const first = await insertReferral(rows, talent, await insertTask(rows, { title: 'Barista' }), confirmed);
    await insertReferral(rows, talent, await insertTask(rows, { title: 'Cashier' }), confirmed);
    const dataToken = await issueOneTimeToken(server.db, { kind: 'DATA', talentId: talent.id, ttlSeconds: 3600, now });

    renderAppAt(`/talent/data?token=${dataToken}`);
    // Before: each withdrawal says the other referral keeps the data, not "erased 30 days after".
    await waitFor(() => expect(screen.getAllByText(/Your other referrals still hold your data/)).toHaveLength(2));
    expect(screen.queryByText(/Your data is erased 30 days after you withdraw/)).toBeNull();
    cleanup();

    const res = await server.app.request('/api/public/data/withdraw', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: dataToken, referralId: first, locale: 'en' }),
    });
    expect(res.status).toBe(200);
    renderAppAt(`/talent/data?token=${dataToken}`);
    expect(await screen.findByText(/^You withdrew your consent on .+ so it is kept for them\.$/)).toBeTruthy();
    // That application reads as stopped, the other as the admin left it (issue 42.14).
    expect(screen.getAllByText('Stopped: you withdrew your consent')).toHaveLength(1);
    expect(screen.getAllByText('Submitted')).toHaveLength(1);
    expect(screen.queryByText(/will be erased by/)).toBeNull();
    expect(screen.queryByText('Your data is erased by')).toBeNull();
  });

  it('is never saved to the device with the signed-in cache (query-persistence.ts skips talent-links)', () => {
    expect(talentDataQueryOptions('a-token').queryKey[0]).toBe('talent-links');
  });

  it('says no data is held under an unknown link, and offers a new one', async () => {
    renderAppAt(`/talent/data?token=${'x'.repeat(43)}`);
    expect(await screen.findByRole('heading', { name: 'No data under this link' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/talent/data/request');
  });

  it('asks for a link by address and answers without saying whether it is known', async () => {
    renderAppAt('/talent/data/request');
    const field = await screen.findByLabelText('Your e-mail address');
    fireEvent.change(field, { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a link' }));
    expect(
      await screen.findByText('If we hold data under this address, we have e-mailed you a link. It works for 7 days.'),
    ).toBeTruthy();
  });
});

describe('the correction banner on the recruiter profile', () => {
  const now = Date.parse('2026-11-27T02:00:00.000Z');
  const correction = {
    id: 1,
    message: 'My location is Kuala Lumpur.',
    createdAt: '2026-11-20T02:00:00.000Z',
    dueAt: '2026-12-11T02:00:00.000Z',
  };

  it('quotes the request with its due date and the days left', () => {
    renderBanner(<CorrectionBanner talentId={7} corrections={[correction]} talentLocale="ms" now={now} />);
    expect(
      screen.getByText(
        `Correction requested on ${formatDate(correction.createdAt)}: “My location is Kuala Lumpur.” — answer by ${formatDate(correction.dueAt)}`,
      ),
    ).toBeTruthy();
    expect(screen.getByText('14 days left')).toBeTruthy();
  });

  it('says when a request is overdue, and shows nothing without one', () => {
    const { container } = renderBanner(<CorrectionBanner talentId={7} corrections={[]} talentLocale="ms" now={now} />);
    expect(container.textContent).toBe('');
    renderBanner(
      <CorrectionBanner
        talentId={7}
        corrections={[correction]}
        talentLocale="ms"
        now={Date.parse('2026-12-12T02:00:00.000Z')}
      />,
    );
    expect(screen.getByText('Overdue')).toBeTruthy();
  });

  it('closes the request once corrected, saying what was corrected, which the talent then reads', async () => {
    const { dataToken, recruiterEmail, talentId, now: at } = await talentWithLinks();
    await server.db.updateTable('talents').set({ contact_locale: 'ms' }).where('id', '=', talentId).execute();
    const request = await server.db
      .insertInto('data_requests')
      .values({
        talent_id: talentId,
        referral_id: null,
        kind: 'CORRECTION',
        message: 'My surname is Hashim.',
        status: 'OPEN',
        due_at: new Date(at.getTime() + 21 * 86_400_000).toISOString(),
        created_at: at.toISOString(),
        closed_at: null,
        closed_by: null,
        response: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.signIn(recruiterEmail);
    renderAppAt(`/talents-folder/${talentId}/profile`);
    const banner = await screen.findByTestId('correction-request');
    expect(within(banner).getByText(/“My surname is Hashim\.”/)).toBeTruthy();

    fireEvent.click(within(banner).getByRole('button', { name: 'Mark as corrected' }));
    fireEvent.click(within(banner).getByRole('button', { name: 'Close the request' }));
    expect(await within(banner).findByText('This field is required.')).toBeTruthy();
    const field = within(banner).getByLabelText('What you corrected');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(banner).getByText(/The talent reads this on their data page/)).toBeTruthy();
    // In the language their e-mails go in (issue 42.23): the talent's links are in Malay.
    expect(
      within(banner).getByText(/The talent is e-mailed your answer in Malay, the language of their links/),
    ).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Surname changed to Hashim.' } });
    fireEvent.click(within(banner).getByRole('button', { name: 'Close the request' }));

    await waitFor(() => expect(screen.queryByTestId('correction-request')).toBeNull());
    expect(getToasts().map((toast) => toast.message)).toContain('Correction request closed.');
    const row = await server.db
      .selectFrom('data_requests')
      .select(['status', 'response', 'closed_by'])
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'DONE', response: 'Surname changed to Hashim.' });
    expect(row.closed_by).not.toBeNull();

    // The talent's data page: the request done, with the answer.
    cleanup();
    clearAuthTokens();
    renderAppAt(`/talent/data?token=${dataToken}`);
    expect(await screen.findByText('Surname changed to Hashim.')).toBeTruthy();
    expect(screen.getByText('Our answer')).toBeTruthy();
    expect(screen.getByText('Done')).toBeTruthy();
  });
});

function renderBanner(ui: ReactNode) {
  return render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);
}
