/** What of do-not-call.ts the browser's first screens read, as plain data (no zod schemas). */
import type { Role } from './role-scopes';

/** Who may change the list (every signed-in role reads it). */
export const DNC_MANAGER_ROLES: readonly Role[] = ['operator', 'admin'];
