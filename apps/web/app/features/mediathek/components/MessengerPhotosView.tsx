/**
 * The photos the guest bought in the messenger (issue 19 deliverable 2; the media library's
 * photos/messenger section, `messengerMedia` of the server): a grid of the pictures through the URLs
 * the server signed for the guest, newest purchase first, each opening the photo in a dialog (native
 * <dialog>: focus stays inside, Escape closes, focus returns to the tile), with its price, date and a
 * way to the conversation. Empty: what will show here and how it gets here. The list, tiles and dialog
 * are MessengerMediaView's; this file says what a photo shows.
 */
import type { Language } from '@vela/contracts/common';
import type { MediathekMessengerMedia } from '@vela/contracts/mediathek';
import { mediathekApi } from '../api.ts';
import { type MessengerMediaKind, MessengerMediaView } from './MessengerMediaView.tsx';

const photos: MessengerMediaKind<MediathekMessengerMedia> = {
  load: async (offset) => {
    const page = await mediathekApi.photoSection('messenger', offset);
    return { ...page, items: page.messengerMedia ?? [] };
  },
  idPrefix: 'messenger-photo',
  openClassName: 'tile__link mediathek-photo-open',
  dialogClassName: 'mediathek-photo-dialog',
  texts: {
    empty: 'empty.photos.messenger',
    open: 'messengerPhoto.open',
    title: 'messengerPhoto.title',
    failed: 'messengerPhoto.failed',
  },
  preview: (item) => <img src={item.url} alt="" loading="lazy" decoding="async" />,
  viewer: (item, { t, date, onFailure }) => (
    <img
      className="mediathek-photo-dialog__image"
      src={item.url}
      alt={t('messengerPhoto.alt', { date })}
      onError={onFailure}
    />
  ),
};

export function MessengerPhotosView({ lang }: { lang: Language }) {
  return <MessengerMediaView lang={lang} kind={photos} />;
}
