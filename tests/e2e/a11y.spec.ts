import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { connect } from '#src/server/db/connect.ts';
import { tinyPdf } from '#src/server/db/demo/files.ts';
import { issueOneTimeToken } from '#src/server/security/one-time-tokens.ts';
import * as enums from '#src/shared/enums.ts';
import { issueReviewLink } from '#tests/setup/review-link.ts';
import { adminScreens, guestScreens, type Ids, recruiterScreens, type Screen } from './a11y-screens';
import { ADMIN_EMAIL, DEMO_PASSWORD, E2E_BASE_URL, e2eDataDir, RECRUITER_EMAIL } from './e2e-env';
import { expectPath, freshTalentLinkLimit, type Locale, logIn } from './helpers';

// The whole run comes from one address, and the talent's pages count calls per address (60 in 15
// minutes): each test starts with the count afresh, as a talent on their own phone would (helpers.ts).
test.beforeEach(() => freshTalentLinkLimit());

// Every screen of the app, on a phone and on a desktop, in the light and the dark theme, has no serious or
// critical WCAG 2.1 A/AA violation as axe-core finds them; in each of its three languages it shows no raw
// code, never scrolls sideways on a phone (nor an admin's screen on a 1280 or 1440 px desktop) and cuts no
// table button. One browser context per language and role (a login each); each screen is opened once and
// read at every width by resizing the window, once its data is on it (no skeleton, no spinner).
// The spec sets its own viewports, so it runs in the `chromium` project only.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const LOCALES: Locale[] = ['en', 'ms', 'zh'];
const WIDTHS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
  // The recruiter's and talent's phone, for the layout tests below; the admin's wide desktop.
  iphone: { width: 390, height: 844 },
  wide: { width: 1440, height: 900 },
} as const;
const prefix: Record<Locale, string> = { en: '', ms: '/ms', zh: '/zh' };

type Finding = { screen: string; url: string; text: string };

// A state's code on screen (PENDING, NEED_REVIEW…) where its name in the reader's language belongs: the
// referral's history showed "Consent e-mail sent: PENDING" on a Malay screen. Currency codes and "ITA",
// which the screens write on purpose, are not codes here.
const SHOWN_ON_PURPOSE = new Set<string>([...enums.CURRENCIES, 'ITA']);
const STATE_CODES = (Object.values(enums) as unknown[])
  .filter((value): value is unknown[] => Array.isArray(value))
  .flat()
  .filter((value): value is string => typeof value === 'string' && /^[A-Z][A-Z_]{2,}$/.test(value))
  .filter((value) => !SHOWN_ON_PURPOSE.has(value));
const STATE_CODE = new RegExp(`(^|[^A-Za-z_])(${[...new Set(STATE_CODES)].join('|')})($|[^A-Za-z_])`);

/** Lines of the screen's text that show a state's code. */
async function codesShown(page: Page): Promise<string[]> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, line by line, is what is read
  const text = await page.evaluate(() => document.body.innerText);
  return text.split('\n').filter((line) => STATE_CODE.test(line));
}

// Long tests (a language or a theme each, every screen at every width): spread over the workers. The
// English one, axe at two widths, takes about 5 min on a quiet two-core machine: fifteen minutes each.
test.describe.configure({ mode: 'parallel', timeout: 900_000 });

let ids: Ids;

