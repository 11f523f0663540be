/**
 * /bff/do-not-call/rules: rules that add numbers to the list from indexed calls (applied in the
 * background, server/services/do-not-call/rules.ts). Every signed-in role reads them; operators
 * and admins add and delete them; both are audited.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DNC_RULE_LIMITS, DncRule, DncRuleBody } from '../../contract/bff/do-not-call-rules';
import { NoContent } from '../../contract/bff/http';
import { HttpError } from '../http';
import { audit } from '../services/audit';
import { addDncRule, deleteDncRule, listDncRules, type DncRuleListRow } from '../services/do-not-call/rules';
import { routesNeed } from '../plugins/session';

/** Only the roles that manage the list (checked by the session hook before the body is read). */
const manager = { permission: 'do-not-call:manage' } as const;

const toRule = (r: DncRuleListRow): DncRule => ({
  id: Number(r.id),
  name: r.name,
  classifier: r.classifier,
  value: r.value,
  reason: r.reason,
  createdBy: r.created_by,
  createdAt: new Date(r.created_at).toISOString(),
  added: r.added,
  lastAppliedAt: r.last_applied_at ? new Date(r.last_applied_at).toISOString() : null,
});

export const doNotCallRulesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  routesNeed(app, 'console:use');
  app.addHook('onRequest', app.requireSession);

  app.get('/bff/do-not-call/rules', { schema: { tags: ['do-not-call'], summary: 'The do-not-call rules', response: { 200: z.array(DncRule) } } }, async () =>
    (await listDncRules(db)).map(toRule),
  );

  app.post(
    '/bff/do-not-call/rules',
    {
      schema: { tags: ['do-not-call'], summary: 'Add a do-not-call rule (201)', body: DncRuleBody, response: { 201: DncRule } },
      config: { ...manager, invalidMessage: 'Some fields of the rule are not valid.' },
    },
    async (request, reply) => {
      const body = request.body;
      const added = await addDncRule(db, { ...body, createdBy: request.session.username });
      if (added === 'full') throw new HttpError(413, `There are ${DNC_RULE_LIMITS.rulesMax} rules already. Delete one first.`);
      if (added === 'taken')
        throw new HttpError(400, 'Some fields of the rule are not valid.', [
          { field: 'name', rejectedValue: body.name, message: 'A rule by that name exists already.' },
        ]);
      await audit(db, {
        username: request.session.username,
        action: 'doNotCall.rule.create',
        route: 'POST /bff/do-not-call/rules',
        outcome: `ok: rule "${body.name}" (${body.classifier} = ${body.value})`,
        status: 201,
        requestId: request.id,
      });
      return reply.code(201).send(toRule(added));
    },
  );

  app.delete(
    '/bff/do-not-call/rules/:id',
    {
      config: manager,
      schema: {
        tags: ['do-not-call'],
        summary: 'Delete a do-not-call rule; the numbers it added stay (204)',
        params: z.object({ id: z.coerce.number().int().min(1, { error: 'Must be a rule id.' }) }),
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const name = await deleteDncRule(db, request.params.id);
      if (name === null) throw new HttpError(404, 'No such rule (it may have been deleted).');
      await audit(db, {
        username: request.session.username,
        action: 'doNotCall.rule.delete',
        route: 'DELETE /bff/do-not-call/rules/:id',
        outcome: `ok: rule "${name}"`,
        status: 204,
        requestId: request.id,
      });
      return reply.code(204).send();
    },
  );
};
