/**
 * Which Host headers the BFF answers (DNS rebinding): a page on an attacker's name that resolves
 * to the BFF's address is same-origin with itself, so "the request's own origin" proves nothing.
 * Accepted: the configured public origin's host, the hosts of ALLOWED_ORIGINS, loopback names on
 * any port (no one else can make them resolve to this machine), and the address the connection
 * was made to (a client typing the IP). Everything else is refused before any work.
 */
export const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function hostnameOf(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1).toLowerCase();
  return (host.split(':')[0] ?? '').toLowerCase();
}

export interface HostPolicy {
  /** Origins configured for state-changing requests (PUBLIC_URL and ALLOWED_ORIGINS). */
  origins: string[];
  /** The hosts (host:port) of those origins. */
  hosts: Set<string>;
}

export function hostPolicy(publicUrl: string | undefined, allowedOrigins: string | undefined): HostPolicy {
  const origins = (allowedOrigins ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  const hosts = new Set<string>();
  for (const origin of origins) {
    try {
      hosts.add(new URL(origin).host.toLowerCase());
    } catch {
      // not a URL: it can match no Host header
    }
  }
  return { origins, hosts };
}

/** Whether a request's Host names this BFF. `local`: the address and port the connection reached. */
export function knownHost(policy: HostPolicy, host: string | undefined, local: { address?: string; port?: number }): 'configured' | 'local' | null {
  if (!host) return null;
  const h = host.toLowerCase();
  if (policy.hosts.has(h)) return 'configured';
  if (LOOPBACK_NAMES.has(hostnameOf(h))) return 'local';
  if (local.address && local.port !== undefined) {
    const address = local.address.includes(':') ? `[${local.address}]` : local.address;
    if (h === `${address}:${local.port}` || h === address) return 'local';
  }
  return null;
}
