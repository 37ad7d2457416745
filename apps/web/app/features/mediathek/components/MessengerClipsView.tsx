/**
 * The clips the guest bought in the messenger (issue 19 deliverable 2; the media library's
 * videos/messenger section, `messengerMedia` of the server): a grid of the clips' posters through the
 * URLs the server signed for the guest, newest purchase first, each opening the clip in a dialog
 * (native <dialog>: focus stays inside, Escape closes, focus returns to the tile) where the site's
 * player plays it (HLS; the player's keys work while focus is in it), with its price, date and a way to
 * the conversation. Empty: what will show here and how it gets here. The list, tiles and dialog are
 * MessengerMediaView's; this file says what a clip shows.
 */
import type { Language } from '@vela/contracts/common';
import type { MediathekMessengerMedia } from '@vela/contracts/mediathek';
import type { MessengerClipFiles } from '@vela/contracts/messenger';
import { LazyMessengerClipPlayer } from '../../messenger/components/LazyMessengerClipPlayer.tsx';
import { mediathekApi } from '../api.ts';
import { type MessengerMediaKind, MessengerMediaView } from './MessengerMediaView.tsx';

type BoughtClip = MediathekMessengerMedia & { clip: MessengerClipFiles };

const isClip = (item: MediathekMessengerMedia): item is BoughtClip => item.clip !== null;

const clips: MessengerMediaKind<BoughtClip> = {
  load: async (offset) => {
    const page = await mediathekApi.videoSection('messenger', offset);
    return { ...page, items: (page.messengerMedia ?? []).filter(isClip) };
  },
  tileKind: 'clip',
  idPrefix: 'messenger-clip',
  openClassName: 'tile__link mediathek-photo-open mediathek-clip-open',
  dialogClassName: 'mediathek-photo-dialog mediathek-clip-dialog',
  texts: {
    empty: 'empty.videos.messenger',
    open: 'messengerClip.open',
    title: 'messengerClip.title',
    failed: 'messengerClip.failed',
  },
  preview: (item) => (
    <>
      <img src={item.clip.posterUrl} alt="" loading="lazy" decoding="async" />
      <span className="mediathek-clip-open__play" aria-hidden="true">
        ▶
      </span>
    </>
  ),
  viewer: (item, { t, lang, onFailure }) => (
    <LazyMessengerClipPlayer
      lang={lang}
      url={item.url}
      clip={item.clip}
      label={t('messengerClip.title')}
      loadingLabel={t('messengerClip.loading')}
      onFailure={onFailure}
    />
  ),
};

export function MessengerClipsView({ lang }: { lang: Language }) {
  return <MessengerMediaView lang={lang} kind={clips} />;
}
