/**
 * Micro-cache of rendered pages: one render for everyone (decision 0033).
 *
 * A page rendered without a viewer is reused for the same URL and the same cookie choice for a few
 * seconds (PAGE_CACHE_TTL_MS): under load, one render serves everyone asking in that window, and
 * concurrent misses share a single render. Only plain requests qualify: GET, no Authorization header,
 * no access token in the query, and no cookie but the consent cookie (whose value is part of the key,
 * since it decides whether the banner renders), the cookies only the page's scripts read, and, on a
 * shared page (`sharedPage`), the session cookie. The session cookie's presence, never its value, is
 * part of the key: such a page is rendered without the viewer and with the account area as a neutral
 * placeholder that the browser fills from `guest/me`. Only complete 200 HTML responses without
 * Set-Cookie are kept.
 *
 * The CSP nonce is per response: the page is stored with the nonce it was rendered with, and every
 * response gets that nonce replaced by its own request's fresh nonce (which the CSP header carries).
 *
 * A stored page also keeps a gzip copy made once (`gzipWithNonce`): its parts between the nonces are
 * compressed as one raw deflate stream cut at each nonce (each part's bytes end on a byte boundary; see
 * `deflateParts`), and a response joins them with its nonce as an uncompressed (stored) deflate block
 * and the gzip trailer of its own bytes. Each part may refer back to the page before it, in which every
 * nonce is NUL bytes (HTML never holds one, so no reference reaches a nonce); a response nonce of the
 * render nonce's length keeps those distances right. Compressing the whole body again for every response (brotli or gzip
 * through @fastify/compress, as the nonce changes each time) cost about ten times the rest of a
 * cached answer of the 145 KB videos overview.
 */
import zlib from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { countryOf } from '../infra/country.ts';
import { SESSION_COOKIE } from '../modules/guests/auth.ts';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The CSP nonce the body was rendered with. */
  nonce: string;
}

/** A stored page: its body cut at every occurrence of the render nonce, so a response only joins. */
interface StoredPage extends CachedPage {
  parts: Buffer[];
  /** The parts compressed once (see `gzipWithNonce`); undefined until that is done. */
  deflatedParts?: Buffer[];
  /** The nonce length in bytes a gzip answer needs (the parts refer back across the nonces). */
  deflatedNonceBytes?: number;
  storedAt: number;
}

/**
 * Renders a page for the cache. `background`: a stale page was already answered and this render only
 * replaces it, so a response that is not cacheable is dropped (and a failure logged) by the caller.
 */
export type PageRender = (background: boolean) => Promise<CachedPage | null>;

/** Cookies that may be present on a cacheable request (their values are part of the key). */
const KEY_COOKIES = ['vela_consent'];
/**
 * Cookies only the page's scripts read (the es-avs modal's forced-AVS flag, the VIP club's status
 * bar): no render depends on them, so they neither prevent caching nor split the key.
 */
const SCRIPT_COOKIES = ['vela_forced_avs', 'vela_status_bar'];
/** The key's mark of a request that carries a session cookie (a shared page with the account placeholder). */
const SESSION_MARK = '\nsession';

const MAX_CACHED_BYTES = 64 * 1024 * 1024;

export class PageCache {
  private readonly pages: LRUCache<string, StoredPage>;
  private readonly rendering = new Map<string, Promise<CachedPage | null>>();

  /**
   * `varyHeader`: the edge's country header (spec 6 banned countries). The caller's country as the
   * pages read it (countryOf: a malformed or repeated value is unknown) is part of the key, so a page
   * rendered for one country, without the performers blocked there, is only served to that country.
   */
  /**
   * `sharedPage`: whether the page of a path is the same for every guest (rendered without the
   * viewer, decision 0033); a request with a session cookie is cached only for such a page.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly varyHeader?: string,
    private readonly sharedPage: (pathname: string) => boolean = () => false,
  ) {
    this.pages = new LRUCache<string, StoredPage>({
      // Kept twice the TTL: the second half only while its replacement renders (see get).
      ttl: ttlMs * 2,
      ttlResolution: 0,
      maxSize: MAX_CACHED_BYTES,
      // The gzip copy (about a fifth of the body) is counted with the body.
      sizeCalculation: (page) => Math.ceil(page.body.length * 1.25) + 256,
    });
  }

  /** The cache key of a request, or null when its page must be rendered for it alone. */
  keyFor(request: FastifyRequest): string | null {
    if (request.method !== 'GET' || request.headers.authorization) return null;
    const url = new URL(request.url, 'http://page');
    if (url.searchParams.has('accessToken') || url.searchParams.has('token')) return null;
    const cookies = parseCookieHeader(request.headers.cookie);
    const keyed: string[] = [];
    let session = false;
    for (const [name, value] of cookies) {
      if (KEY_COOKIES.includes(name)) keyed.push(`${name}=${value}`);
      else if (name === SESSION_COOKIE && this.sharedPage(url.pathname)) session = true;
      else if (!SCRIPT_COOKIES.includes(name)) return null;
    }
    const vary = this.varyHeader ? (countryOf(request.headers, this.varyHeader) ?? '') : '';
    return `${request.url}\n${keyed.sort().join(';')}${session ? SESSION_MARK : ''}${vary ? `\n${vary}` : ''}`;
  }

