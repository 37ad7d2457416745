/**
 * The album page's pin buttons (spec 4 "Favorites": pin/unpin album, picture, sedcards): a labelled
 * toggle each, in the page's language; PinButton does the rest (socket, login for visitors).
 */
import type { Language } from '@vela/contracts/common';
import { useFavoritesT } from '../hooks/useFavoritesT.ts';
import { PinButton } from './PinButton.tsx';

/** A pin drawn inline (no icon font). */
function PinIcon() {
  return (
    <svg
      className="pin-button__icon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M16 3a1 1 0 0 1 .7 1.7L15.4 6l2.6 5.2 1.3-1.3a1 1 0 0 1 1.4 1.4L17.4 14.6l-1.3-1.3-4.3 4.3.6 2.3a1 1 0 0 1-1.7.9L3.5 13.7a1 1 0 0 1 .9-1.7l2.3.6L11 8.3 9.7 7l3.3-3.3 1.3 1.3 1.3-1.3A1 1 0 0 1 16 3z"
      />
    </svg>
  );
}

function ItemPin({
  lang,
  target,
  id,
  label,
}: {
  lang: Language;
  target: 'album' | 'picture' | 'sedcards';
  id: number;
  /** The button's accessible name ("Pin this album"); aria-pressed says whether it is pinned. */
  label: string;
}) {
  const t = useFavoritesT(lang);
  return (
    <PinButton
      target={target}
      id={id}
      label={{ pin: label, unpin: label }}
      visibleText={{ pin: t('pin'), unpin: t('pinned') }}
      failedText={t('pinFailed')}
      icon={<PinIcon />}
    />
  );
}

export function PinAlbumButton({ lang, albumId }: { lang: Language; albumId: number }) {
  const t = useFavoritesT(lang);
  return <ItemPin lang={lang} target="album" id={albumId} label={t('pin.album')} />;
}

export function PinPictureButton({
  lang,
  pictureId,
  position,
}: {
  lang: Language;
  pictureId: number;
  position: number;
}) {
  const t = useFavoritesT(lang);
  return <ItemPin lang={lang} target="picture" id={pictureId} label={t('pin.picture', { position })} />;
}

export function PinSedcardsButton({
  lang,
  actorId,
  name,
}: {
  lang: Language;
  actorId: number;
  name: string;
}) {
  const t = useFavoritesT(lang);
  return <ItemPin lang={lang} target="sedcards" id={actorId} label={t('pin.sedcards', { name })} />;
}
