import { mergeConfig, defineConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['{src,contract,server,simulator,common,scripts,bench}/**/*.test.{ts,tsx}'],
      // The simulator's bad-input suite and the property tests belong to `npm run test:resilience`
      // (resilience/vitest.config.ts), which reports their figures in docs/reliability.md: the unit
      // run ran them a second time in the same `npm test`.
      exclude: ['**/node_modules/**', 'bench/peers/**', 'simulator/http/bad-input.test.ts', '**/*.property.test.ts'],
      environment: 'node',
      setupFiles: ['./vitest.setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: 'forks',
      // Most long files wait on child processes (stacks, kill -9, HAProxy), not the CPU: two at once
      // halve the unit run on a 2-core machine (vitest's default there is one: cores - 1).
      maxWorkers: 2,
    },
  }),
);
