/**
 * Imported first by server.ts (and only there): V8 settings that keep the BFF's memory within its
 * budget (ADR 0019), set before anything is compiled or allocated in bulk.
 * - `--no-liftoff`: PGlite's 9 MB WebAssembly module is compiled once, by the optimising compiler,
 *   instead of by the baseline compiler first and then again, tier by tier, by the optimising one:
 *   both sets of machine code stayed resident (about 45 MiB).
 * - `--max-semi-space-size=1` (MiB): the young generation stays small. Its default (16 MiB per
 *   semi-space) was dozens of MiB of heap slack in a process whose requests make little garbage.
 * The old generation's ceiling (`--max-old-space-size=256`, ADR 0023) is fixed when V8 sets up its
 * heap: it is in BFF_NODE_ARGS (scripts/lib/embedded.ts), given on the command line.
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-liftoff');
setFlagsFromString('--max-semi-space-size=1');
