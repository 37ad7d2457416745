import { buildPublicConfig } from '@vela/contracts/build-public-config';
import type { WebLoadContext } from '@vela/contracts/pages';
import { describe, expect, it } from 'vitest';
import { loader, shouldRevalidate } from '../root.tsx';

const context = {
  services: { navigation: async () => ({ categories: [], onlineCount: 7 }) },
  config: buildPublicConfig({ payOrigin: 'http://pay.test', publicOrigin: 'https://vela.test' }),
  viewer: null,
  requestId: 'req-1',
  cspNonce: 'n0nce',
} as unknown as WebLoadContext;

const run = (path: string, headers: Record<string, string> = {}) =>
  loader({
    request: new Request(`https://vela.test${path}`, { headers }),
    params: {},
    context,
  } as Parameters<typeof loader>[0]);

describe('root loader (shell data of every page)', () => {
  it('takes the language from the path and falls back to en outside any language (spec 2)', async () => {
    expect((await run('/es/')).lang).toBe('es');
    expect((await run('/fr/x/')).lang).toBe('en');
  });

  it('passes navigation, brand, CSP nonce and the consent from the Cookie header', async () => {
    const data = await run('/de/', { Cookie: 'a=b; vela_consent=v1.f1.a0' });
    expect(data.navigation.onlineCount).toBe(7);
    expect(data.brandName).toBe('Vela');
    expect(data.cspNonce).toBe('n0nce');
    expect(data.consent).toMatchObject({ functional: true, analytics: false });
    expect((await run('/de/')).consent).toBeNull();
  });

  it('301-redirects a path without trailing slash', async () => {
    const response = await run('/de/agb?x=1').then(
      () => null,
      (e: unknown) => e as Response,
    );
    expect(response?.status).toBe(301);
    expect(response?.headers.get('Location')).toBe('/de/agb/?x=1');
  });

  it('reloads its data when a navigation changes the language', () => {
    const base = { defaultShouldRevalidate: false } as Parameters<typeof shouldRevalidate>[0];
    const url = (p: string) => new URL(`https://vela.test${p}`);
    expect(shouldRevalidate({ ...base, currentUrl: url('/de/'), nextUrl: url('/en/') })).toBe(true);
    expect(shouldRevalidate({ ...base, currentUrl: url('/de/'), nextUrl: url('/de/agb/') })).toBe(false);
  });
});
