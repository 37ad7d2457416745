/**
 * The clips the guest bought in the messenger (issue 19 deliverable 2; the media library's
 * videos/messenger section, `messengerMedia` of the server): a grid of the clips' posters through the
 * URLs the server signed for the guest, newest purchase first, each opening the clip in a dialog
 * (native <dialog>: focus stays inside, Escape closes, focus returns to the tile) where the site's
 * player plays it (HLS; the player's keys work while focus is in it), with its price, date and a way to
 * the conversation. Empty: what will show here and how it gets here.
 */
import type { Language } from '@vela/contracts/common';
import type { MediathekMessengerMedia } from '@vela/contracts/mediathek';
import type { MessengerClipFiles } from '@vela/contracts/messenger';
import { pathFor } from '@vela/i18n/routes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../catalog/format.ts';
import { LazyMessengerClipPlayer } from '../../messenger/components/LazyMessengerClipPlayer.tsx';
import { mediathekApi } from '../api.ts';
import { type MediathekT, useMediathekT } from '../hooks/useMediathekT.ts';
import { usePagedList } from '../hooks/usePagedList.ts';
import { PagedGrid } from './PagedGrid.tsx';

type BoughtClip = MediathekMessengerMedia & { clip: MessengerClipFiles };

const isClip = (item: MediathekMessengerMedia): item is BoughtClip => item.clip !== null;

export function MessengerClipsView({ lang }: { lang: Language }) {
  const t = useMediathekT(lang);
  const [open, setOpen] = useState<BoughtClip | null>(null);
  const load = useCallback(async (offset: number) => {
    const page = await mediathekApi.videoSection('messenger', offset);
    return { ...page, items: (page.messengerMedia ?? []).filter(isClip) };
  }, []);
  const list = usePagedList<BoughtClip>(load, 'messenger');
  return (
    <>
      <PagedGrid
        t={t}
        list={list}
        empty={<p>{t('empty.videos.messenger')}</p>}
        announcement=""
        keyOf={(item) => Number(item.mediaId)}
        render={(item) => <ClipTile item={item} lang={lang} t={t} onOpen={() => setOpen(item)} />}
      />
      {open ? <ClipDialog item={open} lang={lang} t={t} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

const conversationOf = (item: MediathekMessengerMedia, lang: Language) =>
  `${pathFor('Messenger', lang)}?channel=${item.channelId}`;

function ClipTile({
  item,
  lang,
  t,
  onOpen,
}: {
  item: BoughtClip;
  lang: Language;
  t: MediathekT;
  onOpen: () => void;
}) {
  const date = formatDate(item.at, lang);
  return (
    <article className="tile mediathek-tile" data-messenger-media-id={item.mediaId} data-kind="clip">
      <button
        type="button"
        className="tile__link mediathek-photo-open mediathek-clip-open"
        onClick={onOpen}
        aria-label={t('messengerClip.open', { date })}
      >
        <span className="tile__media">
          <img src={item.clip.posterUrl} alt="" loading="lazy" decoding="async" />
          <span className="mediathek-clip-open__play" aria-hidden="true">
            ▶
          </span>
        </span>
      </button>
      <div className="tile__body tile__body--after">
        {item.actorName ? <span className="tile__meta">{t('tile.by', { name: item.actorName })}</span> : null}
        <span className="tile__meta">{t('tile.bought', { date })}</span>
        <span className="tile__meta">{t('messengerPhoto.price', { coins: item.price.value })}</span>
        <Link className="tile__meta" to={conversationOf(item, lang)}>
          {t('messengerPhoto.conversation')}
        </Link>
      </div>
    </article>
  );
}

function ClipDialog({
  item,
  lang,
  t,
  onClose,
}: {
  item: BoughtClip;
  lang: Language;
  t: MediathekT;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const date = formatDate(item.at, lang);
  const titleId = `messenger-clip-${item.mediaId}`;
  return (
    <dialog
      ref={dialog}
      className="mediathek-photo-dialog mediathek-clip-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
    >
      <h2 id={titleId} className="mediathek-subtitle">
        {t('messengerClip.title')}
      </h2>
      {failed ? (
        <p role="alert">{t('messengerClip.failed')}</p>
      ) : (
        <LazyMessengerClipPlayer
          lang={lang}
          url={item.url}
          clip={item.clip}
          label={t('messengerClip.title')}
          loadingLabel={t('messengerClip.loading')}
          onFailure={() => setFailed(true)}
        />
      )}
      <p className="muted">
        {item.actorName ? `${t('tile.by', { name: item.actorName })} · ` : ''}
        {t('tile.bought', { date })} · {t('messengerPhoto.price', { coins: item.price.value })}
      </p>
      <div className="myvela-actions">
        <Link className="shell-button" to={conversationOf(item, lang)}>
          {t('messengerPhoto.conversation')}
        </Link>
        <button type="button" className="shell-button" onClick={() => dialog.current?.close()}>
          {t('messengerPhoto.close')}
        </button>
      </div>
    </dialog>
  );
}
