/** Staff roles as a zod enum, over the plain data of role-scopes.ts (which the browser reads). */
import { z } from 'zod';
import { ROLES } from './role-scopes';

export { ROLE_SCOPES, roleAllows } from './role-scopes';

export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;
