/**
 * Times on screen go through the one display zone (src/lib/time/format.ts, <DateTime>): the lint
 * rule of eslint.config.js refuses a Date formatted in the browser's zone with no zone named.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const RULE = 'no-restricted-syntax';

async function timeErrors(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: 'src/features/alerts/components/times-fixture.tsx' });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('times on screen', () => {
  it.each(['toLocaleString', 'toLocaleTimeString', 'toLocaleDateString'])('new Date(iso).%s() is refused', async (method) => {
    expect(await timeErrors(`export const t = (iso: string) => new Date(iso).${method}();\n`)).toEqual([expect.stringContaining('<DateTime>')]);
  });

  it('the display-zone formatter and counts formatted as numbers pass', async () => {
    const code = [
      "import { formatDateTime } from '@/lib/time/format';",
      'export const t = (iso: string, zone: string) => formatDateTime(iso, zone);',
      "export const n = (count: number) => count.toLocaleString('en');",
    ].join('\n');
    expect(await timeErrors(`${code}\n`)).toEqual([]);
  });
});
