/** Headers and shapes of Switchboard's own BFF API, shared by the server and the SPA. */
import { z } from 'zod';
import { JsonValue } from '../json';
import { Scope } from '../enums';
import { Guid } from '../formats';
import { Role } from './roles';

export const BFF_HEADERS = {
  /** Required on every state-changing request (CSRF guard). */
  csrf: 'X-Switchboard',
  idempotencyKey: 'Idempotency-Key',
  requestId: 'X-Request-Id',
} as const;
export const CSRF_HEADER_VALUE = '1';

/** Upstream routes whose POST needs an Idempotency-Key at the BFF. */
export const IDEMPOTENT_UPSTREAM_PATHS = ['/v1/calls', '/v1/bulk/calls', '/v1/campaigns'] as const;

export const LoginRequest = z.strictObject({
  username: z.string().trim().min(1, { error: 'Enter your username.' }).max(100),
  password: z.string().min(1, { error: 'Enter your password.' }).max(1000),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SessionInfo = z.object({
  user: z.string(),
  role: Role,
  scopes: z.array(Scope),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

/** A campaign created through the BFF (the upstream has no campaign list). */
export const RegistryEntry = z.object({
  id: Guid,
  name: z.string(),
  agentId: Guid,
  createdBy: z.string(),
  createdAt: z.string(),
});
export type RegistryEntry = z.infer<typeof RegistryEntry>;

export const RegistryPage = z.object({
  content: z.array(RegistryEntry),
  page: z.int(),
  size: z.int(),
  totalElements: z.int(),
  totalPages: z.int(),
});
export type RegistryPage = z.infer<typeof RegistryPage>;

/** Draft names: a short slug, per user. */
export const DraftName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { error: 'A draft name is 1-64 lowercase letters, digits or dashes.' });
export const Draft = z.object({ name: DraftName, data: JsonValue, updatedAt: z.string() });
export type Draft = z.infer<typeof Draft>;
/** A draft's body may not exceed this many bytes (a 1,000-row campaign fits many times over). */
export const DRAFT_MAX_BYTES = 2 * 1024 * 1024;

export const AuditEntry = z.object({
  id: z.int(),
  at: z.string(),
  user: z.string().nullable(),
  action: z.string(),
  route: z.string().nullable(),
  idempotencyKey: z.string().nullable(),
  outcome: z.string(),
  status: z.int().nullable(),
  requestId: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
