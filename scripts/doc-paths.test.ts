/**
 * Docs that check themselves: every repository path named in Markdown or in a source comment
 * exists (scripts/lib/doc-paths.ts says what counts as a named path).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingPaths, namedPaths, trackedSet } from './lib/doc-paths';

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const all = trackedSet(tracked);

describe('paths named in docs and comments', () => {
  it('every one exists', () => {
    const read = tracked.filter((f) => /\.(md|ts|tsx|mjs|js)$/.test(f) && !f.startsWith('bench/peers/'));
    const missing = read.flatMap((file) => missingPaths(namedPaths(file, readFileSync(file, 'utf8')), all, tracked).map((p) => `${file}:${p.line}: ${p.text}`));
    expect(missing).toEqual([]);
  });

  it('finds a renamed file in prose, a link and a comment, and passes over patterns and code', () => {
    const doc = [
      'See `server/routes/gone.ts` and [the ADR](decisions/9999-gone.md).',
      'Shorthand `model/no-such-file.ts`, a pattern `src/routes/_app/*/index.tsx`, `contract/<name>.plain.ts`.',
      'And one that is there: [architecture](architecture.md), `model/search-params.ts`.',
    ].join('\n');
    expect(missingPaths(namedPaths('docs/example.md', doc), all, tracked).map((p) => p.text)).toEqual([
      'server/routes/gone.ts',
      'decisions/9999-gone.md',
      'model/no-such-file.ts',
    ]);
    const code = ['// Written by server/services/gone.ts.', "const path = 'server/services/not-a-comment.ts';"].join('\n');
    expect(missingPaths(namedPaths('server/example.ts', code), all, tracked).map((p) => p.text)).toEqual(['server/services/gone.ts']);
  });
});
