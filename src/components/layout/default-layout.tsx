import type { ReactNode } from 'react';
import { m } from '#src/paraglide/messages.js';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

// The seed's "default" layout: public pages and the talent token pages.
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        {m.nav_skip_to_content()}
      </a>
      <SiteHeader />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
