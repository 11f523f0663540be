/**
 * docs/decisions/0006-two-weights.md: a zod-free `X.plain.ts` and its schema twin `X.ts` are one
 * source of truth, so the twin must build on the plain file (never retype its values). The lint
 * rule keeps zod out of the plain files; this keeps the twins joined.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = new URL('.', import.meta.url).pathname;
const plainFiles = [...readdirSync(dir).map((f) => join(dir, f)), ...readdirSync(join(dir, 'bff')).map((f) => join(dir, 'bff', f))].filter((f) =>
  f.endsWith('.plain.ts'),
);

describe('two weights', () => {
  it('finds the plain files', () => expect(plainFiles.length).toBeGreaterThanOrEqual(5));

  it.each(plainFiles.filter((f) => existsSync(f.replace(/\.plain\.ts$/, '.ts'))).map((f) => [basename(f), f]))("%s's schema twin imports it", (name, plain) => {
    const twin = readFileSync(plain.replace(/\.plain\.ts$/, '.ts'), 'utf8');
    expect(twin).toMatch(new RegExp(`from '\\./${name.replace(/\.ts$/, '').replace('.', '\\.')}'`));
  });
});