// Real ids of the demo seed, and two fresh talent-link tokens issued as the server issues them (the
// server keeps only their hashes, so a test cannot read one back).
test.beforeAll(async () => {
  const db = connect({ sqliteFile: path.join(e2eDataDir(), 'app.db') });
  try {
    const recruiter = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', RECRUITER_EMAIL)
      .executeTakeFirstOrThrow();
    const referral = await db
      .selectFrom('referrals')
      .select(['id', 'talent_id', 'task_id'])
      .where('recruiter_id', '=', recruiter.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const task = await db
      .selectFrom('tasks')
      .select('id')
      .where('status', '=', 'OPEN')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = new Date();
    // The seed's referrals (days old), never one a spec beside this one makes and answers meanwhile.
    const seeded = new Date(now.getTime() - 3_600_000).toISOString();
    const promo = await db
      .selectFrom('promos')
      .select('id')
      .where('starts_at', '<=', now.toISOString())
      .where('ends_at', '>', now.toISOString())
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const waiting = await db
      .selectFrom('referrals')
      .select('id')
      .where('consent_status', '=', 'PENDING')
      .where('created_at', '<', seeded)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const consented = await db
      .selectFrom('referrals')
      .select('id')
      .where('consent_status', '=', 'CONFIRMED')
      .where('ita_status', 'in', ['NOT_SENT', 'SENT'])
      .where('created_at', '<', seeded)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const day = 24 * 3600;
    ids = {
      taskId: task.id,
      myTaskId: referral.task_id,
      promoId: promo.id,
      referralId: referral.id,
      talentId: referral.talent_id,
      recruiterId: recruiter.id,
      consentToken: await issueOneTimeToken(db, { kind: 'CONSENT', referralId: waiting.id, ttlSeconds: day, now }),
      itaToken: await issueOneTimeToken(db, { kind: 'ITA', referralId: consented.id, ttlSeconds: day, now }),
      reviewToken: await issueReviewLink(db),
    };
  } finally {
    await db.destroy();
  }
});

/** Waits until the screen shows its data: no skeleton, no spinner, nothing busy, a heading on it. */
async function settle(page: Page, url: string) {
  await page.waitForLoadState('load');
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          if (document.querySelector('.skeleton, .loading, [aria-busy="true"]')) return 'busy';
          return document.querySelector('#app h1') ? 'ready' : 'no heading';
        }),
      { timeout: 15_000, message: `${url} renders its data` },
    )
    .toBe('ready');
}

/** Transitions (daisyUI's fades) and finite animations have ended: axe measures colours as they end up.
 * Infinite ones (a spinner) and scroll-driven ones do not count. */
async function stillScreen(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          document
            .getAnimations()
            .filter((animation) => animation.playState === 'running')
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
            // Scroll-driven ones (daisyUI's set-page-has-scroll on html) follow the scroll, never end.
            .filter((animation) => animation.timeline instanceof DocumentTimeline)
            .map((animation) => {
              const target = (animation.effect as KeyframeEffect | null)?.target;
              const name =
                animation instanceof CSSTransition
                  ? `transition ${animation.transitionProperty}`
                  : animation instanceof CSSAnimation
                    ? `animation ${animation.animationName}`
                    : 'animation';
              return `${name} on ${target?.tagName.toLowerCase()}.${String(target?.className ?? '').slice(0, 60)}`;
            }),
        ),
      { timeout: 5_000, message: `${page.url()}: transitions end` },
    )
    .toEqual([]);
}

/** Two frames after a resize: the screen's own resize handlers (matchMedia) have rendered. */
async function resizeTo(page: Page, width: Width) {
  await page.setViewportSize(WIDTHS[width]);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

function readable(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 6)
        .map((node) => `      ${node.target.join(' ')}\n        ${node.failureSummary?.replace(/\n/g, '\n        ')}`)
        .join('\n');
      const more = violation.nodes.length > 6 ? `\n      … ${violation.nodes.length - 6} more` : '';
      return `  [${violation.impact}] ${violation.id}: ${violation.help}\n${nodes}${more}`;
    });
}

type Width = keyof typeof WIDTHS;
/** At one width of a visit: axe's rules (none, all of TAGS, or only these), and the reflow check. */
type Check = { width: Width; axe: 'none' | 'all' | string[]; reflow: boolean };

/**
 * Each screen is opened once and read at every width of `checks` by resizing the window (navigations and
 * waiting for data were most of this spec's time): axe as asked, raw codes, sideways scroll where
 * `reflow`, and from lg up the tables' cut buttons.
 */
