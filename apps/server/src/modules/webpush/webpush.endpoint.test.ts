/**
 * The push endpoint guard (issue 14 defect 4): every spelling of a local or internal host is
 * refused, the push services of the browsers are accepted, and a public name that resolves to a
 * private address is never connected to at send time.
 */
import type { LookupAddress } from 'node:dns';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import {
  guardedLookup,
  isPublicAddress,
  isSendableEndpoint,
  type LookupFunction,
  PrivateAddressError,
} from './webpush.endpoint.ts';
import { createPushSender } from './webpush.sender.ts';

describe('push endpoints the server sends to', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dXa:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://wns2-db5p.notify.windows.com/w/?token=BQYAAA',
    'https://db5p.notify.windows.com/w/?token=x',
    'https://jmt17.google.com/fcm/send/x',
    'https://FCM.googleapis.com/fcm/send/x',
  ])('a browser push service is accepted: %s', (endpoint) => {
    expect(isSendableEndpoint(endpoint, false)).toBe(true);
  });

  it.each([
    // Trailing dots: the same host to DNS (the bypass of the security review).
    'https://localhost./x',
    'https://localhost../x',
    'https://metadata.google.internal./x',
    'https://printer.local./x',
    'https://api.localhost./x',
    'https://redis./x',
    // Case, IDN and percent-encoding of the name.
    'https://LOCALHOST/x',
    'https://LocalHost./x',
    'https://ｌｏｃａｌｈｏｓｔ/x',
    'https://localhost。/x',
    'https://%6c%6f%63%61%6c%68%6f%73%74/x',
    'https://METADATA.GOOGLE.INTERNAL/computeMetadata/v1/',
    'https://instance-data.ec2.internal/latest/meta-data/',
    'https://kubernetes.default.svc.cluster.local/x',
    'https://1.0.0.127.in-addr.arpa/x',
    'https://router.home.arpa/x',
    'https://push.test/x',
    'https://metadata/x',
    'https://instance-data/x',
    // IPv4 in every spelling the URL parser accepts.
    'https://127.0.0.1/x',
    'https://127.0.0.1./x',
    'https://127.1/x',
    'https://2130706433/x',
    'https://2130706433./x',
    'https://0x7f000001/x',
    'https://0x7f.1/x',
    'https://0177.0.0.1/x',
    'https://169.254.169.254/latest/meta-data/',
    'https://0xa9.0xfe.0xa9.0xfe/x',
    'https://10.0.0.1/x',
    'https://100.100.100.200/x',
    'https://0.0.0.0/x',
    'https://8.8.8.8/x',
    // IPv6 literals, IPv4-mapped ones included.
    'https://[::1]/x',
    'https://[::]/x',
    'https://[0:0:0:0:0:0:0:1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[::ffff:7f00:1]/x',
    'https://[::ffff:a9fe:a9fe]/x',
    'https://[fe80::1]/x',
    'https://[fd00::1]/x',
    'https://[fd00:ec2::254]/x',
    'https://[64:ff9b::7f00:1]/x',
    'https://[2002:7f00:1::]/x',
    'https://[2606:4700:4700::1111]/x',
    // Scheme, port and credentials.
    'http://fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com:8443/x',
    'https://user:pw@fcm.googleapis.com/x',
    'ftp://fcm.googleapis.com/x',
    'not a url',
    'https://./x',
  ])('refused: %s', (endpoint) => {
    expect(isSendableEndpoint(endpoint, false)).toBe(false);
  });

  it('a local push service is accepted only when local endpoints are allowed', () => {
    expect(isSendableEndpoint('http://127.0.0.1:8080/x', true)).toBe(true);
    expect(isSendableEndpoint('https://localhost./x', true)).toBe(true);
    expect(isSendableEndpoint('ftp://127.0.0.1/x', true)).toBe(false);
    expect(isSendableEndpoint('http://user:pw@127.0.0.1/x', true)).toBe(false);
  });
});

