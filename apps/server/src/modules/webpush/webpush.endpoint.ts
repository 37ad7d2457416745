/**
 * Which push endpoints the server may POST to (issue 14 defect 4; docs/decisions/0028).
 *
 * A browser's push service (FCM, Mozilla autopush, Apple, WNS) is an https URL on the default port
 * under a public DNS name. Anything else would let a guest make the server send requests into its
 * own network (SSRF): loopback, the cloud metadata service, private, link-local or unique-local
 * addresses. Two checks:
 *
 * - `isSendableEndpoint` (subscribe, resubscribe and again before every send) judges the URL. The
 *   host is the WHATWG URL parser's (which maps case and IDN to lower-case punycode and reads IPv4
 *   in decimal, hex and octal forms, `0x7f.1` and `2130706433` alike, as `127.0.0.1`) without its
 *   trailing dots (`localhost.` is `localhost` to DNS). IP literals are refused whatever the
 *   address (push services are named), and so are single labels and the special-use and internal
 *   names (`localhost`, `*.localhost`, `*.internal`, `*.local`, `*.arpa`, ...).
 * - `guardedLookup` (every connection of the sender) judges the addresses a name resolves to at send
 *   time, so a public name pointing at 127.0.0.1 or 169.254.169.254 (or re-pointed there after the
 *   subscribe) is never connected to: only globally routable unicast addresses pass
 *   (`isPublicAddress`; IPv4-mapped and IPv4-embedding IPv6 are judged by their IPv4 address).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Zones that never hold a public push service: the special-use names of RFC 6761, RFC 6762,
 * RFC 8375 and RFC 9476, reverse DNS, and the usual private and cloud-internal zones
 * (`metadata.google.internal`, `instance-data.ec2.internal`, `*.svc.cluster.local`).
 */
const LOCAL_SUFFIXES = [
  'localhost',
  'localdomain',
  'local',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'arpa',
  'test',
  'example',
  'invalid',
  'onion',
  'alt',
].map((name) => `.${name}`);

/**
 * Cloud metadata services by name (single labels such as `metadata` and `instance-data` are refused
 * anyway; the metadata addresses themselves are link-local or CGNAT, which `guardedLookup` refuses).
 */
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.tencentyun.com']);

/**
 * The host of a URL as DNS and the network see it: lower case, punycode, IPv4 dotted-decimal, IPv6
 * without brackets, no trailing dots. Empty when nothing is left.
 */
function normalizedHost(url: URL): string {
  let host = url.hostname.toLowerCase().replace(/\.+$/, '');
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return host;
}

/** Whether a DNS name (normalised) is a local, internal or special-use name. */
function isLocalName(host: string): boolean {
  if (!host.includes('.')) return true;
  if (METADATA_HOSTS.has(host)) return true;
  return LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

function isPublicIpv4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast';
}

/** The IPv4 address carried inside a NAT64 (64:ff9b::/96, RFC 6052) or 6to4 (2002::/16) address. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const range = address.range();
  if (range === 'rfc6052' && parts[0] === 0x64 && parts[1] === 0xff9b) {
    return ipaddr.fromByteArray(address.toByteArray().slice(12)) as ipaddr.IPv4;
  }
  if (range === '6to4') return ipaddr.fromByteArray(address.toByteArray().slice(2, 6)) as ipaddr.IPv4;
  return null;
}

/**
 * Whether an IP address is globally routable unicast: not unspecified, loopback, private, CGNAT,
 * link-local, unique-local, multicast, broadcast, documentation, benchmarking or otherwise reserved.
 * IPv4-mapped (`::ffff:127.0.0.1`, `::ffff:7f00:1`) and IPv4-compatible (`::7f00:1`) IPv6 addresses
 * are judged as the IPv4 address they carry, NAT64 and 6to4 addresses by their embedded IPv4
 * address; Teredo, SIIT (`::ffff:0:0:0/96`) and ORCHID are refused. Anything unparsable is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // A zone index (fe80::1%eth0) only exists on link-local addresses.
  if (bare.includes('%') || !ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return isPublicIpv4(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  // ::/96, IPv4-compatible addresses (deprecated, RFC 4291 2.5.5.1): ipaddr.js calls them unicast.
  if (v6.parts.slice(0, 6).every((part) => part === 0)) {
    return isPublicIpv4(ipaddr.fromByteArray(v6.toByteArray().slice(12)) as ipaddr.IPv4);
  }
  const embedded = embeddedIpv4(v6);
  if (embedded) return isPublicIpv4(embedded);
  return v6.range() === 'unicast';
}

/**
 * Whether the server may POST to `endpoint`: https on the default port, no credentials in the URL,
 * a public DNS name (see the file comment). `allowLocal` (WEB_PUSH_ALLOW_LOCAL_ENDPOINTS: a local
 * push service in development and tests; refused in production by the configuration) accepts any
 * http(s) URL without credentials.
 */
export function isSendableEndpoint(endpoint: string, allowLocal: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowLocal) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = normalizedHost(url);
  if (host === '') return false;
  // IP literals: the parser has already turned every IPv4 spelling into dotted decimal.
  if (isIP(host) !== 0) return false;
  return !isLocalName(host);
}

/** The error of a connection refused because the name resolved to a non-public address. */
export class PrivateAddressError extends Error {
  readonly code = 'WEB_PUSH_ADDRESS_NOT_ALLOWED';
  constructor(hostname: string) {
    super(`${hostname} resolves to an address that is not public`);
    this.name = 'PrivateAddressError';
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** The shape of `dns.lookup` that `net.connect({ lookup })` calls. */
export type LookupFunction = (hostname: string, options: LookupOptions, callback: LookupCallback) => void;

/**
 * A `lookup` for `http(s).request` that resolves with `base` (dns.lookup) and fails the connection
 * with PrivateAddressError when any address the name resolves to is not public. Node asks for one
 * address or (with autoSelectFamily, the default) for all of them; both are answered.
 */
export function guardedLookup(base: LookupFunction = dnsLookup as unknown as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    base(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, options.all ? [] : '');
      const list = Array.isArray(addresses) ? addresses : [{ address: addresses, family: isIP(addresses) }];
      if (list.length === 0 || list.some((entry) => !isPublicAddress(entry.address))) {
        return callback(new PrivateAddressError(hostname), options.all ? [] : '');
      }
      if (options.all) return callback(null, list);
      const first = list[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}
