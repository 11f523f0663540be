/**
 * OpenID Connect sign-ins in flight (server/routes/oidc.ts): the state, PKCE verifier, nonce and
 * return path of each, in the database so that any BFF process may receive the provider's callback.
 * A pending sign-in is used once and lives `minutes`.
 */
import type { Queryable } from '../../../common/db';

export interface PendingSignIn {
  state: string;
  codeVerifier: string;
  nonce: string;
  redirect: string;
}

/** Records a sign-in that starts now, and forgets those older than `minutes`. */
export async function startPending(db: Queryable, p: PendingSignIn, minutes: number): Promise<void> {
  await db.query('DELETE FROM oidc_pending WHERE created_at < now() - make_interval(mins => $1)', [minutes]);
  await db.query('INSERT INTO oidc_pending (state, code_verifier, nonce, redirect) VALUES ($1, $2, $3, $4)', [p.state, p.codeVerifier, p.nonce, p.redirect]);
}

/** Takes (and removes) the pending sign-in of `state` if it is younger than `minutes`: a second callback finds none. */
export async function takePending(db: Queryable, state: string, minutes: number): Promise<PendingSignIn | null> {
  const { rows } = await db.query<{ code_verifier: string; nonce: string; redirect: string }>(
    `DELETE FROM oidc_pending WHERE state = $1 AND created_at >= now() - make_interval(mins => $2) RETURNING code_verifier, nonce, redirect`,
    [state, minutes],
  );
  const row = rows[0];
  return row ? { state, codeVerifier: row.code_verifier, nonce: row.nonce, redirect: row.redirect } : null;
}