describe('addresses the sender connects to', () => {
  it.each([
    '8.8.8.8',
    '142.250.185.74',
    '2a00:1450:4001:82b::200a',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    // NAT64 and 6to4 carrying a public IPv4 address.
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('public: %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '100.64.0.1',
    '100.100.100.200',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '198.18.0.1',
    '240.0.0.1',
    '::',
    '::1',
    '[::1]',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    'fec0::1',
    '2001:db8::1',
    '2001::1',
    '100::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '::7f00:1',
    '::127.0.0.1',
    '::ffff:0:7f00:1',
    '64:ff9b::7f00:1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    '2002:0a00:0001::1',
    'localhost',
    '',
  ])('not public: %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

/** A resolver that answers from a table (no DNS in tests). */
function fakeDns(table: Record<string, string[]>): LookupFunction {
  return (hostname, options, callback) => {
    const addresses = table[hostname];
    if (!addresses) {
      const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      callback(error, options.all ? [] : '');
      return;
    }
    const list: LookupAddress[] = addresses.map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
    if (options.all) callback(null, list);
    else callback(null, list[0]?.address ?? '', list[0]?.family);
  };
}

function lookupOnce(lookup: LookupFunction, hostname: string, all: boolean) {
  return new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>((resolve) =>
    lookup(hostname, { all }, (error, address, family) => resolve({ error, address, family })),
  );
}

describe('name resolution at send time', () => {
  const dns = fakeDns({
    'fcm.googleapis.com': ['142.250.185.74', '2a00:1450:4001:82b::200a'],
    'rebind.example.com': ['142.250.185.74', '127.0.0.1'],
    'metadata.attacker.example': ['169.254.169.254'],
    'mapped.attacker.example': ['::ffff:7f00:1'],
  });
  const guarded = guardedLookup(dns);

  it('a public name passes with its addresses, one or all', async () => {
    const all = await lookupOnce(guarded, 'fcm.googleapis.com', true);
    expect(all.error).toBeNull();
    expect(all.address).toEqual([
      { address: '142.250.185.74', family: 4 },
      { address: '2a00:1450:4001:82b::200a', family: 6 },
    ]);
    const one = await lookupOnce(guarded, 'fcm.googleapis.com', false);
    expect(one).toEqual({ error: null, address: '142.250.185.74', family: 4 });
  });

  it.each(['rebind.example.com', 'metadata.attacker.example', 'mapped.attacker.example'])(
    'a name with a non-public address is refused: %s',
    async (hostname) => {
      for (const all of [true, false]) {
        const answer = await lookupOnce(guarded, hostname, all);
        expect(answer.error).toBeInstanceOf(PrivateAddressError);
        expect((answer.error as PrivateAddressError).code).toBe('WEB_PUSH_ADDRESS_NOT_ALLOWED');
      }
    },
  );

  it('a resolver error is passed on', async () => {
    const answer = await lookupOnce(guarded, 'nxdomain.example.com', true);
    expect((answer.error as NodeJS.ErrnoException).code).toBe('ENOTFOUND');
  });
});

describe('the sender', () => {
  const received: string[] = [];
  const server = createServer((request, response) => {
    received.push(`${request.method} ${request.url}`);
    request.resume();
    request.on('end', () => response.writeHead(201).end());
  });
  let port = 0;
  const keys = webPush.generateVAPIDKeys();
  const browserKey = (() => {
    const { publicKey } = webPush.generateVAPIDKeys();
    return { p256dh: publicKey, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };
  })();
  // A public-looking name that the (fake) DNS points at this machine.
  const dns = fakeDns({ 'push.attacker.example': ['127.0.0.1'] });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('never connects to a name that resolves to a loopback address', async () => {
    const sender = createPushSender({ keys, subject: 'mailto:ops@example.com', lookup: dns });
    await expect(
      sender.send({ endpoint: `http://push.attacker.example:${port}/push/x`, keys: browserKey }, '{}'),
    ).rejects.toBeInstanceOf(PrivateAddressError);
    expect(received).toEqual([]);
  });

  it('with private addresses allowed (a local push service) the same name is delivered to', async () => {
    const sender = createPushSender({
      keys,
      subject: 'mailto:ops@example.com',
      lookup: dns,
      allowPrivateAddresses: true,
    });
    const answer = await sender.send(
      { endpoint: `http://push.attacker.example:${port}/push/y`, keys: browserKey },
      '{}',
    );
    expect(answer).toEqual({ statusCode: 201 });
    expect(received).toEqual(['POST /push/y']);
  });
});
