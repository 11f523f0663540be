/**
 * The one way to gate what a role may do, driven by the permission table
 * (contract/bff/permissions.ts), the same one the BFF enforces:
 * - `<Can permission>`: an action (a button, a link to a write page) shows only for roles that hold
 *   it; others see nothing, or `fallback`.
 * - `<WritePage permission action>`: a page that exists to write (new call, new campaign, edit
 *   agent, review settings, watch a view) shows its content to roles that may, and to others a
 *   plain note of who can, at the same URL.
 * - `allowedIn(context, permission)` (src/lib/session.ts) for a route's loader, to skip loading what
 *   a write page needs when its content will not be shown.
 * The BFF enforces the same table on every request; this only keeps the UI honest.
 */
import type { ReactNode } from 'react';
import { rolesWith, type Permission } from '@contract/bff/permissions';
import { can, useSession } from '@/lib/session';
import { PageTitle } from '@/components/layout/page-title';

export function Can({ permission, children, fallback = null }: { permission: Permission; children: ReactNode; fallback?: ReactNode }) {
  return <>{can(useSession(), permission) ? children : fallback}</>;
}

const article = (role: string) => (/^[aeiou]/.test(role) ? `an ${role}` : `a ${role}`);
const plural = (roles: readonly string[]) => {
  const names = roles.map((r) => `${r}s`);
  return names.length <= 1 ? (names[0] ?? 'nobody') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

/** "Only admins can edit agents. You are signed in as an operator; ask an admin to do it." */
export function notAllowedMessage(permission: Permission, action: string, role: string): string {
  const who = rolesWith(permission);
  return `Only ${plural(who)} can ${action}. You are signed in as ${article(role)}; ask ${who.length ? article(who[0]!) : 'an administrator'} to do it.`;
}

/** `title`: the page's heading when its content (which has its own) is not shown. */
export function WritePage({ permission, action, title, children }: { permission: Permission; action: string; title?: string; children: ReactNode }) {
  const session = useSession();
  if (can(session, permission)) return <>{children}</>;
  return (
    <div className="flex flex-col gap-3">
      {title ? (
        <>
          <PageTitle title={title} />
          <h1 className="text-xl font-semibold">{title}</h1>
        </>
      ) : null}
      <p role="note" className="max-w-2xl rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/50 dark:text-amber-100">
        {notAllowedMessage(permission, action, session.role)}
      </p>
    </div>
  );
}