async function audit(page: Page, locale: Locale, screens: Screen[], findings: Finding[], checks: Check[]) {
  for (const screen of screens) {
    const url = `${prefix[locale]}${screen.path}`;
    await page.goto(url);
    await settle(page, url);
    // The width the window has first, so a visit resizes once less.
    const current = page.viewportSize()?.width;
    const ordered = [...checks].sort(
      (a, b) => Number(WIDTHS[b.width].width === current) - Number(WIDTHS[a.width].width === current),
    );
    for (const { width, axe, reflow } of ordered) {
      if (page.viewportSize()?.width !== WIDTHS[width].width) {
        await resizeTo(page, width);
        await settle(page, url);
      }
      const at = `${screen.name}, ${WIDTHS[width].width} px`;
      if (axe !== 'none') {
        await stillScreen(page);
        const builder = new AxeBuilder({ page });
        const result = await (axe === 'all' ? builder.withTags(TAGS) : builder.withRules(axe)).analyze();
        for (const text of readable(result.violations)) findings.push({ screen: at, url, text });
      }
      for (const line of await codesShown(page)) findings.push({ screen: at, url, text: `  [code] ${line}` });
      const sideways = reflow ? await scrollsSideways(page) : null;
      if (sideways) findings.push({ screen: at, url, text: `  [reflow] ${sideways}` });
      for (const line of await badgesOutOfBox(page)) findings.push({ screen: at, url, text: `  [badge] ${line}` });
      for (const line of await scrollBoxStops(page)) findings.push({ screen: at, url, text: `  [tab] ${line}` });
      // From lg up, where the admin lists are tables; on a phone a table in its own scrolling box is read by
      // scrolling it (ScrollRegion), and the admin lists are cards.
      if (WIDTHS[width].width >= 1024)
        for (const line of await cutButtons(page)) findings.push({ screen: at, url, text: `  [cut] ${line}` });
    }
  }
}

/**
 * A table's buttons are whole in its box: a table wider than its box scrolls under its pinned actions
 * column (`actions` in table-and-cards.tsx), never cuts a row's buttons off. At 1280 px in Malay the
 * payments' "Tandakan dibayar" showed as "Tan…" and its "Batal" not at all, with nothing saying the
 * table scrolled.
 */
async function cutButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    for (const button of document.querySelectorAll('#app table button')) {
      const rect = button.getBoundingClientRect();
      if (rect.width === 0) continue; // the table is hidden at this width (cards instead)
      let box = button.parentElement;
      while (box && box !== document.body && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
      if (!box || box === document.body) continue;
      const left = box.getBoundingClientRect().left + box.clientLeft;
      const right = left + box.clientWidth;
      if (rect.left < left - 0.5 || rect.right > right + 0.5) {
        const name = (button.getAttribute('aria-label') ?? button.textContent ?? '').trim().slice(0, 40);
        cut.push(
          `"${name}" spans ${Math.round(rect.left)}–${Math.round(rect.right)} px in a box of ${Math.round(left)}–${Math.round(right)} px`,
        );
      }
    }
    return cut;
  });
}

/**
 * A state's badge stays inside the box that holds it: on a 390 px phone in Malay "Persetujuan ditarik balik"
 * ran out of the referral's Consent tile.
 */
async function badgesOutOfBox(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const badge of document.querySelectorAll('#app .badge')) {
      const rect = badge.getBoundingClientRect();
      const box = badge.parentElement?.getBoundingClientRect();
      if (!box || rect.width === 0 || box.width === 0) continue;
      // A count on a corner (the bell's, daisyUI's indicator) sits over its box's edge on purpose.
      if (['absolute', 'fixed'].includes(getComputedStyle(badge).position)) continue;
      if (rect.right > box.right + 0.5 || rect.left < box.left - 0.5)
        out.push(
          `"${(badge.textContent ?? '').trim().slice(0, 40)}" spans ${Math.round(rect.left)}–${Math.round(rect.right)} px in a box of ${Math.round(box.left)}–${Math.round(box.right)} px`,
        );
    }
    return out;
  });
}

