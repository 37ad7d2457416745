import { describe, expect, it } from 'vitest';
import {
  canBuyVideo,
  includedInVip,
  playableSeconds,
  VIDEO_PREVIEW_SECONDS,
  videoAccess,
} from './video-access.ts';

const paid = { free: false, vip: false, vip30: false };

describe('video access (issue 17: what a purchase unlocks, and only that; VIP delivers what the club sells)', () => {
  it('a free clip plays in full for everyone', () => {
    expect(videoAccess({ ...paid, free: true }, { owned: false, isVip: false })).toBe('full');
  });
  it('a paid video plays its preview only until it is bought', () => {
    expect(videoAccess(paid, { owned: false, isVip: false })).toBe('preview');
    expect(videoAccess(paid, { owned: true, isVip: false })).toBe('full');
    expect(canBuyVideo(paid, { owned: false, isVip: false })).toBe(true);
    expect(canBuyVideo(paid, { owned: true, isVip: false })).toBe(false);
  });
  it('VIP videos and VIP30 offers are included for VIP members only', () => {
    for (const video of [
      { ...paid, vip: true },
      { ...paid, vip30: true },
    ]) {
      expect(includedInVip(video, { isVip: true })).toBe(true);
      expect(videoAccess(video, { owned: false, isVip: true })).toBe('full');
      expect(canBuyVideo(video, { owned: false, isVip: true })).toBe(false);
      expect(videoAccess(video, { owned: false, isVip: false })).toBe('preview');
    }
    expect(includedInVip(paid, { isVip: true })).toBe(false);
  });
  it('the preview is the first VIDEO_PREVIEW_SECONDS, never longer than the video', () => {
    expect(playableSeconds(600, 'preview')).toBe(VIDEO_PREVIEW_SECONDS);
    expect(playableSeconds(5, 'preview')).toBe(5);
    expect(playableSeconds(600, 'full')).toBe(600);
  });
});
