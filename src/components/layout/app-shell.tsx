import { Link } from '@tanstack/react-router';
import { type ReactNode } from 'react';

interface NavItem {
  to: '/agents' | '/calls' | '/campaigns';
  label: string;
}

const NAV: NavItem[] = [
  { to: '/agents', label: 'Agents' },
  { to: '/calls', label: 'Calls' },
  { to: '/campaigns', label: 'Campaigns' },
];

/** The frame of every signed-in page: navigation, the user, and the page. */
export function AppShell({ user, children }: { user?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-6 px-4">
          <Link to="/" className="font-semibold tracking-tight">
            Switchboard
          </Link>
          <nav aria-label="Main">
            <ul className="flex gap-1">
              {NAV.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="rounded px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                    activeProps={{ className: 'bg-slate-100 font-medium text-slate-900 dark:bg-slate-800 dark:text-white', 'aria-current': 'page' }}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto text-sm">{user}</div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">{children}</main>
    </div>
  );
}
