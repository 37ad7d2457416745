/**
 * First-load JavaScript benchmark (issue 15, "First load on a phone"): how much compressed JavaScript a
 * phone downloads before anyone touches the page.
 *
 * ONE server process in production mode on PostgreSQL (the demo data of `npm run bench`), serving the
 * current web build (`npm run build` first). Each page is opened as a visitor in a fresh Chromium context
 * (empty cache, 390 × 844 px, touch, device scale 3).
 *
 * "Before interaction": every script REQUESTED before the page was interactive, i.e. before the later of
 * its `load` event and its shell's ready mark (`html[data-shell-ready]`, set once hydrated with its
 * listeners attached), read on the page's own clock (the request's start in the Resource Timing entries,
 * against the moment a MutationObserver saw the mark and `loadEventEnd`). The encoded bytes (as
 * transferred, after the server's compression) of those responses are summed. Reported per page: the
 * number of scripts, the encoded and decoded bytes, the content encodings the server chose (Chromium
 * offers `gzip, deflate, br, zstd`), and whether it meets the budget of FIRST_LOAD_JS_BUDGET_BYTES
 * (130 KB).
 *
 * "After idle": the scripts requested after that moment with nobody touching the page, until network
 * idle (no request for 500 ms) and then BENCH_FIRST_LOAD_LATER_MS (5 s) more (what the page loads when
 * the browser is idle: the socket, decision 0035), reported apart so that nothing deferred goes unseen.
 *
 * Pages: home (`/en/`), two listings (`/en/videos/`, `/en/cams/`) and the profile of the first performer
 * linked from home (`/en/amateur/<name>/`).
 *
 * Alone: `npx tsx bench/first-load-js.ts`. Env: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/vela_bench,
 * created and seeded with the demo data when missing), BENCH_FIRST_LOAD_PORT (3980), CHROMIUM_PATH
 * (/usr/bin/chromium), BENCH_FIRST_LOAD_ORIGIN (measure a server already running there instead), BENCH_FIRST_LOAD_VERBOSE (`true` lists each page's scripts).
 */
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Request } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/playwright.config.ts';
import { withQuietServer } from './server-process.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vela_bench';
const port = Number(process.env.BENCH_FIRST_LOAD_PORT ?? 3980);
const laterMs = Number(process.env.BENCH_FIRST_LOAD_LATER_MS ?? 5000);

/** The goal of issue 15: at most 130 KB of compressed JavaScript before interaction. */
export const FIRST_LOAD_JS_BUDGET_BYTES = 130 * 1024;

export interface FirstLoadPage {
  name: string;
  path: string;
  scripts: number;
  /** Bytes as transferred (compressed), bodies only. */
  encodedBytes: number;
  /** Bytes after decompression. */
  decodedBytes: number;
  /** Content encodings of the script responses (`identity` for none). */
  encodings: string[];
  withinBudget: boolean;
  /** Each script: its path and encoded bytes, largest first. */
  files: { path: string; encodedBytes: number }[];
  /** Milliseconds from navigation start until the page was interactive (the later of load and shell ready). */
  interactiveMs: number;
  /** Scripts requested after the page was interactive, untouched (idle-time loads): compressed bytes. */
  afterIdleEncodedBytes: number;
  afterIdleFiles: { path: string; encodedBytes: number }[];
}

export interface FirstLoadBenchResult {
  budgetBytes: number;
  viewport: { width: number; height: number };
  pages: FirstLoadPage[];
}

/** What the bench reads of the page (the bench compiles without the DOM's types). */
interface PageGlobals {
  __shellReadyAt?: number;
  performance: {
    getEntriesByType(type: string): { name: string; startTime: number; loadEventEnd?: number }[];
  };
}

function isScript(request: Request, contentType: string | undefined): boolean {
  return request.resourceType() === 'script' || /javascript/.test(contentType ?? '');
}