  /**
   * The cached page for the key, or the result of `render` (shared by concurrent callers), stored when
   * it is cacheable. `render` resolves to null when its response was sent directly (not cacheable).
   * A page older than the TTL is still answered, at most once more the TTL, while ONE render replaces
   * it in the background: no request waits for the render of a page the cache knows (a slow render,
   * like the videos overview's seven listings, would otherwise hold every request of that moment).
   */
  async get(key: string, render: PageRender): Promise<CachedPage | null> {
    const hit = this.pages.get(key);
    if (hit) {
      if (Date.now() - hit.storedAt >= this.ttlMs && !this.rendering.has(key))
        void this.renderInto(key, render, true);
      return hit;
    }
    return this.rendering.get(key) ?? this.renderInto(key, render, false);
  }

  private renderInto(key: string, render: PageRender, background: boolean): Promise<CachedPage | null> {
    const pending = render(background)
      .then(async (page) => {
        if (!page) return page;
        const stored: StoredPage = { ...page, parts: splitAt(page.body, page.nonce), storedAt: 0 };
        // The gzip copy is made in the thread pool. A first render is answered and kept at once (its
        // answers are compressed as usual until the copy is there); a replacement is kept once its copy
        // is made, while the page it replaces (and its copy) is still answered.
        const nonceBytes = Buffer.byteLength(stored.nonce);
        const copied = deflateParts(stored.parts, nonceBytes).then(
          (deflated) => {
            stored.deflatedNonceBytes = nonceBytes;
            stored.deflatedParts = deflated;
          },
          () => undefined,
        );
        if (background) await copied;
        stored.storedAt = Date.now();
        this.pages.set(key, stored);
        return stored;
      })
      .finally(() => this.rendering.delete(key));
    this.rendering.set(key, pending);
    return pending;
  }
}

/** A response worth keeping: complete 200 HTML that sets no cookie. */
export function isCacheableResponse(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get('content-type') ?? '').startsWith('text/html') &&
    response.headers.getSetCookie().length === 0
  );
}

