/**
 * The one permission table: every permission a person may hold, and the roles that hold it, as
 * plain data (no zod) that the BFF and the browser both read.
 * - The BFF: each route declares the permission it needs (`config: { permission }`), and one hook
 *   (server/plugins/session.ts) refuses a role without it, before the body is read; a test lists
 *   every route that declares none (server/routes/permissions.test.ts).
 * - The browser: `<Can>`, `<WritePage>` and `allowedIn` (src/components/auth/can.tsx) show what
 *   the signed-in role may use, from the same table.
 * The upstream scopes are permissions too: the BFF hands a role's read tokens only the scopes the
 * role holds, and proxies an upstream read only when the role holds the route's scope.
 */
import type { Scope } from '../enums';

export const ROLES = ['viewer', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const EVERYONE: readonly Role[] = ROLES;
const OPERATORS: readonly Role[] = ['operator', 'admin'];
const ADMINS: readonly Role[] = ['admin'];

interface PermissionRule {
  roles: readonly Role[];
  /** What it lets a person do, for "Your role (viewer) may not …". */
  action: string;
}

export const PERMISSIONS = {
  // The upstream scopes (the role table in docs/bff.md).
  'agents:read': { roles: EVERYONE, action: 'read agents' },
  'calls:read': { roles: EVERYONE, action: 'read calls' },
  'campaigns:read': { roles: EVERYONE, action: 'read campaigns' },
  'calls:write': { roles: OPERATORS, action: 'place calls' },
  'campaigns:write': { roles: OPERATORS, action: 'create campaigns' },
  'agents:write': { roles: ADMINS, action: 'edit agents' },
  // The BFF's own.
  /** What every signed-in person does with their own things: preferences, drafts, views, reviews, comments. */
  'console:use': { roles: EVERYONE, action: 'use the console' },
  'alerts:manage': { roles: OPERATORS, action: 'change watched views' },
  'do-not-call:manage': { roles: OPERATORS, action: 'change the do-not-call list' },
  'review:admin': { roles: ADMINS, action: 'define rubrics, sampling rules and checks' },
  'audit:read': { roles: ADMINS, action: 'read the audit log' },
  'outcomes:admin': { roles: ADMINS, action: "define outcomes and erase a campaign's recipients" },
  'compliance:admin': { roles: ADMINS, action: 'set contact caps and blackout dates' },
  /** The "Voice API" page: read the connection check's report and ask for a new one (contract/bff/upstream-check.ts). */
  'upstream:check': { roles: ADMINS, action: 'check the connection to the Voice API' },
  /** Call anyway, outside the recipients' local calling hours (contract/bff/local-hours.ts). */
  'calls:override-hours': { roles: OPERATORS, action: "call outside the recipients' local hours" },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof PERMISSIONS;

const UPSTREAM_SCOPES = ['agents:read', 'calls:read', 'campaigns:read', 'calls:write', 'campaigns:write', 'agents:write'] as const satisfies readonly (Scope &
  Permission)[];

/** Whether a permission is an upstream scope (which a session's tokens must also carry). */
export function isUpstreamScope(permission: string): permission is (typeof UPSTREAM_SCOPES)[number] {
  return (UPSTREAM_SCOPES as readonly string[]).includes(permission);
}

/** Whether a role holds a permission. Anything unknown (a role, a permission, an upstream scope no role holds) is refused. */
export function can(role: Role | string, permission: Permission | Scope | string): boolean {
  const rule = (PERMISSIONS as Record<string, PermissionRule | undefined>)[permission];
  return !!rule && rule.roles.includes(role as Role);
}

/**
 * Why a role is refused: "Your role (viewer) may not change watched views.", or, for what one role
 * alone holds, "Only admins read the audit log; your role is operator."
 */
export function refusal(role: string, permission: Permission): string {
  const { roles, action } = PERMISSIONS[permission];
  return roles.length === 1 ? `Only ${roles[0]}s ${action}; your role is ${role}.` : `Your role (${role}) may not ${action}.`;
}

/** The roles that hold a permission, lowest first ("operator", "admin"). */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((r) => can(r, permission));
}

/** The upstream scopes each role holds: what its tokens may carry. */
export const ROLE_SCOPES: Readonly<Record<Role, readonly Scope[]>> = Object.fromEntries(
  ROLES.map((role) => [role, UPSTREAM_SCOPES.filter((scope) => can(role, scope))]),
) as unknown as Record<Role, readonly Scope[]>;
