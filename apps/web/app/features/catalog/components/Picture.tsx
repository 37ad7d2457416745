import type { ImageRef } from '@vela/contracts/common';
import { MEDIA_SIZES } from '../../i18n/language.ts';

/** Tile images fill one grid column: 5 columns from 1200 px, 4 from 992, 3 from 768, else 2. */
export const TILE_SIZES = '(min-width: 1200px) 20vw, (min-width: 992px) 25vw, (min-width: 768px) 33vw, 50vw';

const WIDTHS: Record<(typeof MEDIA_SIZES)[number], number> = { w320: 320, w640: 640, w1280: 1280 };

export function mediaUrl(image: ImageRef, size: keyof typeof WIDTHS): string {
  return `/media/${size}/${encodeURIComponent(image.key)}.webp`;
}

interface PictureProps {
  image: ImageRef;
  alt: string;
  /** `sizes` attribute; tiles by default. */
  sizes?: string;
  /** Above the fold: load at once and with high priority; otherwise lazy. */
  eager?: boolean;
  className?: string;
}

/**
 * A generated image in the three widths of spec 9 (w320, w640, w1280). Width and height come from
 * the image's aspect ratio so the browser reserves the space before it loads (no layout shift).
 */
export function Picture({ image, alt, sizes = TILE_SIZES, eager = false, className }: PictureProps) {
  const aspect = image.aspect > 0 ? image.aspect : 1;
  return (
    <img
      className={className}
      src={mediaUrl(image, 'w640')}
      srcSet={MEDIA_SIZES.map((s) => `${mediaUrl(image, s)} ${WIDTHS[s]}w`).join(', ')}
      sizes={sizes}
      width={640}
      height={Math.round(640 / aspect)}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}
