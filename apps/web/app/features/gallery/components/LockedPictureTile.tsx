import type { LockedGalleryPicture } from '@vela/contracts/gallery';
import type { GalleryT } from '../hooks/useGalleryT.ts';

/**
 * A picture beyond the album's preview, not bought (issue 17): no image, no URL — a tile of the
 * picture's shape with a lock and its number. Buying the album replaces it with the picture.
 */
export function LockedPictureTile({ picture, t }: { picture: LockedGalleryPicture; t: GalleryT }) {
  return (
    <span
      className="gallery-locked"
      style={{ aspectRatio: String(picture.aspect > 0 ? picture.aspect : 4 / 3) }}
      role="img"
      aria-label={t('locked.title', { position: picture.position })}
      data-locked-picture={picture.id}
    >
      <svg className="gallery-locked__icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 5a3 3 0 1 1 6 0v3H9V7Zm3 7a2 2 0 0 1 1 3.73V19h-2v-1.27A2 2 0 0 1 12 14Z"
        />
      </svg>
      <span className="gallery-locked__text" aria-hidden="true">
        {t('locked.label')} · {picture.position}
      </span>
    </span>
  );
}
