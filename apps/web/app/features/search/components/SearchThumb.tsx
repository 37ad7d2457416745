import type { ImageRef } from '@vela/contracts/common';
import { pictureRestriction } from '../../auth/restriction.ts';
import { useViewer } from '../../auth/useViewer.tsx';
import { mediaUrl } from '../../catalog/components/Picture.tsx';

/** A small result picture; an FSK-18 picture the viewer may not see is a neutral block (spec 6). */
export function SearchThumb({ image }: { image: ImageRef }) {
  const { loggedIn, avsAccepted } = useViewer();
  if (pictureRestriction(image.ageRating, { loggedIn, avsAccepted })) {
    return <span className="search-result__avatar search-thumb--restricted" aria-hidden="true" />;
  }
  return (
    <img
      className="search-result__avatar"
      src={mediaUrl(image, 'w320')}
      alt=""
      width="40"
      height="40"
      loading="lazy"
    />
  );
}
