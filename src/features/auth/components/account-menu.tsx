import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Dropdown } from '../../../components/dropdown';
import { m } from '../../../paraglide/messages';
import { meQueryOptions } from '../api';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

// The top bar's account menu: who is signed in, the pages every role has, and logout.
export function AccountMenu() {
  const { data: user } = useQuery(meQueryOptions());
  return (
    <Dropdown
      className="dropdown-end"
      summaryClassName="btn btn-ghost btn-sm gap-2 px-1 sm:px-2"
      label={m.auth_account_menu()}
      contentClassName="w-60"
      summary={
        <>
          <span className="avatar avatar-placeholder">
            <span className="w-7 rounded-full bg-neutral text-xs text-neutral-content">
              {user ? initials(user.fullName) : '…'}
            </span>
          </span>
          <span className="hidden max-w-40 truncate md:inline">{user?.fullName}</span>
        </>
      }
    >
      {user && (
        <div className="px-3 py-2 text-sm">
          <p className="truncate font-medium">{user.fullName}</p>
          <p className="truncate text-base-content/70">{user.email}</p>
        </div>
      )}
      <ul className="menu w-full p-0">
        <li>
          <Link to="/account">{m.auth_menu_account()}</Link>
        </li>
        <li>
          <Link to="/dashboard">{m.auth_menu_dashboard()}</Link>
        </li>
        <li>
          <Link to="/earning">{m.auth_menu_earning()}</Link>
        </li>
        <li>
          {/* No preload: loading /logout is what logs out. */}
          <Link to="/logout" preload={false}>
            {m.auth_menu_logout()}
          </Link>
        </li>
      </ul>
    </Dropdown>
  );
}
