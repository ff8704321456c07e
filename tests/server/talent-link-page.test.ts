// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { m } from '#src/paraglide/messages.js';
import { createApp } from '#src/server/app.ts';
import { issueOneTimeToken } from '#src/server/security/one-time-tokens.ts';
import { webHandler } from '#src/server/web.ts';
import { TALENT_LINK_DATA_ID } from '#src/shared/talent-link-page.ts';
import { createReferral, signIn } from './helpers/referral-fixtures';
import { insertTask } from './helpers/rows';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// The talent's consent and ITA pages as the server answers them (issue 28): talent.html with the link's
// content written in, in the talent's language, readable before any script runs, and the view the
// page's script takes instead of asking the API again. The built client is a fixture folder, as in
// web.test.ts, with the two shells as the build writes them.

let clientDir: string;
beforeAll(() => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'recruiter-talent-page-'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Recruiter</title></head><body><div id="app"></div></body></html>',
  );
  writeFileSync(
    path.join(clientDir, 'talent.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Recruiter</title>' +
      '<script type="module" src="/assets/talent-abc.js"></script></head>' +
      '<body><div id="app"><!--app-html--></div>\n<!--app-data--></body></html>',
  );
});
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** The page's text as a reader sees it: tags dropped, entities read, spaces folded. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replace(/\s+/g, ' ');

const dataOf = (html: string) => {
  const match = new RegExp(`<script type="application/json" id="${TALENT_LINK_DATA_ID}">([^<]*)</script>`).exec(html);
  return match ? JSON.parse(match[1] as string) : null;
};

