import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOC } from '../server/config';
import { README_PATH, withConfigTable } from './config-doc';

describe("the README's configuration table", () => {
  it('is CONFIG_DOC, every setting of server/config.ts with its meaning (npx tsx scripts/config-doc.ts rewrites it)', async () => {
    const readme = readFileSync(README_PATH, 'utf8');
    expect(readme).toBe(await withConfigTable(readme));
    for (const name of Object.keys(CONFIG_DOC)) expect(readme).toContain(`| \`${name}\``);
  });

  it('would show a setting added to CONFIG_DOC, and drop one taken out', async () => {
    const readme = readFileSync(README_PATH, 'utf8');
    const { PORT: _dropped, ...rest } = CONFIG_DOC;
    const next = await withConfigTable(readme, { ...rest, NEW_SETTING: 'A setting added | with a pipe.' });
    expect(next).toContain('| `NEW_SETTING`');
    expect(next).toContain('A setting added \\| with a pipe.');
    expect(next).not.toContain('| `PORT`');
  });
});
