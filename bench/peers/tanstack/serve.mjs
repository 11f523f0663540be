/** Serves this peer's dist/ and proxies /v1/* to the simulator (see ../serve-dist.mjs). */
import { serveDist } from '../serve-dist.mjs';

await serveDist(new URL('./dist/', import.meta.url));
