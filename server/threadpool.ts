/**
 * Imported first by server.ts (and only there): libuv's thread pool (file reads of static assets,
 * password hashes, DNS lookups) is sized from UV_THREADPOOL_SIZE when it is first used, and its
 * default of 4 is what 200 concurrent sign-ins filled, stalling static assets for seconds.
 * Password hashes are also queued (services/auth/passwords.ts) so that half of the pool stays free.
 */
process.env.UV_THREADPOOL_SIZE ??= '8';
