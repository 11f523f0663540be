import { Link } from '@tanstack/react-router';
import { type ReactNode } from 'react';
import type { SessionInfo } from '@contract/bff/http';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { focusRing } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { Can } from '@/components/auth/can';
import { afterPaint } from '@/lib/after-paint';
import { HrefLink } from './href-link';
import { TimeZonePicker } from './time-zone-picker';

// Neither is needed to draw the page: the bell's count and the Voice API's state (a banner only
// when it is down or slow) are read, and their code loaded, once the page is on screen; the page's
// own first read is not queued behind them.
const AlertsBell = afterPaint(() => import('./alerts-bell').then((m) => m.AlertsBell));
const UpstreamBanner = afterPaint(() => import('./upstream-banner').then((m) => m.UpstreamBanner));
// The global keys (⌘K, /, ?) and the palette's button: once the browser is idle after the first paint
// (a cold list's rows come first); the palette's own code loads on first use.
const CommandKeys = afterPaint(() => import('@/components/command/command-keys').then((m) => m.CommandKeys), { idle: true });
// Says each screen a navigation opens to a screen reader; not the first one, which the browser reads.
const RouteAnnouncer = afterPaint(() => import('./route-announcer').then((m) => m.RouteAnnouncer), { idle: true });
/** The palette button's place (its size, shown from xl up), while it loads. */
const commandKeysPlaceholder = <span aria-hidden="true" className="hidden h-8 w-14 xl:inline-block" />;
/** The bell's place (its size), while it loads. */
const bellPlaceholder = <span aria-hidden="true" className="inline-block h-8 w-8" />;

const NAV = [
  { href: '/', label: 'Insights', exact: true },
  { href: '/agents', label: 'Agents' },
  { href: '/calls', label: 'Calls' },
  { href: '/campaigns', label: 'Campaigns' },
  { href: '/do-not-call', label: 'Do not call' },
  { href: '/review', label: 'Review' },
] as const;

const navLink = cn('rounded-md px-2 py-2 text-sm xl:px-3 text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800', focusRing);
const navActive = 'bg-slate-100 font-semibold text-slate-950 dark:bg-slate-800 dark:text-white';

/** The frame of every signed-in page: navigation, the actions the role allows, the user. */
export function AppShell({
  session,
  onSignOut,
  signingOut,
  children,
}: {
  session: SessionInfo;
  onSignOut: () => void;
  signingOut?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className={cn(
          'sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900',
          focusRing,
        )}
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        {/* One row from lg up; narrower, the navigation takes a row of its own under the actions and scrolls sideways. */}
        <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 lg:h-14 lg:flex-nowrap lg:py-0">
          <Link to="/" className={cn('rounded font-semibold tracking-tight', focusRing)}>
            Switchboard
          </Link>
          <nav aria-label="Main" className="relative order-last -mx-1 w-full overflow-x-auto px-1 lg:order-none lg:mx-0 lg:w-auto lg:overflow-visible lg:px-0">
            <ul className="flex gap-1 whitespace-nowrap lg:whitespace-normal">
              {NAV.map((item) => (
                <li key={item.href}>
                  <HrefLink href={item.href} exact={'exact' in item} className={navLink} activeClassName={navActive}>
                    {item.label}
                  </HrefLink>
                </li>
              ))}
              {/* Admins' own page, from 2xl up: narrower, the header has no room for it (⌘K offers it at any width). */}
              <Can permission="upstream:check">
                <li className="hidden 2xl:block">
                  <HrefLink href="/voice-api" className={navLink} activeClassName={navActive}>
                    Voice API
                  </HrefLink>
                </li>
              </Can>
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-1.5">
            <Can permission="calls:write">
              <HrefLink href="/calls/new" exact className={buttonClasses('primary', 'sm')}>
                New call
              </HrefLink>
            </Can>
            <Can permission="campaigns:write">
              {/* On a phone the Campaigns page and ⌘K offer it: the header keeps to one row of actions. */}
              <span className="hidden sm:contents">
                <HrefLink href="/campaigns/new" exact className={buttonClasses('secondary', 'sm')}>
                  New campaign
                </HrefLink>
              </span>
            </Can>
            <CommandKeys fallback={commandKeysPlaceholder} />
            <AlertsBell fallback={bellPlaceholder} />
            <TimeZonePicker />
            <div className="flex items-center gap-2 border-l border-slate-200 pl-2 text-sm sm:ml-2 sm:pl-3 dark:border-slate-700">
              <span className="hidden font-medium xl:inline" data-testid="current-user">
                {session.user}
              </span>
              <Badge tone={session.role === 'admin' ? 'violet' : session.role === 'operator' ? 'blue' : 'neutral'}>{session.role}</Badge>
              <Button variant="ghost" size="sm" onClick={onSignOut} disabled={signingOut}>
                Sign out
              </Button>
            </div>
          </div>
        </div>
      </header>
      <UpstreamBanner />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-screen-2xl flex-1 px-4 py-6 outline-none">
        {children}
      </main>
      <RouteAnnouncer />
    </div>
  );
}
