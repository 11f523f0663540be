import { describe, expect, it } from 'vitest';
import { backoffMs, SeenDeliveries, signWebhook, verifyWebhook, webhookUrlProblem } from './webhook';

describe('webhook URLs', () => {
  it.each([
    ['https://hooks.example.com/x', false, null],
    // Public addresses of either family (an IPv4 address was once judged by the IPv4-mapped IPv6 rule).
    ['https://8.8.8.8/hook', false, null],
    ['https://1.1.1.1:8443/hook', true, null],
    ['https://[2001:4860:4860::8888]/hook', false, null],
    ['https://198.51.100.7/x', false, 'Webhooks go to public addresses only, not to a private or local network.'],
    // IPv6 forms that carry an IPv4 address, whatever the address inside.
    [
      'https://[64:ff9b::a9fe:a9fe]/latest',
      false,
      'Webhooks may not go to an IPv6 address that carries an IPv4 address (NAT64, 6to4, Teredo, IPv4-mapped or -compatible); give the IPv4 address or a name.',
    ],
    [
      'https://[64:ff9b:1::a9fe:a9fe]/latest',
      false,
      'Webhooks may not go to an IPv6 address that carries an IPv4 address (NAT64, 6to4, Teredo, IPv4-mapped or -compatible); give the IPv4 address or a name.',
    ],
    [
      'https://[2002:a9fe:a9fe::]/latest',
      false,
      'Webhooks may not go to an IPv6 address that carries an IPv4 address (NAT64, 6to4, Teredo, IPv4-mapped or -compatible); give the IPv4 address or a name.',
    ],
    [
      'https://[2001:0:a9fe:a9fe::1]/latest',
      false,
      'Webhooks may not go to an IPv6 address that carries an IPv4 address (NAT64, 6to4, Teredo, IPv4-mapped or -compatible); give the IPv4 address or a name.',
    ],
    [
      'https://[::169.254.169.254]/latest',
      false,
      'Webhooks may not go to an IPv6 address that carries an IPv4 address (NAT64, 6to4, Teredo, IPv4-mapped or -compatible); give the IPv4 address or a name.',
    ],
    [
      'https://[::ffff:0:a9fe:a9fe]/latest',
      false,
      'Webhooks may not go to an IPv6 address that carries an IPv4 address (NAT64, 6to4, Teredo, IPv4-mapped or -compatible); give the IPv4 address or a name.',
    ],
    [
      'https://[::ffff:169.254.169.254]/latest',
      false,
      'Webhooks may not go to an IPv6 address that carries an IPv4 address (NAT64, 6to4, Teredo, IPv4-mapped or -compatible); give the IPv4 address or a name.',
    ],
    [
      'https://[::ffff:127.0.0.1]/x',
      true,
      'Webhooks may not go to an IPv6 address that carries an IPv4 address (NAT64, 6to4, Teredo, IPv4-mapped or -compatible); give the IPv4 address or a name.',
    ],
    [
      'https://[64:ff9b::808:808]/x',
      false,
      'Webhooks may not go to an IPv6 address that carries an IPv4 address (NAT64, 6to4, Teredo, IPv4-mapped or -compatible); give the IPv4 address or a name.',
    ],
    ['http://hooks.example.com/x', false, 'Webhook URLs must be https.'],
    ['http://127.0.0.1:9000/x', false, 'Webhook URLs must be https.'],
    ['https://127.0.0.1/x', false, 'Webhooks may not go to this machine (loopback is allowed in development only).'],
    ['https://localhost/x', false, 'Webhooks may not go to this machine (loopback is allowed in development only).'],
    ['https://[::1]/x', false, 'Webhooks may not go to this machine (loopback is allowed in development only).'],
    ['http://127.0.0.1:9000/x', true, null],
    ['http://localhost:9000/x', true, null],
    ['https://[::1]/x', true, null],
    ['http://hooks.example.com/x', true, 'Webhook URLs must be https.'],
    ['https://10.0.0.8/x', true, 'Webhooks go to public addresses only, not to a private or local network.'],
    ['https://192.168.1.1/x', false, 'Webhooks go to public addresses only, not to a private or local network.'],
    ['https://169.254.169.254/latest', false, 'Webhooks go to public addresses only, not to a private or local network.'],
    ['https://[fd00::1]/x', false, 'Webhooks go to public addresses only, not to a private or local network.'],
    ['https://user:pw@hooks.example.com/x', false, 'Put no user name or password in the URL; the requests are signed instead.'],
    ['hooks.example.com', false, 'Enter a full URL, such as https://hooks.example.com/switchboard.'],
  ])('%s (loopback allowed: %s) → %s', (url, loopback, problem) => {
    expect(webhookUrlProblem(url, loopback)).toBe(problem);
  });
});

describe('signatures', () => {
  it('signs the timestamp, the delivery id and the body, and a receiver refuses any change or an old timestamp', () => {
    const body = '{"event":"opened"}';
    const sig = signWebhook('s3cret-s3cret-s3cret', 1_700_000_000, 42, body);
    expect(sig).toMatch(/^sha256=[0-9a-f]{64}$/);
    const headers = { timestamp: '1700000000', delivery: '42', signature: sig };
    expect(verifyWebhook('s3cret-s3cret-s3cret', headers, body, 1_700_000_010)).toBe(true);
    expect(verifyWebhook('s3cret-s3cret-s3cret', headers, `${body} `, 1_700_000_010)).toBe(false);
    expect(verifyWebhook('s3cret-s3cret-s3cret', { ...headers, timestamp: '1700000001' }, body, 1_700_000_010)).toBe(false);
    expect(verifyWebhook('s3cret-s3cret-s3cret', headers, body, 1_700_001_000)).toBe(false);
    // The delivery id is signed: another id (to slip a replay past the receiver's log) or none is refused.
    expect(verifyWebhook('s3cret-s3cret-s3cret', { ...headers, delivery: '43' }, body, 1_700_000_010)).toBe(false);
    expect(verifyWebhook('s3cret-s3cret-s3cret', { ...headers, delivery: undefined }, body, 1_700_000_010)).toBe(false);
  });

  it('lets a receiver drop a replay within the tolerance, and a retried duplicate, by the delivery id', () => {
    const seen = new SeenDeliveries();
    const body = '{"event":"opened"}';
    const at = (ts: number) => ({ timestamp: String(ts), delivery: '42', signature: signWebhook('s3cret-s3cret-s3cret', ts, 42, body) });
    const receive = (headers: ReturnType<typeof at>, now: number) =>
      !verifyWebhook('s3cret-s3cret-s3cret', headers, body, now) ? 'refused' : seen.firstTime(headers.delivery, now) ? 'processed' : 'duplicate';
    const original = at(1_700_000_000);
    expect(receive(original, 1_700_000_001)).toBe('processed');
    // The same request replayed 4 minutes later: signed and in time, but a duplicate.
    expect(receive(original, 1_700_000_240)).toBe('duplicate');
    // A retry of the same delivery (a new timestamp) an hour later: a duplicate too.
    expect(receive(at(1_700_003_600), 1_700_003_601)).toBe('duplicate');
    // After a day the id is forgotten, but a replay that old is refused by its timestamp.
    expect(receive(original, 1_700_090_000)).toBe('refused');
  });
});

describe('back-off', () => {
  it('doubles from the base, with at most 25 % jitter, up to an hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(1000, n, () => 0))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffMs(1000, 1, () => 1)).toBe(1250);
    expect(backoffMs(1000, 30, () => 0)).toBe(3_600_000);
  });
});
