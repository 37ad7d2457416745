import { describe, expect, it } from 'vitest';
import { createMediaSigner, mediaKeyOf } from './signed-media.ts';

describe('signed media URLs (issue 17: per guest, expiring; direct, foreign, expired or forged refused)', () => {
  let clock = 1_800_000_000_000;
  const signer = createMediaSigner(mediaKeyOf('x'.repeat(32)), () => clock);

  it('opens its resource for its guest until it expires', () => {
    const token = signer.sign(7, 'hls:12:5', 60);
    expect(signer.check(token, 'hls:12:5', 7)).toBe('ok');
    clock += 59_000;
    expect(signer.check(token, 'hls:12:5', 7)).toBe('ok');
    clock += 1_000;
    expect(signer.check(token, 'hls:12:5', 7)).toBe('expired');
  });

  it('refuses another guest, another resource, no token, a malformed or forged token', () => {
    const token = signer.sign(7, 'picture:3');
    expect(signer.check(token, 'picture:3', 8)).toBe('foreign');
    expect(signer.check(token, 'picture:3', null)).toBe('foreign');
    expect(signer.check(token, 'picture:4', 7)).toBe('forged');
    expect(signer.check(token, 'hls:12:6', 7)).toBe('forged');
    expect(signer.check(undefined, 'picture:3', 7)).toBe('missing');
    expect(signer.check('7.123', 'picture:3', 7)).toBe('malformed');
    const [g, e] = token.split('.');
    expect(signer.check(`${g}.${Number(e) + 100}.${token.split('.')[2]}`, 'picture:3', 7)).toBe('forged');
    expect(signer.check(`8.${e}.${token.split('.')[2]}`, 'picture:3', 8)).toBe('forged');
  });

  it('a key from another secret opens nothing', () => {
    const other = createMediaSigner(mediaKeyOf('y'.repeat(32)), () => clock);
    expect(other.check(signer.sign(7, 'picture:3'), 'picture:3', 7)).toBe('forged');
  });
});
