/**
 * The one configuration object of the server, read once from the environment at start.
 *
 * Every variable has a local default so `npm start` works with no environment. A bad value stops
 * the start with one line naming the variable (see `main.ts`). Secrets are marked and never logged:
 * use `describeConfig` to log the configuration.
 */
import { createECDH, ECDH } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** Fastify `trustProxy`: off/on, a number of proxy hops, or a list of proxy addresses. */
export type TrustProxy = boolean | number | string[];

/** Thrown by `parseConfig`; its message is the one line printed on stderr. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

interface VariableSpec<T> {
  name: string;
  /** Default as documented; `undefined` means optional without default. */
  default: string | undefined;
  description: string;
  secret?: boolean;
  /** What a valid value is, completing "NAME must be ...". */
  expected: string;
  schema: z.ZodType<T>;
}

const integer = (min: number, max: number) =>
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max));

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const httpOrigin = z
  .string()
  .transform((value, ctx) => {
    try {
      const url = new URL(value);
      const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
      if ((url.protocol === 'http:' || url.protocol === 'https:') && bare) return url.origin;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'not an http(s) origin' });
    return z.NEVER;
  })
  .pipe(z.string());

const urlWithScheme = (schemes: string[]) =>
  z.string().refine((value) => {
    try {
      return schemes.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  });

const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value) && Number(value) <= 100) return Number(value);
  const list = value.split(',').map((s) => s.trim());
  const valid = list.every((entry) => {
    const [address, bits, ...rest] = entry.split('/');
    if (rest.length > 0 || !address || isIP(address) === 0) return false;
    return bits === undefined || /^\d{1,3}$/.test(bits);
  });
  if (valid) return list;
  ctx.addIssue({ code: 'custom', message: 'bad trust proxy value' });
  return z.NEVER;
});

/** A UDP port range `min-max` (min < max), e.g. `40000-40999`. */
const portRange = z.string().transform((value, ctx): [number, number] => {
  const match = /^(\d{1,5})-(\d{1,5})$/.exec(value.trim());
  const min = Number(match?.[1]);
  const max = Number(match?.[2]);
  if (match && min >= 1024 && max <= 65535 && min < max) return [min, max];
  ctx.addIssue({ code: 'custom', message: 'bad port range' });
  return z.NEVER;
});

/** A STUN/TURN server for WebRTC peers, as in the browser's RTCIceServer. */
export interface LiveIceServer {
  urls: string;
  username?: string;
  credential?: string;
}

const iceUrl = z.string().regex(/^(stun|stuns|turn|turns):[^\s,]+$/);
const iceServerList = z.array(
  z
    .object({
      urls: iceUrl,
      username: z.string().max(512).optional(),
      credential: z.string().max(512).optional(),
    })
    .strict(),
);

/** STUN/TURN servers: a JSON array of `{urls, username?, credential?}` or a comma list of URLs. */
const iceServers = z.string().transform((value, ctx): LiveIceServer[] => {
  const text = value.trim();
  let list: unknown;
  try {
    list = text.startsWith('[') ? JSON.parse(text) : text.split(',').map((urls) => ({ urls: urls.trim() }));
  } catch {
    list = undefined;
  }
  const parsed = iceServerList.safeParse(list);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: 'bad ICE servers' });
  return z.NEVER;
});

/** Keeps the default's literal type: a variable without one is `| undefined` in Config. */
const variable = <T, const D extends string | undefined>(spec: VariableSpec<T> & { default: D }) => spec;

/** base64url (no padding) of exactly `bytes` bytes. */
const base64urlBytes = (bytes: number) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+$/)
    .refine((value) => Buffer.from(value, 'base64url').length === bytes);

