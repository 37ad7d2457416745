/**
 * The sandbox phone page (decision 0051): `/dev/phone` and its script exist outside production only,
 * serve under the strict CSP (the script is a file of this origin, no inline script), and drive only the
 * sandbox telephony's own calls; in production both paths do not exist.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_TEST_ENV, testAppPerSuite } from './test-app.ts';

describe('/dev/phone, the sandbox phone page (NODE_ENV != production)', () => {
  const t = testAppPerSuite();

  it('the page has the dial form and loads its script from this origin, no inline script, no-store', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dev/phone' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self'/);
    expect(page.body).toContain('<form id="dial-form">');
    expect(page.body).toContain('<script src="/dev/phone.js"></script>');
    expect(page.body.match(/<script/g)).toHaveLength(1);
    // The line's age check (decision 0051), checked by default so a newcomer's demo shows the video.
    expect(page.body).toMatch(/<input id="age-verified" name="ageVerified" type="checkbox" checked>/);
  });

  it('the script calls only the sandbox dial and hangup and the public actor read', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/dev/phone.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    const calls = [...script.body.matchAll(/'(\/rest\/v1\/[^']+)'/g)].map((m) => m[1]);
    expect(calls.sort()).toEqual(['/rest/v1/actor/getActorDataByIdOrName/', '/rest/v1/voicecall/sandbox/']);
    expect(script.body).toContain("post('dial', { providerCallId, from, actorId, ageVerified })");
    expect(script.body).toContain("post('hangup'");
  });
});

describe('/dev/phone in production', () => {
  it('does not exist: 404 for the page and its script', async () => {
    const t = await createTestApp({ env: PRODUCTION_TEST_ENV });
    try {
      for (const url of ['/dev/phone', '/dev/phone.js']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('Sandbox phone');
      }
    } finally {
      await t.close();
    }
  }, 120_000);
});
