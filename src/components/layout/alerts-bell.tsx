/** The bell in the header: a link to the alerts list, with the count of alerts this user has not seen. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { focusRing } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { unreadAlertsQueryOptions } from '@/lib/shared-queries/alerts';

export function AlertsBell() {
  const unread = useQuery(unreadAlertsQueryOptions()).data?.unread ?? 0;
  const label = unread === 0 ? 'Alerts, none unread' : `Alerts, ${unread.toLocaleString('en')} unread`;
  return (
    <Link
      to="/alerts"
      aria-label={label}
      title={label}
      data-testid="alerts-bell"
      className={cn('relative rounded-md p-1.5 text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800', focusRing)}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
