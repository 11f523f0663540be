import { useRouter, useRouterState } from '@tanstack/react-router';
import { type MouseEvent, type ReactNode } from 'react';

/**
 * A client-side link to a path given as a string (`/calls?agentId=...`), for targets other
 * features own, whose typed routes this code cannot name. Modified clicks open as usual.
 */
export function HrefLink({
  href,
  className,
  children,
  activeClassName,
  exact,
}: {
  href: string;
  className?: string;
  activeClassName?: string;
  exact?: boolean;
  children: ReactNode;
}) {
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const target = href.split('?')[0] ?? href;
  const active = exact ? pathname === target : pathname === target || pathname.startsWith(`${target}/`);
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.history.push(href);
  }
  return (
    <a
      href={href}
      onClick={onClick}
      className={[className, active ? activeClassName : ''].filter(Boolean).join(' ')}
      aria-current={active && activeClassName ? 'page' : undefined}
    >
      {children}
    </a>
  );
}
