import { describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { CONFIG_DOC, ConfigError, describeConfig, parseConfig, SECRET_VARIABLES } from '../src/config.ts';

describe('configuration', () => {
  it('starts with no environment: local defaults for every variable', () => {
    const config = parseConfig({}, '/srv/vela');
    expect(config).toMatchObject({
      port: 3000,
      payPort: 3001,
      host: '0.0.0.0',
      dataDir: '/srv/vela/data',
      pgliteDir: '/srv/vela/data/pglite',
      mediaDir: '/srv/vela/data/media',
      databaseUrl: undefined,
      databasePoolSize: 10,
      redisUrl: undefined,
      nodeEnv: 'development',
      logLevel: 'info',
      brandName: 'Vela',
      publicOrigin: 'http://localhost:3000',
      payOrigin: 'http://localhost:3001',
      seed: 42,
      seedSize: 'demo',
      autoSeed: true,
      shutdownTimeoutMs: 10000,
      enableBenchRoutes: false,
      trustProxy: false,
    });
  });

  it('derives the default origins from the ports and normalises given origins', () => {
    expect(parseConfig({ PORT: '8080', PAY_PORT: '8081' })).toMatchObject({
      publicOrigin: 'http://localhost:8080',
      payOrigin: 'http://localhost:8081',
    });
    expect(
      parseConfig({ PUBLIC_ORIGIN: 'https://vela.example/', PAY_ORIGIN: 'https://pay.vela.example' }),
    ).toMatchObject({ publicOrigin: 'https://vela.example', payOrigin: 'https://pay.vela.example' });
  });

  it('reads every variable', () => {
    const config = parseConfig({
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/vela',
      DATABASE_URL: 'postgres://vela@db:5432/vela',
      DATABASE_POOL_SIZE: '25',
      REDIS_URL: 'redis://cache:6379',
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
      PAYMENT_WEBHOOK_SECRET: 'a-production-webhook-key-of-32-chars-or-more',
      LOG_LEVEL: 'warn',
      BRAND_NAME: 'Nova',
      SEED: '7',
      SEED_SIZE: 'bench',
      AUTO_SEED: 'false',
      SHUTDOWN_TIMEOUT_MS: '2000',
      ENABLE_BENCH_ROUTES: '1',
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
    });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      mediaDir: '/var/lib/vela/media',
      databaseUrl: 'postgres://vela@db:5432/vela',
      databasePoolSize: 25,
      redisUrl: 'redis://cache:6379',
      nodeEnv: 'production',
      logLevel: 'warn',
      brandName: 'Nova',
      seed: 7,
      seedSize: 'bench',
      autoSeed: false,
      shutdownTimeoutMs: 2000,
      enableBenchRoutes: true,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      sessionSecret: 'a-production-secret-of-at-least-32-chars',
      paymentWebhookSecret: 'a-production-webhook-key-of-32-chars-or-more',
      loginEnabled: true,
    });
    expect(() =>
      parseConfig({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-at-least-32-chars' }),
    ).toThrow('Invalid configuration: PAYMENT_WEBHOOK_SECRET must be set in production');
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  const badValues: [string, string][] = [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PAY_PORT', '0'],
    ['HOST', 'bad host'],
    ['DATABASE_URL', 'mysql://root@db/vela'],
    ['DATABASE_POOL_SIZE', '-1'],
    ['REDIS_URL', 'http://cache'],
    ['NODE_ENV', 'staging'],
    ['LOG_LEVEL', 'verbose'],
    ['BRAND_NAME', '   '],
    ['PUBLIC_ORIGIN', 'localhost:3000'],
    ['PAY_ORIGIN', 'https://pay.example/path'],
    ['SEED', '1.5'],
    ['SEED_SIZE', 'huge'],
    ['AUTO_SEED', 'yes'],
    ['SHUTDOWN_TIMEOUT_MS', '10s'],
    ['ENABLE_BENCH_ROUTES', 'on'],
    ['TRUST_PROXY', 'everyone'],
    ['SESSION_SECRET', 'short'],
    ['LOGIN_ENABLED', 'maybe'],
    ['SMTP_URL', 'http://mail.example'],
    ['MAIL_FROM', 'x'],
    ['INTERNAL_API_TOKEN', 'short'],
    ['INTERNAL_ALLOWED_IPS', '10.0.0.1,not-an-ip'],
    ['INTERNAL_ALLOWED_IPS', '10.0.0.0/33'],
    ['ES_AVS_MODAL_ENABLED', 'maybe'],
    ['FORCE_AVS', 'yes'],
    ['ADULT_MARKET_VARIANT', 'maybe'],
    ['WEB_PUSH_VAPID_PUBLIC_KEY', 'not-a-key'],
    ['WEB_PUSH_VAPID_PRIVATE_KEY', 'short'],
    ['WEB_PUSH_SUBJECT', 'support@example.com'],
    ['WEB_PUSH_ALLOW_LOCAL_ENDPOINTS', 'yes'],
  ];

  it.each(badValues)('a bad %s (%s) stops the start with a message naming the variable', (name, value) => {
    let caught: unknown;
    try {
      parseConfig({ [name]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const error = caught as ConfigError;
    expect(error.variable).toBe(name);
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${name} must be .+ \\(got .+\\)$`));
    expect(error.message).not.toContain('\n');
  });

  it('names the variable and the value: PORT must be an integer 1-65535 (got "abc")', () => {
    expect(() => parseConfig({ PORT: 'abc' })).toThrow(
      'Invalid configuration: PORT must be an integer 1-65535 (got "abc")',
    );
  });

  it('the payment dialog needs its own origin: PAY_PORT equal to PORT is refused', () => {
    expect(() => parseConfig({ PORT: '4000', PAY_PORT: '4000' })).toThrow(
      'Invalid configuration: PAY_PORT must differ from PORT (got "4000")',
    );
  });

  it('never shows a secret value, not even a bad one', () => {
    const secret = 'mysql://root:hunter2@db/vela';
    expect(() => parseConfig({ DATABASE_URL: secret })).toThrow(/DATABASE_URL must be/);
    expect(() => parseConfig({ DATABASE_URL: secret })).not.toThrow(/hunter2/);
    expect(SECRET_VARIABLES).toEqual([
      'DATABASE_URL',
      'REDIS_URL',
      'SESSION_SECRET',
      'SMTP_URL',
      'INTERNAL_API_TOKEN',
      'PAYMENT_WEBHOOK_SECRET',
      'PERFORMER_API_SECRET',
      'LIVE_ICE_SERVERS',
      'JANUS_API_SECRET',
      'JANUS_ADMIN_KEY',
      'WEB_PUSH_VAPID_PRIVATE_KEY',
    ]);
    const described = JSON.stringify(
      describeConfig(
        parseConfig({ DATABASE_URL: 'postgres://u:hunter2@db/v', REDIS_URL: 'redis://:hunter2@r' }),
      ),
    );
    expect(described).not.toContain('hunter2');
    expect(described).toContain('[secret]');
  });

  it('documents every variable with its default and meaning', () => {
    const names = CONFIG_DOC.map((v) => v.name);
    expect(names).toEqual([
      'PORT',
      'PAY_PORT',
      'HOST',
      'DATA_DIR',
      'DATABASE_URL',
      'DATABASE_POOL_SIZE',
      'REDIS_URL',
      'NODE_ENV',
      'LOG_LEVEL',
      'BRAND_NAME',
      'PUBLIC_ORIGIN',
      'PAY_ORIGIN',
      'SEED',
      'SEED_SIZE',
      'AUTO_SEED',
      'SHUTDOWN_TIMEOUT_MS',
      'PAGE_CACHE_TTL_MS',
      'ENABLE_BENCH_ROUTES',
      'TRUST_PROXY',
      'SESSION_SECRET',
      'LOGIN_ENABLED',
      'SMTP_URL',
      'MAIL_FROM',
      'INTERNAL_API_TOKEN',
      'INTERNAL_ALLOWED_IPS',
      'ES_AVS_MODAL_ENABLED',
      'FORCE_AVS',
      'ADULT_MARKET_VARIANT',
      'PAYMENT_WEBHOOK_SECRET',
      'SUBSCRIPTION_JOB_INTERVAL_MS',
      'COUNTERS_JOB_INTERVAL_MS',
      'PRESENCE_SIMULATOR_INTERVAL_MS',
      'PERFORMER_API_SECRET',
      'PERFORMER_SIMULATOR',
      'PERFORMER_SIMULATOR_KICK_RATE',
      'PERFORMER_SIMULATOR_OFFLINE_RATE',
      'DEMO_SHOWS',
      'SHOW_CLOCK_OFFSET_MS',
      'SHOW_CLOCK_ADJUSTABLE',
      'SHOW_JOB_MS',
      'LIVE_MINUTE_MS',
      'LIVE_PREVIEW_UNIT_MS',
      'LIVE_FREE_CHAT_MS_PER_DAY',
      'LIVE_LEASE_MS',
      'LIVE_UDP_PORTS',
      'LIVE_SOURCE_IDLE_MS',
      'LIVE_ICE_SERVERS',
      'LIVE_PUBLIC_IP',
      'JANUS_URL',
      'JANUS_API_SECRET',
      'JANUS_ADMIN_KEY',
      'COUNTRY_HEADER',
      'MAP_TILE_URL',
      'MAP_TILE_ATTRIBUTION',
      'WEB_PUSH_VAPID_PUBLIC_KEY',
      'WEB_PUSH_VAPID_PRIVATE_KEY',
      'WEB_PUSH_SUBJECT',
      'WEB_PUSH_ALLOW_LOCAL_ENDPOINTS',
      'MESSENGER_REPLY_DELAY_MS',
      'MESSENGER_REPLY_MEDIA_EVERY',
    ]);
    for (const v of CONFIG_DOC) expect(v.description.length).toBeGreaterThan(10);
    expect(CONFIG_DOC.find((v) => v.name === 'PORT')?.default).toBe('3000');
  });
});

describe('README configuration table', () => {
  it('lists every configuration variable with its default', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const doc of CONFIG_DOC) {
      expect(readme, doc.name).toMatch(new RegExp(`\\|\\s*\`${doc.name}\`\\s*\\|`));
    }
  });
});

describe('issue 5 configuration', () => {
  it('COUNTRY_HEADER is lower-cased; MAP_TILE_URL needs {z}, {x} and {y}', () => {
    const config = parseConfig({ COUNTRY_HEADER: 'CF-IPCountry' });
    expect(config.countryHeader).toBe('cf-ipcountry');
    expect(config.mapTileUrl).toBeUndefined();
    expect(parseConfig({ MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png' }).mapTileUrl).toBe(
      'https://tiles.example.com/{z}/{x}/{y}.png',
    );
    expect(() => parseConfig({ MAP_TILE_URL: 'https://tiles.example.com/tile.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => parseConfig({ COUNTRY_HEADER: 'bad header' })).toThrow(/COUNTRY_HEADER/);
  });
});

describe('web push configuration (issue 6)', () => {
  const keys = webPush.generateVAPIDKeys();
  const other = webPush.generateVAPIDKeys();
  const errorOf = (env: Record<string, string>) => {
    try {
      parseConfig(env);
    } catch (error) {
      return error as ConfigError;
    }
    throw new Error('no error');
  };

  it('reads a VAPID key pair; unset, both stay unset (generated under DATA_DIR outside production)', () => {
    expect(
      parseConfig({ WEB_PUSH_VAPID_PUBLIC_KEY: keys.publicKey, WEB_PUSH_VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toMatchObject({ webPushVapidPublicKey: keys.publicKey, webPushVapidPrivateKey: keys.privateKey });
    expect(parseConfig({})).toMatchObject({
      webPushVapidPublicKey: undefined,
      webPushVapidPrivateKey: undefined,
      webPushAllowLocalEndpoints: false,
    });
  });

  it('both keys or neither: one alone stops the start naming the missing one', () => {
    expect(errorOf({ WEB_PUSH_VAPID_PUBLIC_KEY: keys.publicKey }).variable).toBe(
      'WEB_PUSH_VAPID_PRIVATE_KEY',
    );
    const error = errorOf({ WEB_PUSH_VAPID_PRIVATE_KEY: keys.privateKey });
    expect(error.variable).toBe('WEB_PUSH_VAPID_PUBLIC_KEY');
    expect(error.message).toBe(
      'Invalid configuration: WEB_PUSH_VAPID_PUBLIC_KEY must be set together with WEB_PUSH_VAPID_PRIVATE_KEY (got nothing)',
    );
  });

  it('keys of two different pairs are refused; a bad private key is never shown', () => {
    const error = errorOf({
      WEB_PUSH_VAPID_PUBLIC_KEY: other.publicKey,
      WEB_PUSH_VAPID_PRIVATE_KEY: keys.privateKey,
    });
    expect(error.variable).toBe('WEB_PUSH_VAPID_PUBLIC_KEY');
    expect(error.message).not.toContain(keys.privateKey);
    const bad = `${keys.privateKey.slice(0, -2)}!!`;
    const malformed = errorOf({ WEB_PUSH_VAPID_PUBLIC_KEY: keys.publicKey, WEB_PUSH_VAPID_PRIVATE_KEY: bad });
    expect(malformed.variable).toBe('WEB_PUSH_VAPID_PRIVATE_KEY');
    expect(malformed.message).not.toContain(bad);
    const described = JSON.stringify(
      describeConfig(
        parseConfig({
          WEB_PUSH_VAPID_PUBLIC_KEY: keys.publicKey,
          WEB_PUSH_VAPID_PRIVATE_KEY: keys.privateKey,
        }),
      ),
    );
    expect(described).not.toContain(keys.privateKey);
  });

  it('a public key that is not a point on P-256 is refused', () => {
    const notOnCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    expect(errorOf({ WEB_PUSH_VAPID_PUBLIC_KEY: notOnCurve }).variable).toBe('WEB_PUSH_VAPID_PUBLIC_KEY');
  });

  it('the VAPID subject defaults to the address of MAIL_FROM', () => {
    expect(parseConfig({}).webPushSubject).toBe('mailto:no-reply@vela.localhost');
    expect(parseConfig({ MAIL_FROM: 'Nova <hello@nova.example>' }).webPushSubject).toBe(
      'mailto:hello@nova.example',
    );
    expect(parseConfig({ MAIL_FROM: 'ops@nova.example' }).webPushSubject).toBe('mailto:ops@nova.example');
    expect(parseConfig({ WEB_PUSH_SUBJECT: 'https://nova.example/contact' }).webPushSubject).toBe(
      'https://nova.example/contact',
    );
  });

  it('local push endpoints are refused in production', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
      PAYMENT_WEBHOOK_SECRET: 'a-production-webhook-key-of-32-chars-or-more',
    };
    expect(parseConfig({ ...production }).webPushAllowLocalEndpoints).toBe(false);
    expect(errorOf({ ...production, WEB_PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' }).variable).toBe(
      'WEB_PUSH_ALLOW_LOCAL_ENDPOINTS',
    );
    expect(parseConfig({ WEB_PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' }).webPushAllowLocalEndpoints).toBe(true);
  });
});

describe('issue 16 live media configuration', () => {
  it('reads the UDP port range, the idle time, ICE servers (JSON or a list) and the public address', () => {
    const defaults = parseConfig({});
    expect(defaults.liveUdpPorts).toEqual([40000, 40999]);
    expect(defaults.liveSourceIdleMs).toBe(60000);
    expect(defaults.liveIceServers).toBeUndefined();
    const config = parseConfig({
      LIVE_UDP_PORTS: '50000-50100',
      LIVE_SOURCE_IDLE_MS: '500',
      LIVE_ICE_SERVERS: 'stun:stun.example.com:3478, turn:turn.example.com',
      LIVE_PUBLIC_IP: '203.0.113.7',
    });
    expect(config.liveUdpPorts).toEqual([50000, 50100]);
    expect(config.liveSourceIdleMs).toBe(500);
    expect(config.liveIceServers).toEqual([
      { urls: 'stun:stun.example.com:3478' },
      { urls: 'turn:turn.example.com' },
    ]);
    expect(config.livePublicIp).toBe('203.0.113.7');
    const json = '[{"urls":"turn:t.example.com:3478","username":"u","credential":"hunter2"}]';
    expect(parseConfig({ LIVE_ICE_SERVERS: json }).liveIceServers).toEqual([
      { urls: 'turn:t.example.com:3478', username: 'u', credential: 'hunter2' },
    ]);
    expect(JSON.stringify(describeConfig(parseConfig({ LIVE_ICE_SERVERS: json })))).not.toContain('hunter2');
    for (const bad of ['40999-40000', '80-90', '40000', '40000-70000']) {
      expect(() => parseConfig({ LIVE_UDP_PORTS: bad })).toThrow(/LIVE_UDP_PORTS/);
    }
    for (const bad of ['http://stun.example.com', '[{"urls":1}]', '[{', '[{"urls":"stun:a","x":1}]']) {
      expect(() => parseConfig({ LIVE_ICE_SERVERS: bad })).toThrow(/LIVE_ICE_SERVERS/);
    }
    expect(() => parseConfig({ LIVE_PUBLIC_IP: 'example.com' })).toThrow(/LIVE_PUBLIC_IP/);
  });

  it('Janus: JANUS_URL selects it (an http(s) URL), the API secret and admin key are secrets', () => {
    expect(parseConfig({}).janusUrl).toBeUndefined();
    const config = parseConfig({
      JANUS_URL: 'http://127.0.0.1:8088/janus',
      JANUS_API_SECRET: 'hunter2-api',
      JANUS_ADMIN_KEY: 'hunter2-admin',
    });
    expect(config.janusUrl).toBe('http://127.0.0.1:8088/janus');
    expect(config.janusAdminKey).toBe('hunter2-admin');
    expect(JSON.stringify(describeConfig(config))).not.toContain('hunter2');
    expect(() => parseConfig({ JANUS_URL: 'ws://127.0.0.1:8188' })).toThrow(/JANUS_URL/);
  });
});
