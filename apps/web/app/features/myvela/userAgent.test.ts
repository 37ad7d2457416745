import { describe, expect, it } from 'vitest';
import { deviceName, truncate } from './userAgent.ts';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
  chromeIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

describe('sessions list: user agent shortened to browser and system', () => {
  it.each([
    ['chromeWindows', 'Chrome', 'Windows'],
    ['edgeWindows', 'Edge', 'Windows'],
    ['firefoxLinux', 'Firefox', 'Linux'],
    ['safariMac', 'Safari', 'macOS'],
    ['safariIphone', 'Safari', 'iOS'],
    ['chromeAndroid', 'Chrome', 'Android'],
    ['samsung', 'Samsung Internet', 'Android'],
    ['operaMac', 'Opera', 'macOS'],
    ['headless', 'Chrome (headless)', 'Linux'],
    ['chromeIpad', 'Chrome', 'iPadOS'],
    ['chromebook', 'Chrome', 'ChromeOS'],
  ] as const)('%s -> %s on %s', (key, browser, os) => {
    expect(deviceName(UA[key])).toEqual({ browser, os });
  });

  it('names nothing it does not know', () => {
    expect(deviceName('node')).toEqual({ browser: null, os: null });
    expect(deviceName(null)).toEqual({ browser: null, os: null });
    expect(deviceName('curl/8.5.0')).toEqual({ browser: 'curl', os: null });
  });

  it('cuts an unknown user agent to a readable length', () => {
    expect(truncate('short')).toBe('short');
    const long = 'x'.repeat(60);
    expect(truncate(long)).toBe(`${'x'.repeat(39)}…`);
    expect([...truncate(long)].length).toBe(40);
    // Counted in code points: an emoji is not split.
    expect(truncate('😀'.repeat(50), 10)).toBe(`${'😀'.repeat(9)}…`);
  });
});
