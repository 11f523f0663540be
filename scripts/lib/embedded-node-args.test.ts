import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BFF_NODE_ARGS, bffEnv } from './embedded';

describe('BFF_NODE_ARGS', () => {
  it('cap the BFF’s JavaScript heap near its memory budget, so V8 grows it by little after each collection (ADR 0023)', () => {
    const script = "const v8 = require('node:v8'); process.stdout.write(JSON.stringify(v8.getHeapStatistics()))";
    const run = spawnSync(process.execPath, [...BFF_NODE_ARGS, '-e', script], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const limitMiB = JSON.parse(run.stdout).heap_size_limit / 1024 / 1024;
    // 256 MiB of old generation and two 1 MiB semi-spaces (and V8's own rounding).
    expect(limitMiB).toBeGreaterThanOrEqual(256);
    expect(limitMiB).toBeLessThanOrEqual(270);
  });
});

describe('the BFF’s environment', () => {
  it('asks glibc for two malloc arenas, unless the environment already says', () => {
    expect(bffEnv({}).MALLOC_ARENA_MAX).toBe('2');
    expect(bffEnv({ VOICE_API_BASE_URL: 'https://voice.example' }).MALLOC_ARENA_MAX).toBe('2');
    expect(bffEnv({ MALLOC_ARENA_MAX: '4' }).MALLOC_ARENA_MAX).toBe('4');
  });

  it('fixes glibc’s mmap and trim thresholds, so a freed scrypt table or large buffer goes back to the system', () => {
    for (const env of [bffEnv({}), bffEnv({ VOICE_API_BASE_URL: 'https://voice.example' })]) {
      expect(env.MALLOC_MMAP_THRESHOLD_).toBe('131072');
      expect(env.MALLOC_TRIM_THRESHOLD_).toBe('131072');
    }
  });
});
