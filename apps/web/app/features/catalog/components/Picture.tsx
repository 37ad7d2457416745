import type { ImageRef } from '@vela/contracts/common';
import type { PictureUrls } from '@vela/contracts/gallery';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { pictureRestriction, uiForRestriction } from '../../auth/restriction.ts';
import { useAccountT } from '../../auth/useAccountT.ts';
import { useViewer } from '../../auth/useViewer.tsx';
import { MEDIA_SIZES } from '../../i18n/language.ts';
import { usePaymentDialog } from '../../payment-dialog/PaymentDialogProvider.tsx';

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
  /** An album picture's URLs signed for the viewer (issue 17): used instead of the pool file's. */
  urls?: PictureUrls;
}

/**
 * A generated image in the three widths of spec 9 (w320, w640, w1280). Width and height come from
 * the image's aspect ratio so the browser reserves the space before it loads (no layout shift).
 *
 * FSK-18 pictures (ageRating 18) are not requested for a viewer without accepted age verification
 * (the server answers them 403, spec 4): an abstract "18+" tile of the same aspect ratio takes their
 * place, with "Verify your age" opening the dialog that resolves it (visitors: login; logged-in
 * guests: avs).
 */
export function Picture({ image, alt, sizes = TILE_SIZES, eager = false, className, urls }: PictureProps) {
  const aspect = image.aspect > 0 ? image.aspect : 1;
  const { loggedIn, avsAccepted } = useViewer();
  const restriction = pictureRestriction(image.ageRating, { loggedIn, avsAccepted });
  if (restriction) {
    return <AgeRestrictedPicture alt={alt} aspect={aspect} className={className} reason={restriction} />;
  }
  return (
    <img
      className={className}
      src={urls ? urls.w640 : mediaUrl(image, 'w640')}
      srcSet={MEDIA_SIZES.map((s) => `${urls ? urls[s] : mediaUrl(image, s)} ${WIDTHS[s]}w`).join(', ')}
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

function AgeRestrictedPicture({
  alt,
  aspect,
  className,
  reason,
}: {
  alt: string;
  aspect: number;
  className?: string;
  reason: 'need-login' | 'need-age-check' | 'need-subscription' | 'need-purchase';
}) {
  const t = useAccountT();
  const { open } = usePaymentDialog();
  const ref = useRef<HTMLSpanElement>(null);
  // Inside a tile link a <button> would nest interactive content: there the action is a styled
  // span whose click opens the dialog instead of following the link. Server render and first paint
  // use the span; a real button replaces it after mount when the picture is not inside a link.
  const [standalone, setStandalone] = useState(false);
  useEffect(() => {
    setStandalone(ref.current?.closest('a') == null);
  }, []);
  const resolve = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const ui = uiForRestriction(reason);
    if (ui.kind === 'dialog') open(ui.flow);
  };
  return (
    <span
      ref={ref}
      className={['fsk18', className].filter(Boolean).join(' ')}
      style={{ aspectRatio: String(aspect) }}
      data-fsk18-placeholder={reason}
    >
      <span className="fsk18__inner">
        <span className="fsk18__badge" role="img" aria-label={`${alt} – ${t('fsk18Text')}`}>
          <span aria-hidden="true">{t('fsk18Badge')}</span>
        </span>
        <span className="fsk18__text" aria-hidden="true">
          {t('fsk18Text')}
        </span>
        {standalone ? (
          <button type="button" className="fsk18__action" onClick={resolve}>
            {t('verifyYourAge')}
          </button>
        ) : (
          // biome-ignore lint/a11y/noStaticElementInteractions: inside a link (see above); the link stays the keyboard target
          // biome-ignore lint/a11y/useKeyWithClickEvents: inside a link (see above); the link stays the keyboard target
          <span className="fsk18__action" data-fsk18-action="" onClick={resolve}>
            {t('verifyYourAge')}
          </span>
        )}
      </span>
    </span>
  );
}
