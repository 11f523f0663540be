import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps a same-site path with its search', () => {
    expect(safeRedirect('/agents?type=INBOUND&page=2')).toBe('/agents?type=INBOUND&page=2');
  });
  it('refuses other sites, odd values and the sign-in page', () => {
    for (const bad of ['//evil.example/x', 'https://evil.example', '/\\evil', 'agents', '', undefined, 42, '/login?redirect=/x', '/login']) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
});
