/**
 * Values of each kind of filter as a URL gives them, from a row of the calls search's table and its
 * limits: values the index route takes, values it refuses, and, for a repeated filter, one value
 * too many. The route's schema and the SPA's URL parser are held to the same ones
 * (contract/bff/index-filters.test.ts, src/features/calls/model/search-filters.test.ts).
 */
import type { FilterRow } from '../bff/index-filters.plain';
import { STATUS_GROUP_OF } from '../status-groups';

export interface FilterSamples {
  good: (string | string[])[];
  bad: (string | string[])[];
  /** `repeat + 1` distinct values that each pass alone. */
  tooMany?: string[];
}

/** C0 controls (NUL, ESC) and DEL: refused everywhere. Tab, newline and return are not controls here. */
const CONTROLS = ['\u0000', '\u001b', '\u007f'];

/** Text of `max` characters and of one more, each starting with `head`; `head` with each control character. */
function bounded(head: string, max: number) {
  return { fits: head + 'x'.repeat(max - head.length), long: head + 'x'.repeat(max + 1 - head.length), controls: CONTROLS.map((c) => `${head}a${c}b`) };
}

const distinct = (n: number, item: (i: number) => string) => Array.from({ length: n }, (_, i) => item(i));

export function samplesOf(f: FilterRow): FilterSamples {
  switch (f.kind) {
    case 'uuid':
      return { good: ['0b5e7d0c-5d39-4d3c-9c43-0f2b9a0c1e11'], bad: ['0b5e7d0c5d394d3c9c430f2b9a0c1e11', 'agent'] };
    case 'e164':
      return { good: ['+33612345678'], bad: ['0612345678', '+0612345678', '+33 6 12 34 56 78'] };
    case 'date':
      return { good: ['2026-11-01', '2024-02-29'], bad: ['2026-02-29', '2026-11-1', '01/11/2026'] };
    case 'instant':
      return { good: ['2026-11-01T10:00:00Z'], bad: ['2026-11-01T10:00:00.000Z', '2026-11-01T10:00:00+01:00', '2026-11-01'] };
    case 'zone':
      return { good: ['Europe/Paris', 'UTC'], bad: ['Mars/Olympus', `Europe/${'x'.repeat(f.max)}`] };
    case 'text': {
      const t = bounded('', f.max);
      return { good: [t.fits, 'a\tb', 'one\ntwo', '"a phrase" -word'], bad: [t.long, ...t.controls] };
    }
    case 'boolean':
      return { good: ['true', 'false'], bad: ['yes', '1', 'TRUE'] };
    case 'seconds':
      return { good: ['0', '30', String(f.max)], bad: [String(f.max + 1), '-1', '1.5', '0x10', 'ten'] };
    case 'statuses': {
      const all = Object.keys(STATUS_GROUP_OF);
      return {
        good: ['NO_ANSWER', ['FAILED', 'COMPLETED'], 'NO_ANSWER,VOICE_BOX'],
        bad: ['ANSWERED', 'no_answer'],
        tooMany: [...all, all[0]!].slice(0, f.repeat + 1),
      };
    }
    case 'texts': {
      const t = bounded('', f.max);
      return { good: ['vip', ['vip', 'renewal'], t.fits, 'a\tb'], bad: [t.long, ...t.controls], tooMany: distinct(f.repeat + 1, (i) => `tag${i}`) };
    }
    case 'pairs': {
      const t = bounded('name=', f.max);
      return {
        good: ['interest=no', 'interest=no=really', 'interest=', t.fits],
        bad: ['=no', ' =no', 'no pair', t.long, ...t.controls],
        tooMany: distinct(f.repeat + 1, (i) => `name${i}=value`),
      };
    }
    case 'paths': {
      const t = bounded('group.name=', f.max);
      const deepest = distinct(f.depth, (i) => `g${i}`).join('.');
      return {
        good: ['city=Paris', 'address.city=Paris', `${deepest}=x`, t.fits],
        bad: ['=Paris', 'address..city=Paris', '.city=Paris', 'address. =Paris', `${deepest}.g=x`, 'no pair', t.long, ...t.controls],
        tooMany: distinct(f.repeat + 1, (i) => `field${i}=value`),
      };
    }
    case 'ids':
      return {
        good: ['1', '12', String(f.max), ['3', '4']],
        bad: ['0', '-1', String(f.max + 1), '1.5', 'seven'],
        tooMany: distinct(f.repeat + 1, (i) => String(i + 1)),
      };
  }
}
