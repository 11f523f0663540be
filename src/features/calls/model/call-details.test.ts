import { describe, expect, it } from 'vitest';
import { classifications, extractedTree, splitContext } from './call-details';

describe('call details', () => {
  it('prefers extractedData, else builds a tree from nested extractor results', () => {
    expect(extractedTree({ extractedData: { a: 1 }, extractors: [] })).toEqual({ a: 1 });
    expect(
      extractedTree({
        extractedData: {},
        extractors: [
          { name: 'intent', value: ['buy'] },
          {
            name: 'address',
            value: [
              { name: 'city', value: ['Paris'] },
              { name: 'zip', value: ['75001'] },
            ],
          },
          { name: 'items', value: ['a', 'b'] },
        ],
      }),
    ).toEqual({ intent: 'buy', address: { city: 'Paris', zip: '75001' }, items: ['a', 'b'] });
  });
  it('reads classifications from either shape', () => {
    expect(classifications({ classificationData: { mood: 'happy' }, classifiers: [] })).toEqual([['mood', 'happy']]);
    expect(classifications({ classificationData: {}, classifiers: [{ name: 'mood', value: 'sad' }] })).toEqual([['mood', 'sad']]);
  });
  it('keeps system variables apart', () => {
    expect(splitContext({ system: { phone: '+1' }, firstName: 'Ana' })).toEqual({ system: { phone: '+1' }, variables: { firstName: 'Ana' } });
    expect(splitContext(undefined)).toEqual({ system: {}, variables: {} });
  });
});
