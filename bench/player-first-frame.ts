/**
 * Click to first frame of a bought video (issue 17 "Measured"): how long a guest waits from the click
 * on a video tile until the player presents the video's first frame.
 *
 * ONE server process in production mode on PostgreSQL (the demo data of `npm run bench`; the clip pool
 * of the seed is made here when the bench database predates it), serving the current web build (`npm run
 * build` first). A guest with a session (bench/guest-session.ts) tops up through the payment API's
 * sandbox card and buys the first paid, FSK-16, non-VIP video of /en/videos/all-videos/ (POST
 * video/:id/buy). Each run is a fresh Chromium context (empty cache, 1280 × 800) on that listing:
 *
 * - "cold": the first click on the tile's player link (`?video=<id>`): the modal's chunk, media-chrome,
 *   hls.js, `watch/start`, the playlist and the first segment all load after the click;
 * - "warm": Escape, then the same click again on the same page (code cached; `watch/start`, playlist and
 *   segment asked again).
 *
 * Measured on the page's own clock: a capture-phase click listener stores `performance.now()`, the player
 * stamps `data-first-frame` on its `<video>` from `requestVideoFrameCallback` (the first presented frame).
 * Reported: p50/p95/max of each over BENCH_PLAYER_RUNS (15) runs.
 *
 * Alone: `npx tsx bench/player-first-frame.ts`. Env: BENCH_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/vela_bench, created and seeded when missing), BENCH_PLAYER_PORT (3985),
 * CHROMIUM_PATH (/usr/bin/chromium), BENCH_PLAYER_RUNS (15).
 */
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clipDirOf } from '@vela/db/clip-pool';
import { generateClips } from '@vela/db/seed/clips';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/playwright.config.ts';
import { benchGuest } from './guest-session.ts';
import { withQuietServer } from './server-process.ts';
import { percentile, round } from './stats.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vela_bench';
const port = Number(process.env.BENCH_PLAYER_PORT ?? 3985);
// The pages redirect to their configured origin (localhost): the browser and its cookies use it from the start.
const base = `http://localhost:${port}`;
const runs = Number(process.env.BENCH_PLAYER_RUNS ?? 15);
const LISTING = '/en/videos/all-videos/';

interface Timing {
  p50: number;
  p95: number;
  max: number;
}

export interface PlayerFirstFrameResult {
  videoId: number;
  runs: number;
  /** Milliseconds from the click to the first presented frame, first open on a fresh page. */
  coldMs: Timing;
  /** The same, the second open on the same page. */
  warmMs: Timing;
}

function timing(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50), 0),
    p95: round(percentile(sorted, 95), 0),
    max: round(sorted.at(-1) ?? 0, 0),
  };
}

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { success?: boolean; data?: T; error?: unknown };
  if (!response.ok || body.success !== true)
    throw new Error(`${response.url}: ${response.status} ${JSON.stringify(body)}`);
  return body.data as T;
}

/** A guest who owns the first paid FSK-16 video of the listing: its cookie and the video's id. */
async function guestWithBoughtVideo(): Promise<{ cookie: string; videoId: number }> {
  const { cookie } = await benchGuest(databaseUrl, 'player');
  const headers = { cookie, 'content-type': 'application/json', accept: 'application/json' };
  const payload = encodeURIComponent(
    JSON.stringify({ category: 'allVideos', sort: 'topRated', offset: 0, limit: 30 }),
  );
  const list = await json<{
    items: { id: number; free: boolean; vip: boolean; ageRating: number; price: { value: number } }[];
  }>(await fetch(`${base}/rest/v1/tileGrid/get/videos/${payload}`, { headers }));
  const video = list.items.find((v) => !v.free && !v.vip && v.ageRating === 16);
  if (!video) throw new Error(`no paid FSK-16 video on the first page of ${LISTING}`);
  const { accessToken } = await json<{ accessToken: string }>(
    await fetch(`${base}/rest/v1/guest/accessToken`, { method: 'POST', headers, body: '{}' }),
  );
  await json(
    await fetch(`${base}/rest/v1/payment/charges`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({
        idempotencyKey: `bench-player-${randomUUID()}`,
        flow: 'moneycharge',
        paytype: 'CC',
        amountCents: Math.max(2000, video.price.value * 2),
        card: {
          number: '4242 4242 4242 4242',
          expMonth: 12,
          expYear: 2099,
          cvc: '123',
          holder: 'Bench Player',
        },
      }),
    }),
  );
  await json(
    await fetch(`${base}/rest/v1/video/${video.id}/buy`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ idempotencyKey: `bench-player-buy-${randomUUID()}` }),
    }),
  );
  return { cookie, videoId: video.id };
}

