import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generateImages, IMAGE_WIDTHS, imagePool, mediaPath, POOL_COUNTS } from './images.ts';

describe('image pool', () => {
  it('writes every pool image as webp in the spec 9 sizes w320, w640, w1280 keeping its aspect ratio', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vela-images-test-'));
    const images = Object.values(imagePool(POOL_COUNTS.test)).flat();
    expect(images.length).toBeGreaterThanOrEqual(20);
    const first = await generateImages(dir, images);
    expect(first.written).toBe(images.length * 3);
    for (const image of images) {
      for (const [size, width] of Object.entries(IMAGE_WIDTHS)) {
        const meta = await sharp(mediaPath(dir, size as keyof typeof IMAGE_WIDTHS, image.key)).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((width * image.height) / image.width));
      }
    }
    // Avatars are portrait 3:4, video previews 16:9.
    const avatar = images.find((i) => i.kind === 'avatar')!;
    expect(avatar.width / avatar.height).toBeCloseTo(3 / 4, 2);
    const preview = images.find((i) => i.kind === 'preview')!;
    expect(preview.width / preview.height).toBeCloseTo(16 / 9, 2);
    // Existing files are skipped and left untouched.
    const before = await stat(mediaPath(dir, 'w320', avatar.key));
    const second = await generateImages(dir, images);
    expect(second).toEqual({ written: 0, skipped: images.length * 3 });
    expect((await stat(mediaPath(dir, 'w320', avatar.key))).mtimeMs).toBe(before.mtimeMs);
  });
});
