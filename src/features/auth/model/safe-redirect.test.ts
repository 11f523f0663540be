import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps a same-site path with its search', () => {
    expect(safeRedirect('/agents?type=INBOUND&page=2')).toBe('/agents?type=INBOUND&page=2');
  });
  it('refuses other sites, odd values and the sign-in page', () => {
    for (const bad of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil',
      '/\t/evil.example',
      '/\n/evil.example',
      '/%09/evil.example'.replace('%09', '\t'),
      'agents',
      '',
      undefined,
      42,
      '/login?redirect=/x',
      '/login',
    ]) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
});
