/**
 * The browser tests' `test`: every test's browser context comes from its own client address
 * (X-Forwarded-For, trusted by the e2e server's TRUST_PROXY), so the per-IP signup and login
 * limits of spec 5 hold for each test as they would for a person, and tests don't share a budget.
 *
 * The header is added by request interception on the page origin only (not as an extra header of
 * the page, which the browser would treat as a header of the payment dialog's cross-origin calls
 * and send through CORS preflight). `page.request` calls take `clientHeaders(clientIp)` explicitly.
 * Calls with the `request` fixture keep the loopback address (the operator API allows only
 * allow-listed addresses).
 */
import { test as base } from '@playwright/test';

let sequence = 0;

export const clientHeaders = (clientIp: string) => ({ 'x-forwarded-for': clientIp });

export const test = base.extend<{ clientIp: string }>({
  clientIp: [
    async ({ context, baseURL }, use, testInfo) => {
      sequence += 1;
      const ip = `10.${(testInfo.workerIndex % 200) + 1}.${Math.floor(sequence / 250) % 250}.${(sequence % 250) + 1}`;
      const origin = new URL(baseURL ?? 'http://localhost').origin;
      await context.route(
        (url) => url.origin === origin,
        (route) => route.continue({ headers: { ...route.request().headers(), ...clientHeaders(ip) } }),
      );
      await use(ip);
    },
    { auto: true },
  ],
});

export type { Page } from '@playwright/test';
export { expect } from '@playwright/test';