/**
 * A table's scrolling box (ScrollRegion) is a tab stop exactly while it scrolls: a keyboard must reach a
 * box it can only scroll (axe's scrollable-region-focusable checks that side), and one that fits is no
 * stop on the way (an admin tabbing through the payments page at 1280 px stopped at every table's box).
 */
async function scrollBoxStops(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wrong: string[] = [];
    for (const box of document.querySelectorAll<HTMLElement>('#app section.overflow-x-auto[aria-label]')) {
      if (box.clientWidth === 0) continue; // hidden at this width
      const scrolls = box.scrollWidth > box.clientWidth;
      if (scrolls !== (box.tabIndex === 0))
        wrong.push(
          `"${box.getAttribute('aria-label')}" ${scrolls ? 'scrolls but is no tab stop' : 'fits but is a tab stop'} (${box.scrollWidth} px in ${box.clientWidth})`,
        );
    }
    return wrong;
  });
}

/**
 * WCAG 1.4.10 Reflow, which axe does not check: on a phone the page never scrolls sideways. At 360 px a Malay page
 * label and a screen-reader-only table each did (the pagination's "Halaman 1 daripada 3", the charts'
 * data table), so a tap meant for a button landed on the text beside it. An admin's desktop neither: at
 * 1280 px the promo edit panel made the page 20 px too wide.
 */
async function scrollsSideways(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    // Anywhere in the page: a dialog or a toast lives outside #app.
    const widest = [...document.querySelectorAll('body *')]
      .map((element) => ({ element, right: element.getBoundingClientRect().right }))
      .filter(({ right }) => right > root.clientWidth + 0.5)
      .map(
        ({ element, right }) =>
          `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 50)} (right ${Math.round(right)})`,
      )
      .slice(0, 4);
    return `the page scrolls sideways: ${root.scrollWidth} px wide in a ${root.clientWidth} px window; ${widest.join(', ')}`;
  });
}

/**
 * Processing (add talent, step 2), as a recruiter without a network sees it: the drop waits in the
 * outbox, so the screen stays (online it lasts a moment). Last of the recruiter's screens: the context
 * is closed with the drop unsent.
 */
async function auditProgress(page: Page, locale: Locale, findings: Finding[], checks: Check[]) {
  const url = `${prefix[locale]}/manage-task/add/drop-resume?taskId=${ids.myTaskId}`;
  await page.goto(url);
  await settle(page, url);
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-7);
  await page
    .locator('#drop-file')
    .setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: tinyPdf(['Axe Test', 'Engineer']) });
  await page.locator('#drop-full-name').fill('Axe Test');
  await page.locator('#drop-email').fill(`axe.${unique}@example.com`);
  await page.locator('#drop-phone').fill(`013-${unique}`);
  await page.locator('input[name="languages"][value="ms"]').check();
  await page.locator('#drop-education').selectOption('Degree');
  await page.locator('#drop-country').fill('Malaysia');
  await page.locator('#drop-location').fill('Shah Alam');
  await page.locator('#drop-salary').fill('5200');
  await page.context().setOffline(true);
  await page.locator('form button[type="submit"]').click();
  await expectPath(page, `${prefix[locale]}/manage-task/add/progress`);
  await expect(page.locator('#app h1')).toBeVisible();
  await expect(page.locator('main [role="status"]').first()).toBeVisible();
  const progress = new URL(page.url());
  for (const { width, axe } of checks) {
    if (axe === 'none') continue;
    if (page.viewportSize()?.width !== WIDTHS[width].width) {
      await resizeTo(page, width);
    }
    await stillScreen(page);
    const builder = new AxeBuilder({ page });
    const result = await (axe === 'all' ? builder.withTags(TAGS) : builder.withRules(axe)).analyze();
    for (const text of readable(result.violations)) {
      findings.push({
        screen: `processing (offline), ${WIDTHS[width].width} px`,
        url: progress.pathname + progress.search,
        text,
      });
    }
  }
}

