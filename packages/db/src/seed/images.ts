/**
 * The generated image pool: abstract gradients, shapes and test patterns (never people), rendered
 * from SVG with sharp and written as `<mediaDir>/<size>/<key>.webp` for the sizes of spec 9.
 * Every image is a pure function of its key, so re-running the seed reproduces the same files.
 */
import { access, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { IMAGE_KINDS, type ImageKind } from '../media.ts';
import { createRandom, type Random } from './random.ts';

export const IMAGE_WIDTHS = { w320: 320, w640: 640, w1280: 1280 } as const;
export type ImageSizeName = keyof typeof IMAGE_WIDTHS;

export { IMAGE_KINDS, type ImageKind };

export interface PoolImage {
  key: string;
  kind: ImageKind;
  /** Size of the largest rendition (w1280). */
  width: number;
  height: number;
  ageRating: 16 | 18;
}

export type ImagePool = Record<ImageKind, PoolImage[]>;

export const POOL_COUNTS: Record<'demo' | 'test', Record<ImageKind, number>> = {
  demo: { avatar: 60, preview: 60, picture: 40, category: 24, blog: 12, contest: 12, tv: 12, photo: 40 },
  test: { avatar: 5, preview: 5, picture: 4, category: 2, blog: 1, contest: 1, tv: 2, photo: 4 },
};

export function heightFor(width: number, aspect: number): number {
  return Math.round(width / aspect);
}

export function imagePool(counts: Record<ImageKind, number>): ImagePool {
  const pool = {} as ImagePool;
  for (const kind of Object.keys(IMAGE_KINDS) as ImageKind[]) {
    const { aspect, ageRating } = IMAGE_KINDS[kind];
    pool[kind] = Array.from({ length: counts[kind] }, (_, i) => ({
      key: `${kind}-${String(i + 1).padStart(3, '0')}`,
      kind,
      width: IMAGE_WIDTHS.w1280,
      height: heightFor(IMAGE_WIDTHS.w1280, aspect),
      // Some pictures/previews are 16 so age-rating filters have something to filter.
      ageRating: ageRating === 18 && i % 3 === 0 ? 16 : ageRating,
    }));
  }
  return pool;
}

export function mediaPath(mediaDir: string, size: ImageSizeName, key: string): string {
  return join(mediaDir, size, `${key}.webp`);
}

function hashKey(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const hsl = (r: Random, s = 70, l = 55) =>
  `hsl(${r.int(0, 359)},${r.int(s - 20, s + 20)}%,${r.int(l - 15, l + 15)}%)`;

/** An abstract SVG for a key: gradient background plus one of several pattern families. */
export function svgFor(key: string, width: number, height: number, outWidth = width): string {
  const r = createRandom(hashKey(key));
  const parts: string[] = [];
  const bg1 = hsl(r, 60, 40);
  const bg2 = hsl(r, 60, 60);
  const angle = r.int(0, 359);
  parts.push(
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient>` +
      '</defs>',
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
  );
  const family = r.int(0, 4);
  const min = Math.min(width, height);
  if (family === 0) {
    // Bokeh circles.
    for (let i = 0; i < 14; i++) {
      parts.push(
        `<circle cx="${r.int(0, width)}" cy="${r.int(0, height)}" r="${r.int(min / 20, min / 4)}" fill="${hsl(r)}" fill-opacity="${(r.int(20, 70) / 100).toFixed(2)}"/>`,
      );
    }
  } else if (family === 1) {
    // Diagonal stripes.
    const step = r.int(min / 14, min / 6);
    const color = hsl(r, 50, 75);
    for (let x = -height; x < width + height; x += step * 2) {
      parts.push(
        `<polygon points="${x},0 ${x + step},0 ${x + step + height},${height} ${x + height},${height}" fill="${color}" fill-opacity=".35"/>`,
      );
    }
  } else if (family === 2) {
    // Concentric rings.
    const cx = r.int(width / 4, (3 * width) / 4);
    const cy = r.int(height / 4, (3 * height) / 4);
    for (let i = 12; i > 0; i--) {
      parts.push(
        `<circle cx="${cx}" cy="${cy}" r="${(i * Math.max(width, height)) / 14}" fill="${i % 2 ? hsl(r) : 'none'}" fill-opacity=".45"/>`,
      );
    }
  } else if (family === 3) {
    // Colour-bar test pattern.
    const bars = ['#c0c0c0', '#c0c000', '#00c0c0', '#00c000', '#c000c0', '#c00000', '#0000c0'];
    const bw = width / bars.length;
    bars.forEach((c, i) => {
      parts.push(
        `<rect x="${(i * bw).toFixed(1)}" y="0" width="${(bw + 1).toFixed(1)}" height="${(height * 0.7).toFixed(1)}" fill="${c}" fill-opacity=".8"/>`,
      );
    });
    parts.push(
      `<circle cx="${width / 2}" cy="${height * 0.35}" r="${min / 5}" fill="none" stroke="#fff" stroke-width="${min / 60}"/>`,
    );
  } else {
    // Low-poly triangles.
    for (let i = 0; i < 24; i++) {
      const pts = Array.from({ length: 3 }, () => `${r.int(0, width)},${r.int(0, height)}`).join(' ');
      parts.push(`<polygon points="${pts}" fill="${hsl(r)}" fill-opacity=".4"/>`);
    }
  }
  // Same drawing at any output size: the view box keeps the full-size coordinates.
  const outHeight = heightFor(outWidth, width / height);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${outWidth}" height="${outHeight}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** Render every pool image in all three sizes; files that already exist are kept. */
export async function generateImages(
  mediaDir: string,
  images: PoolImage[],
  opts: { concurrency?: number; log?: (msg: string) => void } = {},
): Promise<{ written: number; skipped: number }> {
  const sizes = Object.keys(IMAGE_WIDTHS) as ImageSizeName[];
  await Promise.all(sizes.map((s) => mkdir(join(mediaDir, s), { recursive: true })));
  let written = 0;
  let skipped = 0;
  let next = 0;
  const worker = async () => {
    while (next < images.length) {
      const image = images[next++]!;
      const missing: ImageSizeName[] = [];
      for (const size of sizes) {
        if (!(await exists(mediaPath(mediaDir, size, image.key)))) missing.push(size);
      }
      skipped += sizes.length - missing.length;
      if (missing.length === 0) continue;
      // Rasterise the vector drawing directly at each size (cheaper and sharper than scaling down).
      for (const size of missing) {
        await sharp(Buffer.from(svgFor(image.key, image.width, image.height, IMAGE_WIDTHS[size])))
          .webp({ quality: 70, effort: 0 })
          .toFile(mediaPath(mediaDir, size, image.key));
        written++;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
  opts.log?.(`images: ${written} written, ${skipped} already present`);
  return { written, skipped };
}
