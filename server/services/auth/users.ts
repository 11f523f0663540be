/** Staff accounts: local users with a role. */
import { randomBytes } from 'node:crypto';
import type { Role } from '../../../contract/bff/roles';
import type { Queryable } from '../../../common/db';
import { hashPassword } from './passwords';

export interface User {
  id: number;
  username: string;
  role: Role;
  enabled: boolean;
  password_hash: string;
}

export async function findUser(db: Queryable, username: string): Promise<User | null> {
  const { rows } = await db.query<User>('SELECT * FROM users WHERE username = $1', [username]);
  return rows[0] ?? null;
}

export async function addUser(db: Queryable, username: string, role: Role, password: string): Promise<void> {
  await db.query('INSERT INTO users (username, role, password_hash) VALUES ($1, $2, $3)', [username, role, await hashPassword(password)]);
}

export async function setUserEnabled(db: Queryable, username: string, enabled: boolean): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE users SET enabled = $2 WHERE username = $1', [username, enabled]);
  // A disabled user's sessions end at once.
  if (!enabled) await db.query('DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE username = $1)', [username]);
  return rowCount > 0;
}

export async function resetPassword(db: Queryable, username: string, password: string): Promise<boolean> {
  const { rowCount } = await db.query('UPDATE users SET password_hash = $2 WHERE username = $1', [username, await hashPassword(password)]);
  await db.query('DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE username = $1)', [username]);
  return rowCount > 0;
}

/**
 * Replaces a stored hash with one made with today's parameters, unless it changed meanwhile (a
 * reset during the sign-in wins). Sessions are kept: the password is the same.
 */
export async function rehashPassword(db: Queryable, userId: number, previousHash: string, password: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [userId, previousHash, await hashPassword(password)]);
}

/**
 * The account of an OpenID Connect identity, keyed on the provider's (issuer, subject), never on a
 * name a provider lets people choose: another identity with the same preferred_username or email
 * does not get the account. The role is refreshed at every sign-in; no usable password. A new
 * identity takes a free name; an account of that name made by the provider before identities were
 * recorded (no subject yet) is bound to the first identity that names it. Null when the name
 * belongs to a local account or to another identity: neither is taken over.
 */
export async function oidcAccount(
  db: Queryable,
  who: { issuer: string; subject: string; username: string; role: Role },
): Promise<{ id: number; enabled: boolean } | null> {
  const { rows: bound } = await db.query<{ id: number; enabled: boolean }>(
    'UPDATE users SET role = $3 WHERE oidc_issuer = $1 AND oidc_subject = $2 RETURNING id, enabled',
    [who.issuer, who.subject, who.role],
  );
  if (bound[0]) return bound[0];
  const { rows: created } = await db.query<{ id: number; enabled: boolean }>(
    `INSERT INTO users (username, role, password_hash, oidc_issuer, oidc_subject) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (username) DO UPDATE SET role = EXCLUDED.role, oidc_issuer = EXCLUDED.oidc_issuer, oidc_subject = EXCLUDED.oidc_subject
       WHERE users.password_hash LIKE 'oidc$%' AND users.oidc_subject IS NULL
     RETURNING id, enabled`,
    [who.username, who.role, `oidc$${randomBytes(8).toString('hex')}`, who.issuer, who.subject],
  );
  return created[0] ?? null;
}

export const DEMO_USERS: { username: string; role: Role }[] = [
  { username: 'viewer', role: 'viewer' },
  { username: 'operator', role: 'operator' },
  { username: 'admin', role: 'admin' },
];

/** Demo accounts for the embedded default only; never when a real upstream is configured. */
export interface DemoAccounts {
  /** Created by this start, with the configured password. */
  created: string[];
  /** There already: their password is whatever it was set to before (never changed here). */
  existing: string[];
}

export async function ensureDemoUsers(db: Queryable, password: string): Promise<DemoAccounts> {
  const result: DemoAccounts = { created: [], existing: [] };
  for (const demo of DEMO_USERS) {
    if (await findUser(db, demo.username)) result.existing.push(demo.username);
    else {
      await addUser(db, demo.username, demo.role, password);
      result.created.push(demo.username);
    }
  }
  return result;
}
