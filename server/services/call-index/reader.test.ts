import { describe, expect, it } from 'vitest';
import { ReadError, requestFailure } from './reader';

describe('requestFailure: a request that got no answer, as what the index says', () => {
  it("calls the timeout signal's abort a timeout, though its DOMException code is a number", () => {
    // AbortSignal.timeout() rejects undici's request with this; its `code` is 23, not a string.
    const timedOut = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(typeof timedOut.code).toBe('number');
    expect(requestFailure(timedOut)).toMatchObject({ kind: 'timeout', message: 'The Voice API did not answer in time.' });
    expect(requestFailure(new DOMException('This operation was aborted', 'AbortError')).kind).toBe('timeout');
  });

  it("reads undici's string codes", () => {
    expect(requestFailure(Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' })).kind).toBe('timeout');
    expect(requestFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })).kind).toBe('unreachable');
    expect(requestFailure(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })).kind).toBe('upstream-error');
  });

  it('is a ReadError for anything thrown', () => {
    for (const thrown of [null, undefined, 'text', 42, { code: 7 }]) expect(requestFailure(thrown)).toBeInstanceOf(ReadError);
  });
});
