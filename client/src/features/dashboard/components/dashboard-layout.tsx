import { useState } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { Logo } from '@/components/logo';
import { useLogout, useUser } from '@/lib/auth';
import { withLoadingOverlay } from '@/stores/loading-overlay';
import { NAV_ITEMS } from './nav-items';

function EmailBanner({ isOwner }: { isOwner: boolean }) {
  return (
    <div className="banner" role="note" data-testid="email-banner">
      Your email address is not verified yet.{' '}
      <Link to={isOwner ? '/dashboard/verify-email' : '/dashboard/account'}>Verify your email</Link>
    </div>
  );
}

/** Signed-in shell: left navigation, top bar with the user's email and Log out, and the page outlet. */
export function DashboardLayout() {
  const user = useUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);

  async function onLogout() {
    try {
      await withLoadingOverlay(() => logout.mutateAsync(), 'Logging out…');
    } catch {
      // Even if the server call failed, leave the signed-in area; the login page re-checks the session.
    }
    // The login page re-validates the session on mount, so it will not bounce back here. User data is
    // not dropped here (that would refetch it while this layout is still mounted); signing in drops it.
    await navigate('/login', { replace: true });
  }

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className={menuOpen ? 'sidebar sidebar--open' : 'sidebar'}>
        <div className="sidebar__header">
          <Link to="/dashboard" className="sidebar__logo" aria-label="Pagecast dashboard" onClick={() => setMenuOpen(false)}>
            <Logo />
          </Link>
          <button
            type="button"
            className="sidebar__toggle button button--ghost button--sm"
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            onClick={() => setMenuOpen((o) => !o)}
          >
            Menu
          </button>
        </div>
        <nav id="main-nav" className="nav" aria-label="Main">
          <ul>
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) => (isActive ? 'nav__link nav__link--active' : 'nav__link')}
                  onClick={() => setMenuOpen(false)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="shell__body">
        <header className="topbar">
          <span className="topbar__spacer" />
          <span className="topbar__user" data-testid="user-email" title="Signed in as">
            {user.data?.email}
          </span>
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={onLogout}
            disabled={logout.isPending}
            data-testid="logout"
          >
            Log out
          </button>
        </header>
        {user.data && !user.data.isEmailVerified ? <EmailBanner isOwner={user.data.isOwner} /> : null}
        <main id="main" className="shell__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