/** A VAPID public key: an uncompressed point on P-256. */
const vapidPublicKey = base64urlBytes(65).refine((value) => {
  try {
    ECDH.convertKey(Buffer.from(value, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
});

/** The public key of a VAPID private key, or null when the value is not a P-256 private key. */
export function vapidPublicKeyOf(privateKey: string): string | null {
  try {
    const curve = createECDH('prime256v1');
    curve.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return curve.getPublicKey().toString('base64url');
  } catch {
    return null;
  }
}

/**
 * Every variable the server reads, each declared once: its name, default, documentation, whether
 * it is secret, and its schema, from which its field of Config (the key here) is typed. Order is the
 * documentation order and the order in which they are read.
 */
const VARIABLES = {
  port: variable({
    name: 'PORT',
    default: '3000',
    description: 'HTTP port of the pages, REST API and static files.',
    expected: 'an integer 1-65535',
    schema: integer(1, 65535),
  }),
  payPort: variable({
    name: 'PAY_PORT',
    default: '3001',
    description: 'HTTP port of the payment dialog, served on its own origin.',
    expected: 'an integer 1-65535',
    schema: integer(1, 65535),
  }),
  host: variable({
    name: 'HOST',
    default: '0.0.0.0',
    description: 'Interface both servers listen on.',
    expected: 'a host name or IP address',
    schema: z.string().regex(/^[A-Za-z0-9.:[\]-]+$/),
  }),
  dataDir: variable({
    name: 'DATA_DIR',
    default: './data',
    description:
      'Directory for the embedded database (<DATA_DIR>/pglite) and generated media (<DATA_DIR>/media).',
    expected: 'a directory path',
    schema: z.string().min(1),
  }),
  databaseUrl: variable({
    name: 'DATABASE_URL',
    default: undefined,
    description: 'PostgreSQL connection URL. When unset, the embedded PGlite database in DATA_DIR is used.',
    secret: true,
    expected: 'a postgres:// or postgresql:// URL',
    schema: urlWithScheme(['postgres:', 'postgresql:']),
  }),
  databasePoolSize: variable({
    name: 'DATABASE_POOL_SIZE',
    default: '10',
    description: 'Maximum PostgreSQL connections of this process.',
    expected: 'an integer 1-1000',
    schema: integer(1, 1000),
  }),
  redisUrl: variable({
    name: 'REDIS_URL',
    default: undefined,
    description:
      'Redis URL for the event bus shared by several nodes. When unset, an in-process bus is used.',
    secret: true,
    expected: 'a redis:// or rediss:// URL',
    schema: urlWithScheme(['redis:', 'rediss:']),
  }),
  nodeEnv: variable({
    name: 'NODE_ENV',
    default: 'development',
    description: 'development, production or test.',
    expected: 'one of development, production, test',
    schema: z.enum(['development', 'production', 'test']),
  }),
  logLevel: variable({
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'Log level: fatal, error, warn, info, debug, trace or silent.',
    expected: 'one of fatal, error, warn, info, debug, trace, silent',
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  }),
  brandName: variable({
    name: 'BRAND_NAME',
    default: 'Vela',
    description: 'Product name shown on the pages.',
    expected: 'a name of 1-40 characters',
    schema: z.string().trim().min(1).max(40),
  }),
  publicOrigin: variable({
    name: 'PUBLIC_ORIGIN',
    default: 'http://localhost:<PORT>',
    description:
      'Origin under which browsers reach the pages (links, CSP frame-ancestors of the payment dialog). A loopback origin is the only host: a browser that comes by another loopback name (127.0.0.1, [::1]) is redirected to it.',
    expected: 'an http(s) origin such as https://example.com',
    schema: httpOrigin,
  }),
  payOrigin: variable({
    name: 'PAY_ORIGIN',
    default: 'http://localhost:<PAY_PORT>',
    description: 'Origin under which browsers reach the payment dialog (iframe source, CSP frame-src).',
    expected: 'an http(s) origin such as https://pay.example.com',
    schema: httpOrigin,
  }),
  seed: variable({
    name: 'SEED',
    default: '42',
    description: 'Seed of the generated demo data (same seed, same data).',
    expected: 'an integer 0-2147483647',
    schema: integer(0, 2147483647),
  }),
  seedSize: variable({
    name: 'SEED_SIZE',
    default: 'demo',
    description: 'Amount of generated data: demo, bench or test.',
    expected: 'one of demo, bench, test',
    schema: z.enum(['demo', 'bench', 'test']),
  }),
  autoSeed: variable({
    name: 'AUTO_SEED',
    default: 'true',
    description: 'Generate data on start when the database is empty.',
    expected: 'true or false',
    schema: booleanFlag,
  }),
  shutdownTimeoutMs: variable({
    name: 'SHUTDOWN_TIMEOUT_MS',
    default: '10000',
    description:
      'On SIGTERM/SIGINT, in-flight requests get this long to finish before a forced exit (code 1).',
    expected: 'an integer 100-600000',
    schema: integer(100, 600000),
  }),
  pageCacheTtlMs: variable({
    name: 'PAGE_CACHE_TTL_MS',
    default: '5000',
    description:
      'Rendered pages without a viewer (visitors, and guests on the pages shared by every guest: decision 0033) are reused this long (per URL, cookie choice, country and session presence); 0 turns it off.',
    expected: 'an integer 0-600000',
    schema: integer(0, 600000),
  }),
  enableBenchRoutes: variable({
    name: 'ENABLE_BENCH_ROUTES',
    default: 'false',
    description: 'Serve /__bench/baseline for the benchmarks. Keep off in production.',
    expected: 'true or false',
    schema: booleanFlag,
  }),
  trustProxy: variable({
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Trust X-Forwarded-* headers: true, false, a number of proxy hops, or a comma-separated list of proxy addresses.',
    expected: 'true, false, a hop count 0-100 or a comma-separated list of IP addresses/CIDRs',
    schema: trustProxy,
  }),
  sessionSecret: variable({
    name: 'SESSION_SECRET',
    default: undefined,
    description:
      'Key that signs the guest access tokens (at least 32 characters). Required in production; when unset elsewhere, one is generated and kept in <DATA_DIR>/session-secret.',
    secret: true,
    expected: 'a string of at least 32 characters',
    schema: z.string().min(32),
  }),
  loginEnabled: variable({
    name: 'LOGIN_ENABLED',
    default: 'true',
    description: 'Guests can sign up and log in; false answers both with 403 LOGIN_DISABLED.',
    expected: 'true or false',
    schema: booleanFlag,
  }),
  smtpUrl: variable({
    name: 'SMTP_URL',
    default: undefined,
    description:
      'SMTP server for outgoing mail (smtp:// or smtps://, credentials in the URL). Unset: mail is kept in the outbox, readable on /dev/mail outside production.',
    secret: true,
    expected: 'an smtp:// or smtps:// URL',
    schema: z.string().regex(/^smtps?:\/\/[^\s]+$/),
  }),
  mailFrom: variable({
    name: 'MAIL_FROM',
    default: 'Vela <no-reply@vela.localhost>',
    description: 'Sender address of outgoing mail.',
    expected: 'an address such as Vela <no-reply@example.com>',
    schema: z.string().trim().min(3).max(200),
  }),
  internalApiToken: variable({
    name: 'INTERNAL_API_TOKEN',
    default: undefined,
    description:
      'Token of the internal operator API under /rest/v1/internal/ (header X-Internal-Token, at least 24 characters). Unset: the internal API answers 404.',
    secret: true,
    expected: 'a string of at least 24 characters',
    schema: z.string().min(24),
  }),
  internalAllowedIps: variable({
    name: 'INTERNAL_ALLOWED_IPS',
    default: '127.0.0.1,::1',
    description: 'Comma-separated IP addresses or CIDRs that may call the internal API (with the token).',
    expected: 'a comma-separated list of IP addresses or CIDRs',
    schema: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(
            z.string().refine((entry) => {
              const [address, bits, ...rest] = entry.split('/');
              if (rest.length > 0 || !address || isIP(address) === 0) return false;
              if (bits === undefined) return true;
              const max = isIP(address) === 4 ? 32 : 128;
              return /^\d+$/.test(bits) && Number(bits) <= max;
            }),
          )
          .min(1),
      ),
  }),
  esAvsModalEnabled: variable({
    name: 'ES_AVS_MODAL_ENABLED',
    default: 'false',
    description:
      'Spec 6: show the Spanish age-check modal (es-avs) to visitors without the forced-AVS cookie.',
    expected: 'true or false',
    schema: booleanFlag,
  }),
  forceAvs: variable({
    name: 'FORCE_AVS',
    default: 'false',
    description:
      'Spec 4: open the age verification dialog for logged-in guests whose age is not verified yet.',
    expected: 'true or false',
    schema: booleanFlag,
  }),
  adultMarketVariant: variable({
    name: 'ADULT_MARKET_VARIANT',
    default: 'false',
    description:
      'Spec 6: serve the adult-market variant, whose login modal greets visitors who have not logged in there before.',
    expected: 'true or false',
    schema: booleanFlag,
  }),
  paymentWebhookSecret: variable({
    name: 'PAYMENT_WEBHOOK_SECRET',
    default: undefined,
    description:
      'Key of the HMAC-SHA256 signatures on payment provider callbacks (at least 32 characters). Required in production; when unset elsewhere it is derived from the session key.',
    secret: true,
    expected: 'a string of at least 32 characters',
    schema: z.string().min(32),
  }),
  subscriptionJobIntervalMs: variable({
    name: 'SUBSCRIPTION_JOB_INTERVAL_MS',
    default: '60000',
    description:
      'How often the subscription job renews due VIP/TV subscriptions from the wallet and ends cancelled ones; 0 turns the job off.',
    expected: 'an integer 0-86400000',
    schema: integer(0, 86_400_000),
  }),
  countersJobIntervalMs: variable({
    name: 'COUNTERS_JOB_INTERVAL_MS',
    default: '300000',
    description:
      'How often the counters jobs recompute the precomputed lists: trending videos (sales of the last 8 days) and best chats (ratings of the last 90 days); 0 turns them off (the lists are then computed on every request).',
    expected: 'an integer 0-86400000',
    schema: integer(0, 86_400_000),
  }),
  presenceSimulatorIntervalMs: variable({
    name: 'PRESENCE_SIMULATOR_INTERVAL_MS',
    default: '5000',
    description:
      'Outside production (default 5000; in production 0 unless set): how often the performer activity simulator lets one online performer leave and one offline performer come online, so the demo is alive (presence events, favorite notifications); 0 turns it off (production: performers come and go through the internal API).',
    expected: 'an integer 0-86400000',
    schema: integer(0, 86_400_000),
  }),
  performerApiSecret: variable({
    name: 'PERFORMER_API_SECRET',
    default: undefined,
    description:
      "Key of the performer API under /rest/v1/performer/ (decision 0038 part 7, docs/PERFORMER-API.md), at least 32 characters: a performer's token is its actor id and the HMAC-SHA256 of that id under this key (header X-Performer-Token). Unset: the performer API answers 404 (the activity simulator still plays the performers in-process).",
    secret: true,
    expected: 'a string of at least 32 characters',
    schema: z.string().min(32),
  }),
  performerSimulator: variable({
    name: 'PERFORMER_SIMULATOR',
    default: 'true',
    description:
      "Outside production (default true; in production false unless set): the activity simulator plays every performer that no performer app uses right now: it accepts chat requests after 1-4 s and answers the guest's messages in the guest's language after 2-6 s (canned texts), through the performer API's own functions.",
    expected: 'true or false',
    schema: booleanFlag,
  }),
  performerSimulatorKickRate: variable({
    name: 'PERFORMER_SIMULATOR_KICK_RATE',
    default: '0.02',
    description:
      'The chance (0-1) that a simulated performer ends the chat (exit 201) instead of answering a guest message.',
    expected: 'a number 0-1',
    schema: z.coerce.number().min(0).max(1),
  }),
  performerSimulatorOfflineRate: variable({
    name: 'PERFORMER_SIMULATOR_OFFLINE_RATE',
    default: '0.01',
    description:
      'The chance (0-1) that a simulated performer goes offline (its chats end with 203) instead of answering a guest message.',
    expected: 'a number 0-1',
    schema: z.coerce.number().min(0).max(1),
  }),
  demoShows: variable({
    name: 'DEMO_SHOWS',
    default: 'true',
    description:
      'Outside production and with PERFORMER_SIMULATOR on (default true; otherwise false unless set; the browser tests set false): the demo keeps a rolling schedule of short priced ticket shows by simulated performers (one starting every 15 minutes, the next three always on sale; the performer is brought online for its show), one 5-minute free show every 20 minutes and one 5-minute clash of cams every 30 minutes (decision 0053), so a newcomer can attend them in `npm start`.',
    expected: 'true or false',
    schema: booleanFlag,
  }),
  showClockOffsetMs: variable({
    name: 'SHOW_CLOCK_OFFSET_MS',
    default: '0',
    description:
      'The show clock (issue 18, infra/clock.ts): cam shows start and end by the system time plus this offset, ms (demos: a positive offset brings the next show closer). Only the show side reads it: billing, sessions and the ledger keep the system time.',
    expected: 'an integer between -31622400000 and 31622400000',
    schema: z
      .string()
      .regex(/^-?\d+$/)
      .transform(Number)
      .pipe(z.number().int().min(-31_622_400_000).max(31_622_400_000)),
  }),
  showClockAdjustable: variable({
    name: 'SHOW_CLOCK_ADJUSTABLE',
    default: 'true',
    description:
      'Outside production (default true; in production false unless set): the operator internal call POST /internal/show-clock {shiftMs} moves the show clock while the server runs (tests and demos).',
    expected: 'true or false',
    schema: booleanFlag,
  }),
  showJobMs: variable({
    name: 'SHOW_JOB_MS',
    default: '2000',
    description:
      'How often the show job looks for cam shows that started or ended by the show clock (908 for the other chats with the performer, admission of ticket holders, the end of the show sessions); 0: off.',
    expected: 'an integer 0-600000',
    schema: integer(0, 600_000),
  }),
  liveMinuteMs: variable({
    name: 'LIVE_MINUTE_MS',
    default: '60000',
    description:
      'The length of one billed live chat minute (issue 16, decision 0038): a live session charges its price per minute once per this much delivered media; shorter in tests and demos.',
    expected: 'an integer 100-3600000',
    schema: integer(100, 3_600_000),
  }),
  livePreviewUnitMs: variable({
    name: 'LIVE_PREVIEW_UNIT_MS',
    default: '30000',
    description:
      'The length of one live preview unit (spec 6 "live preview limit 5 units (20 VIP)", decision 0038 part 9): a preview shows at most this much media, then ends with 401; shorter in tests and demos.',
    expected: 'an integer 1000-600000',
    schema: integer(1000, 600_000),
  }),
  liveFreeChatMsPerDay: variable({
    name: 'LIVE_FREE_CHAT_MS_PER_DAY',
    default: '180000',
    description:
      'The free chat time every logged-in guest gets per UTC day (spec 3 Guest "free chat durations", decision 0038 part 9), ms of delivered media; 3 minutes by default.',
    expected: 'an integer 0-86400000',
    schema: integer(0, 86_400_000),
  }),
  liveLeaseMs: variable({
    name: 'LIVE_LEASE_MS',
    default: '10000',
    description:
      "How long a node's claim on the live sessions it bills lasts without renewal (decision 0038 part 4): the node renews it every tick; when the node dies another node takes the sessions over after it ran out.",
    expected: 'an integer 1000-600000',
    schema: integer(1000, 600_000),
  }),
  liveUdpPorts: variable({
    name: 'LIVE_UDP_PORTS',
    default: '40000-40999',
    description:
      'The UDP ports of the embedded live media path (werift, decision 0038 part 5): each viewer or publisher peer connection takes one port of this range for ICE and media; open it in the firewall. Not used with Janus.',
    expected: 'a port range min-max with 1024 <= min < max <= 65535',
    schema: portRange,
  }),
  liveSourceIdleMs: variable({
    name: 'LIVE_SOURCE_IDLE_MS',
    default: '60000',
    description:
      "How long a performer's generated test-pattern source (an ffmpeg process) keeps running after its last viewer left; a new viewer within this time starts at once.",
    expected: 'an integer 100-86400000',
    schema: integer(100, 86_400_000),
  }),
  liveIceServers: variable({
    name: 'LIVE_ICE_SERVERS',
    default: undefined,
    description:
      'STUN/TURN servers for the live peer connections, a JSON array of {urls, username, credential} or a comma list of stun:/turn: URLs. Unset: host candidates only (enough on one machine or a flat network; a deployment behind NAT needs these or LIVE_PUBLIC_IP).',
    secret: true,
    expected: 'a JSON array of {urls, username?, credential?} or a comma list of stun:/turn: URLs',
    schema: iceServers,
  }),
  livePublicIp: variable({
    name: 'LIVE_PUBLIC_IP',
    default: undefined,
    description:
      "The address the embedded live media path announces in its offers' host candidates instead of the machine's own (a 1:1 NAT, like Janus's nat_1_1_mapping). Unset: the machine's addresses and 127.0.0.1.",
    expected: 'an IPv4 or IPv6 address',
    schema: z.string().refine((value) => isIP(value) !== 0),
  }),
  janusUrl: variable({
    name: 'JANUS_URL',
    default: undefined,
    description:
      "The Janus WebRTC server's HTTP API (e.g. http://127.0.0.1:8088/janus; Debian package janus, config in ops/janus): when set, live media runs through Janus (Streaming mountpoints, VideoRoom) instead of the embedded path (decision 0038 part 5).",
    expected: 'an http:// or https:// URL',
    schema: urlWithScheme(['http:', 'https:']),
  }),
  janusApiSecret: variable({
    name: 'JANUS_API_SECRET',
    default: undefined,
    description: "Janus's api_secret, sent with every request, when Janus is configured with one.",
    secret: true,
    expected: 'a string of 1-200 characters',
    schema: z.string().min(1).max(200),
  }),
  janusAdminKey: variable({
    name: 'JANUS_ADMIN_KEY',
    default: undefined,
    description:
      "The admin_key of Janus's Streaming and VideoRoom plugins (creating mountpoints and rooms, rtp_forward); ops/janus uses vela-local-janus-admin-key. Also the key from which the mountpoints' and rooms' secrets and PINs are derived.",
    secret: true,
    expected: 'a string of 1-200 characters',
    schema: z.string().min(1).max(200),
  }),
  countryHeader: variable({
    name: 'COUNTRY_HEADER',
    default: 'x-country-code',
    description:
      "Request header in which the edge (CDN or proxy) sends the caller's ISO 3166-1 alpha-2 country; guests from an actor's banned countries are blocked from that actor (spec 6). A missing or malformed header counts as unknown (not blocked).",
    expected: 'an HTTP header name',
    schema: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,64}$/)
      .transform((value) => value.toLowerCase()),
  }),
  mapTileUrl: variable({
    name: 'MAP_TILE_URL',
    default: undefined,
    description:
      'Tile URL template of the pro search map, e.g. https://tiles.example.com/{z}/{x}/{y}.png. Unset: the map draws country outlines from a data set shipped with the app (no tile server is contacted).',
    expected: 'an http(s) URL containing {z}, {x} and {y}',
    schema: z
      .string()
      .regex(/^https?:\/\/[^\s]+$/)
      .refine((value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part))),
  }),
  mapTileAttribution: variable({
    name: 'MAP_TILE_ATTRIBUTION',
    default: '',
    description: 'Attribution text shown on the pro search map with the tiles of MAP_TILE_URL.',
    expected: 'text up to 300 characters',
    schema: z.string().trim().max(300),
  }),
  webPushVapidPublicKey: variable({
    name: 'WEB_PUSH_VAPID_PUBLIC_KEY',
    default: undefined,
    description:
      'VAPID public key of web push (base64url, as `npx web-push generate-vapid-keys` prints it); set together with WEB_PUSH_VAPID_PRIVATE_KEY. When both are unset, a pair is generated and kept in <DATA_DIR>/web-push-vapid.json outside production; in production web push is then off (its routes answer 404).',
    expected: 'a base64url P-256 public key (65 bytes, 87 characters)',
    schema: vapidPublicKey,
  }),
  webPushVapidPrivateKey: variable({
    name: 'WEB_PUSH_VAPID_PRIVATE_KEY',
    default: undefined,
    description:
      'VAPID private key of web push (base64url, 32 bytes), the pair of WEB_PUSH_VAPID_PUBLIC_KEY; changing it makes every browser subscribe again.',
    secret: true,
    expected: 'a base64url P-256 private key (32 bytes, 43 characters)',
    schema: base64urlBytes(32).refine((value) => vapidPublicKeyOf(value) !== null),
  }),
  webPushSubject: variable({
    name: 'WEB_PUSH_SUBJECT',
    default: 'mailto:<address of MAIL_FROM>',
    description:
      'Contact the push services may use to reach the operator (VAPID subject): a mailto: address or an https: URL.',
    expected: 'a mailto: address or an https: URL',
    schema: z
      .string()
      .trim()
      .max(300)
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/),
  }),
  webPushAllowLocalEndpoints: variable({
    name: 'WEB_PUSH_ALLOW_LOCAL_ENDPOINTS',
    default: 'false',
    description:
      'Accept push endpoints on http:// and on loopback or private addresses (a local push service for development and tests). Refused in production: the server would send requests into its own network.',
    expected: 'true or false',
    schema: booleanFlag,
  }),
  messengerReplyDelayMs: variable({
    name: 'MESSENGER_REPLY_DELAY_MS',
    default: '2000-8000',
    description:
      "With PERFORMER_SIMULATOR on: a simulated performer answers a guest's messenger message after a delay drawn from this range, ms (issue 19, decision 0054; the tests use a short one).",
    expected: 'two integers 0-600000 as min-max, min not above max',
    schema: z
      .string()
      .regex(/^\d{1,6}-\d{1,6}$/)
      .transform((value) => value.split('-').map(Number) as [number, number])
      .refine(([min, max]) => min <= max && max <= 600_000),
  }),
  messengerReplyMediaEvery: variable({
    name: 'MESSENGER_REPLY_MEDIA_EVERY',
    default: '4',
    description:
      "With PERFORMER_SIMULATOR on: about every n-th answer of a simulated performer to a guest's messenger text is a paid photo (decision 0054); 1 makes every answer one, 0 none.",
    expected: 'an integer 0-1000',
    schema: integer(0, 1000),
  }),
} as const;

