import { mergeConfig, defineConfig } from 'vitest/config';
import viteConfig from './vite.config';

/**
 * Files whose modules keep state that another file would see if they shared a process, so they run
 * in a fresh fork each (Vitest's default isolation):
 * - the console's component tests (`src/**\/*.test.tsx`): jsdom, module mocks, fake timers;
 * - the two OpenAPI generators: each renders zod's global registry, which the other one adds to.
 */
const ISOLATED = ['src/**/*.test.tsx', 'contract/openapi/openapi.test.ts', 'server/openapi.test.ts'];

/**
 * The simulator's bad-input suite and the property tests belong to `npm run test:resilience`
 * (resilience/vitest.config.ts), which reports their figures in docs/reliability.md: the unit run
 * ran them a second time in the same `npm test`.
 */
const EXCLUDE = ['**/node_modules/**', 'bench/peers/**', 'simulator/http/bad-input.test.ts', '**/*.property.test.ts'];

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      exclude: EXCLUDE,
      environment: 'node',
      setupFiles: ['./vitest.setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: 'forks',
      // Most long files wait on child processes (stacks, kill -9, HAProxy), not the CPU: two at once
      // halve the unit run on a 2-core machine (vitest's default there is one: cores - 1).
      maxWorkers: 2,
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['{src,contract,server,simulator,common,scripts,bench}/**/*.test.ts'],
            exclude: [...EXCLUDE, ...ISOLATED],
            // These files share their forks: a fresh fork per file loaded the BFF, the simulator and
            // their libraries anew each time, 142 of the run's 434 s with no test running
            // (2026-11-30). Each file closes and restores what it opens or stubs; what must not be
            // shared is above.
            isolate: false,
          },
        },
        { extends: true, test: { name: 'unit-isolated', include: ISOLATED } },
      ],
    },
  }),
);