async function measurePage(
  browser: Browser,
  origin: string,
  name: string,
  path: string,
): Promise<FirstLoadPage> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    // The page's own clock at the shell's ready mark (set by AppShell once hydrated); injected by the
    // browser before the page's scripts, so the page's CSP does not apply.
    await page.addInitScript({
      content: `new MutationObserver(() => {
        if (window.__shellReadyAt === undefined && document.documentElement?.dataset.shellReady === 'true')
          window.__shellReadyAt = performance.now();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-shell-ready'] });`,
    });
    const finished: Promise<{ url: string; encoded: number; decoded: number; encoding: string } | null>[] =
      [];
    page.on('requestfinished', (request) => {
      finished.push(
        (async () => {
          const response = await request.response();
          if (!response) return null;
          const headers = await response.allHeaders();
          if (!isScript(request, headers['content-type'])) return null;
          const sizes = await request.sizes();
          const decoded = (await response.body()).byteLength;
          return {
            url: request.url(),
            encoded: sizes.responseBodySize,
            decoded,
            encoding: headers['content-encoding'] ?? 'identity',
          };
        })(),
      );
    });
    const response = await page.goto(`${origin}${path}`, { waitUntil: 'load' });
    if (!response?.ok()) throw new Error(`${path} answered ${response?.status()}`);
    await page.waitForFunction(() => (globalThis as unknown as PageGlobals).__shellReadyAt !== undefined);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(laterMs);
    await page.waitForLoadState('networkidle');
    const clock = await page.evaluate(() => {
      const { __shellReadyAt, performance } = globalThis as unknown as PageGlobals;
      return {
        readyAt: __shellReadyAt ?? Number.POSITIVE_INFINITY,
        loadEnd: performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0,
        starts: performance
          .getEntriesByType('resource')
          .map((e) => [e.name, e.startTime] as [string, number]),
      };
    });
    const interactiveAt = Math.max(clock.readyAt, clock.loadEnd);
    const startOf = new Map(clock.starts);
    const all = (await Promise.all(finished)).filter((s) => s !== null);
    // A script without a timing entry counts as before interaction (never hides bytes).
    const before = (s: { url: string }) => (startOf.get(s.url) ?? 0) <= interactiveAt;
    const scripts = all.filter(before);
    const later = all.filter((s) => !before(s));
    const encodedBytes = scripts.reduce((sum, s) => sum + s.encoded, 0);
    return {
      name,
      path,
      scripts: scripts.length,
      encodedBytes,
      decodedBytes: scripts.reduce((sum, s) => sum + s.decoded, 0),
      encodings: [...new Set(scripts.map((s) => s.encoding))].sort(),
      withinBudget: encodedBytes <= FIRST_LOAD_JS_BUDGET_BYTES,
      files: scripts
        .map((s) => ({ path: new URL(s.url).pathname, encodedBytes: s.encoded }))
        .sort((a, b) => b.encodedBytes - a.encodedBytes),
      interactiveMs: Math.round(interactiveAt),
      afterIdleEncodedBytes: later.reduce((sum, s) => sum + s.encoded, 0),
      afterIdleFiles: later.map((s) => ({ path: new URL(s.url).pathname, encodedBytes: s.encoded })),
    };
  } finally {
    await context.close();
  }
}

/** Measures the pages against a running server at `origin` (used by the bench and by hand). */
export async function measureFirstLoad(origin: string): Promise<FirstLoadBenchResult> {
  const home = await fetch(`${origin}/en/`).then((r) => r.text());
  const actor = /href="(\/en\/amateur\/[^/"]+\/)"/.exec(home)?.[1];
  if (!actor) throw new Error('no actor link on the home page');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const targets = [
      { name: 'home', path: '/en/' },
      { name: 'videos', path: '/en/videos/' },
      { name: 'cams', path: '/en/cams/' },
      { name: 'profile', path: actor },
    ];
    const pages: FirstLoadPage[] = [];
    // A first visit warms the server's caches (micro-cache, homepage data) so that every page is measured alike.
    for (const t of targets) await fetch(`${origin}${t.path}`).then((r) => r.arrayBuffer());
    for (const t of targets) pages.push(await measurePage(browser, origin, t.name, t.path));
    return { budgetBytes: FIRST_LOAD_JS_BUDGET_BYTES, viewport: { width: 390, height: 844 }, pages };
  } finally {
    await browser.close();
  }
}

export function runFirstLoadBench(): Promise<FirstLoadBenchResult> {
  return withQuietServer(port, databaseUrl, measureFirstLoad);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function printFirstLoadBench(result: FirstLoadBenchResult): void {
  console.log(
    `first-load JS at ${result.viewport.width} px (budget ${kb(result.budgetBytes)} compressed before interaction = requested before load and the shell's ready mark; after idle apart):`,
  );
  const verbose = process.env.BENCH_FIRST_LOAD_VERBOSE === 'true';
  for (const p of result.pages) {
    console.log(
      `  ${p.name.padEnd(8)} ${kb(p.encodedBytes).padStart(9)} compressed (${p.encodings.join('+')}), ${kb(p.decodedBytes).padStart(9)} decoded, ${String(p.scripts).padStart(2)} scripts  ${p.withinBudget ? 'ok' : 'OVER BUDGET'}  ${p.path}  interactive at ${p.interactiveMs} ms  (+${kb(p.afterIdleEncodedBytes)} after idle)`,
    );
    if (verbose) {
      for (const f of p.files) console.log(`      ${kb(f.encodedBytes).padStart(9)}  ${f.path}`);
      for (const f of p.afterIdleFiles)
        console.log(`      ${kb(f.encodedBytes).padStart(9)}  after idle: ${f.path}`);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const origin = process.env.BENCH_FIRST_LOAD_ORIGIN;
  printFirstLoadBench(origin ? await measureFirstLoad(origin) : await runFirstLoadBench());
}
