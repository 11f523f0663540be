/**
 * Webhooks of alerts: which URLs may receive them, how a request is signed, and one delivery
 * attempt. A URL must be https to a public address; loopback (http or https) only when
 * ALERT_WEBHOOK_LOOPBACK is set (development). The address is checked again when the connection
 * is made (a name that resolves to a private address is refused then too). The body is JSON, signed
 * with HMAC-SHA256 over `${timestamp}.${deliveryId}.${body}` with the rule's secret; the receiver
 * recomputes it, refuses a timestamp far from its clock, and drops a delivery id it has seen.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, buildConnector, request } from 'undici';
import { WEBHOOK_HEADERS } from '../../../contract/bff/alerts.plain';

type Family = 'ipv4' | 'ipv6';

/** A block list of one family (a list that mixes families matches IPv4 against IPv4-mapped IPv6 rules). */
function blockList(family: Family, nets: readonly (readonly [string, number])[]): BlockList {
  const list = new BlockList();
  for (const [net, bits] of nets) list.addSubnet(net, bits, family);
  return list;
}

/** This machine: loopback, per family. */
const LOOPBACK: Record<Family, BlockList> = {
  ipv4: blockList('ipv4', [['127.0.0.0', 8]]),
  ipv6: blockList('ipv6', [['::1', 128]]),
};

/**
 * Addresses that are not the public internet, per family (IANA's special-purpose registries):
 * private, shared (carrier NAT), link-local, documentation, benchmarking, multicast, reserved.
 */
const NOT_PUBLIC: Record<Family, BlockList> = {
  ipv4: blockList('ipv4', [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.88.99.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ]),
  ipv6: blockList('ipv6', [
    ['::', 128],
    ['100::', 64],
    ['2001:db8::', 32],
    ['fc00::', 7],
    ['fe80::', 10],
    ['fec0::', 10],
    ['ff00::', 8],
  ]),
};

/**
 * IPv6 forms that carry an IPv4 address (one that may be private: 169.254.169.254 as
 * [64:ff9b::a9fe:a9fe]): NAT64 (well-known and local-use), 6to4, Teredo, IPv4-compatible,
 * IPv4-mapped and IPv4-translated. Refused whatever the IPv4 address inside: a receiver with an
 * IPv4 address is reached by it.
 */
const EMBEDS_IPV4 = blockList('ipv6', [
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['2001::', 32],
  ['::', 96],
  ['::ffff:0:0', 96],
  ['::ffff:0:0:0', 96],
]);

const familyOf = (ip: string): Family => (isIP(ip) === 6 ? 'ipv6' : 'ipv4');
const isLoopback = (ip: string) => LOOPBACK[familyOf(ip)].check(ip, familyOf(ip));
const isPrivate = (ip: string) => NOT_PUBLIC[familyOf(ip)].check(ip, familyOf(ip));

/** Why an address may not receive webhooks, or null. */
function addressProblem(ip: string, allowLoopback: boolean): string | null {
  if (isLoopback(ip)) return allowLoopback ? null : 'Webhooks may not go to this machine (loopback is allowed in development only).';
  if (isPrivate(ip)) return 'Webhooks go to public addresses only, not to a private or local network.';
  if (familyOf(ip) === 'ipv6' && EMBEDS_IPV4.check(ip, 'ipv6'))
    return 'Webhooks may not go to an IPv6 address that carries an IPv4 address (NAT64, 6to4, Teredo, IPv4-mapped or -compatible); give the IPv4 address or a name.';
  return null;
}

/** Why a URL may not receive webhooks (a sentence for the form), or null. */
export function webhookUrlProblem(raw: string, allowLoopback: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full URL, such as https://hooks.example.com/switchboard.';
  }
  if (url.username || url.password) return 'Put no user name or password in the URL; the requests are signed instead.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopbackName = host === 'localhost' || host.endsWith('.localhost');
  const ip = isIP(host) ? host : null;
  const loopback = loopbackName || (ip !== null && isLoopback(ip));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback && allowLoopback)) return 'Webhook URLs must be https.';
  if (loopback && !allowLoopback) return 'Webhooks may not go to this machine (loopback is allowed in development only).';
  if (ip && !loopback) return addressProblem(ip, allowLoopback);
  return null;
}

/**
 * The signature header's value: `sha256=` and the hex HMAC of `${timestamp}.${deliveryId}.${body}`
 * (the delivery id signed too, so that a receiver may trust it to drop duplicates).
 */
export function signWebhook(secret: string, timestamp: number, deliveryId: number | string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${deliveryId}.${body}`).digest('hex')}`;
}

