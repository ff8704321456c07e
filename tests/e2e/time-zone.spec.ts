import { expect, test } from '@playwright/test';
import { tinyPng } from '#src/server/db/demo/files.ts';
import { DEMO_PASSWORD, RECRUITER_EMAIL } from './e2e-env';
import { expectPath, type Locale, logIn, message, serverAs } from './helpers';
import { callProofsTagged, referralsOfDistinctTalents } from './outbox-helpers';

// Issue 21 item 9 on a phone whose clock is set to UTC: the call-proof form reads the call time on the
// recruiter's own clock (the account's zone, Kuala Lumpur for the demo recruiter) and says so, and the
// saved proof shows the very time typed (it showed 4:09 PM in the form and 12:09 AM on the proof).
test.use({
  timezoneId: 'UTC',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
});

/** Yesterday's date as Kuala Lumpur's calendar reads it (a call time yesterday is never in the future). */
const yesterdayInKualaLumpur = () => new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);

test('a recruiter on a UTC phone types the call time on the account clock, told which, and sees it back', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const api = await serverAs(request);
  const [referral] = await referralsOfDistinctTalents(api, 1);
  if (!referral) throw new Error('a demo referral');
  const tag = `tz.${testInfo.project.name}.${Date.now()}`;
  const day = yesterdayInKualaLumpur();

  await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');

  for (const locale of ['en', 'ms'] as const satisfies Locale[]) {
    const text = (key: string) => message(locale, key);
    const prefix = locale === 'en' ? '' : `/${locale}`;
    await page.goto(`${prefix}/talents-folder/${referral.talentId}/profile?referral=${referral.id}`);
    const panel = page.getByTestId('referral-panel');
    const callTime = panel.getByLabel(text('call_proof_ui_called_at'));
    await expect(callTime).toBeVisible();
    // The input names its zone, the account's, not the phone's.
    const zoneLine = text('common_time_zone_hint').replace('{zone}', 'Kuala Lumpur (GMT+8)');
    // (after the value chosen, written out in the app's language: "Chosen: Sunday, … at 5:20 PM")
    await expect(callTime).toHaveAccessibleDescription(new RegExp(`${zoneLine.replace(/[()+]/g, '\\$&')}$`));
    // Its first value is now on Kuala Lumpur's clock: eight hours ahead of the phone's.
    const shown = Date.parse(`${await callTime.inputValue()}Z`) - 8 * 3_600_000;
    expect(Math.abs(shown - Date.now())).toBeLessThan(2 * 60_000);
    await callTime.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`call-proof-form-utc-${locale}.png`) });

    if (locale === 'en') {
      await callTime.fill(`${day}T16:09`);
      await panel
        .locator('input[type="file"][id$="-file"]')
        .setInputFiles({ name: `call-log-${tag}.png`, mimeType: 'image/png', buffer: tinyPng(7) });
      await panel.getByRole('button', { name: text('call_proof_ui_submit') }).click();
      // The saved proof reads 4:09 PM, as typed; the server holds 08:09 UTC.
      await expect(panel.getByTestId('call-proof').filter({ hasText: tag })).toContainText(/4:09\sPM/, {
        timeout: 15_000,
      });
      await expect
        .poll(async () => (await callProofsTagged(api, referral.id, tag)).map((p) => p.calledAt))
        .toEqual([`${day}T08:09:00.000Z`]);
    }
    // In either language the saved proof keeps the hour typed.
    const proof = panel.getByTestId('call-proof').filter({ hasText: tag });
    await expect(proof).toContainText(/\b4:09\b/);
    await proof.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: testInfo.outputPath(`call-proof-saved-utc-${locale}.png`) });
  }
});
