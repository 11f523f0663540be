/**
 * `npm run test:resilience`: the adversarial suites (fuzz, abuse, faults, secrets, load) over real
 * HTTP, one file at a time (they each start a stack and measure), then docs/reliability.md is
 * regenerated from their figures by resilience/write-doc.ts.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import root from '../vitest.config';

export default mergeConfig(root, defineConfig({ test: { include: ['resilience/**/*.test.ts'], fileParallelism: false, testTimeout: 180_000 } }));
