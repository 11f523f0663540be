/**
 * POST /bff/recipients/zones: each number's time zone, grouped (issue 32, local hours). The wizard
 * asks it on its recipients and review steps; the mapping stays on the server (ADR 0040).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RECIPIENT_ZONES_PATH, RecipientZones, RecipientZonesBody } from '../../contract/bff/recipient-zones';
import { recipientZones } from '../services/compliance/recipient-zones';
import { routesNeed } from '../plugins/session';

export const recipientZonesPlugin: FastifyPluginAsyncZod = async (app) => {
  // Any signed-in person may ask (as the do-not-call check): it reveals nothing they did not send.
  routesNeed(app, 'console:use');
  app.addHook('onRequest', app.requireSession);

  app.post(
    RECIPIENT_ZONES_PATH,
    {
      bodyLimit: 1024 * 1024,
      schema: {
        tags: ['recipients'],
        summary: 'The time zone of each number, grouped: sure, ambiguous (several zones) or unknown',
        body: RecipientZonesBody,
        response: { 200: RecipientZones },
      },
    },
    async (request) => ({ groups: await recipientZones(request.body.phones) }),
  );
};
