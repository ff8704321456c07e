import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { localizeUrl } from '#src/paraglide/runtime.js';
import { issueOneTimeToken, voidOneTimeTokens } from '#src/server/security/one-time-tokens.ts';
import { CONSENT_TOKEN_TTL_SECONDS, ITA_TOKEN_TTL_SECONDS, TALENT_NOTICE_VERSION } from '#src/shared/constants.ts';
import { insertReferral, insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderTalentPageAt } from './helpers/render-talent-page';

// The talent's consent and ITA pages in the real route tree against the real API in-process.
const server = inProcessApiForFile();

beforeEach(() => {
  clearAuthTokens();
  server.advance(60 * 60_000); // a fresh rate-limit window
});
afterEach(() => cleanup());

const TALENT = { name: 'Nur Aisyah binti Hamzah', phone: '+60123456789' };

// A recruiter's referral of a talent to a task, written straight into the database, and a link for it.
async function createReferral(kind: 'CONSENT' | 'ITA' = 'CONSENT') {
  const recruiterEmail = await server.createUser({ fullName: 'Siti Rahman' });
  const recruiter = await server.db
    .selectFrom('users')
    .select(['id', 'created_at'])
    .where('email', '=', recruiterEmail)
    .executeTakeFirstOrThrow();
  const now = new Date(recruiter.created_at); // the server's clock now
  const rows = { db: server.db, clock: { now: () => now } };
  const taskId = await insertTask(rows, {
    title: 'Backend Engineer',
    company: 'Kopi Digital Sdn Bhd',
    location: 'Kuala Lumpur',
  });
  const talent = await insertTalent(rows, recruiter.id, { full_name: TALENT.name, phone_e164: TALENT.phone });
  const referralId = await insertReferral(
    rows,
    talent,
    taskId,
    kind === 'ITA' ? { consent_status: 'CONFIRMED', ita_status: 'SENT' } : {},
  );
  const token = await issueOneTimeToken(server.db, {
    kind,
    referralId,
    ttlSeconds: kind === 'CONSENT' ? CONSENT_TOKEN_TTL_SECONDS : ITA_TOKEN_TTL_SECONDS,
    now,
  });
  return { referralId, token, email: talent.email, now };
}

