/**
 * Guards of the first load on a phone (issue 15, decision 0035), read from the sources: each rule stands
 * for a measured regression of `bench/first-load-js.ts`.
 *
 * - No browser module imports zod itself (`import { z } from 'zod'`, `import('zod')`): the bundler then
 *   ships all of zod (~70 KB compressed, home 182 -> 278 KB) with whichever chunk holds it. Contracts
 *   bring their schemas; web code takes zod's types only (`import type`).
 * - The payment dialog host imports its message contract and after-login actions only when a dialog
 *   opens (PaymentDialogProvider `dialogModules`), and the notifications menu renders the lazy web push
 *   switch.
 * - The socket's code (SocketClient with the message schemas, credentials, wiring) is imported after
 *   idle (`realtime/state/realtimeConnection.ts`); no other browser module imports it or the client
 *   at run time (types only), or it would load with the first chunks again.
 * - The shell's wallet calls and the profile's note import their contract modules (declarations and
 *   schemas, so zod) at the first call; a constant the page renders lives in a schema-free module
 *   (`@vela/contracts/actor-note`, `@vela/contracts/performer-options`). A contract module is one unit for the bundler: a page importing any
 *   constant of it gets every schema of it that some chunk uses (profile 178.8 -> 156.2 KB).
 * - No browser module imports the videos contract at run time: the grid's next pages, the overview's
 *   bought part and the stored sort import it at the call, and the listing reads its URL filter with
 *   the schema-free `parseVideoFilter` (`@vela/contracts/video-filter`, proven equal to the schema).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const appDir = path.dirname(fileURLToPath(import.meta.url));

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const read = (file: string) => readFileSync(path.join(appDir, file), 'utf8');

describe('first load on a phone', () => {
  it('no browser module imports zod itself (types only)', () => {
    const offenders = sourcesOf(appDir).filter((file) => {
      const source = readFileSync(file, 'utf8');
      return (
        /import\s*\(\s*['"]zod['"]\s*\)/.test(source) ||
        /^import\s+(?!type\b)[^;]*from\s+['"]zod['"]/m.test(source)
      );
    });
    expect(offenders.map((file) => path.relative(appDir, file))).toEqual([]);
  });

  it('the dialog host loads its message contract and login actions on first use', () => {
    const host = read('features/payment-dialog/PaymentDialogProvider.tsx');
    expect(host).not.toMatch(/^import\s+\{[^}]*\bparseDialogMessage\b[^}]*\}\s+from/m);
    expect(host).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+'\.\/loginAction\.ts'/m);
    expect(host).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+'@vela\/contracts\/payment-messages'/m);
    expect(host).toContain("import('@vela/contracts/payment-messages')");
    expect(host).toContain("import('./loginAction.ts')");
  });

  it('the socket client loads after idle, through realtimeConnection only', () => {
    const provider = read('features/realtime/state/RealtimeProvider.tsx');
    expect(provider).toContain("import('./realtimeConnection.ts')");
    expect(provider).toContain('whenIdleAfterLoad(');
    const runtimeImport =
      /^import\s+(?!type\b)[^;]*from\s+'[^']*\/(socketClient|realtimeConnection|realtimeWiring)\.ts'/m;
    const allowed = new Set([
      'features/realtime/state/realtimeConnection.ts',
      'features/realtime/api/connectionErrorReporter.ts',
    ]);
    const offenders = sourcesOf(appDir)
      .map((file) => path.relative(appDir, file))
      .filter((file) => !allowed.has(file) && runtimeImport.test(read(file)));
    expect(offenders).toEqual([]);
  });

  it('the wallet calls, the profile note and the top cams block load their contracts on the first call', () => {
    const wallet = read('features/wallet/api/walletApi.ts');
    expect(wallet).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+'@vela\/contracts\/wallet-api'/m);
    expect(wallet).toContain("import('@vela/contracts/wallet-api')");
    const note = read('features/actor/components/ActorNote.tsx');
    expect(note).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+'@vela\/contracts\/actors'/m);
    expect(note).toContain("import('@vela/contracts/actors')");
    const topCams = read('features/performers/components/TopCams.tsx');
    expect(topCams).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+'@vela\/contracts\/performers'/m);
    expect(topCams).toContain("import('@vela/contracts/performers')");
  });

  it('the video pages load the videos contract on the first call, and read the URL filter without zod', () => {
    const runtimeImport = /^import\s+(?!type\b)[^;]*from\s+'@vela\/contracts\/videos'/m;
    const offenders = sourcesOf(appDir)
      .map((file) => path.relative(appDir, file))
      .filter((file) => runtimeImport.test(read(file)));
    expect(offenders).toEqual([]);
    expect(read('features/videos/components/InfiniteVideoGrid.tsx')).toContain(
      "import('@vela/contracts/videos')",
    );
    expect(read('features/videos/useGuestOverview.ts')).toContain("import('@vela/contracts/videos')");
    expect(read('features/videos/listings.ts')).toMatch(
      /^import\s+\{[^}]*\bparseVideoFilter\b[^}]*\}\s+from\s+'@vela\/contracts\/video-filter'/m,
    );
  });

  it('the notifications menu renders the web push switch lazily', () => {
    const menu = read('features/notifications/components/NotificationsMenu.tsx');
    expect(menu).toContain('LazyWebPushToggle');
    expect(menu).not.toMatch(/from\s+'[^']*\/WebPushToggle\.tsx'/);
  });
});
