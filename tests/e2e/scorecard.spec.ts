import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import type { RecruiterRow } from '#src/shared/admin-recruiter-types.ts';
import type { AdminReferralDetail, AdminReferralRow } from '#src/shared/admin-referral-types.ts';
import type { Scorecard } from '#src/shared/insight.ts';
import { ADMIN_EMAIL, DEMO_PASSWORD, RECRUITER_EMAIL } from './e2e-env';
import { expectPath, type Locale, logIn, message, messages, serverAs } from './helpers';

// Issue 27's scorecards on screen: the recruiter sees their score on the dashboard on a phone (in Malay
// and Chinese), the same the API answers; an admin on a desktop sorts recruiters by score (the API's
// order), opens a recruiter's full scorecard and sees the referring recruiter's compact scorecard by the
// reward decision. The specs set their own viewports (playwright.config.ts runs this file on desktop only).

type Variants = [{ selectors: string[]; match: Record<string, string> }];

/** A message as the app says it: its plural variant for `count` (if it has one), the inputs filled in. */
function say(locale: Locale, key: string, inputs: Record<string, string | number>, count?: number): string {
  const entry = (messages(locale) as Record<string, string | Variants>)[key];
  if (entry === undefined) throw new Error(`messages/${locale}.json has no ${key}`);
  let text: string;
  if (typeof entry === 'string') text = entry;
  else {
    const [{ selectors, match }] = entry;
    const category = new Intl.PluralRules(locale).select(count ?? 0);
    text = match[`${selectors[0]}=${category}`] ?? (match[`${selectors[0]}=other`] as string);
  }
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(inputs[name]));
}

/** What the screen shows for a score: "72 / 100", or "No score yet" in short. */
const scoreText = (locale: Locale, score: number | null) =>
  score === null ? message(locale, 'scorecard_none_short') : say(locale, 'scorecard_value', { score });

/** No serious or critical WCAG 2.1 A/AA violation (axe-core) inside `selector`. */
async function expectAccessible(page: Page, selector: string) {
  const result = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function expectScorecard(page: Page, locale: Locale, card: Scorecard, audience: 'you' | 'admin') {
  const view = page.getByTestId('scorecard');
  if (card.score === null) {
    await expect(view.getByTestId('scorecard-none')).toHaveText(
      say(
        locale,
        `scorecard_none_${audience}`,
        { min: card.minReferrals, count: card.counts.referred },
        card.counts.referred,
      ),
    );
  } else {
    await expect(view.getByTestId('scorecard-score')).toHaveText(scoreText(locale, card.score));
  }
  await expect(view.getByTestId(/^scorecard-line-/)).toHaveCount(card.lines.length);
  for (const part of card.raise) {
    await expect(view.getByTestId(`scorecard-tip-${part}`)).toContainText(
      message(locale, `scorecard_tip_${audience}_${part}`),
    );
  }
}

test.describe('the recruiter on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });

  test('sees the score the API answers on the dashboard, in Malay and Chinese', async ({ page, request }) => {
    const { get } = await serverAs(request, RECRUITER_EMAIL);
    const card = await get<Scorecard>('/api/recruiter/scorecard');

    await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
    await expectPath(page, '/dashboard');
    for (const locale of ['ms', 'zh'] as const) {
      await page.goto(`/${locale}/dashboard`);
      const box = page.getByTestId('dashboard-score');
      await expect(box.getByRole('heading', { name: message(locale, 'scorecard_title_you') })).toBeVisible();
      await expectScorecard(page, locale, card, 'you');
      // Nothing in the card is wider than the phone.
      const overflow = await box.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `/tmp/c2-dashboard-${locale}-390.png`, fullPage: true });
      await expectAccessible(page, '[data-testid="dashboard-score"]');
    }
  });
});