type Variables = typeof VARIABLES;
type ParsedVariables = {
  -readonly [K in keyof Variables]: undefined extends Variables[K]['default']
    ? z.output<Variables[K]['schema']> | undefined
    : z.output<Variables[K]['schema']>;
};

/**
 * The one configuration object: a field per variable of VARIABLES (see its description there;
 * `dataDir` is made absolute), and the directories under DATA_DIR.
 */
export type Config = ParsedVariables & {
  /** PGlite data directory: `<DATA_DIR>/pglite`. */
  pgliteDir: string;
  /** Generated media: `<DATA_DIR>/media`. */
  mediaDir: string;
};

export type NodeEnv = Config['nodeEnv'];

/** Defaults computed from variables read before (documented as text in VARIABLES' `default`). */
const COMPUTED_DEFAULTS: {
  [K in keyof Variables]?: (earlier: Partial<ParsedVariables>) => string | undefined;
} = {
  publicOrigin: (earlier) => `http://localhost:${earlier.port}`,
  payOrigin: (earlier) => `http://localhost:${earlier.payPort}`,
  // The simulator is the demo's: in production only an explicit setting starts it.
  presenceSimulatorIntervalMs: (earlier) => (earlier.nodeEnv === 'production' ? '0' : undefined),
  performerSimulator: (earlier) => (earlier.nodeEnv === 'production' ? 'false' : undefined),
  // The demo's shows are played by the simulated performers: off with them, and in production.
  demoShows: (earlier) =>
    earlier.nodeEnv === 'production' || earlier.performerSimulator === false ? 'false' : undefined,
  showClockAdjustable: (earlier) => (earlier.nodeEnv === 'production' ? 'false' : undefined),
  webPushSubject: (earlier) => defaultWebPushSubject(earlier.mailFrom ?? ''),
};

