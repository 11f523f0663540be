import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { shouldRetryRead } from './query-client';

const http = (status: number) => new ApiError('failed', { status, kind: 'http' });

describe('shouldRetryRead', () => {
  it('tries once more after a dropped connection, a client timeout or a 5xx', () => {
    expect(shouldRetryRead(0, new ApiError('reset', { status: 0, kind: 'network' }))).toBe(true);
    expect(shouldRetryRead(0, new ApiError('slow', { status: 0, kind: 'timeout' }))).toBe(true);
    expect(shouldRetryRead(0, http(502))).toBe(true);
    expect(shouldRetryRead(0, http(503))).toBe(true);
  });

  it('does not ask again after the Voice API spent the whole timeout (504): the screen says so at once', () => {
    expect(shouldRetryRead(0, http(504))).toBe(false);
  });

  it('never retries a 4xx, a second failure or an error that is not the API client’s', () => {
    expect(shouldRetryRead(0, http(404))).toBe(false);
    expect(shouldRetryRead(0, http(429))).toBe(false);
    expect(shouldRetryRead(1, http(502))).toBe(false);
    expect(shouldRetryRead(0, new Error('boom'))).toBe(false);
  });
});
