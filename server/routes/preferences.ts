/**
 * GET/PUT /bff/preferences: each user's console preferences (the display time zone), so they
 * follow the user from browser to browser. A user with no row gets the defaults.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Queryable } from '../../common/db';
import { DEFAULT_PREFERENCES, Preferences, PreferencesBody } from '../../contract/bff/preferences';

const tags = ['preferences'];

/** A user's preferences (the defaults without a row); GET /auth/bootstrap brings them too. */
export async function readPreferences(db: Queryable, userId: number): Promise<Preferences> {
  const { rows } = await db.query<{ time_zone: string | null }>('SELECT time_zone FROM preferences WHERE user_id = $1', [userId]);
  return rows[0] ? { timeZone: rows[0].time_zone } : DEFAULT_PREFERENCES;
}

export const preferencesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.addHook('onRequest', app.requireSession);

  app.get('/bff/preferences', { schema: { tags, summary: "The user's console preferences", response: { 200: Preferences } } }, async (request) => {
    return readPreferences(db, request.session.userId);
  });

  app.put(
    '/bff/preferences',
    { bodyLimit: 4 * 1024, schema: { tags, summary: "Keep the user's console preferences", body: PreferencesBody, response: { 200: Preferences } } },
    async (request) => {
      await db.query(
        `INSERT INTO preferences (user_id, time_zone, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, updated_at = now()`,
        [request.session.userId, request.body.timeZone],
      );
      return request.body;
    },
  );
};
