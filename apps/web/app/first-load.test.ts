/**
 * Guards of the first load on a phone (issue 15, decision 0035), read from the sources: each rule stands
 * for a measured regression of `bench/first-load-js.ts`.
 *
 * - No browser module imports zod itself (`import { z } from 'zod'`, `import('zod')`): the bundler then
 *   ships all of zod (~70 KB compressed, home 182 -> 278 KB) with whichever chunk holds it. Contracts
 *   bring their schemas; web code takes zod's types only (`import type`).
 * - The payment dialog's code (PaymentDialogHost: frame, state machine, messages, login completion,
 *   URL parameters) loads when the first dialog opens or the address asks for one; PaymentDialogProvider
 *   keeps only the API, the decision and the new tab. The host's message contract and after-login
 *   actions load with it (its static imports, preloaded in parallel). The notifications menu renders
 *   the lazy web push switch.
 * - The socket's code (SocketClient with the message schemas, credentials, wiring) is imported after
 *   idle (`realtime/state/realtimeConnection.ts`); no other browser module imports it or the client
 *   at run time (types only), or it would load with the first chunks again.
 * - The shell's wallet calls and the profile's note import their contract modules (declarations and
 *   schemas, so zod) at the first call; a constant the page renders lives in a schema-free module
 *   (`@vela/contracts/actor-note`, `@vela/contracts/performer-options`). A contract module is one unit for the bundler: a page importing any
 *   constant of it gets every schema of it that some chunk uses (profile 178.8 -> 156.2 KB).
 * - The menus closed when a page loads (search overlay, my account, a guest's notifications) render
 *   their content through `lazyPanelContent`: its code loads at the first opening; the closed panel's
 *   server markup is the same empty `<section hidden>`.
 * - No browser module imports the videos contract at run time: the grid's next pages, the overview's
 *   bought part and the stored sort import it at the call, and the listing reads its URL filter with
 *   the schema-free `parseVideoFilter` (`@vela/contracts/video-filter`, proven equal to the schema).
 * - The browser build puts what the root route and the client entry import statically into one chunk
 *   (`shell`, chunks.ts): Rolldown alone made ~40 files of it, each compressed apart (home 138.0 -> 126.5 KB
 *   with React's libraries as one chunk too).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sharedByRoutes, staticClosure } from '../chunks.ts';

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

  it('the dialog host loads its whole code on first use, with its message contract and login actions', () => {
    const provider = read('features/payment-dialog/PaymentDialogProvider.tsx');
    expect(provider).toContain("import('./PaymentDialogHost.tsx')");
    expect(provider).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+'\.\/PaymentDialogHost\.tsx'/m);
    // The state machine, the message handling and the URL reading are the host's.
    expect(provider).not.toMatch(/\b(dialogTransition|acceptMessage|afterLoginStep|dialogRequestOfUrl)\b/);
    // Modules are units for the bundler: the provider takes the new-tab rule and the loading layer's
    // constants from @vela/domain/payment-dialog-open and the address from dialogAddress.ts, so that
    // the host's modules (all of @vela/domain/payment-dialog, urlParams.ts) stay out of the first load.
    for (const source of [provider, read('features/payment-dialog/DialogSpinner.tsx')]) {
      expect(source).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+'@vela\/domain\/payment-dialog'/m);
      expect(source).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+'\.\/urlParams\.ts'/m);
    }
    const runtimeImport = /^import\s+(?!type\b)[^;]*from\s+'[^']*\/PaymentDialogHost\.tsx'/m;
    const offenders = sourcesOf(appDir)
      .map((file) => path.relative(appDir, file))
      .filter((file) => runtimeImport.test(read(file)));
    expect(offenders).toEqual([]);
    // The message contract (with zod) and the after-login actions come with the host, not before.
    expect(provider).not.toMatch(/^import\s+\{[^}]*\bparseDialogMessage\b[^}]*\}\s+from/m);
    expect(provider).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+'\.\/loginAction\.ts'/m);
    expect(provider).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+'@vela\/contracts\/payment-messages'/m);
    const host = read('features/payment-dialog/PaymentDialogHost.tsx');
    expect(host).toMatch(
      /^import\s+\{[^}]*\bparseDialogMessage\b[^}]*\}\s+from\s+'@vela\/contracts\/payment-messages'/m,
    );
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
    // The note form itself loads with a logged-in guest's profile only (issue 17 addendum of 0035).
    expect(read('features/actor/components/ActorNote.tsx')).toContain(
      "lazy(() => import('./ActorNoteForm.tsx'))",
    );
    const note = read('features/actor/components/ActorNoteForm.tsx');
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

  it('the menus closed at first load their content at the first opening (server markup unchanged)', () => {
    const panels = [
      ['features/search/components/SearchOverlay.tsx', './SearchOverlayBody.tsx', 'SearchOverlayBody'],
      ['features/layout/components/MyAccountMenu.tsx', './MyAccountMenuBody.tsx', 'MyAccountMenuBody'],
      [
        'features/notifications/components/NotificationsMenu.tsx',
        './NotificationsList.tsx',
        'NotificationsList',
      ],
    ] as const;
    for (const [menu, body, name] of panels) {
      const source = read(menu);
      expect(source).toContain('lazyPanelContent(');
      expect(source).toContain(`import('${body}')`);
      const runtimeImport = new RegExp(`^import\\s+(?!type\\b)[^;]*from\\s+'[^']*/${name}\\.tsx'`, 'm');
      const offenders = sourcesOf(appDir)
        .map((file) => path.relative(appDir, file))
        .filter((file) => runtimeImport.test(read(file)));
      expect(offenders).toEqual([]);
    }
    // The account section, the search's fetch and recent searches come with their menu only.
    const firstLoadShell = [
      'features/layout/components/Navbar.tsx',
      'features/layout/components/AppShell.tsx',
      'features/layout/components/MyAccountMenu.tsx',
      'features/search/components/SearchOverlay.tsx',
    ].map(read);
    for (const source of firstLoadShell) {
      expect(source).not.toMatch(
        /from\s+'[^']*\/(AccountMenuSection\.tsx|useGlobalSearch\.ts|useRecentSearches\.ts)'/,
      );
    }
  });

  it('the notifications menu renders the web push switch lazily', () => {
    const menu = read('features/notifications/components/NotificationsMenu.tsx');
    expect(menu).toContain('LazyWebPushToggle');
    expect(menu).not.toMatch(/from\s+'[^']*\/WebPushToggle\.tsx'/);
  });
});

