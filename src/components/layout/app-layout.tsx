import { Link, type LinkProps, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { Dropdown } from '#src/components/dropdown.tsx';
import { LanguageSwitcher } from '#src/components/language-switcher.tsx';
import { Logo } from '#src/components/logo.tsx';
import { NotificationBell } from '#src/components/notifications/notification-bell.tsx';
import { OfflineBanner } from '#src/components/outbox/offline-banner.tsx';
import { UnsentBadge, UnsentCount } from '#src/components/outbox/unsent-badge.tsx';
import { ThemeSwitcher } from '#src/components/theme-switcher.tsx';
import { saveAccountLocale } from '#src/lib/account-locale.ts';
import { useMediaQuery } from '#src/lib/use-media-query.ts';
import { m } from '#src/paraglide/messages.js';
import type { Role } from '#src/shared/enums.ts';
import { initials } from './initials';
import { MenuIcon } from './site-header';

export type ShellUser = { fullName: string; email: string; roles: readonly Role[] };
/** `count`: a live number shown beside the label (the Outbox's unsent items). */
type NavItem = { to: LinkProps['to']; label: () => string; count?: () => ReactNode };
type NavSection = { title: () => string; items: NavItem[] };

const RECRUITER_NAV: NavItem[] = [
  { to: '/task', label: m.nav_task },
  { to: '/manage-task', label: m.nav_manage_task },
  { to: '/talents-folder', label: m.nav_talents_folder },
  { to: '/dashboard', label: m.nav_dashboard },
  { to: '/earning', label: m.nav_earning },
  { to: '/outbox', label: m.outbox_nav, count: () => <UnsentCount /> },
];

const ADMIN_NAV: NavItem[] = [
  { to: '/admin/manage-task', label: m.nav_admin_manage_tasks },
  { to: '/admin/tasks', label: m.nav_admin_tasks },
  { to: '/admin/companies', label: m.nav_admin_companies },
  { to: '/admin/promo', label: m.nav_admin_promo },
  { to: '/admin/hiring-status', label: m.nav_admin_hiring_status },
  { to: '/admin/payments', label: m.nav_admin_payments },
  { to: '/admin/paperwork', label: m.nav_admin_paperwork },
  { to: '/admin/insight', label: m.nav_admin_insight },
  { to: '/admin/access-record', label: m.access_record_nav },
  { to: '/admin/data-protection', label: m.data_protection_nav },
];

const ACCOUNT_NAV: NavItem[] = [
  { to: '/account', label: m.nav_account },
  { to: '/dashboard', label: m.nav_dashboard },
  { to: '/earning', label: m.nav_earning },
];

const DRAWER_ID = 'app-drawer';
// Tailwind's `lg`, where the side nav is always open (`lg:drawer-open`).
const SIDE_NAV_ALWAYS_OPEN = '(min-width: 64rem)';

// The seed's "auth" layout: a top bar (app name, language and theme, account menu) and a side nav
// that is always open on large screens and a drawer on phones.
/** `roles` set the nav; they are known from the session before `user` (its name) has loaded. */
export function AppLayout({
  user,
  roles,
  children,
}: {
  user: ShellUser | null;
  roles: readonly Role[];
  children: ReactNode;
}) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // On a phone the drawer's content is rendered the first time it opens, then kept (it slides out
  // again with its content): the first screen does not build a nav hidden off-screen (issue 7).
  const [drawerUsed, setDrawerUsed] = useState(false);
  const sideNavShown = useMediaQuery(SIDE_NAV_ALWAYS_OPEN) || drawerUsed;
  const href = useRouterState({ select: (state) => state.location.href });
  useEffect(() => {
    // Close the phone drawer after each navigation: the href dependency is the trigger.
    void href;
    setDrawerOpen(false);
  }, [href]);

  const recruiter = roles.includes('ROLE_RECRUITER');
  const sections: NavSection[] = [];
  if (recruiter) sections.push({ title: m.layout_section_recruiter, items: RECRUITER_NAV });
  if (roles.includes('ROLE_ADMIN')) sections.push({ title: m.layout_section_admin, items: ADMIN_NAV });
  if (user && sections.length === 0) sections.push({ title: m.layout_section_me, items: ACCOUNT_NAV });

  return (
    <div className="drawer min-h-dvh lg:drawer-open">
      <input
        id={DRAWER_ID}
        type="checkbox"
        className="drawer-toggle"
        checked={drawerOpen}
        onChange={(event) => {
          setDrawerOpen(event.currentTarget.checked);
          setDrawerUsed(true);
        }}
        aria-label={m.nav_open_menu()}
      />
      <div className="drawer-content flex min-w-0 flex-col">
        {/* The header and, while offline, the banner under it stay in view together. */}
        <div className="sticky top-0 z-30">
          <header className="navbar gap-2 border-b border-base-300 bg-base-100/95 px-2 backdrop-blur sm:px-4">
            {/* The named control is the drawer's checkbox (keyboard); this label is its face, which
                daisyUI outlines while the checkbox has the keyboard focus (drawer-button). */}
            <label
              htmlFor={DRAWER_ID}
              className="drawer-button btn btn-ghost btn-sm btn-square lg:hidden"
              title={m.nav_open_menu()}
            >
              <MenuIcon />
            </label>
            <div className="flex flex-1 items-center">
              <Link to="/dashboard" className="flex items-center lg:hidden" aria-label={m.nav_dashboard()}>
                <Logo />
              </Link>
            </div>
            {recruiter && <UnsentBadge />}
            <NotificationBell />
            <div className="hidden items-center gap-2 sm:flex">
              <LanguageSwitcher beforeSwitch={saveAccountLocale} />
              <ThemeSwitcher />
            </div>
            <AccountMenu user={user} />
          </header>
          <OfflineBanner recruiter={recruiter} />
        </div>
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
          {children}
        </main>
      </div>
      <div className="drawer-side z-40">
        {/* A pointer's way out of the open drawer, hidden from assistive technology: the drawer's
            checkbox is the named control. */}
        {/* biome-ignore lint/a11y/noLabelWithoutControl: a backdrop for the pointer, not a field's label */}
        <label htmlFor={DRAWER_ID} className="drawer-overlay" aria-hidden="true" />
        <aside className="flex min-h-full w-64 flex-col border-r border-base-300 bg-base-200">
          {sideNavShown && <SideNav sections={sections} />}
        </aside>
      </div>
    </div>
  );
}

