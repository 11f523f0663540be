/** The redial route through app.inject: the role hook before the id, then the id's schema. */
import { describe, expect, it } from 'vitest';
import { useInjectApp } from '../testing/inject';

const t = useInjectApp();

describe('redial route', () => {
  it('refuses a role that may not create campaigns, then a bad id with its field', async () => {
    const refused = await t.as('viewer', { method: 'GET', url: '/bff/campaigns/nope/redial' });
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'Your role (viewer) may not create campaigns.']);
    const bad = await t.as('operator', { method: 'GET', url: '/bff/campaigns/nope/redial' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'id', rejectedValue: 'nope', message: 'Must be a UUID.' }]);
  });
});
