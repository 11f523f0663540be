/**
 * `npm run test:resilience`: the adversarial suites over real HTTP (fuzz, abuse and secrets,
 * faults, the several instances behind HAProxy, load), the simulator's bad-input suite and the
 * property tests; then docs/reliability.md is regenerated from their figures. Two groups, one after
 * the other (projects and `sequence.groupOrder`):
 * - `resilience`: every suite but the load run, two files at a time. The long ones (the faults and
 *   the instances, about a minute each) mostly wait on timeouts and restarted processes, so side by
 *   side they cost the time of one.
 * - `resilience-load`: the load run alone afterwards, so its figures are not shared with another
 *   suite's processes.
 */
import { defineConfig, mergeConfig } from 'vitest/config';
import root from '../vitest.config';

const LOAD = 'resilience/load.test.ts';

const config = mergeConfig(root, defineConfig({ test: { testTimeout: 180_000, globalSetup: ['./resilience/global-setup.ts'] } }));
// Replaced, not merged: mergeConfig would append to the unit suite's lists (whose exclude leaves
// out the bad-input and property suites, which are this run's).
config.test!.include = [];
config.test!.exclude = ['**/node_modules/**'];
config.test!.projects = [
  {
    extends: true,
    test: {
      name: 'resilience',
      include: ['resilience/**/*.test.ts', 'simulator/http/bad-input.test.ts', '{contract,src,server}/**/*.property.test.ts'],
      exclude: ['**/node_modules/**', LOAD],
      sequence: { groupOrder: 0 },
    },
  },
  { extends: true, test: { name: 'resilience-load', include: [LOAD], fileParallelism: false, sequence: { groupOrder: 1 } } },
];
export default config;
