/**
 * The layer rules of eslint.config.js resolve paths, not strings: each fixture below is linted as
 * if it were a file at `filePath`, with the project's own config, and must be refused (or let
 * through) whatever way its import is written.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('feature boundaries, on resolved paths', () => {
  const fromCampaigns = 'src/features/campaigns/model/boundary-fixture.ts';

  it.each([
    ['a relative path', "import { toTimeline } from '../../calls/model/transcript';"],
    ['the @/ alias', "import { toTimeline } from '@/features/calls/model/transcript';"],
    ['a path that wanders out and back', "import { toTimeline } from '../../../features/calls/model/transcript';"],
  ])('campaigns importing calls through %s is refused', async (_, code) => {
    expect(await boundaryErrors(fromCampaigns, `${code}\nexport const f = toTimeline;\n`)).toEqual([
      expect.stringContaining('Features do not import each other'),
    ]);
  });

  it('a feature importing its own files, src/lib and the contract passes', async () => {
    const code = [
      "import { splitName } from './split-recipients';",
      "import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';",
      "import { LIMITS } from '@contract/limits';",
      'export const all = [splitName, allAgentsQueryOptions, LIMITS];',
    ].join('\n');
    expect(await boundaryErrors(fromCampaigns, code)).toEqual([]);
  });

  it('src/lib importing a feature by a relative path is refused', async () => {
    const code = "import { callKeys } from '../../features/calls/api/keys';\nexport const k = callKeys;\n";
    expect(await boundaryErrors('src/lib/shared-queries/boundary-fixture.ts', code)).toEqual([expect.stringContaining('lib/ and components/ are shared')]);
  });

  it('the contract importing the BFF is refused', async () => {
    const code = "import { loadConfig } from '../server/config';\nexport const c = loadConfig;\n";
    expect(await boundaryErrors('contract/boundary-fixture.ts', code)).toEqual([expect.stringContaining('The contract stands alone')]);
  });

  it('a .plain.ts contract file may not import zod', async () => {
    const code = "import { z } from 'zod';\nexport const S = z.string();\n";
    expect(await boundaryErrors('contract/boundary-fixture.plain.ts', code)).toEqual([expect.stringContaining('zod-free')]);
  });

  it('the QA panel takes its values from review-call.ts and review-form.ts, not review.ts or the admin forms (types may come from review.ts)', async () => {
    const heavy =
      "import { CommentBody } from '@contract/bff/review';\nimport { scoreForm } from '../model/forms';\nexport const a = [CommentBody, scoreForm];\n";
    expect(await boundaryErrors('src/features/review/components/review-panel.tsx', heavy)).toEqual([
      expect.stringContaining('review-call'),
      expect.stringContaining('review-form'),
    ]);
    const light =
      "import type { CallReview } from '@contract/bff/review';\nimport { CommentBody } from '@contract/bff/review-call';\nimport { scoreForm } from '../model/review-form';\nexport const a: [unknown, unknown, CallReview?] = [CommentBody, scoreForm];\n";
    expect(await boundaryErrors('src/features/review/components/review-panel.tsx', light)).toEqual([]);
  });

  it('an e2e spec takes test, expect and the axe check from e2e/fixtures.ts, not the packages (types may come from Playwright)', async () => {
    const own = "import { test } from '@playwright/test';\nimport AxeBuilder from '@axe-core/playwright';\ntest('x', () => void AxeBuilder);\n";
    expect(await boundaryErrors('e2e/boundary-fixture.spec.ts', own)).toEqual([expect.stringContaining('./fixtures'), expect.stringContaining('./fixtures')]);
    const shared = "import type { Page } from '@playwright/test';\nimport { test } from './fixtures';\ntest('x', ({ page }: { page: Page }) => void page);\n";
    expect(await boundaryErrors('e2e/boundary-fixture.spec.ts', shared)).toEqual([]);
  });
});