type Scheme = 'light' | 'dark';

async function signedIn(browser: Browser, locale: Locale, width: keyof typeof WIDTHS, email: string, scheme: Scheme) {
  const context = await browser.newContext({
    viewport: WIDTHS[width],
    colorScheme: scheme,
    locale: locale === 'zh' ? 'zh-CN' : locale === 'ms' ? 'ms-MY' : 'en-US',
    timezoneId: 'Asia/Kuala_Lumpur',
  });
  // The English login page (helpers' logIn finds its fields by their English labels): English chosen
  // before (the cookie), as the browser's language would otherwise open /zh/login or /ms/login. The
  // screens after it are opened under the locale's prefix.
  await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'en', url: E2E_BASE_URL }]);
  const page = await context.newPage();
  await logIn(page, email, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');
  return { context, page };
}

function report(findings: Finding[]): string {
  return findings.map((finding) => `${finding.screen} (${finding.url})\n${finding.text}`).join('\n\n');
}

// axe in English, in the light theme (the default) and the dark one (the system's choice), at a phone's
// and a desktop's width: what axe checks (contrast, names, roles, structure) does not depend on the
// language, and axe is most of this spec's time (about 2.5 s a screen). In the dark theme only the rules
// that read colours run: the rest read the same page as the light run. What does depend on the language
// runs in every language, at every width: raw codes shown, a page scrolling sideways (long Malay words)
// on a phone and on an admin's 1280 and 1440 px desktop, a table's buttons cut.
const THEME_RULES = ['color-contrast', 'link-in-text-block'];
const RUNS: { locale: Locale; scheme: Scheme; axe: Check['axe'] }[] = [
  ...LOCALES.map((locale) => ({
    locale,
    scheme: 'light' as const,
    axe: locale === 'en' ? ('all' as const) : ('none' as const),
  })),
  { locale: 'en', scheme: 'dark', axe: THEME_RULES },
];

for (const { locale, scheme, axe } of RUNS) {
  const name = scheme === 'light' ? locale : `${locale}, dark theme`;
  const what =
    axe === 'all'
      ? 'every screen, on a phone and a desktop, has no serious or critical accessibility violation'
      : axe === 'none'
        ? 'every screen shows no raw code, scrolls no page sideways and cuts no button, phone to 1440 px'
        : 'every screen, on a phone and a desktop, has the contrast WCAG asks for';
  test(`${name}: ${what}`, async ({ browser }) => {
    const findings: Finding[] = [];
    const at = (width: Width, reflow: boolean): Check => ({ width, axe, reflow });
    // Phone and desktop for everyone; the admins' wide desktop too, for the language's checks only.
    const people = [at('phone', true), at('desktop', false)];
    const admins = [at('phone', true), at('desktop', true)];
    if (scheme === 'light') admins.push({ width: 'wide', axe: 'none', reflow: true });

    const guest = await browser.newContext({
      viewport: WIDTHS.phone,
      colorScheme: scheme,
      timezoneId: 'Asia/Kuala_Lumpur',
    });
    const guestPage = await guest.newPage();
    await audit(guestPage, locale, guestScreens(ids), findings, people);
    // The theme follows the system's colour scheme (public/theme-init.js).
    await expect(guestPage.locator('html')).toHaveAttribute('data-theme', `recruiter-${scheme}`);
    await guest.close();

    const recruiter = await signedIn(browser, locale, 'phone', RECRUITER_EMAIL, scheme);
    await audit(recruiter.page, locale, recruiterScreens(ids), findings, people);
    if (axe !== 'none') await auditProgress(recruiter.page, locale, findings, people);
    await recruiter.context.close();

    const admin = await signedIn(browser, locale, 'desktop', ADMIN_EMAIL, scheme);
    await audit(admin.page, locale, adminScreens(ids), findings, admins);
    await admin.context.close();

    expect(
      findings.length,
      `${axe === 'all' ? `axe (${TAGS.join(', ')})` : axe === 'none' ? 'checks' : `axe (${axe.join(', ')})`} on ${name}:\n\n${report(findings)}\n`,
    ).toBe(0);
  });
}

