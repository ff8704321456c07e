import { Link, Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LanguageSwitcher } from '#src/components/language-switcher.tsx';
import { Logo } from '#src/components/logo.tsx';
import { ThemeSwitcher } from '#src/components/theme-switcher.tsx';
import { m } from '#src/paraglide/messages.js';
import { LegalLinks } from './legal-links';

// The seed's "guest" layout: one centred card (login, reset and update password).
export function GuestLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-base-200">
      {/* Wraps on a narrow phone: the logo and the two pickers, in Malay, were wider than 360 px. */}
      <header className="flex flex-wrap items-center justify-between gap-2 p-4">
        <Link to="/" className="flex items-center" aria-label={m.nav_home()}>
          <Logo />
        </Link>
        <div className="flex flex-wrap justify-end gap-2">
          <LanguageSwitcher />
          <ThemeSwitcher />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-6 sm:items-center">
        <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body">{children}</div>
        </div>
      </main>
      <footer className="flex flex-wrap justify-center gap-4 p-4 text-sm text-base-content/70">
        <LegalLinks />
      </footer>
    </div>
  );
}

/** The guest pages' layout route (login, reset password) in either router. */
export function GuestLayoutRoute() {
  return (
    <GuestLayout>
      <Outlet />
    </GuestLayout>
  );
}
