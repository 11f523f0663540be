/**
 * GET/PUT /bff/preferences: each user's console preferences (the display time zone), so they
 * follow the user from browser to browser. A user with no row gets the defaults.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_PREFERENCES, Preferences, PreferencesBody } from '../../contract/bff/preferences';

const tags = ['preferences'];

export const preferencesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.addHook('onRequest', app.requireSession);

  app.get('/bff/preferences', { schema: { tags, summary: "The user's console preferences", response: { 200: Preferences } } }, async (request) => {
    const { rows } = await db.query<{ time_zone: string | null }>('SELECT time_zone FROM preferences WHERE user_id = $1', [request.session.userId]);
    return rows[0] ? { timeZone: rows[0].time_zone } : DEFAULT_PREFERENCES;
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
