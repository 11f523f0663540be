/**
 * Who may call which upstream route: the route's scope must be one the role holds. Anything
 * without a policy — no scope (the API-key-only token route), an unknown scope, an unknown role —
 * is denied: the proxy fails closed.
 */
import { ROLE_SCOPES, type Role } from '../../contract/bff/roles';
import type { RouteDef } from '../../contract/routes';

export function mayCall(role: Role | string, route: Pick<RouteDef, 'scope'> | { scope?: unknown }): boolean {
  const scopes = (ROLE_SCOPES as Record<string, readonly string[] | undefined>)[role];
  const scope = route.scope;
  return typeof scope === 'string' && !!scopes && scopes.includes(scope);
}
