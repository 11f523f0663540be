/**
 * Where to go after signing in: only a path on this site (never `//evil.example`, `https://...`,
 * or `/\t/evil.example`, which a browser reads as `//evil.example` once it drops the tab), and
 * never back to the sign-in page itself.
 */
const BASE = 'https://switchboard.invalid';

export function safeRedirect(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length > 2000) return fallback;
  // Control characters and backslashes are refused before anything else: browsers rewrite them.
  // eslint-disable-next-line no-control-regex
  if (!target.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  if (/^\/login(?:[/?#]|$)/.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
