/**
 * The photos the guest bought in the messenger (issue 19 deliverable 2; the media library's
 * photos/messenger section, `messengerMedia` of the server): a grid of the pictures through the URLs
 * the server signed for the guest, newest purchase first, each opening the photo in a dialog (native
 * <dialog>: focus stays inside, Escape closes, focus returns to the tile), with its price, date and a
 * way to the conversation. Empty: what will show here and how it gets here.
 */
import type { Language } from '@vela/contracts/common';
import type { MediathekMessengerMedia } from '@vela/contracts/mediathek';
import { pathFor } from '@vela/i18n/routes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../catalog/format.ts';
import { mediathekApi } from '../api.ts';
import { type MediathekT, useMediathekT } from '../hooks/useMediathekT.ts';
import { usePagedList } from '../hooks/usePagedList.ts';
import { PagedGrid } from './PagedGrid.tsx';

export function MessengerPhotosView({ lang }: { lang: Language }) {
  const t = useMediathekT(lang);
  const [open, setOpen] = useState<MediathekMessengerMedia | null>(null);
  const load = useCallback(async (offset: number) => {
    const page = await mediathekApi.photoSection('messenger', offset);
    return { ...page, items: page.messengerMedia ?? [] };
  }, []);
  const list = usePagedList<MediathekMessengerMedia>(load, 'messenger');
  return (
    <>
      <PagedGrid
        t={t}
        list={list}
        empty={<p>{t('empty.photos.messenger')}</p>}
        announcement=""
        keyOf={(item) => Number(item.mediaId)}
        render={(item) => <PhotoTile item={item} lang={lang} t={t} onOpen={() => setOpen(item)} />}
      />
      {open ? <PhotoDialog item={open} lang={lang} t={t} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

const conversationOf = (item: MediathekMessengerMedia, lang: Language) =>
  `${pathFor('Messenger', lang)}?channel=${item.channelId}`;

function PhotoTile({
  item,
  lang,
  t,
  onOpen,
}: {
  item: MediathekMessengerMedia;
  lang: Language;
  t: MediathekT;
  onOpen: () => void;
}) {
  const date = formatDate(item.at, lang);
  return (
    <article className="tile mediathek-tile" data-messenger-media-id={item.mediaId}>
      <button
        type="button"
        className="tile__link mediathek-photo-open"
        onClick={onOpen}
        aria-label={t('messengerPhoto.open', { date })}
      >
        <span className="tile__media">
          <img src={item.url} alt="" loading="lazy" decoding="async" />
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

function PhotoDialog({
  item,
  lang,
  t,
  onClose,
}: {
  item: MediathekMessengerMedia;
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
  const titleId = `messenger-photo-${item.mediaId}`;
  return (
    <dialog ref={dialog} className="mediathek-photo-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className="mediathek-subtitle">
        {t('messengerPhoto.title')}
      </h2>
      {failed ? (
        <p role="alert">{t('messengerPhoto.failed')}</p>
      ) : (
        <img
          className="mediathek-photo-dialog__image"
          src={item.url}
          alt={t('messengerPhoto.alt', { date })}
          onError={() => setFailed(true)}
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