// ---------------------------------------------------------------------------------------------------
// Layouts at the user's size (issue 21): a box grows with what it holds, nothing lies over its
// neighbour, no table is wider than its box.

type Box = { x: number; y: number; width: number; height: number };
const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

async function boxOf(locator: ReturnType<Page['locator']>): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not on screen`);
  return box;
}

/** Types skills until the field holds at least ten chips; every chip and the caret stay in the box, above the hint. */
async function expectSkillsGrow(page: Page, id: string) {
  const input = page.locator(`#${id}`);
  const field = page.locator(`fieldset:has(#${id})`);
  for (const skill of ['Excel', 'Logistics planning', 'Warehouse safety', 'Customer service', 'SQL', 'Python']) {
    await input.fill(skill);
    await input.press('Enter');
  }
  for (const skill of ['Stock control', 'Forklift', 'A skill with a name much longer than this box is wide']) {
    await input.fill(skill);
    await input.press('Enter');
  }
  await expect.poll(() => field.locator('.badge').count()).toBeGreaterThanOrEqual(10);
  const box = await boxOf(field.locator('.input'));
  const hint = await boxOf(page.locator(`#${id}-hint`));
  expect(box.y + box.height, 'the box ends above its hint').toBeLessThanOrEqual(hint.y + 0.5);
  for (const chip of await field.locator('.badge').all()) {
    expect(within(await boxOf(chip), box), `chip "${await chip.textContent()}" inside the box`).toBe(true);
  }
  expect(within(await boxOf(input), box), 'the caret line inside the box').toBe(true);
  expect(await scrollsSideways(page)).toBeNull();
}

test('the skills box grows with its chips on a 390 px phone (profile completion and edit talent)', async ({
  browser,
}) => {
  const recruiter = await signedIn(browser, 'en', 'iphone', RECRUITER_EMAIL, 'light');
  const { page } = recruiter;
  await page.goto(`/manage-task/add/profile-completion?taskId=${ids.myTaskId}&talentId=${ids.talentId}`);
  await expect(page.locator('#profile-skills')).toBeVisible();
  await expectSkillsGrow(page, 'profile-skills');
  await page.goto(`/ms/talents-folder/${ids.talentId}/profile/edit`);
  await expect(page.locator('#talent-skills')).toBeVisible();
  await expectSkillsGrow(page, 'talent-skills');
  await recruiter.context.close();
});