describe.each(DIALECTS)('the talent link pages as the server answers them, on %s', (dialect) => {
  let t: TestApp;
  let app: ReturnType<typeof createApp>;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    app = createApp(t.deps, { web: webHandler({ clientDir, env: t.env }) });
  });
  afterEach(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.request(url, { headers: { 'x-forwarded-for': '203.0.113.9', ...headers } });

  const setup = async (title = 'Senior Backend Engineer') => {
    const recruiter = await signIn(t, { locale: 'zh' });
    await t.db.updateTable('users').set({ full_name: 'Ahmad Faizal' }).where('id', '=', recruiter.id).execute();
    const taskId = await insertTask(t, { title, company: 'Kopi Digital', location: 'Cyberjaya' });
    return createReferral(t, recruiter.id, {
      taskId,
      talent: { full_name: 'Aisyah Rahman', email: 'aisyah@example.com' },
    });
  };

  it("writes the consent notice into the page in the talent's language, with the API's view for the script", async () => {
    const referral = await setup();
    const res = await get(`/ms/talent/consent?token=${referral.consentToken}`);
    expect(res.status).toBe(200);
    // One person's page: never kept by a cache.
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<html lang="ms"');
    expect(html).toContain(`<title>${m.title_consent({}, { locale: 'ms' })} | Recruiter</title>`);
    const text = textOf(html);
    const o = { locale: 'ms' as const };
    const job = {
      recruiterName: 'Ahmad Faizal',
      taskTitle: 'Senior Backend Engineer',
      company: 'Kopi Digital',
      location: 'Cyberjaya',
    };
    for (const line of [
      m.title_consent({}, o),
      m.talent_link_consent_intro(job, o),
      m.talent_link_consent_question({}, o),
      m.talent_link_notice_heading({}, o),
      m.talent_link_notice_shared({ company: 'Kopi Digital' }, o),
      m.talent_link_notice_purpose({ company: 'Kopi Digital', taskTitle: 'Senior Backend Engineer' }, o),
      m.talent_link_notice_choice({ recruiterName: 'Ahmad Faizal' }, o),
      m.talent_link_notice_retention(
        { months: m.period_months({ count: 24 }, o), days: m.period_days({ count: 30 }, o) },
        o,
      ),
      m.talent_link_consent_agree({}, o),
      m.talent_link_decline({}, o),
    ]) {
      expect(text).toContain(line);
    }
    // The buttons wait for the script; the privacy policy is a link in the same language.
    expect(html).toMatch(/<button type="button" class="btn btn-primary btn-lg sm:flex-1" disabled>/);
    expect(html).toContain('href="/ms/privacy-policy"');
    // Where consent can be withdrawn once the links expire: a data link asked for by address (issue 42.8).
    expect(html).toContain(
      `href="/ms/talent/data/request" class="link link-primary inline-block py-1">${m.talent_data_request_title({}, o)}</a>`,
    );
    // The view is the API's answer, as is.
    const api = await (await get(`/api/public/consent?token=${referral.consentToken}`)).json();
    expect(dataOf(html)).toEqual(api.data);
    // Nothing of the talent's own is on the page.
    for (const secret of ['Aisyah Rahman', 'aisyah@example.com']) expect(html).not.toContain(secret);
  });

  it('writes the ITA page too, in Chinese', async () => {
    const referral = await setup();
    await t.db.updateTable('referrals').set({ consent_status: 'CONFIRMED' }).where('id', '=', referral.id).execute();
    const itaToken = await issueOneTimeToken(t.db, {
      kind: 'ITA',
      referralId: referral.id,
      ttlSeconds: 86_400,
      now: t.clock.now(),
    });
    const res = await get(`/zh/talent/ita-success?token=${itaToken}`);
    const html = await res.text();
    expect(html).toContain('<html lang="zh"');
    const text = textOf(html);
    expect(text).toContain(m.talent_link_ita_heading({}, { locale: 'zh' }));
    expect(text).toContain(m.talent_link_ita_notice({ recruiterName: 'Ahmad Faizal' }, { locale: 'zh' }));
    expect(dataOf(html)).toMatchObject({ kind: 'ITA', state: 'OPEN', taskTitle: 'Senior Backend Engineer' });
  });

  it('escapes what the data holds: a title with markup is text, and cannot close the data script', async () => {
    const referral = await setup('Dev </script><img src=x onerror=alert(1)>');
    const html = await (await get(`/talent/consent?token=${referral.consentToken}`)).text();
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('</script><img');
    expect(textOf(html)).toContain('Dev </script><img src=x onerror=alert(1)>');
    expect(dataOf(html).taskTitle).toBe('Dev </script><img src=x onerror=alert(1)>');
  });

  it('a link that is not valid says so in the page, with no data', async () => {
    const html = await (await get('/ms/talent/consent?token=not-a-real-token-at-all-0123456789abcdef')).text();
    expect(textOf(html)).toContain(m.talent_link_invalid_heading({}, { locale: 'ms' }));
    expect(dataOf(html)).toBeNull();
    // Without a token it is no link at all: the app answers, with its Page Not Found.
    const none = await (await get('/talent/consent')).text();
    expect(none).not.toContain('talent-abc.js');
    expect(none).toContain('<div id="app"></div>');
  });

  it('an address without a language goes to the chosen one, else the browser’s, as the app does', async () => {
    const referral = await setup();
    const url = `/talent/consent?token=${referral.consentToken}`;
    const byBrowser = await get(url, { 'Accept-Language': 'fr-FR, ms-MY;q=0.8, en;q=0.5' });
    expect(byBrowser.status).toBe(302);
    expect(byBrowser.headers.get('Location')).toBe(`/ms${url}`);
    const chosen = await get(url, { 'Accept-Language': 'ms-MY', Cookie: 'PARAGLIDE_LOCALE=en' });
    expect(chosen.status).toBe(200);
    expect(await chosen.text()).toContain('<html lang="en"');
    const chinese = await get(url, { Cookie: 'other=1; PARAGLIDE_LOCALE=zh' });
    expect(chinese.headers.get('Location')).toBe(`/zh${url}`);
  });

  it('the template itself is not a page of its own', async () => {
    expect((await get('/talent.html')).status).toBe(404);
  });
});