const referralRow = (id: number) =>
  server.db
    .selectFrom('referrals')
    .select(['consent_status', 'ita_status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const decisionRow = (id: number) =>
  server.db
    .selectFrom('talent_decisions')
    .select(['kind', 'decision', 'locale', 'notice_version'])
    .where('referral_id', '=', id)
    .executeTakeFirst();

const INTRO = 'Siti Rahman would like to put you forward for Backend Engineer at Kopi Digital Sdn Bhd (Kuala Lumpur).';

describe('consent page', () => {
  it('shows whom the talent consents to and for which job, with the notice, and nothing else about them', async () => {
    const { token, email, now } = await createReferral();
    renderTalentPageAt(`/talent/consent?token=${token}`);

    expect(await screen.findByText(INTRO)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Consent Confirmation' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How your data is used' })).toBeTruthy();
    // The notice promises only what works: withdrawal on the data page for as long as consent stands (this
    // link lasts 72 hours, a data link 7 days, and a new one is asked for by address), no reply to a
    // no-reply e-mail (issue 42.8).
    const choice = screen.getByText(/^Your choice: agreeing is voluntary\./);
    expect(choice.textContent).toContain('on the page that shows your data: “See or manage your data” below');
    expect(choice.textContent).toContain('you can ask for a new one at any time with your e-mail address');
    expect(choice.textContent).not.toMatch(/this link again/);
    expect(screen.getByRole('button', { name: 'See or manage your data' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get a link to your data' }).getAttribute('href')).toBe(
      '/talent/data/request',
    );
    expect(document.body.textContent).not.toMatch(/replying/);
    // Nothing to withdraw before the talent agreed.
    expect(screen.queryByRole('button', { name: 'Withdraw my consent' })).toBeNull();
    expect(screen.getByText(`Notice version ${TALENT_NOTICE_VERSION}`)).toBeTruthy();
    const expires = formatDateTime(now.getTime() + CONSENT_TOKEN_TTL_SECONDS * 1000);
    expect(screen.getByText(`This link is valid until ${expires}.`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I agree' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'No, thanks' })).toBeTruthy();
    const text = document.body.textContent ?? '';
    for (const personal of [email, TALENT.name, TALENT.phone, TALENT.phone.slice(3)]) {
      expect(text).not.toContain(personal);
    }
  });

  it('records an agreement, thanks the talent, and says "already answered" when reopened', async () => {
    const { token, referralId } = await createReferral();
    renderTalentPageAt(`/talent/consent?token=${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'I agree' }));

    const thanks = await screen.findByTestId('talent-link-thanks');
    expect(thanks.textContent).toContain('You agreed to be put forward for Backend Engineer at Kopi Digital Sdn Bhd.');
    expect(thanks.textContent).toMatch(/Your answer: agreed to be put forward, recorded on Nov \d+, 2026/);
    expect(document.activeElement?.textContent).toBe('Thank you');
    expect(await referralRow(referralId)).toMatchObject({ consent_status: 'CONFIRMED' });
    expect(await decisionRow(referralId)).toEqual({
      kind: 'CONSENT',
      decision: 'CONFIRMED',
      locale: 'en',
      notice_version: TALENT_NOTICE_VERSION,
    });

    cleanup();
    renderTalentPageAt(`/talent/consent?token=${token}`);
    expect(
      await screen.findByText(/^You already answered on Nov \d+, 2026, .+: agreed to be put forward\.$/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I agree' })).toBeNull();
  });

  // Issue 43.6: an answered link gives data links only while it is valid; then the page says how to get one.
  it('after the link’s 72 hours, "See or manage your data" says to ask for a new link by e-mail', async () => {
    const { token } = await createReferral();
    renderTalentPageAt(`/talent/consent?token=${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'I agree' }));
    await screen.findByTestId('talent-link-thanks');
    cleanup();
    server.advance(CONSENT_TOKEN_TTL_SECONDS * 1000 + 60_000);
    renderTalentPageAt(`/talent/consent?token=${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'See or manage your data' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Links to your data work for 7 days. You can ask for a new one.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/talent/data/request');
  });

  it('asks "Are you sure?" before recording a decline, and lets the talent go back', async () => {
    const { token, referralId } = await createReferral();
    renderTalentPageAt(`/talent/consent?token=${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'No, thanks' }));

    const question = screen.getByText('Are you sure? Siti Rahman will not put you forward for this job.');
    expect(document.activeElement).toBe(question);
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.getByRole('button', { name: 'I agree' })).toBeTruthy();
    expect((await referralRow(referralId)).consent_status).toBe('PENDING');

    fireEvent.click(screen.getByRole('button', { name: 'No, thanks' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, decline' }));
    expect(
      await screen.findByText('You declined. Siti Rahman will not put you forward for Backend Engineer.'),
    ).toBeTruthy();
    expect((await referralRow(referralId)).consent_status).toBe('DECLINED');
  });

  it('says an expired link has expired and whom to ask for a new one', async () => {
    const { token } = await createReferral();
    server.advance(CONSENT_TOKEN_TTL_SECONDS * 1000 + 1000);
    renderTalentPageAt(`/talent/consent?token=${token}`);
    expect(
      await screen.findByText(
        'This link has expired or was replaced by a newer one. Ask Siti Rahman to send a new link.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'I agree' })).toBeNull();
  });

  it('shows the expired page when the link is replaced while the talent is reading it', async () => {
    const { token, referralId, now } = await createReferral();
    renderTalentPageAt(`/talent/consent?token=${token}`);
    const agree = await screen.findByRole('button', { name: 'I agree' });
    await voidOneTimeTokens(server.db, { kind: 'CONSENT', referralId }, now);

    fireEvent.click(agree);
    expect(await screen.findByRole('heading', { name: 'This link has expired' })).toBeTruthy();
    expect((await referralRow(referralId)).consent_status).toBe('PENDING');
  });

  it('shows "This link is not valid" for an unknown or a cut-off token, not the crash page', async () => {
    renderTalentPageAt(`/talent/consent?token=${'x'.repeat(43)}`);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
    expect(screen.queryByTestId('error-page-title')).toBeNull();

    cleanup();
    renderTalentPageAt('/talent/consent?token=abc');
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
  });

  it('asks the talent to wait when there were too many attempts', async () => {
    const { token } = await createReferral();
    for (let i = 0; i < 60; i += 1) await server.app.request(`/api/public/consent?token=${'y'.repeat(43)}`);
    renderTalentPageAt(`/talent/consent?token=${token}`);
    expect(await screen.findByText('Too many attempts, try again in a few minutes.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers to try again when the network failed, and then shows the page', async () => {
    const { token } = await createReferral();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderTalentPageAt(`/talent/consent?token=${token}`);
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 4000 });
    expect(screen.getByText('Check your internet connection and try again.')).toBeTruthy();

    vi.stubGlobal('fetch', server.fetch);
    fireEvent.click(retry);
    expect(await screen.findByText(INTRO)).toBeTruthy();
  });

  it('shows the heading and "Loading…" while a slow link loads, then the page', async () => {
    const { token } = await createReferral();
    // The page's loader waits for the link; past the router's pendingMs (1 s) the pending page shows.
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await held;
      return server.fetch(...args);
    });
    renderTalentPageAt(`/talent/consent?token=${token}`);
    expect(await screen.findByRole('status', {}, { timeout: 3000 })).toHaveProperty('textContent', 'Loading…');
    expect(screen.getByRole('heading', { level: 1, name: 'Consent Confirmation' })).toBeTruthy();

    answer();
    vi.stubGlobal('fetch', server.fetch);
    expect(await screen.findByText(INTRO)).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('speaks the talent’s language and records it with the answer', async () => {
    const { token, referralId } = await createReferral();
    const before = window.location.href;
    window.history.replaceState(null, '', `/ms/talent/consent?token=${token}`);
    try {
      renderTalentPageAt(`/talent/consent?token=${token}`);
      expect(
        await screen.findByText(
          'Siti Rahman ingin mencadangkan anda untuk jawatan Backend Engineer di Kopi Digital Sdn Bhd (Kuala Lumpur).',
        ),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Saya setuju' }));
      expect(await screen.findByRole('heading', { name: 'Terima kasih' })).toBeTruthy();
      expect((await decisionRow(referralId))?.locale).toBe('ms');
    } finally {
      window.history.replaceState(null, '', before);
    }
  });

  it('keeps the token when the language is switched', () => {
    // The language switcher's setLocale reloads onto localizeUrl(location.href).
    const link = 'http://localhost:3000/talent/consent?token=abcDEF_123-xyz';
    expect(localizeUrl(link, { locale: 'zh' }).href).toBe(
      'http://localhost:3000/zh/talent/consent?token=abcDEF_123-xyz',
    );
    expect(localizeUrl('http://localhost:3000/ms/talent/ita-success?token=t0k', { locale: 'en' }).href).toBe(
      'http://localhost:3000/talent/ita-success?token=t0k',
    );
  });
});

describe('withdrawing consent', () => {
  const outboxOf = (template: string) =>
    server.db.selectFrom('email_outbox').select(['id', 'locale']).where('template', '=', template).execute();

  it('lets the talent withdraw after agreeing, on the same link, after one more question', async () => {
    const { token, referralId } = await createReferral();
    renderTalentPageAt(`/talent/consent?token=${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'I agree' }));
    await screen.findByTestId('talent-link-thanks');

    // The thank-you page already offers the way back out; it asks before doing it, and can be left.
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw my consent' }));
    expect(
      screen.getByText(
        'Withdraw your consent to be put forward for Backend Engineer? Siti Rahman will be told, and this cannot be undone.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(document.activeElement?.textContent).toBe('Withdraw my consent');
    expect(await referralRow(referralId)).toMatchObject({ consent_status: 'CONFIRMED' });

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw my consent' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, withdraw my consent' }));
    const done = await screen.findByTestId('talent-link-withdrawn');
    expect(done.textContent).toMatch(
      /^Your consent is withdrawnYou withdrew your consent on Nov \d+, 2026, .+\. Siti Rahman has been told\. You will not be put forward for Backend Engineer\.$/,
    );
    expect(document.activeElement?.textContent).toBe('Your consent is withdrawn');
    expect(screen.queryByRole('button', { name: 'Withdraw my consent' })).toBeNull();
    expect(screen.queryByTestId('talent-link-thanks')).toBeNull();
    expect(await referralRow(referralId)).toMatchObject({ consent_status: 'DECLINED' });
    expect(await outboxOf('consent_withdrawn')).toHaveLength(1);

    // Opened again later: it says so, and offers nothing more.
    cleanup();
    renderTalentPageAt(`/talent/consent?token=${token}`);
    expect(await screen.findByTestId('talent-link-withdrawn')).toBeTruthy();
    // Nothing left to answer or withdraw; the talent may still see their data (issue 24).
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['See or manage your data']);
  });

  it('offers the withdrawal on the ITA page too, in the talent’s language', async () => {
    const { token, referralId } = await createReferral('ITA');
    const before = window.location.href;
    window.history.replaceState(null, '', `/zh/talent/ita-success?token=${token}`);
    try {
      renderTalentPageAt(`/talent/ita-success?token=${token}`);
      fireEvent.click(await screen.findByRole('button', { name: '撤回我的同意' }));
      fireEvent.click(screen.getByRole('button', { name: '是的，撤回我的同意' }));
      expect(await screen.findByRole('heading', { name: '您已撤回同意' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: '是的，我想申请' })).toBeNull();
      expect(await referralRow(referralId)).toMatchObject({ consent_status: 'DECLINED', ita_status: 'SENT' });
    } finally {
      window.history.replaceState(null, '', before);
    }
  });

  it('shows nothing to withdraw once the referral is final', async () => {
    const { token, referralId } = await createReferral('ITA');
    await server.db.updateTable('referrals').set({ hiring_status: 'REJECTED' }).where('id', '=', referralId).execute();
    renderTalentPageAt(`/talent/ita-success?token=${token}`);
    expect(await screen.findByRole('button', { name: 'Yes, I want to apply' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw my consent' })).toBeNull();
  });
});

describe('ITA page', () => {
  it('asks the talent to confirm the application and records it', async () => {
    const { token, referralId, email } = await createReferral('ITA');
    renderTalentPageAt(`/talent/ita-success?token=${token}`);

    expect(
      await screen.findByText('Confirm that you want to apply for Backend Engineer at Kopi Digital Sdn Bhd.'),
    ).toBeTruthy();
    expect(document.body.textContent).not.toContain(email);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, I want to apply' }));

    expect(
      await screen.findByText('Your application intent is confirmed; the recruiter will contact you about next steps.'),
    ).toBeTruthy();
    expect(await referralRow(referralId)).toMatchObject({ consent_status: 'CONFIRMED', ita_status: 'CONFIRMED' });
    expect((await decisionRow(referralId))?.kind).toBe('ITA');
  });

  it('does not accept a consent link as an ITA link', async () => {
    const { token } = await createReferral('CONSENT');
    renderTalentPageAt(`/talent/ita-success?token=${token}`);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
  });
});
