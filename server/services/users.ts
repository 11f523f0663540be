/** Staff accounts: local users with a role. */
import type { Role } from '../../contract/bff/roles';
import type { Queryable } from '../../common/db';
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
