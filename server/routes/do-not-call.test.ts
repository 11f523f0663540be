/** The do-not-call plugin through app.inject: the manager hook before the body, the schemas, the answers' shapes. */
import { describe, expect, it } from 'vitest';
import { DncCheckResult, DncEntry, DncPage } from '../../contract/bff/do-not-call';
import { DNC_RULE_LIMITS } from '../../contract/bff/do-not-call-rules';
import { useInjectApp } from '../testing/inject';

const t = useInjectApp();

describe('do-not-call routes', () => {
  it('let operators add and everyone read, with the role checked before the body', async () => {
    expect((await t.as('viewer', { method: 'POST', url: '/bff/do-not-call', payload: { phone: 7 } })).statusCode).toBe(403);
    const bad = await t.as('operator', { method: 'POST', url: '/bff/do-not-call', payload: { phone: '', reason: 'asked' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('phone');
    const added = await t.as('operator', {
      method: 'POST',
      url: '/bff/do-not-call',
      payload: { phone: '+33 6 12 34 56 78', reason: 'Asked not to be called' },
    });
    expect(added.statusCode).toBe(201);
    expect(DncEntry.parse(added.json()).phone).toBe('+33612345678');
    const page = DncPage.parse((await t.as('viewer', { method: 'GET', url: '/bff/do-not-call?q=612' })).json());
    expect(page.content.map((e) => e.phone)).toEqual(['+33612345678']);
    const check = await t.as('viewer', { method: 'POST', url: '/bff/do-not-call/check', payload: { phones: ['+33612345678', '+33700000000'] } });
    expect(DncCheckResult.parse(check.json()).skipped.map((s) => s.index)).toEqual([0]);
    expect((await t.as('viewer', { method: 'GET', url: '/bff/do-not-call/export.csv' })).statusCode).toBe(403);
  });

  it('keep at most DNC_RULE_LIMITS.rulesMax rules, even when added in parallel, and name a taken name', async () => {
    const add = (name: string) =>
      t.as('operator', { method: 'POST', url: '/bff/do-not-call/rules', payload: { name, classifier: 'intent', value: 'stop', reason: 'Asked to stop' } });
    const first = await add('rule 0');
    expect(first.statusCode).toBe(201);
    const taken = await add('rule 0');
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0]).toMatchObject({ field: 'name', message: 'A rule by that name exists already.' });
    const answers = await Promise.all(Array.from({ length: DNC_RULE_LIMITS.rulesMax + 5 }, (_, i) => add(`rule ${i + 1}`)));
    expect(answers.filter((a) => a.statusCode === 201).length).toBe(DNC_RULE_LIMITS.rulesMax - 1);
    const full = answers.filter((a) => a.statusCode === 413);
    expect(full.length).toBe(6);
    expect(full[0]!.json().message).toBe(`There are ${DNC_RULE_LIMITS.rulesMax} rules already. Delete one first.`);
    const listed = (await t.as('viewer', { method: 'GET', url: '/bff/do-not-call/rules' })).json() as { id: number }[];
    expect(listed.length).toBe(DNC_RULE_LIMITS.rulesMax);
    expect((await t.as('operator', { method: 'DELETE', url: `/bff/do-not-call/rules/${listed[0]!.id}` })).statusCode).toBe(204);
    expect((await t.as('operator', { method: 'DELETE', url: `/bff/do-not-call/rules/${listed[0]!.id}` })).statusCode).toBe(404);
  });
});
