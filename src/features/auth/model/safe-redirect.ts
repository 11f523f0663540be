/**
 * Where to go after signing in: only a path on this site (never `//evil.example` or
 * `https://...`), and never back to the sign-in page itself.
 */
export function safeRedirect(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length > 2000) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (/^\/login(?:[/?#]|$)/.test(target)) return fallback;
  return target;
}
