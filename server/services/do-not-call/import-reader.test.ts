/**
 * The import thread itself (its code loaded through tsx here, as from the sources): it reads a body
 * off the event loop, and past the imports allowed to wait it answers 503 at once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DNC_IMPORTS_WAITING_MAX } from '../../../contract/bff/do-not-call';
import { HttpError } from '../../http';
import { ImportReader } from './import-reader';

const reader = new ImportReader();
afterAll(() => reader.close());

const body = (n: number) =>
  new TextEncoder().encode(
    JSON.stringify({ rows: Array.from({ length: n }, (_, i) => ({ line: i + 1, phone: `+336${String(i).padStart(8, '0')}`, reason: 'Test' })) }),
  );

describe('ImportReader', () => {
  it('reads a body in its thread', async () => {
    const read = await reader.read(body(3));
    expect(read).toMatchObject({ kind: 'rows', problems: [] });
    expect(read.kind === 'rows' && read.valid.map((r) => r.phone)).toEqual(['+33600000000', '+33600000001', '+33600000002']);
    expect(reader.completed).toBe(1);
  });

  it(`lets ${DNC_IMPORTS_WAITING_MAX} imports wait for the thread and answers the next 503 with Retry-After`, async () => {
    const sent = Array.from({ length: DNC_IMPORTS_WAITING_MAX + 3 }, () =>
      reader.read(body(2000)).then(
        () => 'read',
        (error: unknown) => error,
      ),
    );
    const answers = await Promise.all(sent);
    const refused = answers.filter((a): a is HttpError => a instanceof HttpError);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(answers.filter((a) => a === 'read').length).toBeGreaterThanOrEqual(DNC_IMPORTS_WAITING_MAX);
    for (const error of refused) {
      expect(error.status).toBe(503);
      expect(error.headers['Retry-After']).toBe('5');
    }
  });
});
