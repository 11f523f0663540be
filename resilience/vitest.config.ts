/**
 * `npm run test:resilience`: the adversarial suites over real HTTP (fuzz, abuse and secrets,
 * faults, load), the simulator's bad-input suite and the property tests, one file at a time (they
 * start stacks and measure); then docs/reliability.md is regenerated from their figures.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import root from '../vitest.config';

const config = mergeConfig(root, defineConfig({ test: { fileParallelism: false, testTimeout: 180_000, globalSetup: ['./resilience/global-setup.ts'] } }));
// Replaced, not merged: mergeConfig would append to the unit suite's include list.
config.test!.include = ['resilience/**/*.test.ts', 'simulator/http/bad-input.test.ts', '{contract,src,server}/**/*.property.test.ts'];
export default config;
