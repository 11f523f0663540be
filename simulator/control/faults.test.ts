/** The fault registry's `down` mode: held until cleared, announced to whoever fronts the simulator, never a per-request fault. */
import { describe, expect, it } from 'vitest';
import { FaultRegistry, FaultSpec } from './faults';

describe('FaultRegistry down', () => {
  it('tells listeners when the upstream goes down and comes back, counts it once, and leaves requests alone', () => {
    const faults = new FaultRegistry();
    const seen: boolean[] = [];
    faults.onDownChange((down) => seen.push(down));
    faults.add(FaultSpec.parse({ path: '/v1/*', down: true }));
    faults.add(FaultSpec.parse({ path: '/v1/*', down: true }));
    expect(faults.isDown()).toBe(true);
    expect(seen).toEqual([true]);
    expect(faults.injected).toBe(2);
    // The simulator itself still answers whoever reaches it directly.
    expect(faults.decide('GET', '/v1/agents')).toEqual({ kind: 'none', latencyMs: 0 });
    faults.clear();
    expect(faults.isDown()).toBe(false);
    expect(seen).toEqual([true, false]);
  });

  it('clearing other faults says nothing to the listeners', () => {
    const faults = new FaultRegistry();
    const seen: boolean[] = [];
    faults.onDownChange((down) => seen.push(down));
    faults.add(FaultSpec.parse({ path: '/v1/*', status5xxRatio: 1 }));
    expect(faults.decide('GET', '/v1/agents').kind).toBe('status');
    faults.clear();
    expect(seen).toEqual([]);
  });
});
