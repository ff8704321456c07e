import type { Context } from 'hono';
import * as v from 'valibot';
import { m } from '#src/paraglide/messages.js';
import type { AppEnv } from '#src/server/context.ts';
import { AppError } from '#src/server/errors.ts';
import { clientIp, hitRateLimit, RATE_RULES } from '#src/server/middleware/rate-limit.ts';
import { DEFAULT_TIMEZONE } from '#src/shared/constants.ts';
import { type AppLocale, LOCALES } from '#src/shared/enums.ts';
import { escapeHtml as e } from '#src/shared/escape-html.ts';
import { INTL_LOCALES } from '#src/shared/intl-locales.ts';
import { localePath } from '#src/shared/locale-path.ts';
import type { TalentLinkView } from '#src/shared/recruiter-types.ts';
import { TALENT_LINK_DATA_ID, TALENT_LINK_PAGES } from '#src/shared/talent-link-page.ts';
import { talentLinkQuerySchema } from '#src/shared/talent-link-schemas.ts';
import { type LinkKind, viewTalentLink } from './talent-link.service';

// The talent's consent and ITA pages as the server answers them (issue 28): the page's HTML already holds
// the link's content, in the talent's language, so the notice is readable before any JavaScript has run
// on a cheap phone over mobile data. src/talent-main.tsx then renders the same page with React (the same
// frame, classes and texts, so nothing moves) and takes the view from the page instead of asking again.
// Only what the talent reads first is written here: the buttons are there but wait for the script; the
// states after an answer and the ways to withdraw or see one's data are the script's. Tailwind reads only
// the client's code (src/styles.css), so every class here is one the client's components use as well.

type Page = { kind: LinkKind; locale: AppLocale; token: string };

/** The page a path names (`/talent/consent`, `/ms/talent/ita-success`…), or null. */
export function linkPageOf(path: string, token: string): Page | null {
  const match = /^\/(?:([a-z]{2})\/)?talent\/(consent|ita-success)\/?$/.exec(path);
  if (!match) return null;
  const prefix = match[1];
  if (prefix !== undefined && (prefix === 'en' || !(LOCALES as readonly string[]).includes(prefix))) return null;
  const kind = TALENT_LINK_PAGES.find((page) => page.path === `/talent/${match[2]}`)?.kind;
  if (!kind) return null;
  return { kind, locale: (prefix as AppLocale | undefined) ?? 'en', token };
}

/** The view the API's GET would answer for this link, counted against the same per-IP limit. */
async function loadView(c: Context<AppEnv>, page: Page): Promise<TalentLinkView | AppError> {
  if (!v.is(talentLinkQuerySchema, { token: page.token })) {
    return new AppError('INVALID_TOKEN', 404, 'This link is not valid.');
  }
  const deps = c.get('deps');
  try {
    await hitRateLimit(deps.db, RATE_RULES.talentLinkPerIp, clientIp(c), deps.now().getTime());
    return await viewTalentLink(deps, page.kind, page.token);
  } catch (error) {
    if (error instanceof AppError) return error;
    // Anything else (the database away): the script asks again and shows its own retry.
    return new AppError('INTERNAL_ERROR', 500, 'Something went wrong.');
  }
}

