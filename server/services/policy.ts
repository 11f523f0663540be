/**
 * Who may call which upstream route: the route's scope must be one the role holds in the
 * permission table (contract/bff/permissions.ts). The proxy and the write path ask it for the
 * upstream route they resolve to (their routes declare `upstream-scope`). Anything without a
 * policy (no scope, as the API-key-only token route; an unknown scope; an unknown role) is denied:
 * the proxy fails closed.
 */
import { can } from '../../contract/bff/permissions';
import type { RouteDef } from '../../contract/routes';

export function mayCall(role: string, route: Pick<RouteDef, 'scope'> | { scope?: unknown }): boolean {
  return typeof route.scope === 'string' && can(role, route.scope);
}
