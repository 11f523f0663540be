/**
 * Webhooks to public addresses, with real sockets and loopback not allowed (as in production): the
 * receivers listen on this machine, at public-looking addresses given to the loopback device of a
 * network namespace of the test's own (`unshare`, as an unprivileged user: nothing of the machine's
 * own network is touched). See server/testing/public-receivers.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ADDRESSES = { public4: '8.8.8.8', public6: '2001:4860:4860::8888', private4: '10.0.0.5' };
const HOSTS = `127.0.0.1 localhost
::1 localhost
${ADDRESSES.public4} hooks.public.test
${ADDRESSES.public6} hooks6.public.test
${ADDRESSES.private4} hooks.private.test
`;

interface Outcome {
  url: string;
  problem: string | null;
  ok: boolean | null;
  error: string | null;
}

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sb-public-hooks-'));
  const san =
    'DNS:hooks.public.test,DNS:hooks6.public.test,DNS:hooks.private.test,' +
    Object.values(ADDRESSES)
      .map((a) => `IP:${a}`)
      .join(',');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-subj', '/CN=hooks.public.test', '-addext', `subjectAltName=${san}`,
  ], { stdio: 'ignore' }); // prettier-ignore
  writeFileSync(join(dir, 'hosts'), HOSTS);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the cases in a network namespace whose loopback carries the addresses above. */
function deliver(cases: { url: string; direct?: boolean }[]): { outcomes: Outcome[]; reached: { url: string; at: string }[]; connections: string[] } {
  const setup = [
    'ip link set lo up',
    `ip addr add ${ADDRESSES.public4}/32 dev lo`,
    `ip addr add ${ADDRESSES.private4}/32 dev lo`,
    `ip -6 addr add ${ADDRESSES.public6}/128 dev lo`,
    `mount --bind ${join(dir, 'hosts')} /etc/hosts`,
    'exec "$@"',
  ].join(' && ');
  const out = execFileSync(
    'unshare',
    [
      '--map-root-user',
      '--net',
      '--mount',
      'sh',
      '-c',
      setup,
      'sh',
      'node_modules/.bin/tsx',
      'server/testing/public-receivers.ts',
      join(dir, 'cert.pem'),
      join(dir, 'key.pem'),
      JSON.stringify(cases),
    ],
    { env: { ...process.env, NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem') }, encoding: 'utf8', timeout: 60_000 },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

describe('webhooks to public addresses (real sockets, loopback not allowed)', { timeout: 90_000 }, () => {
  it('deliver to a public IPv4 or IPv6 receiver, by address or by name, and refuse a name that resolves to a private address', () => {
    const { outcomes, reached } = deliver([
      { url: `https://${ADDRESSES.public4}:PORT/by-ipv4` },
      { url: 'https://hooks.public.test:PORT/by-name-ipv4' },
      { url: `https://[${ADDRESSES.public6}]:PORT/by-ipv6` },
      { url: 'https://hooks6.public.test:PORT/by-name-ipv6' },
      { url: 'https://hooks.private.test:PORT/by-private-name' },
    ]);
    expect(outcomes.map((o) => [o.url, o.problem, o.ok])).toEqual([
      [`https://${ADDRESSES.public4}:PORT/by-ipv4`, null, true],
      ['https://hooks.public.test:PORT/by-name-ipv4', null, true],
      [`https://[${ADDRESSES.public6}]:PORT/by-ipv6`, null, true],
      ['https://hooks6.public.test:PORT/by-name-ipv6', null, true],
      ['https://hooks.private.test:PORT/by-private-name', null, false],
    ]);
    expect(outcomes[4]!.error).toBe('Webhooks go to public addresses only, not to a private or local network.');
    // Each request reached the address it was meant for; none reached the private one.
    expect(reached).toEqual([
      { url: '/by-ipv4', at: ADDRESSES.public4 },
      { url: '/by-name-ipv4', at: ADDRESSES.public4 },
      { url: '/by-ipv6', at: ADDRESSES.public6 },
      { url: '/by-name-ipv6', at: ADDRESSES.public6 },
    ]);
  });

  it('refuse every connection to a private address at connect time, an IP literal too, even one stored before the policy changed', () => {
    const { outcomes, reached, connections } = deliver([
      // Refused when the rule is saved: IPv6 forms that carry an IPv4 address.
      { url: 'https://[64:ff9b::a9fe:a9fe]:PORT/nat64' },
      { url: 'https://[2002:a9fe:a9fe::]:PORT/6to4' },
      { url: 'https://[::169.254.169.254]:PORT/compatible' },
      { url: 'https://[::ffff:0:a9fe:a9fe]:PORT/translated' },
      // URLs that were stored when a rule was saved under an older policy: checked again at connect.
      { url: `https://${ADDRESSES.private4}:PORT/direct-private`, direct: true },
      { url: `https://[::ffff:${ADDRESSES.private4}]:PORT/direct-mapped`, direct: true },
      { url: `https://${ADDRESSES.public4}:PORT/still-public`, direct: true },
    ]);
    const embeds =
      'Webhooks may not go to an IPv6 address that carries an IPv4 address (NAT64, 6to4, Teredo, IPv4-mapped or -compatible); give the IPv4 address or a name.';
    expect(outcomes.slice(0, 4).map((o) => o.problem)).toEqual([embeds, embeds, embeds, embeds]);
    expect(outcomes.slice(4).map((o) => [o.ok, o.error])).toEqual([
      [false, 'Webhooks go to public addresses only, not to a private or local network.'],
      [false, embeds],
      [true, null],
    ]);
    // Refused before connecting: no TCP connection ever reached the private address.
    expect(reached).toEqual([{ url: '/still-public', at: ADDRESSES.public4 }]);
    expect(connections).toEqual([ADDRESSES.public4]);
  });
});
