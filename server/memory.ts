/**
 * Imported first by server.ts and worker.ts: V8 settings that keep the BFF's memory within its
 * budget (ADR 0019, ADR 0023), set before anything is compiled or allocated in bulk.
 * - WebAssembly (`wasmFlags`): the only WebAssembly is undici's HTTP parser (llhttp; PGlite's
 *   left with ADR 0031): it stays with the baseline compiler (Liftoff), never tiered up. The optimising
 *   compiler held 25–35 MiB of working memory for a moment while it compiled llhttp's one large
 *   function, at the first upstream answer (eagerly) or after a few hundred (when tiered up): that
 *   moment was the DATABASE_URL peak of ADR 0023, about 20 MiB above the running process.
 * - `--max-semi-space-size=1` (MiB): the young generation stays small. Its default (16 MiB per
 *   semi-space) was dozens of MiB of heap slack in a process whose requests make little garbage.
 * The old generation's ceiling (`--max-old-space-size=256`, ADR 0023) is fixed when V8 sets up its
 * heap: it is in BFF_NODE_ARGS (scripts/lib/embedded.ts), given on the command line.
 */
import { setFlagsFromString } from 'node:v8';

/** How WebAssembly is compiled: by the baseline compiler only. */
export const WASM_FLAGS = ['--no-wasm-tier-up', '--no-wasm-dynamic-tiering'];

for (const flag of [...WASM_FLAGS, '--max-semi-space-size=1']) setFlagsFromString(flag);