/** The documented variables, for the README table. */
export const CONFIG_DOC: { name: string; default: string; description: string }[] = Object.values(
  VARIABLES,
).map((v) => ({
  name: v.name,
  default: v.default ?? '(unset)',
  description: v.secret ? `${v.description} Secret: never logged.` : v.description,
}));

/** Names of the variables whose values are secrets. */
export const SECRET_VARIABLES: readonly string[] = Object.values(VARIABLES)
  .filter((v) => 'secret' in v && v.secret)
  .map((v) => v.name);

function readVariable<T>(
  spec: VariableSpec<T>,
  env: Record<string, string | undefined>,
  fallback?: string,
): T {
  const given = env[spec.name];
  // An empty value counts as unset, as in most .env tooling.
  const raw = given === undefined || given === '' ? (fallback ?? spec.default) : given;
  if (raw === undefined) return undefined as T;
  const result = spec.schema.safeParse(raw);
  if (result.success) return result.data;
  const shown = spec.secret ? 'a value that is not shown because it is secret' : JSON.stringify(raw);
  throw new ConfigError(
    spec.name,
    `Invalid configuration: ${spec.name} must be ${spec.expected} (got ${shown})`,
  );
}

/**
 * Parse the configuration from an environment (`process.env` in `loadConfig`).
 * Relative DATA_DIR is resolved against `cwd`. Throws `ConfigError` naming the first bad variable.
 */
