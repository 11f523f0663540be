/** Staff roles and the upstream scopes the BFF may hand each (the role table in docs/bff.md), as plain data (no zod). */
import type { Scope } from '../enums';

export const ROLES = ['viewer', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const VIEWER: readonly Scope[] = ['agents:read', 'calls:read', 'campaigns:read'];
const OPERATOR: readonly Scope[] = [...VIEWER, 'calls:write', 'campaigns:write'];
const ADMIN: readonly Scope[] = [...OPERATOR, 'agents:write'];

export const ROLE_SCOPES: Readonly<Record<Role, readonly Scope[]>> = {
  viewer: VIEWER,
  operator: OPERATOR,
  admin: ADMIN,
};

export function roleAllows(role: Role, scope: Scope): boolean {
  return ROLE_SCOPES[role].includes(scope);
}