/** The body with the render's nonce replaced by the responding request's nonce. */
export function bodyWithNonce(page: CachedPage, nonce: string): Buffer {
  if (page.nonce === nonce) return page.body;
  const parts = 'parts' in page ? (page as StoredPage).parts : splitAt(page.body, page.nonce);
  const glue = Buffer.from(nonce, 'utf8');
  const pieces: Buffer[] = [];
  parts.forEach((part, i) => {
    if (i > 0) pieces.push(glue);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

/**
 * zlib level 6: the 145 KB videos overview takes ~11 ms in the thread pool (level 9: 17 ms for 1 %
 * fewer bytes), once per render.
 */
const COPY_LEVEL = 6;
/** No back-pressure inside the copy: each flush's output is read at once (see deflateParts). */
const COPY_BUFFER_BYTES = 2 ** 30;

/**
 * The parts compressed as ONE raw deflate stream (in the thread pool, once per render): after each
 * part a sync flush ends its bytes on a byte boundary, then `nonceBytes` NUL bytes stand in for the
 * nonce and their output (up to the next flush) is dropped, so the stream's history holds the page
 * with its nonces as NUL bytes and a part may refer back to everything before it at the right
 * distances. HTML holds no NUL byte, so no reference reaches a nonce; a page that does hold one gets
 * full flushes (no reference across a nonce). The last part ends the stream.
 *
 * One stream, not one per part: the videos overview has 58 nonces (a modulepreload link each), and a
 * stream per part with the 32 KB before it as its dictionary cost ~20 ms of CPU per copy, 6-15 ms of it
 * on the event loop (setting up 59 streams and their dictionaries) against ~9-14 ms and 4-8 ms
 * for one stream (decision 0033).
 */
function deflateParts(parts: Buffer[], nonceBytes: number): Promise<Buffer[]> {
  const flushKind = parts.some((part) => part.includes(0))
    ? zlib.constants.Z_FULL_FLUSH
    : zlib.constants.Z_SYNC_FLUSH;
  // zlib hands its options to the stream (Transform), whose readable side must not apply back-pressure:
  // a flush's callback would wait for a read that only follows it.
  const options: zlib.ZlibOptions & { readableHighWaterMark: number } = {
    level: COPY_LEVEL,
    readableHighWaterMark: COPY_BUFFER_BYTES,
  };
  const stream = zlib.createDeflateRaw(options);
  const failed = new Promise<never>((_, reject) => stream.once('error', reject));
  failed.catch(() => undefined);
  /** Writes `bytes` and answers the output made for them (all of it: a flush waits for its output). */
  const deflated = (bytes: Buffer) => {
    stream.write(bytes);
    return Promise.race([
      failed,
      new Promise<Buffer>((resolve) =>
        stream.flush(flushKind, () => resolve((stream.read() as Buffer | null) ?? Buffer.alloc(0))),
      ),
    ]);
  };
  const ended = (bytes: Buffer) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const end = new Promise<Buffer>((resolve) => stream.once('end', () => resolve(Buffer.concat(chunks))));
    stream.end(bytes);
    return Promise.race([failed, end]);
  };
  const placeholder = Buffer.alloc(nonceBytes);
  return (async () => {
    const out: Buffer[] = [];
    for (const [i, part] of parts.entries()) {
      if (i > 0) await deflated(placeholder);
      out.push(await (i < parts.length - 1 ? deflated(part) : ended(part)));
    }
    return out;
  })().finally(() => stream.destroy());
}

/** RFC 1952 header: deflate, no name, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * The gzip body of a stored page with `nonce` between its parts, or null while there is no gzip copy
 * (a page not stored, or its copy still being made) or for a nonce of another length. The nonce goes in as a stored deflate block (RFC 1951
 * 3.2.4: a zero header byte, LEN and its complement, the bytes), the trailer carries the CRC-32 and the
 * length of the body this response decompresses to.
 */
export function gzipWithNonce(page: CachedPage, nonce: string): Buffer | null {
  const { parts, deflatedParts, deflatedNonceBytes } = page as Partial<StoredPage>;
  if (!parts || !deflatedParts) return null;
  const glue = Buffer.from(nonce, 'utf8');
  if (glue.length !== deflatedNonceBytes || glue.length > 0xffff) return null;
  const storedBlock = Buffer.from([
    0,
    glue.length & 0xff,
    glue.length >> 8,
    ~glue.length & 0xff,
    (~glue.length >> 8) & 0xff,
  ]);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      pieces.push(storedBlock, glue);
      crc = zlib.crc32(glue, crc);
      size += glue.length;
    }
    pieces.push(deflatedParts[i]!);
    crc = zlib.crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}

/** Whether the request's Accept-Encoding takes gzip (RFC 9110 12.5.3: named or `*`, q above 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const item of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = item.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const refused = q !== undefined && Number(q.slice(2)) === 0;
    if (name === 'gzip' || name === 'x-gzip') return !refused;
    if (name === '*') star = !refused;
  }
  return star;
}

function splitAt(body: Buffer, separator: string): Buffer[] {
  if (separator === '') return [body];
  const parts: Buffer[] = [];
  let from = 0;
  for (
    let at = body.indexOf(separator, from, 'utf8');
    at !== -1;
    at = body.indexOf(separator, from, 'utf8')
  ) {
    parts.push(body.subarray(from, at));
    from = at + Buffer.byteLength(separator);
  }
  parts.push(body.subarray(from));
  return parts;
}

function parseCookieHeader(header: string | undefined): [string, string][] {
  if (!header) return [];
  const out: [string, string][] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    const name = (eq === -1 ? part : part.slice(0, eq)).trim();
    if (name) out.push([name, eq === -1 ? '' : part.slice(eq + 1).trim()]);
  }
  return out;
}