export function parseConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const values: Partial<ParsedVariables> = {};
  const record = values as Record<string, unknown>;
  for (const [key, spec] of Object.entries(VARIABLES) as [keyof Variables, VariableSpec<unknown>][]) {
    record[key] = readVariable(spec, env, COMPUTED_DEFAULTS[key]?.(values));
  }
  const read = values as ParsedVariables;
  const { port, payPort, nodeEnv } = read;
  if (payPort === port) {
    throw new ConfigError(
      'PAY_PORT',
      `Invalid configuration: PAY_PORT must differ from PORT (got "${payPort}")`,
    );
  }
  if (nodeEnv === 'production' && read.sessionSecret === undefined) {
    throw new ConfigError(
      'SESSION_SECRET',
      'Invalid configuration: SESSION_SECRET must be set in production (a string of at least 32 characters)',
    );
  }
  if (nodeEnv === 'production' && read.paymentWebhookSecret === undefined) {
    throw new ConfigError(
      'PAYMENT_WEBHOOK_SECRET',
      'Invalid configuration: PAYMENT_WEBHOOK_SECRET must be set in production (a string of at least 32 characters)',
    );
  }
  const { webPushVapidPublicKey, webPushVapidPrivateKey } = read;
  if ((webPushVapidPublicKey === undefined) !== (webPushVapidPrivateKey === undefined)) {
    const missing =
      webPushVapidPublicKey === undefined ? 'WEB_PUSH_VAPID_PUBLIC_KEY' : 'WEB_PUSH_VAPID_PRIVATE_KEY';
    const other =
      missing === 'WEB_PUSH_VAPID_PUBLIC_KEY' ? 'WEB_PUSH_VAPID_PRIVATE_KEY' : 'WEB_PUSH_VAPID_PUBLIC_KEY';
    throw new ConfigError(
      missing,
      `Invalid configuration: ${missing} must be set together with ${other} (got nothing)`,
    );
  }
  if (
    webPushVapidPrivateKey !== undefined &&
    vapidPublicKeyOf(webPushVapidPrivateKey) !== webPushVapidPublicKey
  ) {
    throw new ConfigError(
      'WEB_PUSH_VAPID_PUBLIC_KEY',
      'Invalid configuration: WEB_PUSH_VAPID_PUBLIC_KEY must be the public key of WEB_PUSH_VAPID_PRIVATE_KEY (got another key)',
    );
  }
  if (nodeEnv === 'production' && read.webPushAllowLocalEndpoints) {
    throw new ConfigError(
      'WEB_PUSH_ALLOW_LOCAL_ENDPOINTS',
      'Invalid configuration: WEB_PUSH_ALLOW_LOCAL_ENDPOINTS must be false in production (got "true")',
    );
  }
  const dataDir = path.resolve(cwd, read.dataDir);
  return {
    ...read,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    mediaDir: path.join(dataDir, 'media'),
  };
}

/** `mailto:` the sender address of MAIL_FROM (`Vela <no-reply@vela.localhost>` or a bare address). */
function defaultWebPushSubject(mailFrom: string): string {
  const address = /<([^<>\s@]+@[^<>\s@]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return /^[^<>\s@]+@[^<>\s@]+$/.test(address) ? `mailto:${address}` : 'mailto:support@vela.localhost';
}

/** The configuration of this process, read from `process.env` on first use. */
let loaded: Config | undefined;
export function loadConfig(): Config {
  loaded ??= parseConfig(process.env);
  return loaded;
}

/** The configuration safe to log: secrets are replaced by whether they are set. */
export function describeConfig(config: Config): Record<string, unknown> {
  const described: Record<string, unknown> = { ...config };
  for (const [key, spec] of Object.entries(VARIABLES)) {
    if ('secret' in spec && spec.secret && described[key] !== undefined) described[key] = '[secret]';
  }
  return described;
}
