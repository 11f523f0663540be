/**
 * GET/PUT /bff/preferences: each user's console preferences (the display time zone, the calls
 * table's columns and density), so they follow the user from browser to browser. A user with no
 * row gets the defaults; a PUT keeps what it leaves out.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Preferences, PreferencesBody } from '../../contract/bff/preferences';
import { readPreferences, writePreferences } from '../services/workspace/preferences';
import { routesNeed } from '../plugins/session';

const tags = ['preferences'];

export const preferencesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  routesNeed(app, 'console:use');
  app.addHook('onRequest', app.requireSession);

  app.get('/bff/preferences', { schema: { tags, summary: "The user's console preferences", response: { 200: Preferences } } }, async (request) => {
    return readPreferences(db, request.session.userId);
  });

  app.put(
    '/bff/preferences',
    { bodyLimit: 4 * 1024, schema: { tags, summary: "Keep the user's console preferences", body: PreferencesBody, response: { 200: Preferences } } },
    async (request) => {
      return writePreferences(db, request.session.userId, request.body);
    },
  );
};