test.describe('the admin', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('sorts recruiters by score, opens a scorecard and sees one by the reward decision', async ({
    page,
    request,
  }) => {
    const en = (key: string) => message('en', key);
    const { get } = await serverAs(request, ADMIN_EMAIL);
    const sorted = await get<{ items: RecruiterRow[] }>('/api/admin/recruiters?sort=SCORE&pageSize=50');

    await logIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
    await expectPath(page, '/dashboard');
    await page.goto('/admin/manage-task?pageSize=50');
    await page.getByRole('combobox', { name: en('admin_recruiters_sort_label'), exact: true }).selectOption('SCORE');
    await expect(page).toHaveURL(/[?&]sort=SCORE\b/);
    const rows = page.getByTestId('recruiter-row');
    await expect(rows).toHaveCount(sorted.items.length);
    await expect(rows.locator('td:first-child a')).toHaveText(sorted.items.map((row) => row.fullName));
    await expect(rows.getByTestId('recruiter-score-value')).toHaveText(
      sorted.items.map((row) => scoreText('en', row.score)),
    );
    await page.screenshot({ path: '/tmp/c2-recruiters-1280.png' });
    await expectAccessible(page, 'table');

    // The first recruiter's page: the score in the header, the full scorecard in a dialog.
    const first = sorted.items[0] as RecruiterRow;
    const card = await get<Scorecard>(`/api/admin/recruiters/${first.id}/scorecard`);
    await rows.first().getByRole('link', { name: first.fullName }).click();
    await expectPath(page, `/admin/manage-task/recruiter-${first.id}`);
    await expect(page.getByTestId('recruiter-stat-score')).toHaveText(scoreText('en', card.score));
    await page.screenshot({ path: '/tmp/c2-recruiter-header-1280.png' });
    await page.getByRole('button', { name: en('scorecard_open') }).click();
    const dialog = page.getByRole('dialog', { name: say('en', 'scorecard_dialog_title', { name: first.fullName }) });
    await expect(dialog).toBeVisible();
    await expectScorecard(page, 'en', card, 'admin');
    await page.screenshot({ path: '/tmp/c2-scorecard-dialog-1280.png' });
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: en('scorecard_close') }).click();
    await expect(dialog).toBeHidden();

    // Hiring status: a referral's detail shows its recruiter's compact scorecard in the reward section.
    const list = await get<{ items: AdminReferralRow[] }>('/api/admin/referrals?pageSize=20');
    const row = list.items[0] as AdminReferralRow;
    const detail = await get<AdminReferralDetail>(`/api/admin/referrals/${row.id}`);
    await page.goto('/admin/hiring-status?pageSize=20');
    await page.getByRole('button', { name: row.talentName, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`[?&]referral=${row.id}\\b`));
    const reward = page.getByRole('dialog').getByRole('region', { name: en('admin_hiring_section_reward') });
    const compact = reward.getByTestId('scorecard-compact');
    await expect(compact.getByTestId('scorecard-score')).toHaveText(scoreText('en', detail.recruiterScorecard.score));
    await expect(compact.getByTestId(/^scorecard-line-/)).toHaveCount(6);
    await compact.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/c2-referral-1280.png' });
    await expectAccessible(page, '[data-testid="scorecard-compact"]');
  });

  test('on a phone in Chinese, sees scores in the recruiter cards and by the reward decision', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { get } = await serverAs(request, ADMIN_EMAIL);
    const sorted = await get<{ items: RecruiterRow[] }>('/api/admin/recruiters?sort=SCORE&pageSize=50');
    await logIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
    await expectPath(page, '/dashboard');
    await page.goto('/zh/admin/manage-task?sort=SCORE&pageSize=50');
    const cards = page.getByTestId('recruiter-card');
    await expect(cards).toHaveCount(sorted.items.length);
    await expect(cards.getByTestId('recruiter-score-value')).toHaveText(
      sorted.items.map((row) => scoreText('zh', row.score)),
    );
    await page.screenshot({ path: '/tmp/c2-recruiters-zh-390.png', fullPage: true });

    const first = sorted.items[0] as RecruiterRow;
    await page.goto(`/zh/admin/manage-task/recruiter-${first.id}`);
    await expect(page.getByTestId('recruiter-stat-score')).toHaveText(scoreText('zh', first.score));
    await page.screenshot({ path: '/tmp/c2-recruiter-header-zh-390.png' });
    await page.getByRole('button', { name: message('zh', 'scorecard_open') }).click();
    await expect(page.getByTestId('scorecard')).toBeVisible();
    await page.screenshot({ path: '/tmp/c2-scorecard-dialog-zh-390.png' });
    await page.getByRole('button', { name: message('zh', 'scorecard_close') }).click();

    const list = await get<{ items: AdminReferralRow[] }>('/api/admin/referrals?pageSize=20');
    await page.goto(`/zh/admin/hiring-status?referral=${(list.items[0] as AdminReferralRow).id}`);
    const compact = page.getByRole('dialog').getByTestId('scorecard-compact');
    await expect(compact).toBeVisible();
    await compact.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/c2-referral-zh-390.png' });
  });
});
