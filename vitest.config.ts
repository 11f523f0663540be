import { mergeConfig, defineConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['{src,contract,server,simulator,common,scripts,bench}/**/*.test.{ts,tsx}'],
      exclude: ['**/node_modules/**', 'bench/peers/**'],
      environment: 'node',
      setupFiles: ['./vitest.setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: 'forks',
    },
  }),
);