describe('the browser chunks of the first load (chunks.ts)', () => {
  // A small graph: the root route imports the shell statically and a dialog dynamically; a page route
  // (an entry) imports a tile that the shell does not.
  const graph: Record<string, { isEntry: boolean; importedIds: string[] }> = {
    root: { isEntry: false, importedIds: ['shell', 'i18n'] },
    'root?route': { isEntry: true, importedIds: ['root'] },
    entry: { isEntry: true, importedIds: ['react'] },
    shell: { isEntry: false, importedIds: ['i18n', 'react'] },
    i18n: { isEntry: false, importedIds: [] },
    react: { isEntry: false, importedIds: [] },
    dialog: { isEntry: false, importedIds: ['react'] },
    page: { isEntry: true, importedIds: ['tile', 'shell'] },
    tile: { isEntry: false, importedIds: [] },
  };
  const info = (id: string) => graph[id] ?? null;

  it('the shell group is what the root route and the client entry import statically, entries left out', () => {
    expect([...staticClosure(['root', 'entry'], info)].sort()).toEqual(['i18n', 'react', 'root', 'shell']);
  });

  it('a module known to nobody ends the walk there (the bundler had no info of it)', () => {
    expect([...staticClosure(['root', 'missing'], info)].sort()).toEqual(['i18n', 'react', 'root', 'shell']);
  });
  it('app modules that enough routes import go with the shell, unless they bring a library the shell has not', () => {
    const routes: Record<string, { isEntry: boolean; importedIds: string[] }> = {
      '/app/routes/a.tsx': {
        isEntry: true,
        importedIds: ['/app/tile.tsx', '/app/rare.tsx', '/app/schemaTile.tsx'],
      },
      '/app/routes/b.tsx': {
        isEntry: true,
        importedIds: ['/app/tile.tsx', '/app/schemaTile.tsx', '/lib/zod.js'],
      },
      '/app/routes/c.tsx': {
        isEntry: true,
        importedIds: ['/app/tile.tsx', '/app/schemaTile.tsx', '/app/shell.tsx'],
      },
      '/app/tile.tsx': { isEntry: false, importedIds: ['/app/shell.tsx'] },
      '/app/rare.tsx': { isEntry: false, importedIds: [] },
      '/app/schemaTile.tsx': { isEntry: false, importedIds: ['/lib/zod.js'] },
      '/app/shell.tsx': { isEntry: false, importedIds: [] },
      '/lib/zod.js': { isEntry: false, importedIds: [] },
    };
    const shared = sharedByRoutes(
      Object.keys(routes).filter((id) => id.includes('/routes/')),
      (id) => routes[id] ?? null,
      2,
      '/app/',
      new Set(['/app/shell.tsx']),
    );
    // tile: 3 routes, nothing foreign; rare: 1 route; schemaTile: reaches a library; shell: already there;
    // a library itself never (only the app's modules).
    expect([...shared]).toEqual(['/app/tile.tsx']);
  });
});
