import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3200);
const payPort = port + 1;
/** The operator API token of the browser tests' server (the tests decide age verifications through it). */
export const E2E_INTERNAL_TOKEN = 'e2e-internal-token-0123456789abcdef';
/** Where e2e/start-server.ts writes its pid: SIGUSR2 to it restarts the server (realtime.spec.ts). */
export const E2E_SERVER_PID_FILE = `/tmp/vela-e2e-server-${port}.pid`;
/** The performer API's secret of the browser tests' server (tests compute a performer's token from it). */
export const E2E_PERFORMER_SECRET = 'e2e-performer-secret-0123456789abcdef';

/** Flags required on this machine's closed network (developers' brief). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: './test-results',
  fullyParallel: true,
  // Two workers on the 2-core CI machine (E2E_WORKERS to measure another count, decision 0040).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A flaky test is a failing test: no retries, in CI either (issue 14); a failure keeps its trace.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { outputFolder: './report', open: 'never' }],
    ['json', { outputFile: `${process.env.REPORT_DIR ?? '../reports/local'}/playwright.json` }],
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    // A failure keeps its trace (actions, DOM snapshots, network, console). Without the screencast: its frames
    // doubled Chromium's CPU time (auth.spec: 57 CPU-s without a trace, 108-124 with one, decision 0040), and
    // the failure's own screenshot below shows the page.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: 'realtime.spec.ts',
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // Presence changes and a server restart would disturb the other tests: after all of them.
    {
      name: 'realtime',
      testMatch: 'realtime.spec.ts',
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    // The real server, on a fresh data directory (or a fresh PostgreSQL database when DATABASE_URL is set),
    // seeded with the demo data on first start exactly as `npm start` does.
    command: 'npx tsx e2e/start-server.ts',
    cwd: '..',
    url: `http://localhost:${port}/rest/v1/alive`,
    timeout: 240_000,
    reuseExistingServer: false,
    // SIGTERM (not Playwright's default SIGKILL) so start-server.ts stops the server and drops its database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      PAY_PORT: String(payPort),
      E2E_SERVER_PID_FILE,
      LOG_LEVEL: 'warn',
      INTERNAL_API_TOKEN: E2E_INTERNAL_TOKEN,
      // Each test's browser context has its own X-Forwarded-For (e2e/fixtures.ts).
      TRUST_PROXY: 'true',
      // Spec 6 es-avs modal (dialog-host.spec.ts); only Spanish pages show it.
      ES_AVS_MODAL_ENABLED: 'true',
      // Presence changes only through the internal API (realtime.spec.ts), never at random.
      PRESENCE_SIMULATOR_INTERVAL_MS: '0',
      // The simulated performers accept and answer chats (PERFORMER_SIMULATOR is on outside
      // production) but never end one at random (docs/PERFORMER-API.md).
      PERFORMER_SIMULATOR_KICK_RATE: '0',
      PERFORMER_SIMULATOR_OFFLINE_RATE: '0',
      // No demo shows (rolling ticket shows, free shows, clashes; decision 0053): the specs schedule their own.
      DEMO_SHOWS: 'false',
      // A billed live minute lasts 5 s here (a real setting, decision 0038): live.spec.ts sees the
      // balance fall minute by minute and run out (501) within a test.
      LIVE_MINUTE_MS: '5000',
      // The performer API (docs/PERFORMER-API.md): the broadcast page's Toy panel (live-interaction.spec.ts).
      PERFORMER_API_SECRET: E2E_PERFORMER_SECRET,
      // Each e2e server its own WebRTC UDP ports, so servers of parallel runs on other ports never clash.
      LIVE_UDP_PORTS: `${30000 + (port % 1000) * 20}-${30000 + (port % 1000) * 20 + 19}`,
    },
  },
});
