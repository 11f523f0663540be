/** The call index's routes through app.inject: filters validated with their message, the answers' shapes. */
import { describe, expect, it } from 'vitest';
import { CampaignProgressList, IndexCallPage, IndexStatus } from '../../contract/bff/index';
import { useInjectApp } from '../testing/inject';

const t = useInjectApp({ INDEX_SYNC: 'false' });

describe('call index routes', () => {
  it('answer in the contract shapes, and refuse a bad filter naming it', async () => {
    const page = IndexCallPage.parse((await t.as('viewer', { method: 'GET', url: '/bff/index/calls?size=5' })).json());
    expect(page).toMatchObject({ content: [], size: 5, totalElements: 0, coveredFrom: null });
    expect(CampaignProgressList.parse((await t.as('viewer', { method: 'GET', url: '/bff/index/campaigns' })).json()).content).toEqual([]);
    expect(IndexStatus.parse((await t.as('viewer', { method: 'GET', url: '/bff/index/status' })).json())).toBeDefined();
    const bad = await t.as('viewer', { method: 'GET', url: '/bff/index/calls?size=0x10' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Some filters are not valid.', errors: [{ field: 'size' }] });
  });

  it('refuse a search text with no word to search (only signs) with a 400 that says so', async () => {
    const res = await t.as('viewer', { method: 'GET', url: `/bff/index/calls?q=${encodeURIComponent('&|!:*()')}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ field: 'q', rejectedValue: '&|!:*()', message: expect.stringMatching(/no word to (look|search) for/) }] });
  });
});
