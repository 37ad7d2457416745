/**
 * Protection of the internal (operator) API under /rest/v1/internal/ (spec 6/7 "internal
 * endpoints"): the caller's address must be in INTERNAL_ALLOWED_IPS (IPs or CIDRs) AND the header
 * `X-Internal-Token` must equal INTERNAL_API_TOKEN. Without the header: 401 INTERNAL_TOKEN_MISSING;
 * a wrong token or an address outside the list: 403 FORBIDDEN. The token is compared in constant
 * time (over SHA-256 digests, so not even its length leaks). `request.ip` honours TRUST_PROXY.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** An allow-list of IPs and CIDRs (IPv4 and IPv6; IPv4-mapped IPv6 addresses count as IPv4). */
export function createAllowList(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address);
    if (family === 0) throw new Error(`Not an IP address or CIDR: ${entry}`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (ip) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    const address = mapped ?? ip;
    const family = isIP(address);
    if (family === 0) return false;
    return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}

export interface InternalAuthOptions {
  token: string;
  allowedIps: readonly string[];
}

/** An `onRequest` hook: throws AppError unless the caller may use the internal API. */
export function createInternalAuth(options: InternalAuthOptions) {
  const expected = digest(options.token);
  const allowed = createAllowList(options.allowedIps);
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers[INTERNAL_TOKEN_HEADER];
    if (header === undefined || header === '')
      throw new AppError('INTERNAL_TOKEN_MISSING', 'The X-Internal-Token header is required', 401);
    const given = Array.isArray(header) ? '' : header;
    // Both checks always run: the answer does not tell which one failed.
    const tokenOk = timingSafeEqual(digest(given), expected);
    const ipOk = allowed(request.ip);
    if (!tokenOk || !ipOk) {
      request.log.warn({ ip: request.ip, tokenOk, ipOk }, 'internal api call refused');
      throw new AppError('FORBIDDEN', 'Not allowed to use the internal API', 403);
    }
  };
}
