/** Staff roles as a zod enum, over the plain permission table (permissions.ts, which the browser reads). */
import { z } from 'zod';
import { ROLES } from './permissions';

export { can, PERMISSIONS, ROLE_SCOPES, rolesWith, type Permission } from './permissions';

export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;
