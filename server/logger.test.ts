import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config';
import { childLoggerFactory, createLogger, LazyChildLogger } from './logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

const config = (level: string) => loadConfig({ LOG_LEVEL: level, VOICE_API_BASE_URL: 'http://127.0.0.1:1', VOICE_API_KEY: 'key-0123456789' });

describe("a request's logger", () => {
  it('is made only when the request writes a line, and that line carries the request id', async () => {
    const { lines, stream } = capture();
    const parent = createLogger(config('warn'), stream);
    const child = vi.spyOn(parent, 'child');
    const log = childLoggerFactory(parent, { reqId: 'r-1' }, {});
    expect(log).toBeInstanceOf(LazyChildLogger);
    log.info({ a: 1 }, 'below the level');
    log.debug('below the level');
    expect(log.isLevelEnabled('info')).toBe(false);
    expect(log.level).toBe('warn');
    expect(child).not.toHaveBeenCalled();
    log.warn({ kind: 'timeout', password: 'secret' }, 'upstream slow');
    log.error('failed');
    expect(child).toHaveBeenCalledTimes(1);
    await new Promise((r) => setImmediate(r));
    expect(lines).toMatchObject([
      { level: 40, reqId: 'r-1', kind: 'timeout', password: '[redacted]', msg: 'upstream slow' },
      { level: 50, reqId: 'r-1', msg: 'failed' },
    ]);
  });

  it('is made at once when a route sets its own level', () => {
    const parent = createLogger(config('warn'), capture().stream);
    const log = childLoggerFactory(parent, { reqId: 'r-2' }, { level: 'debug' });
    expect(log).not.toBeInstanceOf(LazyChildLogger);
    expect(log.isLevelEnabled('debug')).toBe(true);
  });
});
