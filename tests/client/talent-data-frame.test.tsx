import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { m } from '#src/paraglide/messages.js';
import { getLocale, overwriteGetLocale } from '#src/paraglide/runtime.js';
import { issueOneTimeToken } from '#src/server/security/one-time-tokens.ts';
import { CONSENT_TOKEN_TTL_SECONDS } from '#src/shared/constants.ts';
import type { AppLocale } from '#src/shared/enums.ts';
import { localePath } from '#src/shared/locale-path.ts';
import { insertReferral, insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';
import { renderTalentPageAt } from './helpers/render-talent-page';

// Issue 42.10: the talent's data page showed the recruiters' "Log in" and the app's menu to someone with no
// account, and no language switch though the consent page has one. The talent's pages in the app now wear
// the consent page's frame (LinkFrame): what the whole header offers is asserted, not one missing button.
const server = inProcessApiForFile();
const english = getLocale;

beforeEach(() => {
  clearAuthTokens();
  server.advance(60 * 60_000); // a fresh rate-limit window
});
afterEach(() => {
  cleanup();
  overwriteGetLocale(english);
});

async function links() {
  const email = await server.createUser({ fullName: 'Siti Rahman' });
  const recruiter = await server.db
    .selectFrom('users')
    .select(['id', 'created_at'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const now = new Date(recruiter.created_at);
  const rows = { db: server.db, clock: { now: () => now } };
  const taskId = await insertTask(rows, { title: 'Backend Engineer', company: 'Kopi Digital Sdn Bhd' });
  const talent = await insertTalent(rows, recruiter.id, { full_name: 'Nur Aisyah binti Hamzah' });
  const referralId = await insertReferral(rows, talent, taskId);
  return {
    data: await issueOneTimeToken(server.db, { kind: 'DATA', talentId: talent.id, ttlSeconds: 3600, now }),
    consent: await issueOneTimeToken(server.db, {
      kind: 'CONSENT',
      referralId,
      ttlSeconds: CONSENT_TOKEN_TTL_SECONDS,
      now,
    }),
  };
}

/** Everything the page's one header offers: each control, by its name, where it goes and whether it is current. */
function headerOffers() {
  const banners = screen.getAllByRole('banner');
  expect(banners).toHaveLength(1);
  return [...(banners[0] as HTMLElement).querySelectorAll('a, button, select, input, summary, details')].map((el) => [
    el.tagName.toLowerCase(),
    el.getAttribute('aria-label') ?? el.textContent?.trim(),
    el.getAttribute('href'),
    el.getAttribute('aria-current'),
  ]);
}

/** The talent's header for `path` (no prefix, with its query) in `locale`: home, and the three languages. */
function talentHeader(path: string, locale: AppLocale) {
  const o = { locale };
  return [
    ['a', m.nav_home({}, o), localePath('/', locale), null],
    ...(['en', 'ms', 'zh'] as const).map((target) => [
      'a',
      { en: m.lang_en, ms: m.lang_ms, zh: m.lang_zh }[target]({}, o),
      `${localePath(path.split('?')[0] ?? '', target)}${path.includes('?') ? `?${path.split('?')[1]}` : ''}`,
      target === locale ? 'true' : null,
    ]),
  ];
}

describe("the talent's data page wears the talent's frame, not the app's (issue 42.10)", () => {
  it('offers in its header only the way home and the three languages, as the consent page does', async () => {
    const { data, consent } = await links();
    // The consent page reads its address from the document, as in the browser.
    const before = window.location.href;
    window.history.replaceState(null, '', `/talent/consent?token=${consent}`);
    let consentHeader: ReturnType<typeof headerOffers>;
    try {
      renderTalentPageAt(`/talent/consent?token=${consent}`);
      await screen.findByRole('heading', { level: 1 });
      consentHeader = headerOffers();
    } finally {
      window.history.replaceState(null, '', before);
      cleanup();
    }

    renderAppAt(`/talent/data?token=${data}`);
    expect(await screen.findByRole('heading', { level: 1, name: m.talent_data_heading() })).toBeTruthy();
    expect(headerOffers()).toEqual(talentHeader(`/talent/data?token=${data}`, 'en'));
    // No "Log in", no app menu, no FAQ or Contact in the header (they are in the footer, as on the consent page).
    expect(screen.queryByRole('link', { name: m.nav_login() })).toBeNull();
    expect(screen.queryByRole('button', { name: m.nav_open_menu() })).toBeNull();
    expect(screen.queryByTestId('language-switcher')).toBeNull();
    // One piece serves both: the consent page's header is the same but for the page it names.
    expect(consentHeader).toEqual(talentHeader(`/talent/consent?token=${consent}`, 'en'));
    expect(screen.getByRole('navigation', { name: m.lang_label() })).toBeTruthy();
  });

  it('speaks the page’s language, and marks it as the current one', async () => {
    const { data } = await links();
    overwriteGetLocale(() => 'ms');
    renderAppAt(`/talent/data?token=${data}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: m.talent_data_heading({}, { locale: 'ms' }) }),
    ).toBeTruthy();
    expect(headerOffers()).toEqual(talentHeader(`/talent/data?token=${data}`, 'ms'));
    expect(screen.getByRole('navigation', { name: 'Bahasa' })).toBeTruthy();
  });

  it('keeps the frame when the page sends the talent to ask for a new link, the languages naming that page', async () => {
    renderAppAt(`/talent/data?token=${'x'.repeat(43)}`);
    fireEvent.click(await screen.findByRole('link', { name: m.talent_data_request_link() }));
    expect(await screen.findByLabelText(m.talent_data_request_email())).toBeTruthy();
    expect(headerOffers()).toEqual(talentHeader('/talent/data/request', 'en'));
  });
});