/** The talent.html template with the page written into it. */
export async function renderLinkPage(c: Context<AppEnv>, template: string, page: Page): Promise<string> {
  const loaded = await loadView(c, page);
  const view = loaded instanceof AppError ? null : loaded;
  const { locale } = page;
  const o = { locale };
  const heading = page.kind === 'CONSENT' ? m.title_consent({}, o) : m.talent_link_ita_heading({}, o);
  const body = view ? viewHtml(page, view) : problemHtml(loaded as AppError, locale);
  const app = frameHtml(locale, page, `<h1 class="text-2xl font-semibold">${e(heading)}</h1>${body}`);
  // The view for the script, as the API answers it. JSON in a script element: "<" is escaped, so no text
  // in it can close the element.
  const data = view
    ? `<script type="application/json" id="${TALENT_LINK_DATA_ID}">${JSON.stringify(view).replaceAll('<', '\\u003c')}</script>`
    : '';
  const title = page.kind === 'CONSENT' ? m.title_consent({}, o) : m.title_ita_success({}, o);
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${e(title)} | ${e(m.app_name({}, o))}</title>`)
    .replace('<!--app-html-->', app)
    .replace('<!--app-data-->', data);
}

const date = (value: string, locale: AppLocale) =>
  new Intl.DateTimeFormat(INTL_LOCALES[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: DEFAULT_TIMEZONE,
  }).format(new Date(value));

function viewHtml(page: Page, view: TalentLinkView): string {
  const o = { locale: page.locale };
  const job = {
    recruiterName: view.recruiterName,
    taskTitle: view.taskTitle,
    company: view.company,
    location: view.location,
  };
  // Answered, withdrawn or expired: the script says so with the answer's details.
  if (view.state !== 'OPEN' || view.withdrawnAt) return loadingHtml(page.locale);
  const consent = page.kind === 'CONSENT';
  const privacy = `<a href="${localePath('/privacy-policy', page.locale)}" class="link link-primary${consent ? ' inline-block py-1' : ''}">${e(m.talent_link_notice_privacy_link({}, o))}</a>`;
  // As ConsentNotice draws it: where the withdrawal it promises stays possible once the links expire.
  const dataRequest = `<a href="${localePath('/talent/data/request', page.locale)}" class="link link-primary inline-block py-1">${e(m.talent_data_request_title({}, o))}</a>`;
  const notice = consent
    ? '<section class="rounded-box border border-base-300 bg-base-200/50 p-4" aria-labelledby="consent-notice">' +
      `<h2 id="consent-notice" class="mb-2 font-semibold">${e(m.talent_link_notice_heading({}, o))}</h2>` +
      '<ul class="flex list-disc flex-col gap-2 ps-5 text-sm">' +
      `<li>${e(m.talent_link_notice_shared({ company: view.company }, o))}</li>` +
      `<li>${e(m.talent_link_notice_purpose({ company: view.company, taskTitle: view.taskTitle }, o))}</li>` +
      `<li>${e(m.talent_link_notice_choice({ recruiterName: view.recruiterName }, o))}</li>` +
      `<li>${e(
        m.talent_link_notice_retention(
          {
            months: m.period_months({ count: view.retention.inactiveMonths }, o),
            days: m.period_days({ count: view.retention.declinedDays }, o),
          },
          o,
        ),
      )}</li></ul><div class="mt-3 flex flex-wrap gap-x-4 text-sm">${privacy}${dataRequest}</div></section>`
    : `<p class="text-sm text-base-content/80">${e(m.talent_link_ita_notice({ recruiterName: view.recruiterName }, o))} ${privacy}</p>`;
  const question = consent ? m.talent_link_consent_intro(job, o) : m.talent_link_ita_intro(job, o);
  const agree = consent ? m.talent_link_consent_agree({}, o) : m.talent_link_ita_confirm({}, o);
  return (
    `<p class="text-lg">${e(question)}</p>` +
    (consent ? `<p class="font-medium">${e(m.talent_link_consent_question({}, o))}</p>` : '') +
    notice +
    '<div class="text-sm text-base-content/70">' +
    `<p>${e(m.talent_link_expires({ date: date(view.expiresAt, page.locale) }, o))}</p>` +
    `<p>${e(m.talent_link_notice_version({ version: view.noticeVersion }, o))}</p></div>` +
    // The choices wait for the script, which sends the answer with the page's language as proof.
    '<div class="flex flex-col gap-3 sm:flex-row">' +
    `<button type="button" class="btn btn-primary btn-lg sm:flex-1" disabled>${e(agree)}</button>` +
    `<button type="button" class="btn btn-outline btn-lg sm:flex-1" disabled>${e(m.talent_link_decline({}, o))}</button>` +
    '</div>'
  );
}

function problemHtml(error: AppError, locale: AppLocale): string {
  const o = { locale };
  // A fault of ours or the database: the script asks again, and offers a retry if it fails too.
  if (error.status >= 500) return loadingHtml(locale);
  const [heading, text] =
    error.status === 429
      ? [m.talent_link_rate_limited_heading({}, o), m.talent_link_rate_limited_text({}, o)]
      : error.status === 410
        ? [m.talent_link_expired_heading({}, o), m.talent_link_expired_text({ recruiterName: '' }, o)]
        : [m.talent_link_invalid_heading({}, o), m.talent_link_invalid_text({}, o)];
  return (
    '<section class="flex flex-col gap-3" aria-labelledby="talent-link-problem" data-testid="talent-link-problem">' +
    `<h2 id="talent-link-problem" class="text-xl font-semibold">${e(heading)}</h2>` +
    `<p class="text-base-content/80">${e(text)}</p></section>`
  );
}

const loadingHtml = (locale: AppLocale) =>
  '<p role="status" class="flex items-center gap-2 text-base-content/70">' +
  '<span class="loading loading-spinner loading-md" aria-hidden="true"></span>' +
  `${e(m.common_loading({}, { locale }))}</p>`;

/** The frame around the page: src/components/layout/link-frame.tsx, the same markup. */
function frameHtml(locale: AppLocale, page: Page, content: string): string {
  const o = { locale };
  const here = (target: AppLocale) =>
    `${localePath(TALENT_LINK_PAGES.find((p) => p.kind === page.kind)?.path ?? '/', target)}?${new URLSearchParams({ token: page.token })}`;
  const languages = LOCALES.map((target) => {
    const label = { en: m.lang_en, ms: m.lang_ms, zh: m.lang_zh }[target]({}, o);
    const current = target === locale ? ' aria-current="true"' : '';
    return `<a href="${e(here(target))}" lang="${target}" hreflang="${target}" class="btn btn-ghost btn-sm${target === locale ? ' btn-active' : ''}"${current}>${e(label)}</a>`;
  }).join('');
  const legal = (
    [
      ['/faq', m.nav_faq],
      ['/contact', m.nav_contact],
      ['/privacy-policy', m.nav_privacy],
      ['/terms-and-conditions', m.nav_terms],
    ] as const
  )
    .map(([path, label]) => `<a href="${localePath(path, locale)}" class="link link-hover">${e(label({}, o))}</a>`)
    .join('');
  return (
    '<div class="flex min-h-dvh flex-col">' +
    `<a href="#main" class="sr-only focus:not-sr-only focus:absolute focus:p-2">${e(m.nav_skip_to_content({}, o))}</a>` +
    '<header class="border-b border-base-300 bg-base-100"><div class="navbar mx-auto max-w-5xl flex-wrap gap-2 px-4">' +
    `<div class="flex flex-1 items-center"><a href="${localePath('/', locale)}" class="flex items-center" aria-label="${e(m.nav_home({}, o))}">` +
    '<span class="inline-flex items-center gap-2 font-semibold"><svg viewBox="0 0 32 32" class="size-7 shrink-0" aria-hidden="true">' +
    '<rect width="32" height="32" rx="8" fill="#2D3CFE"></rect><path d="M10 23V9h7a4.5 4.5 0 0 1 0 9h-7m7 0 5 5" fill="none" stroke="#fff" stroke-width="3"></path></svg>' +
    `<span>${e(m.app_name({}, o))}</span></span></a></div>` +
    `<nav aria-label="${e(m.lang_label({}, o))}" class="flex flex-wrap items-center gap-1">${languages}</nav></div></header>` +
    '<main id="main" class="mx-auto w-full max-w-5xl flex-1 px-4 py-8">' +
    `<div class="mx-auto flex w-full max-w-xl flex-col gap-5">${content}</div></main>` +
    '<footer class="border-t border-base-300 bg-base-200 text-sm"><div class="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-6 sm:flex-row sm:items-center sm:justify-between">' +
    `<nav aria-label="${e(m.layout_footer_links_label({}, o))}" class="flex flex-wrap gap-x-4 gap-y-2">${legal}</nav>` +
    `<p class="text-base-content/60">${e(m.layout_footer_copyright({ year: new Date().getFullYear() }, o))}</p>` +
    '</div></footer></div>'
  );
}
