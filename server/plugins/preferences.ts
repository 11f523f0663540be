/**
 * GET/PUT /bff/preferences: each user's console preferences (the display time zone), so they
 * follow the user from browser to browser. A user with no row gets the defaults.
 */
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PREFERENCES, PreferencesBody, type Preferences } from '../../contract/bff/preferences';
import { toValidationErrors } from '../../contract/errors';
import type { Ctx } from '../context';
import { HttpError, requireSession } from '../http';

export function preferencesPlugin(app: FastifyInstance, ctx: Ctx): void {
  const { db } = ctx;

  app.get('/bff/preferences', async (request): Promise<Preferences> => {
    const s = await requireSession(request, ctx);
    const { rows } = await db.query<{ time_zone: string | null }>('SELECT time_zone FROM preferences WHERE user_id = $1', [s.userId]);
    return rows[0] ? { timeZone: rows[0].time_zone } : DEFAULT_PREFERENCES;
  });

  app.put('/bff/preferences', { bodyLimit: 4 * 1024 }, async (request): Promise<Preferences> => {
    const s = await requireSession(request, ctx);
    const parsed = PreferencesBody.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, 'Some fields are not valid.', toValidationErrors(parsed.error, request.body));
    await db.query(
      `INSERT INTO preferences (user_id, time_zone, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, updated_at = now()`,
      [s.userId, parsed.data.timeZone],
    );
    return parsed.data;
  });
}