/** What a receiver does first (documented in docs/alerts.md; used by the tests' receivers). */
export function verifyWebhook(
  secret: string,
  headers: { timestamp?: string; delivery?: string; signature?: string },
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const ts = Number(headers.timestamp);
  if (!Number.isInteger(ts) || Math.abs(nowSeconds - ts) > toleranceSeconds || !headers.signature || !/^\d+$/.test(headers.delivery ?? '')) return false;
  const expected = Buffer.from(signWebhook(secret, ts, headers.delivery!, body));
  const given = Buffer.from(headers.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * What a receiver does next: remember each delivery id it accepted, and drop one it has seen (a
 * replay of a captured request within the timestamp's tolerance, or a retry of a delivery whose
 * answer was lost). Ids are kept `keepSeconds` (a day: longer than any delivery is retried).
 */
export class SeenDeliveries {
  private readonly seen = new Map<string, number>();

  constructor(private readonly keepSeconds = 86_400) {}

  /** True the first time an id is seen (process it), false after (answer 2xx, do nothing). */
  firstTime(deliveryId: string, nowSeconds: number): boolean {
    for (const [id, at] of this.seen) {
      if (at > nowSeconds - this.keepSeconds) break;
      this.seen.delete(id);
    }
    if (this.seen.has(deliveryId)) return false;
    this.seen.set(deliveryId, nowSeconds);
    return true;
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

const refused = (problem: string) => Object.assign(new Error(problem), { code: 'EREFUSEDADDRESS' });

/**
 * A connection pool that checks the address of every connection: an IP literal and each address a
 * name resolves to before it connects, and the address the socket actually reached once connected;
 * a connection to a refused address is closed before anything is sent.
 */
export function webhookAgent(allowLoopback: boolean, timeoutMs: number): Agent {
  const lookup = (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      const bad = list.map((a) => addressProblem(a.address, allowLoopback)).find((p) => p !== null);
      if (bad) return callback(refused(bad), []);
      if ((options as { all?: boolean }).all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
  const base = buildConnector({ lookup, timeout: timeoutMs });
  const connect: buildConnector.connector = (options, callback) => {
    // An IP literal is not resolved: it is checked here, before any packet leaves.
    const literal = options.hostname.replace(/^\[|\]$/g, '');
    const before = isIP(literal) ? addressProblem(literal, allowLoopback) : null;
    if (before) return callback(refused(before), null);
    base(options, (error, socket) => {
      if (error) return callback(error, null);
      const reached = socket!.remoteAddress;
      const problem = reached ? addressProblem(reached, allowLoopback) : 'The receiver’s address could not be checked.';
      if (!problem) return callback(null, socket!);
      socket!.destroy();
      return callback(refused(problem), null);
    });
  };
  return new Agent({ connect, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, connections: 4 });
}

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  ms: number;
}

/** One POST; never throws. Redirects are not followed (a 3xx is a failure). */
export async function postWebhook(
  agent: Agent,
  input: { url: string; secret: string; body: string; deliveryId: number; event: string; timeoutMs: number; nowSeconds?: number },
): Promise<AttemptResult> {
  const started = Date.now();
  const timestamp = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  try {
    const res = await request(input.url, {
      method: 'POST',
      dispatcher: agent,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Switchboard-Alerts/1',
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signWebhook(input.secret, timestamp, input.deliveryId, input.body),
        [WEBHOOK_HEADERS.delivery]: String(input.deliveryId),
        [WEBHOOK_HEADERS.event]: input.event,
      },
      body: input.body,
      signal: AbortSignal.timeout(input.timeoutMs),
    });
    await res.body.dump().catch(() => undefined);
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    return { ok, status: res.statusCode, error: ok ? null : `The receiver answered ${res.statusCode}.`, ms: Date.now() - started };
  } catch (error) {
    return { ok: false, status: null, error: describe(error), ms: Date.now() - started };
  }
}

function describe(error: unknown): string {
  const e = error as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code;
  if (code === 'EREFUSEDADDRESS') return e.message ?? e.cause?.message ?? 'The address was refused.';
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT')
    return 'The receiver did not answer in time.';
  if (code === 'ECONNREFUSED') return 'The receiver refused the connection.';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The receiver’s host name could not be resolved.';
  if (code && /CERT|TLS|SSL/.test(code)) return 'The receiver’s TLS certificate was not accepted.';
  return 'The connection to the receiver failed.';
}

/** Wait before attempt n+1 (n ≥ 1): base doubling, up to an hour, with up to 25 % jitter. */
export function backoffMs(base: number, attempt: number, random = Math.random): number {
  const plain = Math.min(base * 2 ** (attempt - 1), 3_600_000);
  return Math.round(plain * (1 + 0.25 * random()));
}
