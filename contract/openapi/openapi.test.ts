import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { redoclyLint } from './redocly-lint';
import { CALLING_WINDOWS, LIMITS } from '../limits';
import { OPENAPI_FILE, renderOpenApi } from './generate';

const doc = JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
const schemas = doc.components.schemas;

describe('the generated OpenAPI document', () => {
  it('is up to date with the contract (run `npm run contract:openapi`)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(renderOpenApi());
  });

  it('covers all 12 routes of the spec', () => {
    const ops = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods as object).map((m) => `${m.toUpperCase()} ${path}`));
    expect(ops.sort()).toEqual(
      [
        'POST /v1/auth/token',
        'GET /v1/agents',
        'GET /v1/agents/{id}',
        'PATCH /v1/agents/{id}',
        'GET /v1/calls',
        'GET /v1/calls/{id}',
        'POST /v1/calls',
        'GET /v1/calls/{id}/recording',
        'GET /v1/calls/{id}/transcript',
        'POST /v1/campaigns',
        'GET /v1/campaigns/{id}',
        'POST /v1/campaigns/{id}/status',
        'POST /v1/bulk/calls',
      ].sort(),
    );
    expect(ops).toHaveLength(13); // 12 resource routes + the token route
  });

  it('carries every limit of the spec Limits table', () => {
    const create = schemas.CampaignCreate.properties;
    expect(create.batchSize).toMatchObject({ minimum: LIMITS.batchSize.min, maximum: LIMITS.batchSize.max });
    expect(create.recipients).toMatchObject({ minItems: LIMITS.campaignRecipients.min, maxItems: LIMITS.campaignRecipients.max });
    expect(create.timeSlots).toMatchObject({ maxItems: LIMITS.timeSlots.max });
    expect(schemas.TimeSlot['x-calling-windows']).toEqual(CALLING_WINDOWS);
    for (const path of ['/v1/calls', '/v1/agents']) {
      const size = doc.paths[path].get.parameters.find((p: { name: string }) => p.name === 'size');
      expect(size.schema.maximum).toBe(LIMITS.pageSize.max);
    }
    const bulk = doc.paths['/v1/bulk/calls'].post.responses;
    for (const code of ['201', '400', '401', '403', '429']) {
      expect(Object.keys(bulk[code].headers ?? {})).toEqual(expect.arrayContaining(['X-CallRateLimit-Limit', 'X-CallRateLimit-Remaining']));
    }
  });

  it('passes the Redocly linter with no errors', async () => {
    expect(await redoclyLint(OPENAPI_FILE)).toContain('Your API description is valid');
  }, 60_000);
});
