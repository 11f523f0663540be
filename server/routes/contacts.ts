/**
 * The contact page's read, GET /bff/contacts/:phone (docs/bff.md): one number's calls from the
 * call index, its do-not-call entry and the QA of its calls. It reads calls, so it needs the role
 * the call index needs (calls:read); the number is read as E.164 before any database work.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Contact, CONTACT_ROUTES, ContactParams } from '../../contract/bff/contacts';
import { HttpError } from '../http';
import { readSyncState } from '../services/call-index/store';
import { contactRecipientOf } from '../services/campaigns/recipients';
import { readContact } from '../services/contacts/read';
import { toE164 } from '../services/do-not-call/phone';
import { routesNeed } from '../plugins/session';

const tags = ['contacts'];

export const contactsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const ctx = app.ctx;
  routesNeed(app, 'calls:read');
  app.addHook('onRequest', app.requireSession);

  app.get(
    CONTACT_ROUTES.contact,
    {
      schema: {
        tags,
        summary: "One phone number's calls, attempts per campaign, latest data, do-not-call state and QA",
        params: ContactParams,
        response: { 200: Contact },
      },
    },
    async (request) => {
      const phone = toE164(request.params.phone);
      if (!phone) {
        // The number itself is not echoed back: it is personal data, and it was not one.
        throw new HttpError(400, 'That is not a phone number in international form.', [
          { field: 'phone', rejectedValue: null, message: 'Give the number in international form, such as +33 6 12 34 56 78.' },
        ]);
      }
      const state = await readSyncState(db);
      // The campaigns created here that were sent the number, each with its state there (a cancelled one's are never "waiting").
      const [contact, recipientOf] = await Promise.all([readContact(db, phone, state.indexedAt), contactRecipientOf(ctx, phone, new Date())]);
      return { ...contact, recipientOf };
    },
  );
};