for (const width of ['desktop', 'wide'] as const) {
  test(`the promo edit panel at ${WIDTHS[width].width} px: Starts and Ends side by side only when they fit`, async ({
    browser,
  }) => {
    for (const locale of ['en', 'zh'] as const) {
      const admin = await signedIn(browser, locale, width, ADMIN_EMAIL, 'light');
      const { page } = admin;
      await page.goto(`${prefix[locale]}/admin/promo/${ids.promoId}`);
      const panel = await boxOf(page.locator('section[aria-labelledby="promo-edit-heading"]'));
      const starts = await boxOf(page.locator('#promo-starts-at'));
      const ends = await boxOf(page.locator('#promo-ends-at'));
      expect(overlap(starts, ends), `${locale}: Starts and Ends do not overlap`).toBe(false);
      for (const [name, box] of [
        ['Starts', starts],
        ['Ends', ends],
      ] as const) {
        expect(within(box, panel), `${locale}: ${name} inside the edit panel`).toBe(true);
      }
      expect(await scrollsSideways(page), locale).toBeNull();
      await admin.context.close();
    }
  });

  test(`the admin hiring status table at ${WIDTHS[width].width} px: every column in its box, dense rows`, async ({
    browser,
  }) => {
    for (const locale of ['en', 'ms'] as const) {
      const admin = await signedIn(browser, locale, width, ADMIN_EMAIL, 'light');
      const { page } = admin;
      await page.goto(`${prefix[locale]}/admin/hiring-status?pageSize=20`);
      const rows = page.getByTestId('referral-row');
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(12);
      const table = page.locator('table:has([data-testid="referral-row"])');
      const fits = await table.evaluate((element) => {
        const box = element.parentElement as HTMLElement;
        const right = box.getBoundingClientRect().right;
        const headers = [...element.querySelectorAll('th')].map((th) => th.getBoundingClientRect().right);
        // Text in a cell stays in it (a cut name ends in "…" rather than running over the next column).
        const spilled = [...element.querySelectorAll('td')].filter((td) => {
          const cell = td.getBoundingClientRect();
          return [...td.querySelectorAll('button, div, span')].some(
            (child) => child.getBoundingClientRect().right > cell.right + 0.5,
          );
        }).length;
        return { scrolls: box.scrollWidth > box.clientWidth, lastRight: Math.max(...headers), right, spilled };
      });
      expect(fits.scrolls, `${locale}: the table scrolls sideways`).toBe(false);
      expect(fits.lastRight, `${locale}: the last column ends inside the box`).toBeLessThanOrEqual(fits.right + 0.5);
      expect(fits.spilled, `${locale}: cells whose text runs out of them`).toBe(0);
      for (const row of (await rows.all()).slice(0, 12)) {
        expect((await boxOf(row)).height, `${locale}: a row is at most two short lines`).toBeLessThanOrEqual(56);
      }
      if (width === 'wide') {
        // A 1440x900 screen shows at least twelve rows without scrolling.
        const twelfth = await boxOf(rows.nth(11));
        expect(twelfth.y + twelfth.height, locale).toBeLessThanOrEqual(WIDTHS.wide.height);
      }
      expect(await scrollsSideways(page), locale).toBeNull();
      await admin.context.close();
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// The keyboard alone: log in, open a task from the board, open the account menu; every element that
// takes the focus on the way shows it (an outline or a ring, on it or on its field).

/** Presses Tab until the focused element matches `selector` (at most 40 times). */
async function tabTo(page: Page, selector: string) {
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) {
      await expectVisibleFocus(page, selector);
      return;
    }
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** The focused element, or the field around it, draws a focus indicator. */
async function expectVisibleFocus(page: Page, what: string) {
  const indicator = await page.evaluate(() => {
    const drawn = (element: Element | null) => {
      if (!element) return null;
      const style = getComputedStyle(element);
      if (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) {
        return `outline ${style.outlineWidth} ${style.outlineStyle}`;
      }
      return style.boxShadow !== 'none' ? `box-shadow ${style.boxShadow}` : null;
    };
    const focused = document.activeElement;
    // A daisyUI field draws the ring on the label around its input.
    return drawn(focused) ?? drawn(focused?.closest('.input, .select, .textarea, label') ?? null);
  });
  expect(indicator, `${what} shows that it has the focus`).not.toBeNull();
}

test('the main flow works with the keyboard alone, the focus always visible', async ({ page }) => {
  await page.goto('/login');
  await tabTo(page, 'input[type="email"]');
  await page.keyboard.type(RECRUITER_EMAIL);
  await tabTo(page, 'input[type="password"]');
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expectPath(page, '/dashboard');

  await page.goto('/task');
  await expect(page.getByTestId('task-card').first()).toBeVisible();
  await tabTo(page, '[data-testid="task-card"] button, [data-testid="task-card"] a');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.goto('/dashboard');
  await tabTo(page, 'header details.dropdown > summary');
  await page.keyboard.press('Enter');
  await expect(page.locator('header details.dropdown[open]')).toHaveCount(1);
  await tabTo(page, 'header details.dropdown[open] a');
  await page.keyboard.press('Enter');
  await expect.poll(() => new URL(page.url()).pathname).not.toBe('/dashboard');
});
