import { Link } from '@tanstack/react-router';
import { Dropdown } from '#src/components/dropdown.tsx';
import { LanguageSwitcher } from '#src/components/language-switcher.tsx';
import { Logo } from '#src/components/logo.tsx';
import { ThemeSwitcher } from '#src/components/theme-switcher.tsx';
import { saveAccountLocale } from '#src/lib/account-locale.ts';
import { useAuthTokens } from '#src/lib/auth-session.ts';
import { m } from '#src/paraglide/messages.js';

// Public pages' header: on phones the links and switchers fold into one menu.
export function SiteHeader() {
  const signedIn = useAuthTokens() !== null;
  const action = signedIn ? (
    <Link to="/dashboard" className="btn btn-sm btn-primary">
      {m.nav_open_app()}
    </Link>
  ) : (
    <Link to="/login" className="btn btn-sm btn-primary">
      {m.nav_login()}
    </Link>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <div className="navbar mx-auto max-w-5xl gap-2 px-4">
        <div className="flex flex-1 items-center">
          <Link to="/" className="flex items-center" aria-label={m.nav_home()}>
            <Logo />
          </Link>
        </div>
        <nav aria-label={m.nav_main_label()} className="hidden items-center gap-1 md:flex">
          <Link to="/faq" className="btn btn-ghost btn-sm" activeProps={{ className: 'btn-active' }}>
            {m.nav_faq()}
          </Link>
          <Link to="/contact" className="btn btn-ghost btn-sm" activeProps={{ className: 'btn-active' }}>
            {m.nav_contact()}
          </Link>
          <LanguageSwitcher beforeSwitch={saveAccountLocale} />
          <ThemeSwitcher />
        </nav>
        {action}
        <Dropdown
          className="dropdown-end md:hidden"
          summaryClassName="btn btn-ghost btn-sm btn-square"
          summary={<MenuIcon />}
          label={m.nav_open_menu()}
          contentClassName="w-64 p-3"
        >
          <ul className="menu w-full p-0">
            <li>
              <Link to="/faq">{m.nav_faq()}</Link>
            </li>
            <li>
              <Link to="/contact">{m.nav_contact()}</Link>
            </li>
          </ul>
          <div className="mt-3 flex flex-col gap-2">
            <LanguageSwitcher className="w-full" beforeSwitch={saveAccountLocale} />
            <ThemeSwitcher className="w-full" />
          </div>
        </Dropdown>
      </div>
    </header>
  );
}

export function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}