function SideNav({ sections }: { sections: NavSection[] }) {
  return (
    <>
      <Link to="/dashboard" className="px-5 py-4" aria-label={m.nav_dashboard()}>
        <Logo />
      </Link>
      <nav aria-label={m.nav_main_label()} className="flex-1">
        {sections.map((section) => (
          <ul key={section.title()} className="menu w-full">
            <li className="menu-title">{section.title()}</li>
            {section.items.map((item) => (
              <li key={String(item.to)}>
                <Link to={item.to} activeProps={{ className: 'menu-active' }}>
                  {item.label()}
                  {item.count?.()}
                </Link>
              </li>
            ))}
          </ul>
        ))}
      </nav>
      <div className="flex flex-col gap-2 p-4 sm:hidden">
        <span className="text-xs text-base-content/60">{m.layout_settings()}</span>
        <LanguageSwitcher className="w-full" beforeSwitch={saveAccountLocale} />
        <ThemeSwitcher className="w-full" />
      </div>
    </>
  );
}

function AccountMenu({ user }: { user: ShellUser | null }) {
  return (
    <Dropdown
      className="dropdown-end"
      summaryClassName="btn btn-ghost btn-sm gap-2 px-1 sm:px-2"
      label={m.layout_account_menu()}
      contentClassName="w-60"
      summary={
        <>
          <span className="flex size-7 items-center justify-center rounded-full bg-neutral text-xs text-neutral-content">
            {user ? initials(user.fullName) : '…'}
          </span>
          <span className="hidden max-w-40 truncate md:inline">{user?.fullName}</span>
        </>
      }
    >
      {user && (
        <div className="px-3 py-2 text-sm">
          <p className="text-base-content/60">{m.layout_signed_in_as()}</p>
          <p className="truncate font-medium">{user.fullName}</p>
          <p className="truncate text-base-content/70">{user.email}</p>
        </div>
      )}
      <ul className="menu w-full p-0">
        {ACCOUNT_NAV.map((item) => (
          <li key={String(item.to)}>
            <Link to={item.to}>{item.label()}</Link>
          </li>
        ))}
        <li>
          <Link to="/logout">{m.nav_logout()}</Link>
        </li>
      </ul>
    </Dropdown>
  );
}
