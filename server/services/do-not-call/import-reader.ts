/**
 * The do-not-call imports' bodies, read in a thread of their own (readImport, import-rows.ts): one
 * worker thread per web process, started on an import and ended 2 s after the last one (~20 MiB
 * while it lives), at a lower priority than the event loop, so on a busy machine the other
 * requests are answered first and the import waits. Piscina runs the thread; the thread's code is
 * import-thread.ts, bundled beside the server (scripts/lib/build-node.ts) or, from the sources
 * (tests, the e2e stack), loaded through tsx.
 */
import Piscina from 'piscina';
import { DNC_IMPORTS_WAITING_MAX } from '../../../contract/bff/do-not-call';
import { HttpError } from '../../http';
import type { ImportRead } from './import-rows';

export class ImportReader {
  private readonly pool: Piscina<Uint8Array, ImportRead>;

  constructor() {
    const sources = import.meta.url.endsWith('.ts');
    this.pool = new Piscina({
      filename: new URL(sources ? './import-thread.ts' : './import-thread.mjs', import.meta.url).href,
      execArgv: sources ? ['--import', 'tsx'] : [],
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 2_000,
      maxQueue: DNC_IMPORTS_WAITING_MAX,
      // nice(2) +10 for the thread: it gets the cores the event loop and the database leave.
      niceIncrement: 10,
      // A 2 MB body parses to a few MB of objects: bounded well above that, well below the process's own.
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
    });
  }

  /** Imports read by the thread so far. */
  get completed(): number {
    return this.pool.completed;
  }

  async read(bytes: Uint8Array): Promise<ImportRead> {
    if (this.pool.queueSize >= DNC_IMPORTS_WAITING_MAX)
      throw new HttpError(503, 'Too many imports are being read right now. Try again in a few seconds; your rows are kept.', [], { 'Retry-After': '5' });
    return this.pool.run(bytes);
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