/** What the bench reads of the page (it compiles without the DOM's types). */
interface PageGlobals {
  __clickAt?: number;
  document: { querySelector(s: string): { dataset: Record<string, string | undefined> } | null };
}

async function clickToFirstFrame(page: import('playwright-core').Page, videoId: number): Promise<number> {
  await page.evaluate(() => {
    (globalThis as unknown as PageGlobals).__clickAt = undefined;
  });
  // The tile's title: its picture may be an FSK-18 placeholder whose own action opens the age check.
  await page
    .locator(`#pagination .tile--video[data-video-id="${videoId}"] .tile__link .tile__title`)
    .first()
    .click();
  const frame = await page
    .waitForFunction(
      () => {
        const g = globalThis as unknown as PageGlobals;
        const at = g.document.querySelector('[data-modal-id="video-with-player"] video[data-access="full"]')
          ?.dataset.firstFrame;
        return at !== undefined && g.__clickAt !== undefined ? Number(at) - g.__clickAt : null;
      },
      undefined,
      { timeout: 30_000 },
    )
    .catch(async (error: unknown) => {
      // Say what the modal shows instead of a bare timeout.
      const state = await page.evaluate(() => {
        const d = (globalThis as unknown as { document: Document }).document;
        const modal = d.querySelector('[data-modal-id="video-with-player"]');
        const video = modal?.querySelector('video');
        return JSON.stringify({
          modal: modal !== null,
          state: modal?.querySelector('[data-player-state]')?.getAttribute('data-player-state'),
          problem: modal?.querySelector('[data-player-problem]')?.getAttribute('data-player-problem'),
          access: video?.dataset.access,
          readyState: video?.readyState,
          currentTime: video?.currentTime,
          url: d.location.href,
        });
      });
      throw new Error(`no first frame of video ${videoId} within 30 s: ${state}`, { cause: error });
    });
  return (await frame.jsonValue()) as number;
}

async function oneRun(
  browser: Browser,
  cookie: string,
  videoId: number,
): Promise<{ cold: number; warm: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([
      { name, value, url: base },
      { name: 'vela_consent', value: 'v1.f0.a0', url: base },
    ]);
    const page = await context.newPage();
    await page.addInitScript({
      content: `addEventListener('click', () => { window.__clickAt = performance.now(); }, { capture: true });`,
    });
    await page.goto(`${base}${LISTING}`, { waitUntil: 'load' });
    await page.waitForSelector('html[data-shell-ready="true"]');
    const cold = await clickToFirstFrame(page, videoId);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-modal-id="video-with-player"]', { state: 'detached' });
    await page.waitForURL((url) => !url.searchParams.has('video'));
    const warm = await clickToFirstFrame(page, videoId);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

export async function measurePlayerFirstFrame(): Promise<PlayerFirstFrameResult> {
  const { cookie, videoId } = await guestWithBoughtVideo();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    // One run first warms the server (page cache, clip files in the OS cache): not counted.
    await oneRun(browser, cookie, videoId);
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const run = await oneRun(browser, cookie, videoId);
      cold.push(run.cold);
      warm.push(run.warm);
    }
    return { videoId, runs, coldMs: timing(cold), warmMs: timing(warm) };
  } finally {
    await browser.close();
  }
}

export async function runPlayerFirstFrameBench(): Promise<PlayerFirstFrameResult> {
  // The seed makes the clip pool only with a new database: the bench's may predate it (idempotent).
  await generateClips(clipDirOf(join(root, 'data', 'bench', 'media')), 'demo');
  return withQuietServer(port, databaseUrl, measurePlayerFirstFrame);
}

export function printPlayerFirstFrameBench(result: PlayerFirstFrameResult): void {
  const row = (t: Timing) => `p50 ${t.p50} ms, p95 ${t.p95} ms, max ${t.max} ms`;
  console.log(
    `player click to first frame of a bought video (video ${result.videoId}, ${result.runs} runs, Chromium 1280x800):`,
  );
  console.log(`  cold (first open on a fresh page)  ${row(result.coldMs)}`);
  console.log(`  warm (second open, code cached)    ${row(result.warmMs)}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printPlayerFirstFrameBench(await runPlayerFirstFrameBench());
}
