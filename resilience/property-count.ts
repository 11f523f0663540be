/**
 * Counting the inputs a property test tries: wrap each predicate with `counted`, and write the
 * total as the suite's figures when the file ends.
 */
import { afterAll } from 'vitest';
import { Tally, writeResult } from './report';

export function propertySuite(suite: string, promises: string[]) {
  const tally = new Tally();
  afterAll(() => {
    writeResult({
      suite,
      promises,
      figures: { inputsTried: tally.total, ...Object.fromEntries(Object.entries(tally.byKind).map(([k, v]) => [`tried.${k}`, v])) },
    });
  });
  /** Wraps a predicate so each run is counted under `kind`. */
  function counted<A extends unknown[], R>(kind: string, predicate: (...args: A) => R): (...args: A) => R {
    return (...args: A) => {
      tally.add(kind);
      return predicate(...args);
    };
  }
  return { counted, tally };
}
