import type { MouseEvent, ReactNode } from 'react';
import { Logo } from '#src/components/logo.tsx';
import { m } from '#src/paraglide/messages.js';
import { getLocale, type Locale, locales, setLocale } from '#src/paraglide/runtime.js';
import { localePath, pathWithoutLocale } from '#src/shared/locale-path.ts';

const LANGUAGES: Record<Locale, () => string> = { en: m.lang_en, ms: m.lang_ms, zh: m.lang_zh };
const LEGAL = [
  ['/faq', m.nav_faq],
  ['/contact', m.nav_contact],
  ['/privacy-policy', m.nav_privacy],
  ['/terms-and-conditions', m.nav_terms],
] as const;

// The frame of every page reached by a link, for people with no account: the talent's consent and ITA pages
// of their own build (issue 28: src/talent-main.tsx, no router), and the app's pages under routes/_link.tsx
// (the talent's data pages, the hiring company's review page). No Log in, no app menu, only the way home
// and the language. The server writes the same markup into the consent and ITA pages before any script runs
// (src/server/modules/talent-links/link-page.ts frameHtml): keep the two alike, or the page moves when
// React takes it over. The languages are links, so they work before the script too; with it, choosing one
// is also remembered (setLocale's cookie).
// `address`: the page shown, path and query (the app's router says it; the talent build reads the document's).
export function LinkFrame({ children, address }: { children: ReactNode; address?: string }) {
  const locale = getLocale();
  const choose = (target: Locale) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setLocale(target);
  };
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        {m.nav_skip_to_content()}
      </a>
      <header className="border-b border-base-300 bg-base-100">
        <div className="navbar mx-auto max-w-5xl flex-wrap gap-2 px-4">
          <div className="flex flex-1 items-center">
            <a href={localePath('/', locale)} className="flex items-center" aria-label={m.nav_home()}>
              <Logo />
            </a>
          </div>
          <nav aria-label={m.lang_label()} className="flex flex-wrap items-center gap-1">
            {locales.map((target) => (
              <a
                key={target}
                href={here(target, address)}
                lang={target}
                hrefLang={target}
                className={`btn btn-ghost btn-sm${target === locale ? ' btn-active' : ''}`}
                aria-current={target === locale ? 'true' : undefined}
                onClick={choose(target)}
              >
                {LANGUAGES[target]()}
              </a>
            ))}
          </nav>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        {children}
      </main>
      <footer className="border-t border-base-300 bg-base-200 text-sm">
        <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-6 sm:flex-row sm:items-center sm:justify-between">
          <nav aria-label={m.layout_footer_links_label()} className="flex flex-wrap gap-x-4 gap-y-2">
            {LEGAL.map(([path, label]) => (
              <a key={path} href={localePath(path, locale)} className="link link-hover">
                {label()}
              </a>
            ))}
          </nav>
          <p className="text-base-content/60">{m.layout_footer_copyright({ year: new Date().getFullYear() })}</p>
        </div>
      </footer>
    </div>
  );
}

/** This page in another language: the same path and link, under that language's prefix. */
function here(target: Locale, address = `${location.pathname}${location.search}`): string {
  const query = address.indexOf('?');
  const [path, search] = query < 0 ? [address, ''] : [address.slice(0, query), address.slice(query)];
  return `${localePath(pathWithoutLocale(path), target)}${search}`;
}
